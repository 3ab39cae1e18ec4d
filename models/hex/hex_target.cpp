#include "mazesearch/models/hex/hex_target.hpp"

#include "mazesearch/models/cells/mouse_maze_target.hpp"

namespace maze {

HexMazeTarget::HexMazeTarget(int rows, int cols, Cell start, Cell exit, WalkObjective objective)
    : WalkTarget(objective, 0.0), genes_(rows, cols, start, exit), topology_(genes_.topology()) {
    topology_.kind = "hex";
}

Genome HexMazeTarget::to_genome(const HexCellBoard& b, const std::string& source) const {
    return genes_.to_genome(b.square_cells(), source);
}

Genome HexMazeTarget::genes_near_walk(const Genome& g, const HexCellBoard& board,
                                      const std::vector<std::uint64_t>& visits) const {
    auto stepped = [&](Cell x) {
        return board.in_bounds(x) && visits[static_cast<std::size_t>(x.r * board.cols() + x.c)] > 0;
    };
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
