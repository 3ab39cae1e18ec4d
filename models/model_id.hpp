// Which board model a file, a result or a table entry is of: one value per line of
// board_models.def, in its order (the cell boards first, the default).
#pragma once

namespace maze {

enum class ModelId {
#define MAZESEARCH_BOARD_MODEL(id, name) id,
#include "mazesearch/models/board_models.def"
#undef MAZESEARCH_BOARD_MODEL
};

}  // namespace maze
