// Graph files are not edited or walked in the live view's maze editor: the model has no entry in
// the table of served models (serve/served_models.hpp, models/board_models.def).
#include "mazesearch/serve/served_models.hpp"

namespace maze {

const experiments::ServedModel* board_models::graph::served_model() { return nullptr; }

}  // namespace maze
