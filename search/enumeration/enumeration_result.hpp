// The answer of an exhaustive enumeration of one grid (or of one shard of it) for one objective
// (moves, or max-visits: the visits of the most-visited cell): the optimum, the optimal boards,
// the feasible count, the histogram of the objective's values, and what the work cost. Results of
// the shards of one grid and objective merge into the whole answer; their JSON form is the file
// format of `mazesearch enumerate --out` and `merge`.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "mazesearch/engine/board.hpp"
#include "mazesearch/engine/mouse_walk.hpp"

namespace maze {

constexpr int kMaxEnumerationCells = 64;

// Which boards an enumeration covers: grids of open and blocked cells (the paper's mouse maze), or
// Mouse Maze 2's passage boards (every cell open, the passages between them decided).
enum class BoardModel { Cells, Passages };
// "cells" or "passages" (files, command options).
std::string_view model_name(BoardModel model);

struct EnumerationResult {
    BoardModel model = BoardModel::Cells;
    int rows = 0, cols = 0;
    // Cells: the start and exit cells. Passages: start = (0, entrance column) and
    // exit = (rows - 1, exit column), a column of -1 standing for "every column" (the result
    // covers every entrance or every exit); the JSON form writes "entrance" and "exit" instead.
    Cell start{0, 0}, exit{0, 0};
    // When > 0, only boards worth at least this much are counted (feasible, histogram, optimum):
    // the enumeration cut the subtrees its bound proved unable to reach it. 0: every board.
    std::uint64_t at_least = 0;
    int shard = 0, shards = 1;
    WalkObjective objective = WalkObjective::Moves;  // what a board's value is
    std::uint64_t optimum = 0;                       // the largest value over all feasible boards
    std::uint64_t optimal_boards = 0;                // boards of that value
    std::vector<std::string> boards;  // the first optimal boards in text order, up to a cap
                                      // (passage boards in their text form)
    std::uint64_t feasible = 0;       // feasible boards
    std::map<std::uint64_t, std::uint64_t> histogram;  // value -> boards
    std::uint64_t leaves = 0;    // finished walks (leaves of the decision tree)
    std::uint64_t steps = 0;     // mouse moves simulated over the whole tree (the work)
    std::uint64_t subtrees = 0;  // frontier subtrees explored
    std::uint64_t cuts = 0;      // subtrees cut by the bound (at_least > 0)
    double seconds = 0;

    // Adds another shard's result of the same grid and objective (throws std::invalid_argument
    // otherwise).
    void merge(const EnumerationResult& other, std::size_t board_cap);
    nlohmann::json to_json() const;
    // A file without "objective" is a moves result (files written before objectives existed).
    // Throws std::invalid_argument for an unknown objective, a missing field, a field of the
    // wrong kind or out of range (a grid larger than 16x16, a cell off the grid, a shard past
    // shards, a negative or fractional count, a board that is not one of this grid).
    static EnumerationResult from_json(const nlohmann::json& j);
};

// Keeps the first `cap` distinct boards in text order.
void trim_boards(std::vector<std::string>& boards, std::size_t cap);

// The `done` marks of an enumeration (EnumerationOptions) as text ('1' done, '0' not), for progress
// files and checkpoints.
std::string done_to_text(const std::vector<std::uint8_t>& done);
// Throws std::invalid_argument for a character other than '0' and '1'.
std::vector<std::uint8_t> done_from_text(const std::string& text);

}  // namespace maze
