// The cell boards in the live view (`mazesearch serve`): their structured form, the cells open
// or blocked row by row with the start and the exit, read and said; the walk is the one every
// model's answer takes (serve/served_models.hpp).
#include "mazesearch/models/cells/cell_served.hpp"

#include "mazesearch/models/cells/cell_model.hpp"
#include "mazesearch/serve/served_models.hpp"

namespace maze::experiments {

using nlohmann::json;

Board cell_board_of(const json& j, int rows, int cols) {
    only_keys(j, "board.", {"model", "rows", "cols", "open", "start", "exit"});
    Board b(rows, cols, cell_of(j, "start", rows, cols), cell_of(j, "exit", rows, cols));
    const std::vector<bool> open = flags(j, "open", rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            if (open[static_cast<std::size_t>(r * cols + c)]) continue;
            // The start and the exit are open cells: a board that blocks one is not a board.
            if (Cell{r, c} == b.start() || Cell{r, c} == b.exit())
                throw RequestError(
                    400, "board.open: the " +
                             std::string(Cell{r, c} == b.start() ? "start" : "exit") + " " +
                             cell_name(r, c) + " is flagged 0 (blocked); it is always open");
            b.set_open(r, c, false);
        }
    return b;
}

json cell_structure(const Board& b) {
    std::vector<int> open;
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) open.push_back(b.open(r, c) ? 1 : 0);
    return {{"model", ModelFacts<Board>::name},
            {"rows", b.rows()},
            {"cols", b.cols()},
            {"open", open},
            {"start", {b.start().r, b.start().c}},
            {"exit", {b.exit().r, b.exit().c}}};
}

using CellServed = ServedBoard<Board, cell_board_of, cell_structure>;

}  // namespace maze::experiments

namespace maze {

// Its entry in the table of served models (models/board_models.def).
const experiments::ServedModel* board_models::cells::served_model() {
    static const experiments::ServedModel m{
        .model = ModelId::Cells,
        .form = "cells",
        .shape = "square",
        .flash = ModelFacts<Board>::flash,
        .text_help = ". # S E",
        .text_of = experiments::CellServed::text_of,
        .answer = experiments::CellServed::answer,
        .structure = experiments::CellServed::structure};
    return &m;
}

}  // namespace maze
