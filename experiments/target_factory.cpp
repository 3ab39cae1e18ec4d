#include "experiments/target_factory.hpp"

#include <sstream>

#include "engine/board.hpp"
#include "search/cat_mouse_target.hpp"
#include "search/cat_trap_target.hpp"
#include "search/kmod_target.hpp"
#include "search/mouse_maze_target.hpp"
#include "search/mousetrap_target.hpp"

namespace maze::cli {

std::unique_ptr<Target> make_target(const Params& params) {
    const std::string kind = params.get_choice(
        "kind", "mouse-maze", {"mouse-maze", "cat-mouse", "mousetrap", "cat-trap", "kmod-trap"});
    if (kind == "cat-mouse") return make_cat_mouse_target(params);
    if (kind == "mousetrap") return make_mousetrap_target(params);
    if (kind == "cat-trap") return make_cat_trap_target(params);
    if (kind == "kmod-trap") return make_kmod_target(params);
    const int rows = static_cast<int>(params.get_int("rows", 13, 1, kMaxSide));
    const int cols = static_cast<int>(params.get_int("cols", 13, 1, kMaxSide));
    const std::string conv = params.get_choice("convention", "paper", {"paper", "flash"});
    Cell start{0, 0};
    Cell exit{rows - 1, 0};
    for (const std::string key : {"start", "exit"}) {
        if (!params.has(key)) continue;
        // A pair [row, col] arrives as the text "row,col".
        const std::string text = params.get_string(key);
        int r = -1, c = -1;
        char comma = 0;
        std::istringstream in(text);
        if (!(in >> r >> comma >> c) || comma != ',' || r < 0 || r >= rows || c < 0 || c >= cols)
            throw ParamError("target." + key, params.where(key),
                             "expected [row, col] inside the " + std::to_string(rows) + "x" +
                                 std::to_string(cols) + " board");
        (key == "start" ? start : exit) = Cell{r, c};
    }
    if (start == exit)
        throw ParamError("target.exit", params.where("exit"),
                         "start and exit must be different cells");
    if (rows * cols < 3)
        throw ParamError("target.rows", params.where("rows"),
                         "the board needs a free cell besides start and exit");
    params.reject_unused("target");
    return std::make_unique<MouseMazeTarget>(
        rows, cols, start, exit,
        conv == "flash" ? MouseMazeTarget::Convention::Flash : MouseMazeTarget::Convention::Paper);
}

}  // namespace maze::cli
