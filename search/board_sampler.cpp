#include "mazesearch/search/board_sampler.hpp"

#include "mazesearch/models/cells/bitboard.hpp"

namespace maze {

Board random_board(const BoardShape& shape, double p_blocked, Rng& rng) {
    Board b(shape.rows, shape.cols, shape.start, shape.exit);
    for (int r = 0; r < shape.rows; ++r)
        for (int c = 0; c < shape.cols; ++c) {
            const Cell x{r, c};
            if (x == shape.start || x == shape.exit) continue;
            if (rng.bernoulli(p_blocked)) b.set_open(x, false);
        }
    return b;
}

}  // namespace maze
