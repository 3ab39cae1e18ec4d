#include "mazesearch/experiments/target_factory.hpp"

#include <string>
#include <vector>

#include "mazesearch/experiments/models/target_models.hpp"
#include "mazesearch/search/targets/cat_mouse_target.hpp"
#include "mazesearch/search/targets/cat_trap_target.hpp"
#include "mazesearch/search/targets/kmod_target.hpp"
#include "mazesearch/search/targets/mousetrap_target.hpp"

namespace maze::experiments {

namespace {

// Kind python: the board model's keys are read by the model's own factory (which refuses unknown
// keys), after the keys of its own; the model's objective and convention have no meaning here.
TargetAndView make_python_target(const Params& params, const ExternalObjective* external) {
    const std::string section = params.section().empty() ? "target" : params.section();
    if (!external)
        throw ParamError(section + ".kind", params.where("kind"),
                         "a python target is scored by a Python function: run it from Python, "
                         "mazesearch.run(config, objective=f) (docs/python.md); the command "
                         "cannot call one");
    std::vector<std::string> models;
    for (const TargetModel* m : target_models())
        if (m->python) models.emplace_back(model_name(m->model));
    const std::string model = params.get_choice("model", models.front(), models);
    const std::string feasible =
        params.get_choice("feasible", "exit-reachable", {"exit-reachable", "any"});
    const std::string function = params.get_string("function", "python");
    for (const char* key : {"objective", "convention"})
        if (params.has(key))
            throw ParamError(section + "." + key, params.where(key),
                             "a python target's value is its function's; leave it out");
    std::unique_ptr<Target> board_model = python_target_model(model)->make(params);
    BatchScore score = (*external)(*board_model);
    auto target = std::make_unique<ExternalTarget>(std::move(board_model), std::move(score),
                                                   "python:" + function, feasible == "any");
    auto view = make_view(*target);
    return TargetAndView{std::move(target), std::move(view)};
}

template <typename T>
TargetAndView with_view(std::unique_ptr<T> target) {
    auto view = make_view(*target);
    return TargetAndView{std::move(target), std::move(view)};
}

}  // namespace

TargetAndView make_target(const Params& params, const ExternalObjective* external) {
    // The board models' kinds (the table of target models), the games' and python.
    std::vector<std::string> kinds;
    for (const TargetModel* m : target_models()) kinds.emplace_back(m->kind);
    for (const char* game : {"cat-mouse", "mousetrap", "cat-trap", "kmod-trap", "python"})
        kinds.emplace_back(game);
    const std::string kind = params.get_choice("kind", kinds.front(), kinds);
    // Each target reads its own keys; this is the one place that maps a kind to a target and
    // its view.
    if (const TargetModel* m = target_model_of_kind(kind)) {
        std::unique_ptr<Target> target = m->make(params);
        auto view = m->view(*target);
        return TargetAndView{std::move(target), std::move(view)};
    }
    if (kind == "cat-mouse") return with_view(make_cat_mouse_target(params));
    if (kind == "mousetrap") return with_view(make_mousetrap_target(params));
    if (kind == "cat-trap") return with_view(make_cat_trap_target(params));
    if (kind == "kmod-trap") return with_view(make_kmod_target(params));
    return make_python_target(params, external);
}

}  // namespace maze::experiments
