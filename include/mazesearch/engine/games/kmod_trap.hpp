// k-mod mice on grid boards (paper Section 5; docs/games.md, 'k-mod mice'): a mouse that counts
// visits modulo k follows Squeaky's rule on those counts, and unlike Squeaky it can be trapped
// forever.
//
// The walk's state is (position, every count mod k); it determines the rest of the walk, and
// there are finitely many states, so the walk either reaches the exit or repeats a state. A
// repeated state is a proof of a trap. kmod_walk finds the repetition with Brent's method
// (compare with a state saved at power-of-two distances), so it needs no history and no cap.
//
// kmod_trap_tree searches a whole grid for trapping boards without walking the boards one by one:
// as in the exhaustive enumeration of the ordinary mouse, a cell is decided (open or blocked) only
// when the walk first looks at it, so every leaf of the decision tree is one walk that stands for
// every completion of the cells it never looked at.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "mazesearch/models/cells/board.hpp"

namespace maze {

struct KmodWalkResult {
    bool feasible = false;           // the exit is reachable from the start (else not walked)
    bool trapped = false;            // a state repeated: the mouse never reaches the exit
    std::uint64_t moves = 0;         // escaped: moves until the exit; trapped: moves until the
                                     // repeated state was seen
    std::uint64_t cycle_length = 0;  // trapped: a period of the walk's cycle (a multiple of the
                                     // least period)
};

// The k-mod mouse (k >= 2) on board b: exact, always terminates. Throws std::invalid_argument
// for k < 2 or k > 255.
KmodWalkResult kmod_walk(const Board& b, int k);

struct KmodTreeResult {
    int rows = 0;
    int cols = 0;
    Cell start;
    Cell exit;
    std::uint64_t escaped_leaves = 0;  // decision-tree leaves whose walk reaches the exit
    std::uint64_t trapped_leaves = 0;  // leaves whose walk repeats a state
    std::uint64_t escaped_boards = 0;  // boards they stand for (sum of 2^undecided)
    // Boards with a trapped walk and the exit reachable; counted only when every trapped leaf
    // has at most count_limit undecided cells (else nullopt).
    std::optional<std::uint64_t> trapped_boards;
    // Among the trapping boards, one with the fewest open cells: the trapped walk's open cells
    // plus a shortest connection to the exit through cells the walk never looked at.
    std::optional<Board> smallest;
};

// Every board of the rows x cols grid with the given start and exit, for a k-mod mouse; at most 65
// cells (the board counts are sums of 2^undecided in 64 bits). count_limit (0 to 63) bounds the
// work of counting trapped boards (2^undecided per leaf).
KmodTreeResult kmod_trap_tree(int rows, int cols, Cell start, Cell exit, int k,
                              int count_limit = 16);

struct KmodSmallestResult {
    int k = 0;
    int cells = 0;                      // R*C of the smallest grids that trap (0: none found)
    std::vector<KmodTreeResult> grids;  // every (R, C, start, exit) of that size that traps
    std::uint64_t grids_searched = 0;   // (R, C, start, exit) combinations explored in all
    std::uint64_t leaves = 0;           // decision-tree leaves walked in all
};

// The smallest grids (fewest cells R*C, up to max_cells, sides up to 16) on which some board
// traps a k-mod mouse. any_placement: every start != exit; otherwise the default placement of
// docs/games.md, 'k-mod mice' (start top left, exit bottom left; grids of one row have none).
// progress(cells) is called as each grid size begins.
KmodSmallestResult smallest_kmod_traps(int k, int max_cells, bool any_placement,
                                       const std::function<void(int)>& progress = {});

}  // namespace maze
