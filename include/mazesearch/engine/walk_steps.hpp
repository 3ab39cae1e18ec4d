// The step of the fast walks, written once for every board model whose walk keeps one 32-bit key
// per cell (its visits << kRankBits; a closed cell's key above every open one's) in an array
// where each neighbour is a fixed displacement away: the cell walk (mouse_walk.cpp), the passage
// walk (passage_walk.cpp) and the hexagonal walk (hex_walk.cpp). A model gives only its
// neighbours, in its order of preference:
//
//   struct Keys {
//       static constexpr int kDirections;  // how many neighbours
//       static constexpr int kRankBits;    // low bits of a key that hold a place in the order
//       // Neighbour d's key as Squeaky's rule compares it, plus r (d a std::integral_constant).
//       static std::uint32_t key(const std::uint32_t* q, auto d, std::uint32_t r);
//       // Where neighbour d is, in keys; and by rank, in bytes (a table the walk indexes).
//       static std::ptrdiff_t step(auto d);
//       static const std::ptrdiff_t* step_bytes();
//   };
//
// KeyedSteps<Keys> then gives the two ways to walk that interleaved_walk.hpp asks of a layout:
// `step`, one move without a branch (the rule's least_ranked form), and `branchy`, the rest of a
// walk with branches (first_least, unrolled). Both forms of the rule are squeaky_choice.hpp's.
// Everything is inline, so each model's walk compiles to the code it had when written out.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "mazesearch/engine/squeaky_choice.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"

namespace maze {

namespace walk_steps {

constexpr std::ptrdiff_t kStride = kPaddedSide;
constexpr std::uint32_t kVisit = 4;  // one visit; the low 2 bits hold the rank

constexpr std::ptrdiff_t kKeyBytes = sizeof(std::uint32_t);
// The steps in the square grid's order of preference (down, right, left, up: kSquareOrder, the
// cell model's), in keys and, for each rank, in bytes, so that it adds straight to a pointer.
// Not `inline`: an inline variable is reached through the GOT under -fPIC, and the batch walk
// then took its address anew at every step (5% more instructions in callgrind).
constexpr std::array<std::ptrdiff_t, 4> kSteps = square_steps(kStride);
alignas(32) constexpr std::ptrdiff_t kStepBytes[4] = {kSteps[0] * kKeyBytes, kSteps[1] * kKeyBytes,
                                                      kSteps[2] * kKeyBytes, kSteps[3] * kKeyBytes};

// A cell's place in the padded array (one ring of padding around the board).
inline std::ptrdiff_t index_of(Cell x) {
    return (x.r + 1) * kStride + x.c + 1;
}

}  // namespace walk_steps

// Laying a board out: the keys of four cells of a row (open 0, blocked kBlocked) for each four
// bits of its mask of open cells, so that a row of 16 cells is four copies. A walk's source
// file keeps its own table (`constexpr auto kFourKeys = four_keys(kBlocked);`, not `inline`:
// see kStepBytes) and lays each row out with lay_out_row.
struct alignas(16) FourKeys {
    std::uint32_t key[4];
};
constexpr std::array<FourKeys, 16> four_keys(std::uint32_t blocked) {
    std::array<FourKeys, 16> t{};
    for (unsigned bits = 0; bits < 16; ++bits)
        for (unsigned c = 0; c < 4; ++c) t[bits].key[c] = ((bits >> c) & 1u) ? 0u : blocked;
    return t;
}
// Writes the 16 keys of a row whose open cells are the bits of `open` (bits past the board's
// columns 0: blocked, as padding is) from line[0] on.
inline void lay_out_row(std::uint32_t* line, unsigned open, const std::array<FourKeys, 16>& keys) {
    for (int n = 0; n < 4; ++n)
        std::memcpy(line + 4 * n, keys[(open >> (4 * n)) & 15u].key, sizeof(FourKeys));
}

template <class Keys>
struct KeyedSteps {
    static constexpr std::uint32_t kVisit = std::uint32_t{1} << Keys::kRankBits;  // one visit

    // One move from q, branch-free: count the visit, step to the smallest ranked neighbour key.
    static std::uint32_t* step(std::uint32_t* q) {
        // The neighbours are never q itself, so they may be read before the visit is counted; in
        // this order GCC schedules the max-visits batch walk 5-7% faster (BM_WalkFeasibleBench/1).
        const std::uint32_t m = least_ranked<Keys::kRankBits, Keys::kDirections>(
            [q](auto d, std::uint32_t r) { return Keys::key(q, d, r); });
        *q += kVisit;
        return reinterpret_cast<std::uint32_t*>(reinterpret_cast<char*>(q) +
                                                Keys::step_bytes()[m & (kVisit - 1)]);
    }

    // Continues a walk at q with branches until the exit e; returns the total steps, or
    // kWalkOverflow past max_steps.
    static std::uint64_t branchy(std::uint32_t* q, const std::uint32_t* e, std::uint64_t steps,
                                 std::uint64_t max_steps) {
        while (q != e) {
            if (++steps > max_steps) return kWalkOverflow;
            *q += kVisit;  // the neighbours are never q itself
            q = first_least<Keys::kDirections>([q](auto d) { return Keys::key(q, d, 0); },
                                               [q](auto d) { return q + Keys::step(d); });
        }
        return steps;
    }
};

// Written once over a model's board B, with what the model declares beside B (found by
// argument-dependent lookup): feasible(b), its flood fill; reference_counts(b), its 64-bit
// reference walk with every count (a WalkCounts); evaluate(b, walker), its checked walk.

// A board's score for the walks that check it first: the feasibility check, then the fast walk,
// falling back to the 64-bit reference walk when the fast walk's counters would overflow.
template <class B, class Walker>
WalkResult checked_walk(const B& b, Walker& walker) {
    if (!feasible(b)) return {false, 0};
    std::uint64_t moves = walker.run(b);
    if (moves == kWalkOverflow) moves = reference_counts(b).moves;
    return {true, moves};
}

// A board's walk with every visit count, for the commands that show a board: the feasibility
// check, then the fast walk with its counts (rows * cols, row-major), or the reference walk's
// when the fast walk's counters would overflow.
template <class Walker, class B>
WalkCounts counted_walk(const B& b) {
    WalkCounts res;
    res.feasible = feasible(b);
    if (!res.feasible) return res;
    Walker walker;
    const std::uint64_t moves = walker.run(b);
    if (moves == kWalkOverflow) return reference_counts(b);
    res.moves = moves;
    res.visits.resize(static_cast<std::size_t>(b.cells()));
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c)
            res.visits[static_cast<std::size_t>(r * b.cols() + c)] = walker.visits(r, c);
    return res;
}

// The scores of a batch one board at a time (evaluate(board, walker), one walker for all), as
// the batch walks give them: the moves, or kInfeasible.
template <class Walker, class B>
void walk_one_by_one(std::span<const B> boards, std::span<std::uint64_t> out) {
    Walker walker;
    for (std::size_t i = 0; i < boards.size(); ++i) {
        const WalkResult r = evaluate(boards[i], walker);
        out[i] = r.feasible ? r.moves : kInfeasible;
    }
}

}  // namespace maze
