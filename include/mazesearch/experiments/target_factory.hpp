// Targets by name, from the `target:` section of a config, each with the view that shows its
// boards to the user.
#pragma once

#include <memory>

#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"

namespace maze::experiments {

struct TargetAndView {
    std::unique_ptr<Target> target;
    std::unique_ptr<BoardView> view;  // refers to *target
};

// kind: mouse-maze (rows, cols, start [r, c], exit [r, c], convention paper|flash), or one of
// the games: cat-mouse, mousetrap, cat-trap, kmod-trap, or passages (Mouse Maze 2)
// (search/targets/*_target.hpp list their keys). Throws ParamError for bad or unknown keys.
TargetAndView make_target(const Params& params);

}  // namespace maze::experiments
