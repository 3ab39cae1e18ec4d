#include "search/kmod_target.hpp"

namespace maze {

std::unique_ptr<Target> make_kmod_target(const Params& params) {
    throw ParamError("target.kind", params.where("kind"), "not implemented yet");
}

}  // namespace maze
