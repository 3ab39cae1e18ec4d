// The fixed board set of `mazesearch bench` and the benchmark target. The total of their moves is
// the bench signature: it changes only when the walk's behaviour changes.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/passages/passage_board.hpp"

namespace maze {

// The signature of bench_boards(): the total moves `mazesearch bench` prints, pinned by a test
// (as a chess engine pins its bench node count). Adding, removing or changing a bench board, or
// changing what the walk counts, means updating this number in the same commit.
inline constexpr std::uint64_t kBenchSignature = 16'533;

std::vector<Board> bench_boards();

// The total moves (paper convention) of feasible boards: the bench signature of a board set.
std::uint64_t bench_signature(std::span<const Board> boards);

// The sample of passage boards (Mouse Maze 2) that `mazesearch bench --passages` walks: 13x13
// boards, each a random spanning tree of the cells with some more passages opened, and a random
// entrance and exit. Drawn from a fixed seed with std::mt19937_64's raw output (fixed by the
// standard), so the sample is the same everywhere; every board is feasible.
std::vector<PassageBoard> passage_bench_boards();

// The total moves (the move in and the move out counted) of passage_bench_boards(), pinned by a
// test like kBenchSignature.
inline constexpr std::uint64_t kPassageBenchSignature = 4'264;

}  // namespace maze
