#include "search/cat_mouse_target.hpp"

namespace maze {

std::unique_ptr<Target> make_cat_mouse_target(const Params& params) {
    throw ParamError("target.kind", params.where("kind"), "not implemented yet");
}

}  // namespace maze
