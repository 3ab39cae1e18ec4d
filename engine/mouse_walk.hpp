// Squeaky's walk on a grid board, the engine's hot loop (SPEC section 1).
//
// Visit counts live in a padded array (one ring of blocked cells around the board). Each entry
// is a key: count * 32 for an open cell, kBlockedKey for a blocked one. Adding the direction's
// rank * 8 (down 0, right 1, left 2, up 3) to a neighbour's key makes the smallest key the
// least-visited neighbour with ties broken in the preference order, and the rank bits pick the
// step from a byte table held in a register: no branch and no second memory load per move.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "board.hpp"

namespace maze {

constexpr int kPaddedSide = kMaxSide + 2;
constexpr int kPaddedCells = kPaddedSide * kPaddedSide;

// Moves of a walk that did not finish within the fast walker's 32-bit counters.
constexpr std::uint64_t kWalkOverflow = ~std::uint64_t{0};
// Score given to an infeasible board by the batch evaluators (never walked).
constexpr std::uint64_t kInfeasible = ~std::uint64_t{0} - 1;

// One reusable walker: a fixed scratch array, so walking allocates nothing.
class MouseWalk {
public:
    // Largest number of moves the 32-bit keys can count; longer walks report kWalkOverflow.
    static constexpr std::uint64_t kMaxMoves = (1u << 27) - 2;

    // Walks a board that must be feasible (see bitboard.hpp). Returns the moves (paper
    // convention) or kWalkOverflow.
    std::uint64_t run(const Board& b);

    // Visit counts of the last run (0 for blocked cells and the exit).
    std::uint64_t visits(int r, int c) const;

private:
    friend struct WalkLane;
    alignas(64) std::array<std::uint32_t, kPaddedCells> key_{};
    int stride_ = 0;
};

struct WalkResult {
    bool feasible = false;
    std::uint64_t moves = 0;  // valid when feasible
};

// Feasibility check, then the fast walk, falling back to the 64-bit reference walk if the fast
// walk's counters would overflow.
WalkResult evaluate(const Board& b, MouseWalk& walker);
WalkResult evaluate(const Board& b);

// Scores a batch: out[i] = moves of boards[i], or kInfeasible. Interleaves several independent
// walks in one thread so that their load latencies overlap.
void evaluate_batch(std::span<const Board> boards, std::span<std::uint64_t> out);

// The same scores one board at a time (for comparison in benchmarks and tests).
void evaluate_batch_serial(std::span<const Board> boards, std::span<std::uint64_t> out);

}  // namespace maze
