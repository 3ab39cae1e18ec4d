// The table of the board models the live view edits and walks: one entry for each line of
// models/board_models.def that has one, written in the model's folder.
#include "mazesearch/serve/served_models.hpp"

namespace maze::experiments {

const std::vector<const ServedModel*>& served_models() {
    static const std::vector<const ServedModel*> models = [] {
        std::vector<const ServedModel*> out;
#define MAZESEARCH_BOARD_MODEL(id, name, folder) \
    if (const ServedModel* m = board_models::name::served_model()) out.push_back(m);
#include "mazesearch/models/board_models.def"
#undef MAZESEARCH_BOARD_MODEL
        return out;
    }();
    return models;
}

const ServedModel* served_model(ModelId model) {
    for (const ServedModel* m : served_models())
        if (m->model == model) return m;
    return nullptr;
}

nlohmann::json served_models_json() {
    nlohmann::json out = nlohmann::json::array();
    for (const ServedModel* m : served_models())
        out.push_back({{"name", model_name(m->model)},
                       {"form", m->form},
                       {"shape", m->shape},
                       {"flash", m->flash},
                       {"text", m->text_help}});
    return out;
}

}  // namespace maze::experiments
