// Mouse Maze 2 boards (docs/rules.md, "Mouse Maze 2"): every cell of the grid is open and the
// maze is the set of open passages between neighbouring cells. The mouse comes in from above
// column `entrance` of the top row (a one-way door: he never goes back out through it) and leaves
// below column `exit` of the bottom row; his rule is Squeaky's, and the exit counts as the
// neighbour below its cell. A board's moves count the move in and the move out.
//
// A passage is a "slot" between two neighbouring cells; slots are numbered right passages first,
// row by row ((r, c)-(r, c+1) is slot r * (cols - 1) + c), then down passages row by row
// ((r, c)-(r+1, c) is slot rows * (cols - 1) + r * cols + c). The search's genomes, the
// enumeration and the text form all use that numbering.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/engine/walk_result.hpp"

namespace maze {

class PassageBoard {
  public:
    // Every wall in place (no passage open), entrance and exit above and below column 0.
    PassageBoard(int rows, int cols, int entrance = 0, int exit = 0);

    int rows() const { return rows_; }
    int cols() const { return cols_; }
    int cells() const { return rows_ * cols_; }
    int entrance() const { return entrance_; }  // column of the top row the mouse comes in at
    int exit() const { return exit_; }          // column of the bottom row he leaves from
    Cell entrance_cell() const { return {0, entrance_}; }
    Cell exit_cell() const { return {rows_ - 1, exit_}; }

    // The passage from (r, c) to (r, c+1), c < cols - 1; from (r, c) to (r+1, c), r < rows - 1.
    bool right_open(int r, int c) const { return (right_[r] >> c) & 1u; }
    bool down_open(int r, int c) const { return (down_[r] >> c) & 1u; }
    void set_right(int r, int c, bool open);
    void set_down(int r, int c, bool open);
    // Row r's passages as bit masks (bit c: the passage right of / below (r, c)).
    RowMask right_row(int r) const { return right_[r]; }
    RowMask down_row(int r) const { return down_[r]; }

    // Passage slots (see above): rows * (cols - 1) + (rows - 1) * cols of them.
    int slots() const { return rows_ * (cols_ - 1) + (rows_ - 1) * cols_; }
    bool slot_open(int slot) const;
    void set_slot(int slot, bool open);
    // The two cells a slot joins (the left or upper one first).
    std::array<Cell, 2> slot_cells(int slot) const;
    int open_count() const;

    // Text form (docs/formats.md, "Passage boards"): 2 * rows + 1 lines of 2 * cols + 1
    // characters. Corners are '+'; a wall is '-' (between rows) or '|' (between columns) and an
    // open passage is a space; cells are spaces. The top border has one gap, the entrance, and
    // the bottom border one, the exit. '\n' after each line.
    std::string to_text() const;
    // Parses the text form (CRLF and trailing blank lines accepted); errors are BoardErrors
    // naming `source` and the line.
    static PassageBoard parse(std::string_view text, const std::string& source = "<string>");
    // The board in the file at `path` ("-": standard input), at most kMaxBoardFileBytes.
    static PassageBoard load(const std::string& path);
    void save(const std::string& path) const;
    // Does this text look like a passage board (its first line starts with '+')? How the
    // commands that read both kinds of board tell them apart.
    static bool looks_like(std::string_view text);

    friend bool operator==(const PassageBoard&, const PassageBoard&) = default;

  private:
    int rows_;
    int cols_;
    int entrance_;
    int exit_;
    std::array<RowMask, kMaxSide> right_{};
    std::array<RowMask, kMaxSide> down_{};
};

// Opens the passages of a spanning tree of the cells (Kruskal's method): the slots in `order`
// (each slot once) are taken in turn, and one that joins two parts not yet joined is opened; one
// that would close a loop is opened when open_loop() says so (called for those slots only, in
// order). A random order gives a random perfect maze, open_loop() adds loops to it. The bench
// sample and the tests' random boards are made this way.
void open_spanning_tree(PassageBoard& b, std::span<const int> order,
                        const std::function<bool()>& open_loop);

// The board as a graph for the reference walk: vertex r * cols + c per cell, and one more vertex
// (index rows * cols) outside the exit. The start is the entrance cell; every cell lists its
// neighbours through open passages in the order down, right, left, up, and the exit cell's
// "down" is the outside vertex. (The entrance is one-way, so it is no vertex: the move in is
// added to the count instead.)
MazeGraph grid_graph(const PassageBoard& b);

// The plain walk on grid_graph: feasible (the exit cell reachable from the entrance cell),
// moves (the move in and the move out included), visits per cell (rows * cols, row-major; the
// exit cell's count is its one move out). Obviously right; the fast walk is checked against it.
WalkCounts reference_counts(const PassageBoard& b);

}  // namespace maze
