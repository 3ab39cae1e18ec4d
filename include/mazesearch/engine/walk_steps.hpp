// The step of the fast walks, written once for every board model whose walk keeps one 32-bit key
// (visits * 4) per cell in a padded array of row stride kPaddedSide: the cell walk
// (mouse_walk.cpp) and the passage walk (passage_walk.cpp). A model gives only how it reads the
// four neighbours of the cell at q, in the preference order down, right, left, up:
//
//   struct Keys {
//       // The keys as plain comparisons see them (a blocked or walled one above every open one).
//       static Neighbours plain(const std::uint32_t* q);
//       // Each plus its direction's rank (down 0, right 1, left 2, up 3), so that the smallest is
//       // the least-visited neighbour with ties broken in the preference order.
//       static Neighbours ranked(const std::uint32_t* q);
//   };
//
// KeyedSteps<Keys> then gives the two ways to walk that interleaved_walk.hpp asks of a layout:
// `step`, one move without a branch, and `branchy`, the rest of a walk with plain comparisons.
// Everything is inline, so each model's walk compiles to the code it had when written out.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

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

struct Neighbours {
    std::uint32_t down, right, left, up;
};

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
    // One move from q, branch-free: count the visit, step to the smallest ranked neighbour key.
    static std::uint32_t* step(std::uint32_t* q) {
        using namespace walk_steps;
        // The neighbours are never q itself, so they may be read before the visit is counted; in
        // this order GCC schedules the max-visits batch walk 5-7% faster (BM_WalkFeasibleBench/1).
        const Neighbours n = Keys::ranked(q);
        *q += kVisit;
        const std::uint32_t m = std::min(std::min(n.down, n.right), std::min(n.left, n.up));
        return reinterpret_cast<std::uint32_t*>(reinterpret_cast<char*>(q) + kStepBytes[m & 3]);
    }

    // Continues a walk at q with plain comparisons until the exit e; returns the total steps, or
    // kWalkOverflow past max_steps.
    static std::uint64_t branchy(std::uint32_t* q, const std::uint32_t* e, std::uint64_t steps,
                                 std::uint64_t max_steps) {
        using namespace walk_steps;
        while (q != e) {
            if (++steps > max_steps) return kWalkOverflow;
            const Neighbours n = Keys::plain(q);
            *q += kVisit;
            // First least-visited neighbour in the order down, right, left, up.
            if (n.down <= n.right && n.down <= n.left && n.down <= n.up)
                q += kSteps[0];
            else if (n.right <= n.left && n.right <= n.up)
                q += kSteps[1];
            else if (n.left <= n.up)
                q += kSteps[2];
            else
                q += kSteps[3];
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
