// The cell boards' enumeration: their grid (cell_tree.hpp) in the decision tree of every model
// (decision_tree.hpp), and its estimates.
#include <memory>
#include <stdexcept>
#include <vector>

#include "mazesearch/models/cells/cell_tree.hpp"
#include "mazesearch/search/enumeration/decision_tree.hpp"
#include "mazesearch/search/enumeration/enumeration_models.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze {

// Named, not anonymous: the instrumented trees build the search layer as a unity build.
namespace cell_enumeration {

// The job's grid as the decision tree takes it, a forest of one; std::invalid_argument for a
// grid the tree does not take.
void check_size(int rows, int cols) {
    if (rows * cols > kMaxEnumerationCells || (rows + 2) * (cols + 2) > enumeration::kMaxPadded)
        throw std::invalid_argument(
            "enumeration handles grids of at most 64 cells with (rows + 2) * (cols + 2) <= 128 "
            "(8x8, 7x9, 16x4, ...)");
}

std::vector<enumeration::Grid> checked_grid(int rows, int cols, Cell start, Cell exit) {
    const Board shape(rows, cols, start, exit);  // validates
    check_size(rows, cols);
    return {enumeration::Grid(rows, cols, start, exit)};
}

bool board_of_grid(const std::string& text, const EnumerationResult& r) {
    const Board b = Board::parse(text, "enumeration result");
    return b.rows() == r.rows && b.cols() == r.cols && b.start() == r.start && b.exit() == r.exit;
}

WalkCounts listed_walk(const std::string& text) {
    return walk_report(Board::parse(text, "enumeration result"));
}

}  // namespace cell_enumeration

std::unique_ptr<EnumerationTree> cell_enumeration_tree(int rows, int cols, Cell start, Cell exit,
                                                       std::size_t want) {
    return std::make_unique<enumeration::DecisionTree<enumeration::Grid>>(
        cell_enumeration::checked_grid(rows, cols, start, exit), want,
        EnumerationResult::of(ModelId::Cells, rows, cols, start, exit));
}

std::vector<double> estimate_subtrees(int rows, int cols, Cell start, Cell exit,
                                      std::size_t frontier_size, std::uint64_t probes,
                                      std::uint64_t seed, int threads, std::size_t part,
                                      std::size_t parts) {
    return enumeration::estimate_subtrees_of(cell_enumeration::checked_grid(rows, cols, start, exit),
                                             frontier_size, probes, seed, threads, part, parts);
}

TreeEstimate estimate_tree(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                           std::uint64_t seed) {
    return enumeration::estimate_tree_of(cell_enumeration::checked_grid(rows, cols, start, exit),
                                         probes, seed);
}

EnumerationResult enumerate_boards(int rows, int cols, Cell start, Cell exit,
                                   const EnumerationOptions& options) {
    return cell_enumeration_tree(rows, cols, start, exit, options.frontier)->run(options);
}

namespace cell_enumeration {

TreeEstimate estimate(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                      std::uint64_t seed, std::uint64_t) {
    return estimate_tree(rows, cols, start, exit, probes, seed);
}
EnumerationResult sample(const EnumerationOptions& o) {
    return enumerate_boards(6, 5, {0, 0}, {5, 0}, o);
}

}  // namespace cell_enumeration

// Its entry in the table of enumerated models (models/board_models.def).
const EnumerationModel* board_models::cells::enumeration_model() {
    static const EnumerationModel model{.model = ModelId::Cells,
                                        .label = "",
                                        .by_columns = false,
                                        .takes_at_least = false,
                                        .convention = "paper",
                                        .check_size = cell_enumeration::check_size,
                                        .board_of_grid = cell_enumeration::board_of_grid,
                                        .listed_walk = cell_enumeration::listed_walk,
                                        .tree = cell_enumeration_tree,
                                        .estimate = cell_enumeration::estimate,
                                        .subtree_costs = estimate_subtrees,
                                        .sample = cell_enumeration::sample,
                                        .sample_text = "6x5"};
    return &model;
}

}  // namespace maze
