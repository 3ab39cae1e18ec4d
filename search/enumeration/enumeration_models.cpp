// The table of the enumeration's board models, one entry for each line of
// models/board_models.def whose model is enumerated; each entry is written in its folder, beside
// its tree.
#include "mazesearch/search/enumeration/enumeration_models.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace maze {

std::span<const EnumerationModel* const> enumeration_models() {
    static const std::vector<const EnumerationModel*> models = [] {
        std::vector<const EnumerationModel*> out;
#define MAZESEARCH_BOARD_MODEL(id, name, folder) \
    if (const EnumerationModel* m = board_models::name::enumeration_model()) out.push_back(m);
#include "mazesearch/models/board_models.def"
#undef MAZESEARCH_BOARD_MODEL
        return out;
    }();
    return models;
}

const EnumerationModel& enumeration_model(ModelId model) {
    for (const EnumerationModel* m : enumeration_models())
        if (m->model == model) return *m;
    throw std::invalid_argument(std::string(model_name(model)) + " boards are not enumerated");
}

const EnumerationModel* enumeration_model_named(std::string_view name) {
    for (const EnumerationModel* m : enumeration_models())
        if (model_name(m->model) == name) return m;
    return nullptr;
}

std::string enumeration_model_names(bool quoted, bool (*pick)(const EnumerationModel&)) {
    std::vector<std::string> names;
    for (const EnumerationModel* m : enumeration_models())
        if (!pick || pick(*m)) {
            const std::string name(model_name(m->model));
            names.push_back(quoted ? "\"" + name + "\"" : name);
        }
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
        out += names[i];
    }
    return out;
}

std::unique_ptr<EnumerationTree> enumeration_tree(ModelId model, int rows, int cols,
                                                  Cell start, Cell exit, std::size_t frontier) {
    return enumeration_model(model).tree(rows, cols, start, exit, frontier);
}

EnumerationResult enumerate_boards(ModelId model, int rows, int cols, Cell start,
                                   Cell exit, const EnumerationOptions& options) {
    return enumeration_tree(model, rows, cols, start, exit, options.frontier)->run(options);
}

TreeEstimate estimate_tree(ModelId model, int rows, int cols, Cell start, Cell exit,
                           std::uint64_t probes, std::uint64_t seed, std::uint64_t at_least) {
    return enumeration_model(model).estimate(rows, cols, start, exit, probes, seed, at_least);
}

std::vector<double> estimate_subtrees(ModelId model, int rows, int cols, Cell start,
                                      Cell exit, std::size_t frontier, std::uint64_t probes,
                                      std::uint64_t seed, int threads, std::size_t part,
                                      std::size_t parts) {
    const EnumerationModel& m = enumeration_model(model);
    if (!m.subtree_costs)
        return std::vector<double>(
            enumeration_tree(model, rows, cols, start, exit, frontier)->subtrees(), 1.0);
    return m.subtree_costs(rows, cols, start, exit, frontier, probes, seed, threads, part, parts);
}

}  // namespace maze
