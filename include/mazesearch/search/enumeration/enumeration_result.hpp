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

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/models/model_id.hpp"

namespace maze {

constexpr int kMaxEnumerationCells = 64;
// The subtrees an enumeration's tree is cut into unless told otherwise (at least this many).
constexpr std::size_t kDefaultFrontier = std::size_t{1} << 14;


struct EnumerationResult {
    ModelId model = ModelId::Cells;
    int rows = 0, cols = 0;
    // Cells: the start and exit cells. Passages: start = (0, entrance column) and
    // exit = (rows - 1, exit column), a column of -1 standing for "every column" (the result
    // covers every entrance or every exit); the JSON form writes "entrance" and "exit" instead.
    Cell start{0, 0}, exit{0, 0};
    // When > 0, only boards worth at least this much are counted (feasible, histogram, optimum):
    // the enumeration cut the subtrees its bound proved unable to reach it. 0: every board.
    std::uint64_t at_least = 0;
    // The shards this result holds, of `shards` (shard s: the subtrees i of the tree with
    // i mod shards == s): one for `enumerate --shard s/N`, several for a merge of some of them.
    // A result of the whole tree holds {0} of 1. Sorted, distinct.
    int shards = 1;
    std::vector<int> held{0};
    // The frontier the tree was cut for (`--frontier`): with the shards, it says exactly which
    // subtrees the result covers, so results cut for different frontiers never add up.
    std::size_t frontier = kDefaultFrontier;
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

    // An empty result (no counts) of a model's grid: its start and exit cells (passage boards:
    // the entrance and exit columns in start.c and exit.c, -1 for every column).
    static EnumerationResult of(ModelId model, int rows, int cols, Cell start, Cell exit,
                                WalkObjective objective = WalkObjective::Moves) {
        EnumerationResult r;
        r.model = model;
        r.rows = rows;
        r.cols = cols;
        r.start = start;
        r.exit = exit;
        r.objective = objective;
        return r;
    }

    // `count` boards worth `value` (a leaf of a tree, or one board walked): the optimum raised
    // to `value` (its boards forgotten) or their count added to it. True when they are optimal,
    // and the caller lists them in `boards`. Inline: the enumeration calls it at every leaf that
    // reaches the optimum.
    bool raise_optimum(std::uint64_t value, std::uint64_t count) {
        if (value > optimum || optimal_boards == 0) {
            optimum = value;
            optimal_boards = 0;
            boards.clear();
        }
        if (value != optimum) return false;
        optimal_boards += count;
        return true;
    }

    // Adds the counts of another part of the same work (other subtrees of the same grid,
    // objective and floor; throws std::invalid_argument otherwise). The shards held are not
    // touched: this is how one job sums its own pieces.
    void merge(const EnumerationResult& part, std::size_t board_cap);
    // Adds the result of other shards of the same tree (the same grid, objective, floor, frontier
    // and shard count, and none of the shards this one holds; std::invalid_argument naming what
    // differs otherwise).
    void merge_shards(const EnumerationResult& other, std::size_t board_cap);
    // Once every shard is held, the result is the whole tree's (shard 0 of 1).
    void whole_if_complete();

    // The subtrees of a tree of `tree_subtrees` that the shards held cover.
    std::uint64_t subtrees_held(std::size_t tree_subtrees) const;
    // "shard 2/3", "shards 0, 1 of 3", "" for the whole tree.
    std::string shards_text() const;

    nlohmann::json to_json() const;
    // What a part may look like (a journal line of a distributed job: a batch of subtrees
    // searched for boards worth at least what other subtrees had found, so its optimum may be
    // 0 or below its histogram's largest value) as opposed to a result or progress.
    enum class Kind { Result, Part };
    // A file without "objective" is a moves result (files written before objectives existed), one
    // without "frontier" was cut for the default frontier (files written before it was
    // recorded: the subtree count, checked against the tree, tells if it was not).
    // Throws std::invalid_argument for an unknown objective, a missing field, a field of the
    // wrong kind or out of range (a grid larger than 16x16, a cell off the grid, a shard past
    // shards, a negative or fractional count, a board that is not one of this grid), and for
    // fields that disagree: the feasible count is the sum of the histogram, the optimum its
    // largest value and the optimal boards its count there, each board listed is worth the
    // optimum when walked, there are no more leaves than boards (every leaf is at least one).
    static EnumerationResult from_json(const nlohmann::json& j, Kind kind = Kind::Result);
    // The same checks of fields that disagree, on a result in memory.
    void check(Kind kind = Kind::Result) const;
};

// The subtrees of a tree of `tree_subtrees` that shard s of n covers.
std::uint64_t shard_subtrees(std::size_t tree_subtrees, int s, int n);

// Checks a result against the tree it claims to cover (`tree_subtrees`, the count of the tree cut
// for its frontier): every subtree of its shards explored (`finished`), or, for progress, exactly
// the subtrees marked in `done`, all of them in its shards. std::invalid_argument naming the
// field otherwise.
void check_subtrees(const EnumerationResult& r, std::size_t tree_subtrees);
void check_progress(const EnumerationResult& r, const std::vector<std::uint8_t>& done);

// Keeps the first `cap` distinct boards in text order.
void trim_boards(std::vector<std::string>& boards, std::size_t cap);

// The `done` marks of an enumeration (EnumerationOptions) as text ('1' done, '0' not), for progress
// files and checkpoints.
std::string done_to_text(const std::vector<std::uint8_t>& done);
// Throws std::invalid_argument for a character other than '0' and '1'.
std::vector<std::uint8_t> done_from_text(const std::string& text);

}  // namespace maze
