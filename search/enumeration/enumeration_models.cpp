// The one place where the enumeration's board models are registered.
#include "mazesearch/search/enumeration/enumeration_models.hpp"

#include "mazesearch/models/hex/hex_tree.hpp"
#include "mazesearch/models/passages/passage_enumeration.hpp"

namespace maze {

namespace enumeration_models {

TreeEstimate cell_estimate(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                           std::uint64_t seed, std::uint64_t) {
    return estimate_tree(rows, cols, start, exit, probes, seed);
}
EnumerationResult cell_sample(const EnumerationOptions& o) {
    return enumerate_boards(6, 5, {0, 0}, {5, 0}, o);
}

std::unique_ptr<EnumerationTree> passage_tree(int rows, int cols, Cell start, Cell exit,
                                              std::size_t frontier) {
    return passage_enumeration_tree(rows, cols, start.c, exit.c, frontier);
}
TreeEstimate passage_estimate(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                              std::uint64_t seed, std::uint64_t at_least) {
    return estimate_passage_tree(rows, cols, start.c, exit.c, probes, seed, at_least);
}
EnumerationResult passage_sample(const EnumerationOptions& o) {
    return enumerate_passage_boards(4, 4, -1, -1, o);
}

TreeEstimate hex_estimate(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                          std::uint64_t seed, std::uint64_t) {
    return estimate_hex_tree(rows, cols, start, exit, probes, seed);
}
EnumerationResult hex_sample(const EnumerationOptions& o) {
    return enumerate_hex_boards(5, 5, {0, 0}, {4, 0}, o);
}

}  // namespace enumeration_models

const EnumerationModel& enumeration_model(EnumeratedModel model) {
    using namespace enumeration_models;
    static const EnumerationModel models[] = {
        {EnumeratedModel::Cells, "", cell_enumeration_tree, cell_estimate, estimate_subtrees,
         cell_sample, "6x5"},
        {EnumeratedModel::Passages, " passages", passage_tree, passage_estimate, nullptr,
         passage_sample, "4x4 passage"},
        {EnumeratedModel::Hex, " hex", hex_enumeration_tree, hex_estimate, estimate_hex_subtrees,
         hex_sample, "5x5 hex"},
    };
    for (const EnumerationModel& m : models)
        if (m.model == model) return m;
    return models[0];
}

}  // namespace maze
