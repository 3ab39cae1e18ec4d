#include "mazesearch/experiments/target_factory.hpp"

#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/models/hex/hex_target.hpp"
#include "mazesearch/search/targets/cat_mouse_target.hpp"
#include "mazesearch/search/targets/cat_trap_target.hpp"
#include "mazesearch/models/graphs/graph_target.hpp"
#include "mazesearch/search/targets/kmod_target.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"
#include "mazesearch/search/targets/mousetrap_target.hpp"
#include "mazesearch/models/passages/passage_target.hpp"

namespace maze::experiments {

namespace {

// The target that `make` builds, and its view: the factory is the one place that knows both
// concrete types, so nothing downstream needs to ask which target it holds.
template <typename T>
TargetAndView with_view(std::unique_ptr<T> target) {
    auto view = make_view(*target);
    return TargetAndView{std::move(target), std::move(view)};
}

// Kind python: the board model's keys are read by the model's own factory (which refuses unknown
// keys), after the keys of its own; the model's objective and convention have no meaning here.
std::unique_ptr<ExternalTarget> make_python_target(const Params& params,
                                                   const ExternalObjective* external) {
    const std::string section = params.section().empty() ? "target" : params.section();
    if (!external)
        throw ParamError(section + ".kind", params.where("kind"),
                         "a python target is scored by a Python function: run it from Python, "
                         "mazesearch.run(config, objective=f) (docs/python.md); the command "
                         "cannot call one");
    const std::string model =
        params.get_choice("model", "cells", {"cells", "passages", "hex"});
    const std::string feasible =
        params.get_choice("feasible", "exit-reachable", {"exit-reachable", "any"});
    const std::string function = params.get_string("function", "python");
    for (const char* key : {"objective", "convention"})
        if (params.has(key))
            throw ParamError(section + "." + key, params.where(key),
                             "a python target's value is its function's; leave it out");
    std::unique_ptr<Target> board_model;
    if (model == "passages")
        board_model = make_passage_target(params);
    else if (model == "hex")
        board_model = make_hex_target(params);
    else
        board_model = make_mouse_maze_target(params);
    BatchScore score = (*external)(*board_model);
    return std::make_unique<ExternalTarget>(std::move(board_model), std::move(score),
                                            "python:" + function, feasible == "any");
}

}  // namespace

TargetAndView make_target(const Params& params, const ExternalObjective* external) {
    const std::string kind = params.get_choice("kind", "mouse-maze",
                                               {"mouse-maze", "cat-mouse", "mousetrap", "cat-trap",
                                                "kmod-trap", "graph", "passages", "hex", "python"});
    // Each target reads its own keys (search/targets/); this is the one place that maps a kind
    // to a target and its view.
    if (kind == "cat-mouse") return with_view(make_cat_mouse_target(params));
    if (kind == "mousetrap") return with_view(make_mousetrap_target(params));
    if (kind == "cat-trap") return with_view(make_cat_trap_target(params));
    if (kind == "kmod-trap") return with_view(make_kmod_target(params));
    if (kind == "passages") return with_view(make_passage_target(params));
    if (kind == "hex") return with_view(make_hex_target(params));
    if (kind == "python") return with_view(make_python_target(params, external));
    if (kind == "graph") {
        // A board where a graph file belongs is said as such, not as a JSON syntax error.
        if (params.has("file"))
            check_file_kinds({params.get_string("file")},
                             {"`target.file` of a graph target", {ModelId::Graph}});
        return with_view(make_graph_target(params));
    }
    return with_view(make_mouse_maze_target(params));
}

}  // namespace maze::experiments
