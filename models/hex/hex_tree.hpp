// The exhaustive enumeration of the hexagonal boards: their grid in the tree of the models of
// open cells (include/mazesearch/search/enumeration/open_cell_tree.hpp), which the decision tree
// of every model explores (decision_tree.hpp). The counts
// are laid out as the fast walk's keys (hex_walk.hpp): row r shifted left by r / 2 places, so
// that the six neighbours are constant displacements; cells are numbered row by row, so that the
// first undecided neighbour in Squeaky's order is the highest cell bit, as on the square grid.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>

#include "mazesearch/models/hex/hex_cell_board.hpp"
#include "mazesearch/search/enumeration/open_cell_tree.hpp"
#include "mazesearch/search/enumeration/enumeration_models.hpp"

namespace maze {

namespace enumeration {

struct HexGrid {
    int rows, cols, stride;
    int padded;  // (rows + 2) * stride entries of a Node's counts are in use
    int start_pad, exit_pad;
    std::uint64_t all = 0;                            // every cell
    std::uint64_t not_left = 0;                       // cells with a cell left of them (c > 0)
    std::uint64_t not_right = 0;                      // c < cols - 1
    std::uint64_t even = 0;                           // the cells of the even rows
    std::array<int, kMaxEnumerationCells> pad_of{};   // cell bit -> padded index
    std::array<int, kMaxPadded> bit_of{};             // padded index -> bit or -1
    std::array<std::uint64_t, kMaxPadded> around{};   // padded index -> its neighbours' bits
    static constexpr bool kWidthSpecialised = false;  // one walk, the stride read at run time

    // Whether a grid fits the tree (64 cells, its padded counts 128 entries); std::invalid_argument
    // naming the limit otherwise.
    static void check_size(int rows, int cols);
    HexGrid(int rows, int cols, Cell start, Cell exit);

    int pad(Cell x) const { return (x.r + 1) * stride + (x.c - x.r / 2 + (rows - 1) / 2) + 1; }
    std::uint64_t bit(int p) const { return std::uint64_t{1} << bit_of[static_cast<size_t>(p)]; }
    // A hex board's text from its cells' characters, row-major.
    std::string board_text(const std::string& cells) const;
};

// Squeaky's move on the hexagonal grid's counts (hex_choice).
inline std::ptrdiff_t step_mouse(const HexGrid&, std::uint16_t* v, std::ptrdiff_t p,
                                 std::ptrdiff_t s) {
    const std::ptrdiff_t offset[kHexDirections] = {s, s - 1, 1, -1, 1 - s, -s};
    const std::ptrdiff_t to = p + offset[hex_choice(v + p, offset)];
    ++v[p];
    return to;
}

// Is the exit reachable from the mouse through open or undecided cells? (kCols is not used: the
// hexagonal walk is compiled once.)
template <int kCols = 0>
inline bool exit_reachable(const HexGrid& g, std::uint64_t open, std::uint64_t blocked) {
    const std::uint64_t pass = g.all & ~blocked;
    const std::uint64_t target = g.bit(g.exit_pad);
    const int w = g.cols;
    // A cell's neighbours by bits: beside it +-1; below it +w and, from an even row, +w - 1 (its
    // down-left) or, from an odd row, +w + 1 (its down-right); above it -w and -w - 1 (even rows,
    // up-left) or -w + 1 (odd rows, up-right).
    const auto grow = [&](std::uint64_t m) {
        const std::uint64_t even_left = m & g.even & g.not_left;
        const std::uint64_t odd_right = m & ~g.even & g.not_right;
        return (m | ((m << 1) & g.not_left) | ((m >> 1) & g.not_right) | (m << w) | (m >> w) |
                (even_left << (w - 1)) | (even_left >> (w + 1)) | (odd_right << (w + 1)) |
                (odd_right >> (w - 1))) &
               pass;
    };
    // From both sides at once, as the square grid's (models/cells/cell_tree.hpp).
    std::uint64_t a = open & ~target, b = target;
    for (;;) {
        const std::uint64_t ga = grow(a), gb = grow(b);
        if (ga & gb) return true;
        if ((ga == a) | (gb == b)) return false;
        a = ga;
        b = gb;
    }
}
inline bool exit_reachable(const HexGrid& g, const Node& n) {
    return exit_reachable(g, n.open, n.blocked);
}

}  // namespace enumeration

// Its tree, enumeration and estimates are the calls of every model, through the table
// (enumeration_models.hpp) with ModelId::Hex.

}  // namespace maze
