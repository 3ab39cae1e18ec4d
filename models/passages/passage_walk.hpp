// The fast walk on Mouse Maze 2 boards (passage boards; docs/rules.md, "Mouse Maze 2"), built
// like the grid walk of mouse_walk.hpp, and the bit-parallel feasibility check.
//
// Visit counts live in the same padded key array with the fixed row stride kPaddedSide, one key
// (count * 4) per cell, so every neighbour is a constant displacement. Beside it, in the same
// array, lie two parts of one wall word per cell: the wall right of a cell and the wall below it,
// 0 where the passage is open and all ones where it is walled (the outer border and the padding
// are walled). A direction's comparison key is the neighbour's key ORed with its wall word, so a
// walled direction reads 0xFFFFFFFF and is never the smallest while any passage is open; the left
// and up walls are the right wall of the cell to the left and the down wall of the cell above.
// Each word is a constant displacement from the mouse's key, so a step is eight loads at fixed
// offsets from one pointer and four ORs, with no table and no branch.
//
// The walk itself is the cell walk: the mouse stands on the entrance cell after the move in; each
// move counts a visit of the cell it leaves; he steps to the smallest ranked neighbour (down 0,
// right 1, left 2, up 3 in the batch walker's keys); the walk ends on the first arrival at the exit
// cell, which he always leaves at once (the outside below it has count 0 and rank 0, the smallest
// key there is). A board's moves are the cell moves plus the move in and the move out.
//
// - PassageWalk::run walks one board with plain comparisons (the branch predictor learns it).
// - evaluate_batch walks eight boards at once in one thread, branch-free, picking the
//   step from the low two bits of the smallest ranked key, as evaluate_batch does for cells.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/models/passages/passage_board.hpp"

namespace maze {

// Feasible: the exit cell can be reached from the entrance cell through open passages (a flood
// fill over the rows' bit masks; no walk).
bool feasible(const PassageBoard& b);

// The cells reachable from the entrance cell, one bit per cell (bit c of row r: (r, c)).
std::array<RowMask, kMaxSide> passage_reach(const PassageBoard& b);

// The words of one walk: the keys, the right walls and the down walls, kPaddedCells each.
constexpr int kPassageWalkWords = 3 * kPaddedCells;

// One reusable walker: a fixed scratch array, so walking allocates nothing.
class PassageWalk {
  public:
    // Longest walk (moves in and out included) the 32-bit keys can count; longer walks report
    // kWalkOverflow. The grid walk's limit, so that the batch walker's periodic check has room.
    static constexpr std::uint64_t kMaxMoves = MouseWalk::kMaxMoves;

    // Walks a board that must be feasible (feasible). Returns its moves (the move in and
    // the move out counted), or kWalkOverflow past max_moves (at most kMaxMoves).
    std::uint64_t run(const PassageBoard& b, std::uint64_t max_moves = kMaxMoves);

    // Visit counts of the last run: the moves that left (r, c); the exit cell's is its one move
    // out. They add up to the moves less the move in.
    std::uint64_t visits(int r, int c) const;

  private:
    alignas(64) std::array<std::uint32_t, kPassageWalkWords> words_{};
    std::ptrdiff_t exit_ = 0;  // the exit cell's index in words_
};

// Feasibility check, then the fast walk; a walk past the 32-bit counters is finished by the
// 64-bit reference walk (reference_counts), so the moves are always exact.
WalkResult evaluate(const PassageBoard& b, PassageWalk& walker);
WalkResult evaluate(const PassageBoard& b);

// The fast walk with every visit count (rows * cols, row-major) as reference_counts gives
// them, for the commands that show a board; falls back to the reference walk on overflow.
WalkCounts walk_report(const PassageBoard& b);

// Scores a batch: out[i] = moves of boards[i] (in and out counted), or kInfeasible. Interleaves
// eight independent walks in one thread. Returns how many walks went past max_moves (at most
// PassageWalk::kMaxMoves; smaller only to test it) and were finished by the reference walk.
std::size_t evaluate_batch(std::span<const PassageBoard> boards, std::span<std::uint64_t> out,
                           std::uint64_t max_moves = PassageWalk::kMaxMoves);

// evaluate_batch for boards the caller has already found feasible: no flood fill. An
// infeasible board's walk would never end, so only pass boards that passed feasible().
std::size_t walk_feasible_batch(std::span<const PassageBoard> boards, std::span<std::uint64_t> out,
                                std::uint64_t max_moves = PassageWalk::kMaxMoves);

// walk_feasible_batch that also gives each walk's profile (walk_result.hpp), with the counts
// walk_report gives (the exit's includes the move out), read from the lane's keys once its walk
// ends, so the walk itself is unchanged.
std::size_t walk_feasible_batch(std::span<const PassageBoard> boards, std::span<std::uint64_t> out,
                                std::span<WalkProfile> profiles,
                                std::uint64_t max_moves = PassageWalk::kMaxMoves);

// The same scores one board at a time (for comparison in benchmarks and tests).
void evaluate_batch_serial(std::span<const PassageBoard> boards, std::span<std::uint64_t> out);

}  // namespace maze
