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
// given the board model's target (a MouseMazeTarget for cells, a PassageTarget for passages, a
// HexMazeTarget for hex),
// the function that scores a batch of its genomes.
using ExternalObjective = std::function<BatchScore(const Target& model)>;

// kind: a board model's (the table of target models, experiments/models/target_models.hpp:
// mouse-maze, the default, with rows, cols, start [r, c], exit [r, c], convention paper|flash;
// passages; graph; hex), or one of the games: cat-mouse, mousetrap, cat-trap, kmod-trap (each
// target lists its keys in its header), or python: the board keys of the model its `model:`
// names (cells, the default, passages or hex: the models whose entry takes python),
// `feasible: exit-reachable` (the default) or `any`, and `function` (a name for the log; the
// Python module writes the function's name and a hash of its code), scored by `external`.
// Throws ParamError for bad or unknown keys, and for kind python without `external` (the command
// has no Python function).
TargetAndView make_target(const Params& params, const ExternalObjective* external = nullptr);

}  // namespace maze::experiments
