// Squeaky's walk on a grid board, the engine's hot loop (rules: docs/rules.md, "The walk").
//
// Visit counts live in a padded array with a fixed row stride of 18 (a ring of blocked cells
// around a board of up to 16x16), so every neighbour is a constant displacement from the mouse.
// Each entry is a key: count * 4 for an open cell, kBlockedKey for a blocked one.
//
// Two walkers share that layout:
// - MouseWalk::run walks one board with plain comparisons. The branch predictor learns the
//   walk's habits, so a single walk is not a chain of dependent loads and minimum operations.
// - evaluate_batch walks eight boards at once in one thread. It adds the direction's rank
//   (down 0, right 1, left 2, up 3) to each neighbour's key, so that the smallest key is the
//   least-visited neighbour with ties broken in the preference order, and picks the step from its
//   low two bits without a branch. Eight independent walks keep the core busy while each waits
//   on its loads, and one round counter serves as the move counter of every lane.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "mazesearch/engine/walk_objective.hpp"
#include "mazesearch/engine/walk_result.hpp"
#include "mazesearch/models/cells/board.hpp"

namespace maze {

constexpr int kPaddedSide = kMaxSide + 2;  // the fixed row stride
constexpr int kPaddedCells = kPaddedSide * kPaddedSide;

// Moves of a walk that did not finish within the fast walker's 32-bit counters.
constexpr std::uint64_t kWalkOverflow = ~std::uint64_t{0};
// Score given to an infeasible board by the batch evaluators (never walked).
constexpr std::uint64_t kInfeasible = ~std::uint64_t{0} - 1;

// One reusable walker: a fixed scratch array, so walking allocates nothing.
class MouseWalk {
  public:
    // Longest walk the 32-bit keys can count (a count stays below 2^30 - 1, with room for the
    // batch walker's periodic check); longer walks report kWalkOverflow.
    static constexpr std::uint64_t kMaxMoves = (1u << 30) - (1u << 14);
    // How often (in rounds) the batch walker compares its lanes with the move limit.
    static constexpr std::uint64_t kLimitCheckRounds = 4096;

    // Walks a board that must be feasible (see bitboard.hpp). Returns the moves (paper
    // convention), or kWalkOverflow past max_moves (at most kMaxMoves).
    std::uint64_t run(const Board& b, std::uint64_t max_moves = kMaxMoves);

    // Visit counts of the last run (0 for blocked cells and the exit).
    std::uint64_t visits(int r, int c) const;

  private:
    alignas(64) std::array<std::uint32_t, kPaddedCells> key_{};
};

// Feasibility check, then the fast walk, falling back to the 64-bit reference walk if the fast
// walk's counters would overflow.
WalkResult evaluate(const Board& b, MouseWalk& walker);
WalkResult evaluate(const Board& b);

// The fast walk with every visit count (rows * cols, row-major; 0 for blocked cells and the
// exit) as reference_grid_walk gives them, for the commands that show a board; falls back to the
// reference walk on overflow.
WalkCounts walk_report(const Board& b);

// The plain reference walk (reference_grid_walk) as every model's reference_counts gives it:
// feasible, moves, every cell's visits.
WalkCounts reference_counts(const Board& b);

// Scores a batch: out[i] = moves of boards[i], or kInfeasible. Interleaves eight independent
// walks in one thread so that their load latencies overlap.
// Returns how many walks went past max_moves (at most MouseWalk::kMaxMoves; smaller only to test
// it) and were finished by the 64-bit reference walk instead.
std::size_t evaluate_batch(std::span<const Board> boards, std::span<std::uint64_t> out,
                           std::uint64_t max_moves = MouseWalk::kMaxMoves);

// evaluate_batch for boards the caller has already found feasible: no second flood fill.
// Walking an infeasible board here would never end, so only pass boards that passed feasible().
std::size_t walk_feasible_batch(std::span<const Board> boards, std::span<std::uint64_t> out,
                                std::uint64_t max_moves = MouseWalk::kMaxMoves);

// walk_feasible_batch that also gives each walk's most visits: max_visits[i] = the largest visit
// count of any cell of boards[i]'s walk (the start's count includes the move that leaves it; the
// exit's is 0). Found from the lane's keys once its walk ends, so the walk itself is unchanged.
std::size_t walk_feasible_batch(std::span<const Board> boards, std::span<std::uint64_t> out,
                                std::span<std::uint64_t> max_visits,
                                std::uint64_t max_moves = MouseWalk::kMaxMoves);

// walk_feasible_batch that also gives each walk's profile (walk_result.hpp): its most visits,
// where they are and the visits of each quarter of the board, with the counts walk_report gives
// (the start's includes the move that leaves it; the exit's is 0). Found from the lane's keys once
// its walk ends, so the walk itself is unchanged.
std::size_t walk_feasible_batch(std::span<const Board> boards, std::span<std::uint64_t> out,
                                std::span<WalkProfile> profiles,
                                std::uint64_t max_moves = MouseWalk::kMaxMoves);

// The most-visited cell of a walk, from its visit counts (row-major, rows * cols, as
// reference_grid_walk and report_board give them): the first in row-major order among equals.
struct MostVisited {
    std::uint64_t visits = 0;
    Cell cell;
};
MostVisited most_visited(const Board& b, std::span<const std::uint64_t> visits);
// The same for the visit counts of any rows x cols grid of cells (the passage boards' too).
MostVisited most_visited(int rows, int cols, std::span<const std::uint64_t> visits);

// The same scores one board at a time (for comparison in benchmarks and tests).
void evaluate_batch_serial(std::span<const Board> boards, std::span<std::uint64_t> out);

}  // namespace maze
