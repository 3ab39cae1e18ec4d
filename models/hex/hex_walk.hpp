// Squeaky's fast walk on hexagonal cell boards: the cell walk's keys (count * 8 for an open cell,
// kBlocked for a blocked one) in a padded array, here laid out so that every one of the six
// neighbours is a constant displacement. Row r of the board is shifted left by r / 2 places
// (axial coordinates): in the array the neighbours of q are then q + S (down-right), q + S - 1
// (down-left), q + 1, q - 1, q - S + 1 (up-right) and q - S (up-left), S being the row stride, for
// every row whatever its parity. The batch walk adds each direction's rank (0..5) to its key and
// steps by the low three bits of the smallest, as the square walks do with two.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/models/hex/hex_cell_board.hpp"

namespace maze {

class HexWalk {
  public:
    // A row of 16 cells shifted by up to 7 places, and a blocked word each side.
    static constexpr int kStride = kMaxSide + (kMaxSide - 1) / 2 + 2;
    static constexpr int kWords = (kMaxSide + 2) * kStride;
    // Counts stay below 2^29 - 1 (a key is count * 8 and must not wrap), with room for the
    // batch walk's periodic check; longer walks report kWalkOverflow.
    static constexpr std::uint64_t kMaxMoves = (1u << 29) - (1u << 14);

    // Walks a board that must be feasible. Returns the moves, or kWalkOverflow past max_moves
    // (at most kMaxMoves).
    std::uint64_t run(const HexCellBoard& b, std::uint64_t max_moves = kMaxMoves);
    // Visit counts of the last run (0 for blocked cells and the exit).
    std::uint64_t visits(int r, int c) const;

  private:
    alignas(64) std::array<std::uint32_t, kWords> key_{};
    int rows_ = 0;
};

// Feasibility, then the fast walk (the reference walk past its counters' range).
WalkResult evaluate(const HexCellBoard& b, HexWalk& walker);
WalkResult evaluate(const HexCellBoard& b);
// The same with every cell's visits (rows * cols, row-major), as reference_counts counts them.
WalkCounts walk_report(const HexCellBoard& b);

// A batch's scores: out[i] = the moves of boards[i], or kInfeasible; eight walks interleaved in
// one thread. Returns how many walks went past max_moves (at most HexWalk::kMaxMoves) and were
// finished by the reference walk.
std::size_t evaluate_batch(std::span<const HexCellBoard> boards, std::span<std::uint64_t> out,
                           std::uint64_t max_moves = HexWalk::kMaxMoves);
// evaluate_batch for boards already found feasible (no second flood fill; an infeasible board
// here is a walk that never ends); with max_visits, also each walk's most visits of one cell (the
// start's count includes the move that leaves it; the exit's is 0).
std::size_t walk_feasible_batch(std::span<const HexCellBoard> boards, std::span<std::uint64_t> out,
                                std::span<std::uint64_t> max_visits = {},
                                std::uint64_t max_moves = HexWalk::kMaxMoves);
// walk_feasible_batch that also gives each walk's profile (walk_result.hpp), its counts as
// walk_report's.
std::size_t walk_feasible_batch(std::span<const HexCellBoard> boards, std::span<std::uint64_t> out,
                                std::span<WalkProfile> profiles,
                                std::uint64_t max_moves = HexWalk::kMaxMoves);
// The same one board at a time (the benchmarks and tests compare them).
void evaluate_batch_serial(std::span<const HexCellBoard> boards, std::span<std::uint64_t> out);

// The sample of hexagonal boards that `mazesearch bench --model hex` walks: 32 feasible 13x13
// boards, each cell blocked with a probability from 10% to 38%, drawn from a fixed seed with
// std::mt19937_64's raw output (fixed by the standard), so the sample is the same everywhere;
// its total moves pinned by a test as the other bench samples' are (bench_boards.hpp).
template <>
struct BenchSample<HexCellBoard> {
    static std::vector<HexCellBoard> boards();
    static constexpr std::uint64_t signature = 2'972;
};

}  // namespace maze
