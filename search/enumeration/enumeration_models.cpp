// The one place where the enumeration's board models are registered; each model's entry is
// written in its folder, beside its tree.
#include "mazesearch/search/enumeration/enumeration_models.hpp"

#include <string>
#include <vector>

namespace maze {

std::span<const EnumerationModel* const> enumeration_models() {
    static const EnumerationModel* const models[] = {
        &cell_enumeration_model(),
        &passage_enumeration_model(),
        &hex_enumeration_model(),
    };
    return models;
}

const EnumerationModel& enumeration_model(ModelId model) {
    for (const EnumerationModel* m : enumeration_models())
        if (m->model == model) return *m;
    return *enumeration_models().front();
}

const EnumerationModel* enumeration_model_named(std::string_view name) {
    for (const EnumerationModel* m : enumeration_models())
        if (m->name == name) return m;
    return nullptr;
}

std::string enumeration_model_names(bool quoted, bool (*pick)(const EnumerationModel&)) {
    std::vector<std::string> names;
    for (const EnumerationModel* m : enumeration_models())
        if (!pick || pick(*m)) names.push_back(quoted ? "\"" + std::string(m->name) + "\""
                                                      : std::string(m->name));
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
