// Which board model a file, a result or a table entry is of: one value per line of
// board_models.def, in its order (the cell boards first, the default), and its name.
#pragma once

#include <optional>
#include <string_view>

namespace maze {

enum class ModelId {
#define MAZESEARCH_BOARD_MODEL(id, name, folder) id,
#include "mazesearch/models/board_models.def"
#undef MAZESEARCH_BOARD_MODEL
};

// The model's name in files, options and configs, the second word of its line: "cells",
// "passages", "graph", "hex".
constexpr std::string_view model_name(ModelId id) {
    constexpr std::string_view names[] = {
#define MAZESEARCH_BOARD_MODEL(id, name, folder) #name,
#include "mazesearch/models/board_models.def"
#undef MAZESEARCH_BOARD_MODEL
    };
    return names[static_cast<int>(id)];
}

// The model of a name (none: no model is so named).
constexpr std::optional<ModelId> model_named(std::string_view name) {
#define MAZESEARCH_BOARD_MODEL(id, word, folder) \
    if (name == #word) return ModelId::id;
#include "mazesearch/models/board_models.def"
#undef MAZESEARCH_BOARD_MODEL
    return std::nullopt;
}

}  // namespace maze
