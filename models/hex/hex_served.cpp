// The hexagonal boards in the live view (`mazesearch serve`): their structured form is a cell
// board's (the cells open or blocked, row by row; models/cells/cell_served.hpp), its "model"
// "hex"; the walk is the one every model's answer takes (serve/served_models.hpp).
#include "mazesearch/models/cells/cell_served.hpp"
#include "mazesearch/models/hex/hex_model.hpp"
#include "mazesearch/serve/served_models.hpp"

namespace maze::experiments {

namespace hex_served {

using nlohmann::json;

json structure_of(const HexCellBoard& h) {
    json j = cell_structure(h.square_cells());
    j["model"] = ModelFacts<HexCellBoard>::name;
    return j;
}

HexCellBoard board_of(const json& board, int rows, int cols) {
    return HexCellBoard::from_square_cells(cell_board_of(board, rows, cols));
}

using Served = ServedBoard<HexCellBoard, board_of, structure_of>;

}  // namespace hex_served

}  // namespace maze::experiments

namespace maze {

// Its entry in the table of served models (models/board_models.def).
const experiments::ServedModel* board_models::hex::served_model() {
    static const experiments::ServedModel m{
        .model = ModelId::Hex,
        .form = "cells",
        .shape = "hexagon",
        .flash = ModelFacts<HexCellBoard>::flash,
        .text_help = "a first line \"hex\", then the rows, odd ones indented",
        .text_of = experiments::hex_served::Served::text_of,
        .answer = experiments::hex_served::Served::answer,
        .structure = experiments::hex_served::Served::structure};
    return &m;
}

}  // namespace maze
