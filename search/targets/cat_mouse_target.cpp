#include "mazesearch/search/targets/cat_mouse_target.hpp"

#include <bit>
#include <stdexcept>

#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"

namespace maze {

namespace {

// Every cell but S, E and the cat's, once the cat's cell is checked.
GridGenes cat_mouse_genes(int rows, int cols, Cell start, Cell exit, Cell cat) {
    const Board probe(rows, cols, start, exit);  // validates the shape, start and exit
    if (!probe.in_bounds(cat.r, cat.c))
        throw std::invalid_argument("cat-mouse: the cat's cell " + cell_text(cat) +
                                    " is outside the board");
    if (cat == start || cat == exit)
        throw std::invalid_argument(
            "cat-mouse: the cat must start on a cell other than the "
            "start and the exit");
    return GridGenes(rows, cols, start, exit, {cat});
}

}  // namespace

std::string cell_text(Cell x) {
    // Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on "(" + std::to_string(...).
    std::string s = "(";
    s.append(std::to_string(x.r)).append(", ").append(std::to_string(x.c)).append(")");
    return s;
}

CatMouseTarget::CatMouseTarget(int rows, int cols, Cell start, Cell exit, Cell cat,
                               Objective objective)
    : rows_(rows),
      cols_(cols),
      start_(start),
      exit_(exit),
      cat_(cat),
      objective_(objective),
      genes_(cat_mouse_genes(rows, cols, start, exit, cat)) {}

CatMouseResult CatMouseTarget::solve(const Board& b) const {
    // Only the components of the start, the exit and the cat take part in the game; leaving
    // the rest out keeps the table small.
    const RowSet a = component(b, start_);
    const RowSet e = component(b, exit_);
    const RowSet k = b.open(cat_) ? component(b, cat_) : RowSet{};
    std::vector<int> id(static_cast<std::size_t>(rows_ * cols_), -1);
    int n = 0;
    for (int r = 0; r < rows_; ++r)
        for (int c = 0; c < cols_; ++c)
            if (((a[r] | e[r] | k[r]) >> c) & 1u) id[static_cast<std::size_t>(r * cols_ + c)] = n++;
    AdjacencyLists lists(static_cast<std::size_t>(n));
    for (int r = 0; r < rows_; ++r)
        for (int c = 0; c < cols_; ++c) {
            const int u = id[static_cast<std::size_t>(r * cols_ + c)];
            if (u < 0) continue;
            // Right and down neighbours; each edge is added in both directions.
            if (c + 1 < cols_ && id[static_cast<std::size_t>(r * cols_ + c + 1)] >= 0) {
                const int v = id[static_cast<std::size_t>(r * cols_ + c + 1)];
                lists[static_cast<std::size_t>(u)].push_back(v);
                lists[static_cast<std::size_t>(v)].push_back(u);
            }
            if (r + 1 < rows_ && id[static_cast<std::size_t>((r + 1) * cols_ + c)] >= 0) {
                const int v = id[static_cast<std::size_t>((r + 1) * cols_ + c)];
                lists[static_cast<std::size_t>(u)].push_back(v);
                lists[static_cast<std::size_t>(v)].push_back(u);
            }
        }
    auto node = [&](Cell x) { return id[static_cast<std::size_t>(x.r * cols_ + x.c)]; };
    // One thread: the evaluator owns the parallel loop over the genomes.
    return solve_cat_mouse(CatMouseGraph(lists), node(start_), node(cat_), node(exit_),
                           /*threads=*/1);
}

double CatMouseTarget::value(const CatMouseResult& r) const {
    const double plies = r.plies ? static_cast<double>(*r.plies) : 0.0;
    switch (objective_) {
        case Objective::CatWinPlies:
            return r.result == kCatMouseCatWins ? plies : (r.result == kCatMouseDraw ? 0.0 : -1.0);
        case Objective::MouseWinPlies:
            return r.result == kCatMouseMouseWins ? plies
                                                  : (r.result == kCatMouseDraw ? 0.0 : -1.0);
        case Objective::DecisivePlies:
            return plies;
    }
    return 0.0;
}

void CatMouseTarget::feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const {
    for (std::size_t i = 0; i < genomes.size(); ++i)
        feasible[i] = maze::feasible(to_board(genomes[i]));
}

void CatMouseTarget::score(std::span<const Genome> genomes, std::span<double> values) const {
    for (std::size_t i = 0; i < genomes.size(); ++i) values[i] = value(solve(genomes[i]));
}

std::unique_ptr<CatMouseTarget> make_cat_mouse_target(const Params& params) {
    const int rows = static_cast<int>(params.get_int("rows", 6, 2, kMaxSide));
    const int cols = static_cast<int>(params.get_int("cols", 6, 2, kMaxSide));
    const Cell start = read_cell_param(params, "start", {0, 0}, rows, cols);
    const Cell exit = read_cell_param(params, "exit", {rows - 1, 0}, rows, cols);
    const Cell cat = read_cell_param(params, "cat", {0, cols - 1}, rows, cols);
    const std::string objective = params.get_choice(
        "objective", "cat-win-plies", {"cat-win-plies", "mouse-win-plies", "decisive-plies"});
    if (start == exit)
        throw ParamError("target.exit", params.where("exit"),
                         "start and exit must be different cells");
    if (cat == start || cat == exit)
        throw ParamError("target.cat", params.where("cat"),
                         "the cat must start on a cell other than the start and the exit");
    params.reject_unused("target");
    const auto obj = objective == "mouse-win-plies"  ? CatMouseTarget::Objective::MouseWinPlies
                     : objective == "decisive-plies" ? CatMouseTarget::Objective::DecisivePlies
                                                     : CatMouseTarget::Objective::CatWinPlies;
    return std::make_unique<CatMouseTarget>(rows, cols, start, exit, cat, obj);
}

}  // namespace maze
