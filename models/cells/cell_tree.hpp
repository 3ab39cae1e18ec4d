// The square cell boards in the enumeration: their grid in the tree of the open-cell models
// (search/enumeration/open_cell_tree.hpp: nodes of padded visit counts, the walk to the next
// undecided cell), which the decision tree of every model explores (decision_tree.hpp). Here is
// what is the square grid's own: its padded layout, its flood fill to the exit, and Squeaky's
// move on its counts (down, right, left, up).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "mazesearch/engine/squeaky_choice.hpp"
#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/search/enumeration/open_cell_tree.hpp"

namespace maze::enumeration {

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
            for (const std::ptrdiff_t d : square_steps(stride))
                if (const int b = bit_of[static_cast<size_t>(p + d)]; b >= 0)
                    around[static_cast<size_t>(p)] |= std::uint64_t{1} << b;
        start_pad = (s.r + 1) * stride + s.c + 1;
        exit_pad = (e.r + 1) * stride + e.c + 1;
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
// exists): Squeaky's rule with branches (first_least, squeaky_choice.hpp), over the square
// grid's order.
inline std::ptrdiff_t move_mouse(std::uint16_t* v, std::ptrdiff_t p, std::ptrdiff_t s) {
    std::uint16_t* const here = v + p;
    const std::array<std::ptrdiff_t, 4> step = square_steps(s);  // down, right, left, up
    ++*here;  // the neighbours are never here itself
    return first_least<4>([&](auto d) { return here[step[d]]; },
                          [&](auto d) { return p + step[d]; });
}

// Squeaky's move on the square grid's counts (move_mouse), for advance() over any grid.
inline std::ptrdiff_t step_mouse(const Grid&, std::uint16_t* v, std::ptrdiff_t p,
                                 std::ptrdiff_t s) {
    return move_mouse(v, p, s);
}

}  // namespace maze::enumeration
