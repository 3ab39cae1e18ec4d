#include "mazesearch/experiments/target_factory.hpp"

#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/search/targets/cat_mouse_target.hpp"
#include "mazesearch/search/targets/cat_trap_target.hpp"
#include "mazesearch/search/targets/graph_target.hpp"
#include "mazesearch/search/targets/kmod_target.hpp"
#include "mazesearch/search/targets/mouse_maze_target.hpp"
#include "mazesearch/search/targets/mousetrap_target.hpp"
#include "mazesearch/search/targets/passage_target.hpp"

namespace maze::experiments {

namespace {

// The target that `make` builds, and its view: the factory is the one place that knows both
// concrete types, so nothing downstream needs to ask which target it holds.
template <typename T>
TargetAndView with_view(std::unique_ptr<T> target) {
    auto view = make_view(*target);
    return TargetAndView{std::move(target), std::move(view)};
}

}  // namespace

TargetAndView make_target(const Params& params) {
    const std::string kind = params.get_choice(
        "kind", "mouse-maze",
        {"mouse-maze", "cat-mouse", "mousetrap", "cat-trap", "kmod-trap", "graph", "passages"});
    // Each target reads its own keys (search/targets/); this is the one place that maps a kind
    // to a target and its view.
    if (kind == "cat-mouse") return with_view(make_cat_mouse_target(params));
    if (kind == "mousetrap") return with_view(make_mousetrap_target(params));
    if (kind == "cat-trap") return with_view(make_cat_trap_target(params));
    if (kind == "kmod-trap") return with_view(make_kmod_target(params));
    if (kind == "passages") return with_view(make_passage_target(params));
    if (kind == "graph") {
        // A board where a graph file belongs is said as such, not as a JSON syntax error.
        if (params.has("file"))
            check_file_kinds({params.get_string("file")},
                             {"`target.file` of a graph target", {FileKind::GraphFile}});
        return with_view(make_graph_target(params));
    }
    return with_view(make_mouse_maze_target(params));
}

}  // namespace maze::experiments
