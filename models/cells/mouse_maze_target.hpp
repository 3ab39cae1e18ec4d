// The mouse maze as a fitness target: genes are the free cells of an R x C grid (start and exit
// excluded) in row-major order, 1 = blocked. The value is the objective (docs/rules.md,
// "Objectives"): Squeaky's moves (paper convention, or Flash = moves + 2), or the visit count of
// the walk's most-visited cell (max-visits; no convention offset).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/cells/cell_model.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/search/board_sampler.hpp"
#include "mazesearch/search/grid_genes.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"
#include "mazesearch/search/targets/cell_set_target.hpp"

namespace maze {

// The grid of a `target:` section: rows, cols (default default_side), start [r, c] (default
// top left) and exit [r, c] (default bottom left). Throws ParamError naming the key and its
// file:line.
BoardShape read_board_shape(const Params& params, int default_side = 13);
// One cell parameter [r, c] of a rows x cols board (fallback when absent); throws ParamError.
Cell read_cell_param(const Params& params, const std::string& key, Cell fallback, int rows,
                     int cols);

// Cells a search leaves as they are (`target.keep`): never genes, always open or always blocked.
struct KeptCells {
    std::vector<Cell> open;
    std::vector<Cell> blocked;
};

// `target.keep: FILE` with `free_rows: [r0, r1]` and `free_cols: [c0, c1]` (inclusive, each
// defaulting to the whole board): the cells of FILE outside that rectangle, as FILE has them, for
// a search that re-optimises only the rectangle. Or `free: MAP` instead of the rectangle: a
// picture of the board with '?' on the cells to search (any shape: an L, a ring, scattered
// cells). Nothing kept when keep is absent. Throws ParamError naming the key and its file:line
// (a board of another shape, start or exit; free* without keep; a map with both free_rows or
// free_cols; a rectangle outside the board or without a cell to search; a map of another shape,
// with a character other than '?', '.', '#', 'S', 'E', with '?' on the start or exit or nowhere,
// naming the map's line).
KeptCells read_kept_cells(const Params& params, const BoardShape& shape);

// The map of `target.free`, parsed: a picture of the board, one line a row, '?' on each cell to
// search and '.', '#', 'S' or 'E' on each kept one (a board file with some cells overwritten by
// '?' is a map); true on the free cells. Throws InputError naming `source` and the line: a map of
// another shape, another character, '?' on the start or exit, or no '?' at all.
std::vector<bool> parse_free_map(std::string_view text, const BoardShape& shape,
                                 const std::string& source);

// The paper's cell boards as a set of open cells: the board is the set, its neighbours the four
// of the square grid.
template <>
struct CellSet<Board> {
    static Board board(Board cells) { return cells; }
    static const Board& cells(const Board& b) { return b; }
    static constexpr const char* topology_kind = "square";
    static constexpr ModelId enumerated = ModelId::Cells;
    template <class F>
    static void for_each_neighbour(Cell x, F f) {
        f(Cell{x.r + 1, x.c});
        f(Cell{x.r, x.c + 1});
        f(Cell{x.r, x.c - 1});
        f(Cell{x.r - 1, x.c});
    }
};

class MouseMazeTarget : public CellSetTarget<Board> {
  public:
    enum class Convention { Paper, Flash };

    // The Flash convention counts moves, so it goes with the moves objective only
    // (std::invalid_argument otherwise).
    MouseMazeTarget(int rows, int cols, Cell start, Cell exit, Convention convention,
                    WalkObjective objective = WalkObjective::Moves, const KeptCells& kept = {});

    std::string name() const override { return "mouse-maze"; }
    Convention convention() const { return convention_; }

  private:
    Convention convention_;
};

// The target of a config's `target:` section (kind already read): the grid (read_board_shape),
// convention (paper or flash), objective (moves or max-visits; the Flash convention counts
// moves only) and the kept cells (read_kept_cells). Throws ParamError naming the key and where it
// was set; every key of the section must have been read (an unknown key is refused).
std::unique_ptr<MouseMazeTarget> make_mouse_maze_target(const Params& params);

}  // namespace maze
