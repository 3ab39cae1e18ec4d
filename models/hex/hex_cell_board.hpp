// Hexagonal cell boards (docs/rules.md, "Hexagonal boards"): a grid of R rows and C columns of
// hexagons, rows drawn flat, every odd row half a cell to the right of the even rows ("odd-r").
// A maze is the set of open cells, as on the square cell boards; only the neighbours differ. The
// six neighbours of (r, c), in Squeaky's order of preference, are down-right, down-left, right,
// left, up-right, up-left (hex_neighbour). The start is (0, 0) and the exit (R-1, 0) unless the
// file says otherwise.
//
// This model is one folder, models/hex/: the board and its text form (here), its flood fill and
// reference walk (here), its fast walk (hex_walk.hpp), its picture (hex_cell_picture.cpp) and
// what the commands need of it (hex_file.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "mazesearch/engine/squeaky_choice.hpp"
#include "mazesearch/engine/walk_result.hpp"
#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"

namespace maze {

// The six directions in Squeaky's order of preference.
enum class HexDirection { DownRight, DownLeft, Right, Left, UpRight, UpLeft };
inline constexpr int kHexDirections = 6;

// The neighbour of x in direction d (it may lie outside the board). Row parity decides the
// diagonals: an odd row sits half a cell to the right.
constexpr Cell hex_neighbour(Cell x, HexDirection d) {
    const int odd = x.r & 1;  // 0 or 1 for every row >= -1
    switch (d) {
        case HexDirection::DownRight:
            return {x.r + 1, x.c + odd};
        case HexDirection::DownLeft:
            return {x.r + 1, x.c - 1 + odd};
        case HexDirection::Right:
            return {x.r, x.c + 1};
        case HexDirection::Left:
            return {x.r, x.c - 1};
        case HexDirection::UpRight:
            return {x.r - 1, x.c + odd};
        case HexDirection::UpLeft:
            break;
    }
    return {x.r - 1, x.c - 1 + odd};
}

// Squeaky's choice on the hexagonal grid for the model's tree: the rule (squeaky_choice.hpp) over
// the six neighbours of q (counts at the displacements `offset`, in the order of HexDirection), as
// the index of the one chosen. A blocked neighbour counts more than any open one, and a walk
// stands next to an open one. (The walks take the same rule through walk_steps.hpp.)
template <class Count>
inline int hex_choice(const Count* q, const std::ptrdiff_t* offset) {
    return first_least(kHexDirections, [&](int d) { return q[offset[d]]; });
}

class HexCellBoard {
  public:
    // An all-open board with the default start (0, 0) and exit (rows - 1, 0); sizes as the
    // square boards' (1x1..16x16, at least two cells; BoardError otherwise).
    HexCellBoard(int rows, int cols);
    HexCellBoard(int rows, int cols, Cell start, Cell exit);

    int rows() const { return cells_.rows(); }
    int cols() const { return cells_.cols(); }
    int cells() const { return cells_.cells(); }
    Cell start() const { return cells_.start(); }
    Cell exit() const { return cells_.exit(); }
    bool open(int r, int c) const { return cells_.open(r, c); }
    bool open(Cell x) const { return cells_.open(x); }
    bool in_bounds(int r, int c) const { return cells_.in_bounds(r, c); }
    bool in_bounds(Cell x) const { return cells_.in_bounds(x.r, x.c); }
    // Setting the start or the exit blocked is refused (std::invalid_argument).
    void set_open(int r, int c, bool is_open) { cells_.set_open(r, c, is_open); }
    void set_open(Cell x, bool is_open) { cells_.set_open(x, is_open); }
    // Blocks the given cells of row r in one step; the start and the exit stay open.
    void block_in_row(int r, RowMask cells) { cells_.block_in_row(r, cells); }
    RowMask row(int r) const { return cells_.row(r); }
    RowMask full_row() const { return cells_.full_row(); }
    int open_count() const { return cells_.open_count(); }

    // The same cells on a square grid: what is open, the start and the exit. The genes of the
    // two models are the same cells; only the neighbours differ.
    const Board& square_cells() const { return cells_; }
    static HexCellBoard from_square_cells(const Board& cells);

    // Text form (docs/formats.md, "Hexagonal boards"): a first line "hex", then one line a row,
    // its cells ('.' open, '#' blocked, 'S' start, 'E' exit) one space apart, every odd row
    // begun with one space, so that the file is a picture of the grid. '\n' after each line.
    std::string to_text() const;
    // Parses the text form (CRLF, trailing spaces and trailing blank lines accepted); errors are
    // BoardErrors naming `source` and the line.
    static HexCellBoard parse(std::string_view text, const std::string& source = "<string>");
    // The board in the file at `path` ("-": standard input), at most kMaxBoardFileBytes.
    static HexCellBoard load(const std::string& path);
    void save(const std::string& path) const;
    // Does this text look like a hexagonal board (its first line is "hex")? How the commands
    // that read several kinds of board tell them apart.
    static bool looks_like(std::string_view text);

    friend bool operator==(const HexCellBoard&, const HexCellBoard&) = default;

  private:
    explicit HexCellBoard(Board cells) : cells_(std::move(cells)) {}
    Board cells_;
};

// Feasible: the exit reachable from the start through open cells (a flood fill over the rows'
// bit masks).
bool feasible(const HexCellBoard& b);

// The board as a graph for the reference walk: vertex r * cols + c per cell (blocked cells are
// isolated), each open cell's open neighbours in the order of HexDirection.
MazeGraph grid_graph(const HexCellBoard& b);

// The plain walk on grid_graph: feasible, moves, visits per cell (rows * cols, row-major; 0 for
// blocked cells and the exit). Obviously right; the fast walk is checked against it.
WalkCounts reference_counts(const HexCellBoard& b);

}  // namespace maze
