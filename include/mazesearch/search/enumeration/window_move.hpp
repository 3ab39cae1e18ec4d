// The exact window move: the best setting of a window of cells (a k x k square, or any set of up
// to 24 cells) with the rest of the board fixed, found without walking every setting. The
// window's cells start undecided; the walk goes on as the mouse walks until it first looks at an
// undecided cell, and there branches: that cell open, then blocked. A branch whose exit can no
// longer be reached (undecided cells counted open) is cut at once. Each leaf is one finished walk
// standing for every setting of the window cells the mouse never looked at (2 to the power of
// their number); the walk is the same for all of them, and so are the moves.
//
// The moves are the paper's (Squeaky's moves until his first arrival at the exit; docs/rules.md),
// as every walk of the engine counts them. The window may not hold the start or the exit, which
// are always open.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mazesearch/models/cells/board.hpp"

namespace maze {

struct WindowMove {
    explicit WindowMove(const Board& b) : best(b) {}
    bool feasible = false;       // some setting of the window lets the mouse out
    std::uint64_t moves = 0;     // the most moves over the feasible settings
    Board best;                  // a setting with that many moves (cells the walk never looked
                                 // at keep their value on the given board; the first found);
                                 // the given board when none is feasible
    std::uint64_t leaves = 0;    // finished walks
    std::uint64_t settings = 0;  // feasible settings of the window, all of them covered
    int changed = 0;             // cells of the window that `best` sets otherwise than the board
};

// The best setting of `window` (distinct cells of b, neither the start nor the exit, at most
// kMaxWindowCells) on board b; std::invalid_argument for a window that breaks those rules.
constexpr int kMaxWindowCells = 24;
WindowMove best_window_setting(const Board& b, std::span<const Cell> window);

// The rows x cols window with top-left cell (r, c), less the start and the exit (clipped to the
// board); square_window is the k x k one.
std::vector<Cell> rect_window(const Board& b, int r, int c, int rows, int cols);
inline std::vector<Cell> square_window(const Board& b, int r, int c, int k) {
    return rect_window(b, r, c, k, k);
}

}  // namespace maze
