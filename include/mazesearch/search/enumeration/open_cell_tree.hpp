// The lazy decision tree of the exhaustive enumeration (exhaustive.hpp): a node holds the cells
// decided so far and the walk up to the first cell that is not; advance() walks on until the
// exit or that cell, decide() fixes it open or blocked. Shared by the enumeration and its
// estimate. The functions of the inner loop are inline: the enumeration calls them millions of
// times a second, and a call costs as much as a short walk.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/search/enumeration/decision_tree.hpp"
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

    // The enumeration compiles a walk for each width (decision_tree.hpp).
    static constexpr bool kWidthSpecialised = true;
    // A board's text from its cells' characters, row-major: one line a row.
    std::string board_text(const std::string& cells) const {
        std::string text;
        for (int r = 0; r < rows; ++r) {
            text.append(cells, static_cast<std::size_t>(r * cols), static_cast<std::size_t>(cols));
            text += '\n';
        }
        return text;
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

// Is the exit reachable from the mouse through open or undecided cells, the cells `open` and
// `blocked` being decided (those of a node, or of a node about to block one more)? kCols, when
// not 0, is g.cols known at compile time (see advance()).
template <int kCols = 0>
inline bool exit_reachable(const Grid& g, std::uint64_t open, std::uint64_t blocked) {
    const int cols = kCols ? kCols : g.cols;
    const std::uint64_t pass = g.all & ~blocked;
    const std::uint64_t target = g.bit(g.exit_pad);
    // The flood starts from every open cell but the exit, not from the mouse alone: each of them
    // is connected to the mouse through open cells (the walk visited them, or looked at them from
    // a cell it visited), so the answer is the same, and the open region is usually a few cells
    // from the exit, so the flood ends after a few rounds instead of one per cell of distance.
    // The exit's side grows too, at the same time (an independent chain of operations, so it
    // adds little to the latency): the floods meet halfway, and when the exit is cut off, the
    // smaller side runs out first.
    std::uint64_t a = open & ~target, b = target;
    const auto grow = [&](std::uint64_t m) {
        return (m | ((m << 1) & g.not_left) | ((m >> 1) & g.not_right) | (m << cols) |
                (m >> cols)) &
               pass;
    };
    for (;;) {
        const std::uint64_t ga = grow(a), gb = grow(b);
        if (ga & gb) return true;
        if ((ga == a) | (gb == b)) return false;  // one side is whole and misses the other
        a = ga;
        b = gb;
    }
}
inline bool exit_reachable(const Grid& g, const Node& n) {
    return exit_reachable(g, n.open, n.blocked);
}

// One move of the mouse from padded index p (no undecided neighbour) over the counts v, stride s:
// counts the visit and returns the least-visited neighbour, the first of down (p + s), right,
// left, up (p - s) with the least count (walls count kWall and never win while an open neighbour
// exists). The choice is made with branches only, no cmov: with cmovs every move waits for its
// four loads and the compares before the next move's loads can start (a chain of about ten
// cycles a move), while predicted branches let the next loads start at once, and the mouse's
// path (along corridors, back over its trail) is predictable enough for that to win by far. The
// hints keep GCC from turning the last two tests into cmovs.
inline std::ptrdiff_t move_mouse(std::uint16_t* v, std::ptrdiff_t p, std::ptrdiff_t s) {
    std::uint16_t* const here = v + p;
    const std::uint16_t down = here[s], right = here[1], left = here[-1], up = here[-s];
    ++*here;
    // A tournament: down against right, the winner against left, that winner against up.
    std::uint16_t best;
    std::ptrdiff_t to;
    if (down <= right) {
        best = down;
        to = p + s;
    } else {
        best = right;
        to = p + 1;
    }
    if (__builtin_expect(left < best, 0)) {
        best = left;
        to = p - 1;
    }
    if (__builtin_expect(up < best, 0)) to = p - s;
    return to;
}

// Squeaky's move on the square grid's counts (move_mouse), for advance() over any grid.
inline std::ptrdiff_t step_mouse(const Grid&, std::uint16_t* v, std::ptrdiff_t p,
                                 std::ptrdiff_t s) {
    return move_mouse(v, p, s);
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
