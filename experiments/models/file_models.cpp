// The table of the commands' board models: one entry for each line of models/board_models.def,
// written in the model's folder.
#include "mazesearch/experiments/models/file_models.hpp"

#include <stdexcept>

namespace maze::experiments {

const std::vector<FileModel>& file_models() {
    static const std::vector<FileModel> models = {
#define MAZESEARCH_BOARD_MODEL(id, name, folder) *board_models::name::file_model(),
#include "mazesearch/models/board_models.def"
#undef MAZESEARCH_BOARD_MODEL
    };
    return models;
}

const FileModel& file_model(ModelId kind) {
    for (const FileModel& m : file_models())
        if (m.kind == kind) return m;
    throw std::logic_error("a file kind with no registered model");
}

const FileModel* file_model_named(std::string_view name) {
    for (const FileModel& m : file_models())
        if (model_name(m.kind) == name) return &m;
    return nullptr;
}

namespace file_models_pick {

template <typename Pick>
std::vector<ModelId> kinds_where(Pick pick) {
    std::vector<ModelId> out;
    for (const FileModel& m : file_models())
        if (pick(m)) out.push_back(m.kind);
    return out;
}

}  // namespace file_models_pick

std::vector<ModelId> every_file_kind() {
    return file_models_pick::kinds_where([](const FileModel&) { return true; });
}

std::vector<ModelId> benched_file_kinds() {
    return file_models_pick::kinds_where([](const FileModel& m) { return m.bench != nullptr; });
}

std::vector<ModelId> graphed_file_kinds() {
    return file_models_pick::kinds_where([](const FileModel& m) { return m.as_graph != nullptr; });
}

std::vector<ModelId> searched_file_kinds() {
    return file_models_pick::kinds_where([](const FileModel& m) { return m.searched; });
}

}  // namespace maze::experiments
