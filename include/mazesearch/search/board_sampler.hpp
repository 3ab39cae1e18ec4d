// Random boards: each cell other than start and exit blocked independently with probability p.
// The paper's random search and the starting populations of every optimizer draw from this.
#pragma once

#include <optional>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/engine/rng.hpp"

namespace maze {

struct BoardShape {
    int rows = 13;
    int cols = 13;
    Cell start{0, 0};
    Cell exit{12, 0};
};

// One board with each free cell blocked with probability p_blocked.
Board random_board(const BoardShape& shape, double p_blocked, Rng& rng);

}  // namespace maze
