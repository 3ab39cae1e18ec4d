// Random boards of mixed shapes for the cross-check tests.
#pragma once

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/engine/rng.hpp"

namespace maze::testing_support {

// A board of random shape (1x2 up to 16x16, non-square included), random distinct start and exit,
// each other cell blocked with a probability drawn from [0, 0.55).
inline Board random_mixed_board(Rng& rng) {
    int rows = 0;
    int cols = 0;
    do {
        rows = 1 + static_cast<int>(rng.below(16));
        cols = 1 + static_cast<int>(rng.below(16));
    } while (rows * cols < 2);
    const auto cells = static_cast<std::uint64_t>(rows * cols);
    const auto s = static_cast<int>(rng.below(cells));
    int e = s;
    while (e == s) e = static_cast<int>(rng.below(cells));
    Board b(rows, cols, Cell{s / cols, s % cols}, Cell{e / cols, e % cols});
    const double p = 0.55 * rng.uniform();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const Cell x{r, c};
            if (x == b.start() || x == b.exit()) continue;
            if (rng.bernoulli(p)) b.set_open(x, false);
        }
    return b;
}

}  // namespace maze::testing_support
