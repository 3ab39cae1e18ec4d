// The cell boards' structured form in the live view (models/cells/cell_served.cpp), which the
// hexagonal boards share (their cells open or blocked, row by row).
#pragma once

#include <nlohmann/json.hpp>

#include "mazesearch/models/cells/board.hpp"

namespace maze::experiments {

// The board of a structured form {"model", "rows", "cols", "open", "start", "exit"} of `rows` x
// `cols` cells; RequestError 400 naming a key that is not one of these, a bad flag or cell, or a
// start or exit flagged blocked.
Board cell_board_of(const nlohmann::json& j, int rows, int cols);
// The structured form of `b`, its "model" "cells".
nlohmann::json cell_structure(const Board& b);

}  // namespace maze::experiments
