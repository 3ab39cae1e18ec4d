#include "mazesearch/models/hex/hex_target.hpp"

#include "mazesearch/models/cells/mouse_maze_target.hpp"

namespace maze {

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
