#include "mazesearch/search/targets/mouse_maze_target.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "mazesearch/engine/bitboard.hpp"
#include "mazesearch/engine/mouse_walk.hpp"

namespace maze {

Cell read_cell_param(const Params& params, const std::string& key, Cell fallback, int rows,
                     int cols) {
    if (!params.has(key)) return fallback;
    const std::string section = params.section().empty() ? "target" : params.section();
    const auto [r, c] = params.get_pair(key);
    if (r < 0 || r >= rows || c < 0 || c >= cols)
        throw ParamError(section + "." + key, params.where(key),
                         "expected [row, col] inside the " + std::to_string(rows) + "x" +
                             std::to_string(cols) + " board");
    return Cell{static_cast<int>(r), static_cast<int>(c)};
}

BoardShape read_board_shape(const Params& params, int default_side) {
    BoardShape shape;
    const std::string section = params.section().empty() ? "target" : params.section();
    shape.rows = static_cast<int>(params.get_int("rows", default_side, 1, kMaxSide));
    shape.cols = static_cast<int>(params.get_int("cols", default_side, 1, kMaxSide));
    shape.start = read_cell_param(params, "start", Cell{0, 0}, shape.rows, shape.cols);
    shape.exit = read_cell_param(params, "exit", Cell{shape.rows - 1, 0}, shape.rows, shape.cols);
    if (shape.start == shape.exit)
        throw ParamError(section + ".exit", params.where("exit"),
                         "start and exit must be different cells");
    if (shape.rows * shape.cols < 3)
        throw ParamError(section + ".rows", params.where("rows"),
                         "the board needs a free cell besides start and exit");
    return shape;
}

MouseMazeTarget::MouseMazeTarget(int rows, int cols, Cell start, Cell exit, Convention convention,
                                 WalkObjective objective)
    : genes_(rows, cols, start, exit), convention_(convention), objective_(objective) {
    if (objective == WalkObjective::MaxVisits && convention == Convention::Flash)
        throw std::invalid_argument(
            "the Flash convention counts moves; max-visits has no convention");
}

void MouseMazeTarget::feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const {
    for (std::size_t i = 0; i < genomes.size(); ++i)
        feasible[i] = maze::feasible(to_board(genomes[i]));
}

void MouseMazeTarget::score(std::span<const Genome> genomes, std::span<double> values) const {
    std::vector<Board> boards;
    boards.reserve(genomes.size());
    for (const Genome& g : genomes) boards.push_back(to_board(g));
    std::vector<std::uint64_t> moves(boards.size(), 0);
    // The Evaluator only passes feasible ones.
    if (objective_ == WalkObjective::MaxVisits) {
        std::vector<std::uint64_t> most(boards.size(), 0);
        walk_feasible_batch(boards, moves, most);
        for (std::size_t i = 0; i < most.size(); ++i) values[i] = static_cast<double>(most[i]);
        return;
    }
    walk_feasible_batch(boards, moves);
    for (std::size_t i = 0; i < moves.size(); ++i)
        values[i] = moves[i] == kInfeasible ? -std::numeric_limits<double>::infinity()
                                            : static_cast<double>(moves[i]) + offset();
}

std::optional<EnumerableGrid> MouseMazeTarget::enumerable_grid() const {
    return EnumerableGrid{&genes_, offset(), objective_};
}

Genome MouseMazeTarget::relevant_genes(const Genome& g) const {
    const Board board = to_board(g);
    MouseWalk walker;
    walker.run(board);
    const Topology& topo = genes_.topology();
    const int rows = genes_.rows(), cols = genes_.cols();
    auto stepped = [&](int r, int c) {
        if (r < 0 || r >= rows || c < 0 || c >= cols) return false;
        return walker.visits(r, c) > 0;
    };
    Genome mask(g.size());
    for (std::size_t i = 0; i < g.size(); ++i) {
        const int r = topo.row[i], c = topo.col[i];
        if (stepped(r, c) || stepped(r - 1, c) || stepped(r + 1, c) || stepped(r, c - 1) ||
            stepped(r, c + 1))
            mask.set(i, true);
    }
    return mask;
}

std::unique_ptr<MouseMazeTarget> make_mouse_maze_target(const Params& params) {
    const BoardShape shape = read_board_shape(params);
    const std::string conv = params.get_choice("convention", "paper", {"paper", "flash"});
    const WalkObjective objective = *objective_from_name(
        params.get_choice("objective", "moves",
                          {std::string(objective_name(WalkObjective::Moves)),
                           std::string(objective_name(WalkObjective::MaxVisits))}));
    if (objective == WalkObjective::MaxVisits && conv == "flash")
        throw ParamError((params.section().empty() ? "target" : params.section()) + ".convention",
                         params.where("convention"),
                         "the Flash convention counts moves; objective max-visits counts visits "
                         "and has no convention (leave convention out)");
    params.reject_unused("target");
    return std::make_unique<MouseMazeTarget>(
        shape.rows, shape.cols, shape.start, shape.exit,
        conv == "flash" ? MouseMazeTarget::Convention::Flash : MouseMazeTarget::Convention::Paper,
        objective);
}

}  // namespace maze
