// Targets by name, from the `target:` section of a config.
#pragma once

#include <memory>

#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"

namespace maze::cli {

// kind: mouse-maze (rows, cols, start [r, c], exit [r, c], convention paper|flash), or one of
// the games: cat-mouse, mousetrap, cat-trap, kmod-trap (search/*_target.hpp list their keys).
// Throws ParamError for bad or unknown keys.
std::unique_ptr<Target> make_target(const Params& params);

}  // namespace maze::cli
