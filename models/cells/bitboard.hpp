// Bitboard operations on boards: flood fill (the component of a cell) and feasibility.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "mazesearch/models/cells/board.hpp"

namespace maze {

using RowSet = std::array<RowMask, kMaxSide>;  // one bit per cell, row by row

// Reverses the 16 bits of x: turns a fill towards higher bits into one towards lower bits.
constexpr RowMask reverse16(RowMask x) {
    unsigned v = x;
    v = ((v >> 1) & 0x5555u) | ((v & 0x5555u) << 1);
    v = ((v >> 2) & 0x3333u) | ((v & 0x3333u) << 2);
    v = ((v >> 4) & 0x0F0Fu) | ((v & 0x0F0Fu) << 4);
    v = ((v >> 8) & 0x00FFu) | ((v & 0x00FFu) << 8);
    return static_cast<RowMask>(v);
}

// Every cell of `open` in a horizontal run that contains a cell of `seed` (seed within open).
// The carry of open + seed runs from each seed bit to the top of its run, so one addition fills
// upwards; the bit-reversed addition fills downwards.
constexpr RowMask fill_runs(RowMask seed, RowMask open, RowMask open_reversed) {
    const unsigned up = (((unsigned(open) + seed) ^ open) | seed) & open;
    const RowMask rs = reverse16(seed);
    const unsigned down = (((unsigned(open_reversed) + rs) ^ open_reversed) | rs) & open_reversed;
    return static_cast<RowMask>(up | reverse16(static_cast<RowMask>(down)));
}

// The open cells connected to `from` (which must be open). When `stop_at` is given, the fill may
// end as soon as that cell is reached (the result then holds at least `from` and `stop_at`).
RowSet component(const Board& b, Cell from, const Cell* stop_at = nullptr);

// Feasible: the exit is reachable from the start through open cells.
bool feasible(const Board& b);

inline bool contains(const RowSet& s, Cell x) {
    return (s[x.r] >> x.c) & 1u;
}
inline int count(const RowSet& s) {
    int n = 0;
    for (RowMask m : s) n += std::popcount(m);
    return n;
}

}  // namespace maze
