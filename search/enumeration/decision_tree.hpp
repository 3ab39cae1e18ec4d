// The lazy decision tree of the exhaustive enumeration (exhaustive.hpp): a node holds the cells
// decided so far and the walk up to the first cell that is not; advance() walks on until the
// exit or that cell, decide() fixes it open or blocked. Shared by the enumeration and its
// estimate.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "mazesearch/engine/board.hpp"
#include "mazesearch/search/enumeration/enumeration_result.hpp"

namespace maze::enumeration {

constexpr std::uint16_t kWall = 0xFFFF;     // blocked cell or the border
constexpr std::uint16_t kUnknown = 0xFFFE;  // not decided yet
constexpr std::uint32_t kMaxWalk = 60000;   // counts stay below kUnknown
constexpr int kMaxPadded = 128;             // (rows + 2) * (cols + 2) at most

// The grid: padded indices, bit masks of cells (bit r * cols + c).
struct Grid {
    int rows, cols, stride;
    int padded;  // (rows + 2) * stride entries of a Node's counts are in use
    int start_pad, exit_pad;
    std::uint64_t all;                               // every cell
    std::uint64_t not_left;                          // cells whose left neighbour exists (c > 0)
    std::uint64_t not_right;                         // c < cols - 1
    std::array<int, kMaxEnumerationCells> pad_of{};  // cell bit -> padded index
    std::array<int, (kMaxSide + 2) * (kMaxSide + 2)> bit_of{};  // padded index -> bit or -1
    std::array<int, 4> step{};  // down, right, left, up in padded indices
    // padded index -> the cell bits of its four neighbours (so one AND tells whether the mouse
    // sees a cell not decided yet)
    std::array<std::uint64_t, kMaxPadded> around{};

    Grid(int r, int c, Cell s, Cell e)
        : rows(r), cols(c), stride(c + 2), padded((r + 2) * (c + 2)) {
        bit_of.fill(-1);
        all = not_left = not_right = 0;
        for (int i = 0; i < r; ++i)
            for (int j = 0; j < c; ++j) {
                const int b = i * c + j;
                const int p = (i + 1) * stride + j + 1;
                pad_of[static_cast<size_t>(b)] = p;
                bit_of[static_cast<size_t>(p)] = b;
                all |= std::uint64_t{1} << b;
                if (j > 0) not_left |= std::uint64_t{1} << b;
                if (j < c - 1) not_right |= std::uint64_t{1} << b;
            }
        for (int p = stride; p < padded - stride; ++p)
            for (const int d : {stride, 1, -1, -stride})
                if (const int b = bit_of[static_cast<size_t>(p + d)]; b >= 0)
                    around[static_cast<size_t>(p)] |= std::uint64_t{1} << b;
        start_pad = (s.r + 1) * stride + s.c + 1;
        exit_pad = (e.r + 1) * stride + e.c + 1;
        step = {stride, 1, -1, -stride};
    }
    std::uint64_t bit(int pad) const {
        return std::uint64_t{1} << bit_of[static_cast<size_t>(pad)];
    }
};

// A point of the decision tree: the cells decided so far and the walk up to here.
struct Node {
    std::array<std::uint16_t, kMaxPadded> v;  // padded visit counts, stride cols + 2
    std::uint64_t open = 0;
    std::uint64_t blocked = 0;
    std::uint32_t moves = 0;
    std::uint8_t pos = 0;      // padded index < 128
    std::uint8_t decided = 0;  // cells open or blocked (popcount of both, kept as it grows:
                               // without -mpopcnt std::popcount is a library call)
};

enum class Status { Leaf, Branch };

// Copies a node's state; counts beyond the grid's padded area are never read.
inline void copy_node(Node& to, const Node& from, int padded) {
    std::memcpy(to.v.data(), from.v.data(), static_cast<size_t>(padded) * sizeof(std::uint16_t));
    to.open = from.open;
    to.blocked = from.blocked;
    to.moves = from.moves;
    to.pos = from.pos;
    to.decided = from.decided;
}

// The largest visit count of the walk so far. kWall and kUnknown plus 2 wrap to 1 and 0, and a
// count v (at most kMaxWalk) becomes v + 2, so no cell needs a test (and the loop vectorises).
inline std::uint32_t max_visits(const Grid& g, const Node& n) {
    static_assert(kMaxWalk + 2 < kUnknown);
    std::uint16_t m = 0;
    for (int i = 0; i < g.padded; ++i)
        m = std::max(m, static_cast<std::uint16_t>(n.v[static_cast<size_t>(i)] + 2));
    return m - 2u;  // the start is open, so m >= 2
}

// Is the exit reachable from the mouse through open or undecided cells?
bool exit_reachable(const Grid& g, const Node& n);

// Walks on until the exit (Leaf) or a neighbour that is not decided yet (Branch: its padded
// index in `cell`).
Status advance(const Grid& g, Node& n, int& cell);

// The root: nothing decided but the start and the exit, the mouse on the start.
Node root(const Grid& g);

// Decides `cell` open or blocked.
void decide(const Grid& g, Node& n, int cell, bool open);

// Cuts the tree into at least `want` subtrees (or all of them, if fewer), in canonical order:
// level by level, a node's open child before its blocked child.
std::vector<Node> frontier(const Grid& g, std::size_t want);

}  // namespace maze::enumeration
