#include "mazesearch/models/hex/hex_target.hpp"

#include <limits>
#include <vector>

#include "mazesearch/models/hex/hex_walk.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"

namespace maze {

HexMazeTarget::HexMazeTarget(int rows, int cols, Cell start, Cell exit, WalkObjective objective)
    : genes_(rows, cols, start, exit), topology_(genes_.topology()), objective_(objective) {
    topology_.kind = "hex";
}

HexCellBoard HexMazeTarget::to_board(const Genome& g) const {
    return HexCellBoard::from_square_cells(genes_.to_board(g));
}

Genome HexMazeTarget::to_genome(const HexCellBoard& b, const std::string& source) const {
    return genes_.to_genome(b.square_cells(), source);
}

void HexMazeTarget::feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const {
    for (std::size_t i = 0; i < genomes.size(); ++i)
        feasible[i] = maze::feasible(to_board(genomes[i]));
}

void HexMazeTarget::score(std::span<const Genome> genomes, std::span<double> values) const {
    std::vector<HexCellBoard> boards;
    boards.reserve(genomes.size());
    for (const Genome& g : genomes) boards.push_back(to_board(g));
    std::vector<std::uint64_t> moves(boards.size(), 0), most;
    if (objective_ == WalkObjective::MaxVisits) most.resize(boards.size());
    walk_feasible_batch(boards, moves, most);  // the scorer passes feasible boards only
    for (std::size_t i = 0; i < boards.size(); ++i)
        values[i] =
            static_cast<double>(objective_ == WalkObjective::MaxVisits ? most[i] : moves[i]);
}

Genome HexMazeTarget::relevant_genes(const Genome& g) const {
    const HexCellBoard board = to_board(g);
    HexWalk walker;
    walker.run(board);
    auto stepped = [&](Cell x) { return board.in_bounds(x) && walker.visits(x.r, x.c) > 0; };
    Genome mask(g.size());
    for (std::size_t i = 0; i < g.size(); ++i) {
        const Cell x = genes_.cell(i);
        bool seen = stepped(x);
        for (int d = 0; d < kHexDirections && !seen; ++d)
            seen = stepped(hex_neighbour(x, static_cast<HexDirection>(d)));
        if (seen) mask.set(i, true);
    }
    return mask;
}

std::unique_ptr<HexMazeTarget> make_hex_target(const Params& params) {
    const BoardShape shape = read_board_shape(params);
    const WalkObjective objective = *objective_from_name(
        params.get_choice("objective", "moves",
                          {std::string(objective_name(WalkObjective::Moves)),
                           std::string(objective_name(WalkObjective::MaxVisits))}));
    params.reject_unused("target");
    return std::make_unique<HexMazeTarget>(shape.rows, shape.cols, shape.start, shape.exit,
                                           objective);
}

}  // namespace maze
