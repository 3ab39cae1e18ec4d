// The plain way to enumerate, for the tests: every board of a small grid walked one by one with
// the reference walks, tallied into an EnumerationResult that the lazy decision trees
// (search/enumeration/) must equal exactly.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/models/passages/passage_board.hpp"
#include "mazesearch/search/enumeration/enumeration_result.hpp"

namespace maze::testing_support {

// Adds one feasible board worth `value` (its text `text`) to `r`.
inline void tally_board(EnumerationResult& r, std::uint64_t value, std::string text,
                        std::size_t board_cap) {
    ++r.feasible;
    ++r.histogram[value];
    if (r.raise_optimum(value, 1)) {
        r.boards.push_back(std::move(text));
        if (r.boards.size() > 4 * board_cap + 64) trim_boards(r.boards, board_cap);
    }
}

// Every one of the 2^(cells - 2) boards with start and exit open.
inline EnumerationResult enumerate_by_walking(int rows, int cols, Cell start, Cell exit,
                                              std::size_t board_cap,
                                              WalkObjective objective = WalkObjective::Moves) {
    const Board shape(rows, cols, start, exit);
    EnumerationResult r = EnumerationResult::of(ModelId::Cells, rows, cols, start, exit, objective);
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
        tally_board(r, value, b.to_text(), board_cap);
    }
    trim_boards(r.boards, board_cap);
    r.leaves = r.feasible;
    return r;
}

// Every passage board with the given entrance and exit columns (-1: every column), walked with
// the reference walk.
inline EnumerationResult enumerate_passages_by_walking(
    int rows, int cols, int entrance, int exit, std::size_t board_cap,
    WalkObjective objective = WalkObjective::Moves) {
    EnumerationResult r = EnumerationResult::of(ModelId::Passages, rows, cols, {0, entrance},
                                                {rows - 1, exit}, objective);
    const int slots = rows * (cols - 1) + (rows - 1) * cols;
    if (slots > 30) throw std::invalid_argument("walking every board: too many passages");
    for (int a = 0; a < cols; ++a)
        for (int e = 0; e < cols; ++e) {
            if ((entrance >= 0 && a != entrance) || (exit >= 0 && e != exit)) continue;
            for (std::uint64_t m = 0; m < (std::uint64_t{1} << slots); ++m) {
                PassageBoard b(rows, cols, a, e);
                for (int s = 0; s < slots; ++s)
                    if ((m >> s) & 1u) b.set_slot(s, true);
                const WalkCounts w = reference_counts(b);
                if (!w.feasible) continue;
                const std::uint64_t value =
                    objective == WalkObjective::MaxVisits
                        ? *std::max_element(w.visits.begin(), w.visits.end())
                        : w.moves;
                tally_board(r, value, b.to_text(), board_cap);
            }
        }
    trim_boards(r.boards, board_cap);
    r.leaves = r.feasible;
    return r;
}

}  // namespace maze::testing_support
