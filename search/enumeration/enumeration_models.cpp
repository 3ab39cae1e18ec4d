// The one place where the enumeration's board models are registered; each model's entry is
// written in its folder, beside its tree.
#include "mazesearch/search/enumeration/enumeration_models.hpp"

namespace maze {

const EnumerationModel& enumeration_model(EnumeratedModel model) {
    static const EnumerationModel* const models[] = {
        &cell_enumeration_model(),
        &passage_enumeration_model(),
        &hex_enumeration_model(),
    };
    for (const EnumerationModel* m : models)
        if (m->model == model) return *m;
    return *models[0];
}

std::unique_ptr<EnumerationTree> enumeration_tree(EnumeratedModel model, int rows, int cols,
                                                  Cell start, Cell exit, std::size_t frontier) {
    return enumeration_model(model).tree(rows, cols, start, exit, frontier);
}

EnumerationResult enumerate_boards(EnumeratedModel model, int rows, int cols, Cell start,
                                   Cell exit, const EnumerationOptions& options) {
    return enumeration_tree(model, rows, cols, start, exit, options.frontier)->run(options);
}

TreeEstimate estimate_tree(EnumeratedModel model, int rows, int cols, Cell start, Cell exit,
                           std::uint64_t probes, std::uint64_t seed, std::uint64_t at_least) {
    return enumeration_model(model).estimate(rows, cols, start, exit, probes, seed, at_least);
}

std::vector<double> estimate_subtrees(EnumeratedModel model, int rows, int cols, Cell start,
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
