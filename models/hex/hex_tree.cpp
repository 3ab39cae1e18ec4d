#include "mazesearch/models/hex/hex_tree.hpp"

#include <stdexcept>

#include "mazesearch/models/hex/hex_cell_board.hpp"
#include "mazesearch/search/enumeration/decision_tree.hpp"

namespace maze {

namespace enumeration {

void HexGrid::check_size(int rows, int cols) {
    const HexCellBoard shape(rows, cols);  // validates the size
    const int stride = cols + (rows - 1) / 2 + 2;
    if (rows * cols > kMaxEnumerationCells || (rows + 2) * stride > kMaxPadded)
        throw std::invalid_argument(
            "the hexagonal enumeration handles grids of at most 64 cells with (rows + 2) * "
            "(cols + (rows - 1) / 2 + 2) <= 128 (7x7, 6x8, 5x10, ...)");
}

HexGrid::HexGrid(int r, int c, Cell s, Cell e)
    : rows(r), cols(c), stride(c + (r - 1) / 2 + 2), padded((r + 2) * stride) {
    check_size(r, c);
    bit_of.fill(-1);
    for (int i = 0; i < r; ++i)
        for (int j = 0; j < c; ++j) {
            const int b = i * c + j;
            const int p = pad({i, j});
            pad_of[static_cast<size_t>(b)] = p;
            bit_of[static_cast<size_t>(p)] = b;
            all |= std::uint64_t{1} << b;
            if (j > 0) not_left |= std::uint64_t{1} << b;
            if (j < c - 1) not_right |= std::uint64_t{1} << b;
            if (i % 2 == 0) even |= std::uint64_t{1} << b;
        }
    for (int b = 0; b < r * c; ++b) {
        const int p = pad_of[static_cast<size_t>(b)];
        for (const int d : {stride, stride - 1, 1, -1, 1 - stride, -stride})
            if (const int n = bit_of[static_cast<size_t>(p + d)]; n >= 0)
                around[static_cast<size_t>(p)] |= std::uint64_t{1} << n;
    }
    start_pad = pad(s);
    exit_pad = pad(e);
}

std::string HexGrid::board_text(const std::string& cells) const {
    std::string text = "hex\n";
    for (int r = 0; r < rows; ++r) {
        if (r % 2 == 1) text += ' ';
        for (int c = 0; c < cols; ++c) {
            if (c > 0) text += ' ';
            text += cells[static_cast<std::size_t>(r * cols + c)];
        }
        text += '\n';
    }
    return text;
}

}  // namespace enumeration

// Named, not anonymous: the instrumented trees build the engine as a unity build.
namespace hex_tree_grid {

// The job's grid as the decision tree takes it: a forest of one.
std::vector<enumeration::HexGrid> checked_grid(int rows, int cols, Cell start, Cell exit) {
    const HexCellBoard shape(rows, cols, start, exit);  // validates start and exit
    return {enumeration::HexGrid(rows, cols, start, exit)};
}

bool board_of_grid(const std::string& text, const EnumerationResult& r) {
    const Board b = HexCellBoard::parse(text, "enumeration result").square_cells();
    return b.rows() == r.rows && b.cols() == r.cols && b.start() == r.start && b.exit() == r.exit;
}

WalkCounts listed_walk(const std::string& text) {
    return walk_report(HexCellBoard::parse(text, "enumeration result"));
}

}  // namespace hex_tree_grid

namespace hex_tree_grid {

std::unique_ptr<EnumerationTree> tree(int rows, int cols, Cell start, Cell exit,
                                      std::size_t frontier) {
    return std::make_unique<enumeration::DecisionTree<enumeration::HexGrid>>(
        checked_grid(rows, cols, start, exit), frontier,
        EnumerationResult::of(ModelId::Hex, rows, cols, start, exit));
}

TreeEstimate estimate(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                      std::uint64_t seed, std::uint64_t) {
    return enumeration::estimate_tree_of(checked_grid(rows, cols, start, exit), probes, seed);
}

std::vector<double> subtree_costs(int rows, int cols, Cell start, Cell exit, std::size_t frontier,
                                  std::uint64_t probes, std::uint64_t seed, int threads,
                                  std::size_t part, std::size_t parts) {
    return enumeration::estimate_subtrees_of(checked_grid(rows, cols, start, exit), frontier,
                                             probes, seed, threads, part, parts);
}

EnumerationResult sample(const EnumerationOptions& o) {
    return tree(5, 5, {0, 0}, {4, 0}, o.frontier)->run(o);
}

}  // namespace hex_tree_grid

// Its entry in the table of enumerated models (models/board_models.def).
const EnumerationModel* board_models::hex::enumeration_model() {
    static const EnumerationModel model{.model = ModelId::Hex,
                                        .label = " hex",
                                        .by_columns = false,
                                        .takes_at_least = false,
                                        .convention = "paper",
                                        .check_size = enumeration::HexGrid::check_size,
                                        .board_of_grid = hex_tree_grid::board_of_grid,
                                        .listed_walk = hex_tree_grid::listed_walk,
                                        .tree = hex_tree_grid::tree,
                                        .estimate = hex_tree_grid::estimate,
                                        .subtree_costs = hex_tree_grid::subtree_costs,
                                        .sample = hex_tree_grid::sample,
                                        .sample_text = "5x5 hex"};
    return &model;
}

}  // namespace maze
