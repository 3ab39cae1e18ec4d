// The passage boards' enumeration: their grids (passage_tree.hpp), one per entrance and exit
// column, as a forest in the decision tree of every model (decision_tree.hpp).
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/models/passages/passage_enumeration.hpp"
#include "mazesearch/models/passages/passage_board.hpp"
#include "mazesearch/models/passages/passage_tree.hpp"
#include "mazesearch/search/enumeration/decision_tree.hpp"

namespace maze {

// Named (not anonymous): the unity build puts this file beside the cell enumeration's.
namespace passage_detail {

// One grid per (entrance, exit) pair, entrance-major; the grid as the results give it: the
// entrance and exit columns in start.c and exit.c (-1: every column).
std::vector<passages::Grid> forest(int rows, int cols, Cell start, Cell exit) {
    const int entrance = start.c, out = exit.c;
    if (rows < 1 || cols < 1 || rows > kMaxSide || cols > kMaxSide)
        throw std::invalid_argument("passage enumeration: the grid must be 1x1..16x16");
    if (entrance < -1 || entrance >= cols || out < -1 || out >= cols)
        throw std::invalid_argument("passage enumeration: entrance and exit are columns 0.." +
                                    std::to_string(cols - 1) + " or -1 (every column)");
    std::vector<passages::Grid> grids;
    for (int a = 0; a < cols; ++a)
        for (int b = 0; b < cols; ++b)
            if ((entrance < 0 || a == entrance) && (out < 0 || b == out))
                grids.emplace_back(rows, cols, a, b);  // validates the size
    return grids;
}

std::unique_ptr<EnumerationTree> tree(int rows, int cols, Cell start, Cell exit,
                                      std::size_t want) {
    return std::make_unique<enumeration::DecisionTree<passages::Grid>>(
        forest(rows, cols, start, exit), want,
        EnumerationResult::of(ModelId::Passages, rows, cols, {0, start.c},
                              {rows - 1, exit.c}));
}

TreeEstimate estimate(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                      std::uint64_t seed, std::uint64_t at_least) {
    return enumeration::estimate_tree_of(forest(rows, cols, start, exit), probes, seed, at_least);
}

EnumerationResult sample(const EnumerationOptions& o) {
    return tree(4, 4, {0, -1}, {3, -1}, o.frontier)->run(o);
}

bool board_of_grid(const std::string& text, const EnumerationResult& r) {
    const PassageBoard b = PassageBoard::parse(text, "enumeration result");
    return b.rows() == r.rows && b.cols() == r.cols &&
           (r.start.c < 0 || b.entrance() == r.start.c) && (r.exit.c < 0 || b.exit() == r.exit.c);
}

WalkCounts listed_walk(const std::string& text) {
    return walk_report(PassageBoard::parse(text, "enumeration result"));
}

}  // namespace passage_detail

// Its entry in the table of enumerated models (models/board_models.def).
const EnumerationModel* board_models::passages::enumeration_model() {
    static const EnumerationModel model{.model = ModelId::Passages,
                                        .label = " passages",
                                        .by_columns = true,
                                        .takes_at_least = true,
                                        .convention = "in-and-out",
                                        .check_size = maze::passages::Grid::check_size,
                                        .board_of_grid = passage_detail::board_of_grid,
                                        .listed_walk = passage_detail::listed_walk,
                                        .tree = passage_detail::tree,
                                        .estimate = passage_detail::estimate,
                                        .subtree_costs = nullptr,
                                        .sample = passage_detail::sample,
                                        .sample_text = "4x4 passage"};
    return &model;
}

}  // namespace maze
