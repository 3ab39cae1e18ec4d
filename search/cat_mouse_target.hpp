// (being written)
#pragma once

#include <memory>

#include "search/params.hpp"
#include "search/target.hpp"

namespace maze {

// The target of a config's `target:` section (kind already read); throws ParamError.
std::unique_ptr<Target> make_cat_mouse_target(const Params& params);

}  // namespace maze
