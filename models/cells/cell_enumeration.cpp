// The cell boards' enumeration: their grid (open_cell_tree.hpp) in the tree written once for the
// models of open cells (decision_tree.hpp).
#include <memory>
#include <stdexcept>

#include "mazesearch/search/enumeration/decision_tree.hpp"
#include "mazesearch/search/enumeration/open_cell_tree.hpp"
#include "mazesearch/search/enumeration/enumeration_models.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze {

std::unique_ptr<EnumerationTree> cell_enumeration_tree(int rows, int cols, Cell start, Cell exit,
                                                       std::size_t want) {
    const Board shape(rows, cols, start, exit);  // validates
    if (rows * cols > kMaxEnumerationCells || (rows + 2) * (cols + 2) > enumeration::kMaxPadded)
        throw std::invalid_argument(
            "enumeration handles grids of at most 64 cells with (rows + 2) * (cols + 2) <= 128 "
            "(8x8, 7x9, 16x4, ...)");
    return std::make_unique<enumeration::DecisionTree<enumeration::Grid>>(
        std::vector{enumeration::Grid(rows, cols, start, exit)}, want,
        EnumerationResult::of(EnumeratedModel::Cells, rows, cols, start, exit));
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

const EnumerationModel& cell_enumeration_model() {
    static const EnumerationModel model{EnumeratedModel::Cells, "",
                                        cell_enumeration_tree, cell_enumeration::estimate,
                                        estimate_subtrees, cell_enumeration::sample, "6x5"};
    return model;
}

}  // namespace maze
