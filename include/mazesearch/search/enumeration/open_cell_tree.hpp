// The models whose boards are sets of open cells (the square cells, models/cells/cell_tree.hpp;
// the hexagonal cells, models/hex/hex_tree.hpp) in the decision tree of every model
// (decision_tree.hpp): a node holds the cells decided so far and the walk up to the first cell
// that is not, over padded visit counts; advance() walks on until the exit or that cell,
// decide() fixes it open or blocked. A grid gives its padded layout, its flood fill to the exit
// (exit_reachable) and Squeaky's move on its counts (step_mouse); the rest is written here once.
// The functions of the inner loop are inline: the enumeration calls them millions of times a
// second, and a call costs as much as a short walk.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/search/enumeration/decision_tree.hpp"
#include "mazesearch/search/enumeration/enumeration_result.hpp"

namespace maze::enumeration {

constexpr std::uint16_t kWall = 0xFFFF;     // blocked cell or the border
constexpr std::uint16_t kUnknown = 0xFFFE;  // not decided yet
constexpr std::uint32_t kMaxWalk = 60000;   // counts stay below kUnknown
constexpr int kMaxPadded = 128;             // (rows + 2) * (cols + 2) at most

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
template <class G>
inline std::uint32_t max_visits(const G& g, const Node& n) {
    static_assert(kMaxWalk + 2 < kUnknown);
    std::uint16_t m = 0;
    for (int i = 0; i < g.padded; ++i)
        m = std::max(m, static_cast<std::uint16_t>(n.v[static_cast<size_t>(i)] + 2));
    return m - 2u;  // the start is open, so m >= 2
}


// The first undecided neighbour among `seen`, the cell bits of a cell's undecided neighbours: in
// every model whose cells are numbered row by row (r * cols + c) the order of preference (down,
// right, left, up; on the hexagonal grid down-right, down-left, right, left, up-right, up-left)
// is the order of falling cell bits, so it is the highest bit (found without a branch per
// direction).
template <class G>
inline int first_undecided(const G& g, std::uint64_t seen) {
    return g.pad_of[static_cast<size_t>(63 - std::countl_zero(seen))];
}

// Walks on until the exit (Leaf) or a neighbour that is not decided yet (Branch: its padded
// index in `cell`), over any grid whose mouse moves by step_mouse(g, v, p, stride). kCols, when
// not 0, is g.cols known at compile time (square grids): the loads of the rows above and below
// then take a constant offset (the enumeration instantiates it per width).
template <int kCols = 0, class G>
inline Status advance(const G& g, Node& n, int& cell) {
    const std::uint64_t undecided = g.all & ~(n.open | n.blocked);
    // Indices are pointer-sized (no sign extension before each load), and the grid's fields are
    // read once: the stores to the counts could alias them as far as the compiler knows.
    const std::ptrdiff_t s = kCols ? kCols + 2 : g.stride;
    const std::ptrdiff_t exit_pad = g.exit_pad;
    const std::uint64_t* const around = g.around.data();
    std::uint16_t* const v = n.v.data();
    std::ptrdiff_t p = n.pos;
    // Moves left before kMaxWalk: one decrement and sign test a move.
    std::int64_t left = std::int64_t{kMaxWalk} - n.moves;
    Status st;
    for (;;) {
        if (p == exit_pad) {
            st = Status::Leaf;
            break;
        }
        if (const std::uint64_t seen = around[p] & undecided) {
            cell = first_undecided(g, seen);
            st = Status::Branch;
            break;
        }
        if (--left < 0) throw std::runtime_error("enumeration: a walk is too long");
        p = step_mouse(g, v, p, s);
    }
    n.pos = static_cast<std::uint8_t>(p);
    n.moves = static_cast<std::uint32_t>(std::int64_t{kMaxWalk} - left);
    return st;
}

// The root: nothing decided but the start and the exit, the mouse on the start.
template <class G>
Node root(const G& g) {
    Node n;
    n.v.fill(kWall);
    for (int b = 0; b < g.rows * g.cols; ++b)
        n.v[static_cast<size_t>(g.pad_of[static_cast<size_t>(b)])] = kUnknown;
    n.v[static_cast<size_t>(g.start_pad)] = 0;
    n.v[static_cast<size_t>(g.exit_pad)] = 0;
    n.open = g.bit(g.start_pad) | g.bit(g.exit_pad);
    n.pos = static_cast<std::uint8_t>(g.start_pad);
    n.decided = static_cast<std::uint8_t>(std::popcount(n.open));
    return n;
}

// Decides `cell` open or blocked.
template <class G>
inline void decide(const G& g, Node& n, int cell, bool open) {
    if (open) {
        n.v[static_cast<size_t>(cell)] = 0;
        n.open |= g.bit(cell);
    } else {
        n.v[static_cast<size_t>(cell)] = kWall;
        n.blocked |= g.bit(cell);
    }
    ++n.decided;
}

// What the decision tree (decision_tree.hpp) asks of a grid of open cells beside the walk.

// Is the exit still reachable with `cell` blocked as well?
template <int kCols = 0, class G>
inline bool exit_reachable_without(const G& g, const Node& n, int cell) {
    return exit_reachable<kCols>(g, n.open, n.blocked | g.bit(cell));
}

template <class G>
inline void copy_node(Node& to, const Node& from, const G& g) {
    copy_node(to, from, g.padded);
}

template <class G>
inline std::uint64_t leaf_value(const G& g, const Node& n, WalkObjective objective) {
    return objective == WalkObjective::MaxVisits ? max_visits(g, n) : n.moves;
}

template <class G>
inline int undecided_units(const G& g, const Node& n) {
    return g.rows * g.cols - n.decided;
}

// Board texts of the completions of a leaf (its undecided cells free), up to `cap`, in text order.
template <class G>
void leaf_boards(const G& g, const Node& n, std::size_t cap, std::vector<std::string>& out) {
    const std::uint64_t undecided = g.all & ~(n.open | n.blocked);
    std::vector<int> free_bits;
    for (std::uint64_t u = undecided; u; u &= u - 1) free_bits.push_back(std::countr_zero(u));
    const std::uint64_t count =
        free_bits.size() >= 63 ? ~std::uint64_t{0} : std::uint64_t{1} << free_bits.size();
    // In text order '#' < '.', so "blocked" first: iterate masks of open free cells from the
    // lowest, with the earliest cell as the most significant choice.
    const std::uint64_t wanted = std::min<std::uint64_t>(count, cap);
    for (std::uint64_t m = 0; m < wanted; ++m) {
        std::string cells;
        for (int b = 0; b < g.rows * g.cols; ++b) {
            const int pad = g.pad_of[static_cast<size_t>(b)];
            char ch;
            if (pad == g.start_pad)
                ch = 'S';
            else if (pad == g.exit_pad)
                ch = 'E';
            else if (n.open >> b & 1)
                ch = '.';
            else if (n.blocked >> b & 1)
                ch = '#';
            else {
                const auto it = std::find(free_bits.begin(), free_bits.end(), b);
                const size_t k = static_cast<size_t>(it - free_bits.begin());
                ch = (m >> (free_bits.size() - 1 - k) & 1) ? '.' : '#';
            }
            cells += ch;
        }
        out.push_back(g.board_text(cells));
    }
}


}  // namespace maze::enumeration
