// Knuth's estimates of the cell boards' tree (decision_tree.hpp over open_cell_tree.hpp's grid).
#include <stdexcept>

#include "mazesearch/search/enumeration/decision_tree.hpp"
#include "mazesearch/search/enumeration/open_cell_tree.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze {

using namespace enumeration;

std::vector<double> estimate_subtrees(int rows, int cols, Cell start, Cell exit,
                                      std::size_t frontier_size, std::uint64_t probes,
                                      std::uint64_t seed, int threads, std::size_t part,
                                      std::size_t parts) {
    const Board shape(rows, cols, start, exit);
    if (rows * cols > kMaxEnumerationCells || (rows + 2) * (cols + 2) > kMaxPadded)
        throw std::invalid_argument("enumeration handles grids of at most 64 cells");
    return estimate_subtrees_of(std::vector{Grid(rows, cols, start, exit)}, frontier_size, probes, seed,
                                threads, part, parts);
}

TreeEstimate estimate_tree(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                           std::uint64_t seed) {
    const Board shape(rows, cols, start, exit);
    if (rows * cols > kMaxEnumerationCells || (rows + 2) * (cols + 2) > kMaxPadded)
        throw std::invalid_argument("enumeration handles grids of at most 64 cells");
    return estimate_tree_of(std::vector{Grid(rows, cols, start, exit)}, probes, seed);
}

}  // namespace maze
