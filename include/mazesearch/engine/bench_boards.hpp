// The fixed board set of `mazesearch bench` and the benchmark target. The total of their moves is
// the bench signature: it changes only when the walk's behaviour changes.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/passages/passage_board.hpp"

namespace maze {

// A model's bench sample: the fixed boards `mazesearch bench --model M` walks, and the total of
// their moves, the signature, pinned by a test (as a chess engine pins its bench node count).
// Adding, removing or changing a bench board, or changing what the walk counts, means updating
// the signature in the same commit. Specialised for each model: the cell and passage boards'
// here, the hexagonal boards' in models/hex/hex_walk.hpp.
template <class B>
struct BenchSample;

// 13x13 boards found by this engine's own hill climbing (long walks dominate the timing), then
// the paper's reference boards.
template <>
struct BenchSample<Board> {
    static std::vector<Board> boards();
    static constexpr std::uint64_t signature = 16'533;
};

// 13x13 passage boards, each a random spanning tree of the cells with some more passages
// opened, and a random entrance and exit; drawn from a fixed seed with std::mt19937_64's raw
// output (fixed by the standard), so the sample is the same everywhere; every board is feasible.
// The signature counts the move in and the move out.
template <>
struct BenchSample<PassageBoard> {
    static std::vector<PassageBoard> boards();
    static constexpr std::uint64_t signature = 4'264;
};

// The total moves (paper convention) of feasible boards: the bench signature of a board set.
std::uint64_t bench_signature(std::span<const Board> boards);

}  // namespace maze
