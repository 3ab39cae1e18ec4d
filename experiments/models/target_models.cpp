// The table of the board models' targets: one entry for each line of models/board_models.def,
// written in the model's folder beside its view.
#include "mazesearch/experiments/models/target_models.hpp"

#include <stdexcept>
#include <string>

namespace maze::experiments {

const std::vector<const TargetModel*>& target_models() {
    static const std::vector<const TargetModel*> models = {
#define MAZESEARCH_BOARD_MODEL(id, name, folder) board_models::name::target_model(),
#include "mazesearch/models/board_models.def"
#undef MAZESEARCH_BOARD_MODEL
    };
    return models;
}

const TargetModel* target_model_of_kind(std::string_view kind) {
    for (const TargetModel* m : target_models())
        if (m->kind == kind) return m;
    return nullptr;
}

const TargetModel* python_target_model(std::string_view name) {
    for (const TargetModel* m : target_models())
        if (m->python && model_name(m->model) == name) return m;
    return nullptr;
}

std::unique_ptr<BoardView> make_view(const Target& target) {
    for (const TargetModel* m : target_models())
        if (auto view = m->view(target)) return view;
    throw std::invalid_argument("make_view: the target '" + target.name() +
                                "' is of no registered board model");
}

}  // namespace maze::experiments
