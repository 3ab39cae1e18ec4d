// Targets by name, from the `target:` section of a config, each with the view that shows its
// boards to the user.
#pragma once

#include <functional>
#include <memory>

#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"
#include "mazesearch/search/targets/external_target.hpp"

namespace maze::experiments {

struct TargetAndView {
    std::unique_ptr<Target> target;
    std::unique_ptr<BoardView> view;  // refers to *target
};

// An objective that the program running the search provides (the Python module's `objective=`):
// given the board model's target (a MouseMazeTarget for cells, a PassageTarget for passages),
// the function that scores a batch of its genomes.
using ExternalObjective = std::function<BatchScore(const Target& model)>;

// kind: mouse-maze (rows, cols, start [r, c], exit [r, c], convention paper|flash), or one of
// the games: cat-mouse, mousetrap, cat-trap, kmod-trap, or passages (Mouse Maze 2)
// (search/targets/*_target.hpp list their keys), or python: the board keys of mouse-maze
// (`model: cells`, the default) or of passages (`model: passages`), `feasible: exit-reachable`
// (the default) or `any`, and `function` (a name for the log; the Python module writes the
// function's name and a hash of its code), scored by `external`. Throws ParamError for bad or
// unknown keys, and for kind python without `external` (the command has no Python function).
TargetAndView make_target(const Params& params, const ExternalObjective* external = nullptr);

}  // namespace maze::experiments
