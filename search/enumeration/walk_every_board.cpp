#include <algorithm>
#include <stdexcept>

#include "mazesearch/engine/mouse_walk.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze {

EnumerationResult enumerate_by_walking(int rows, int cols, Cell start, Cell exit,
                                       std::size_t board_cap, WalkObjective objective) {
    const Board shape(rows, cols, start, exit);
    EnumerationResult r;
    r.rows = rows;
    r.cols = cols;
    r.start = start;
    r.exit = exit;
    r.objective = objective;
    std::vector<Cell> free_cells;
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j)
            if (!(Cell{i, j} == start) && !(Cell{i, j} == exit)) free_cells.push_back(Cell{i, j});
    if (free_cells.size() > 30) throw std::invalid_argument("too many boards to walk one by one");
    MouseWalk walker;
    for (std::uint64_t m = 0; m < (std::uint64_t{1} << free_cells.size()); ++m) {
        Board b = shape;
        for (std::size_t k = 0; k < free_cells.size(); ++k)
            if (m >> k & 1) b.set_open(free_cells[k], false);
        const WalkResult w = evaluate(b, walker);
        if (!w.feasible) continue;
        std::uint64_t value = w.moves;
        if (objective == WalkObjective::MaxVisits) {
            value = 0;  // evaluate() walked it with `walker` (small grids never overflow)
            for (int i = 0; i < rows; ++i)
                for (int j = 0; j < cols; ++j) value = std::max(value, walker.visits(i, j));
        }
        ++r.feasible;
        ++r.histogram[value];
        if (value > r.optimum || r.optimal_boards == 0) {
            r.optimum = value;
            r.optimal_boards = 0;
            r.boards.clear();
        }
        if (value == r.optimum) {
            ++r.optimal_boards;
            r.boards.push_back(b.to_text());
            if (r.boards.size() > 4 * board_cap + 64) trim_boards(r.boards, board_cap);
        }
    }
    trim_boards(r.boards, board_cap);
    r.leaves = r.feasible;
    return r;
}

}  // namespace maze
