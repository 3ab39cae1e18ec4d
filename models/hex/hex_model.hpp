// The hexagonal cell boards as a board model (include/mazesearch/engine/board_model.hpp): the
// board and its walks (hex_cell_board.hpp, hex_walk.hpp), its picture, and what is said of its
// walks wherever a board of it is met.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mazesearch/models/cells/cell_model.hpp"
#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/engine/svg_render.hpp"
#include "mazesearch/models/hex/hex_cell_board.hpp"
#include "mazesearch/models/hex/hex_walk.hpp"

namespace maze {

// The board with Squeaky's visits (rows * cols, row-major, or none), as the square boards are
// drawn: hexagons coloured by visits, start and exit marked, the legend on the right
// (hex_cell_picture.cpp).
std::string render_svg(const HexCellBoard& b, const std::vector<std::uint64_t>& visits,
                       const RenderOptions& options);

// What is said of the cell boards' walks (the paper's convention, no move in, the same words for
// an infeasible board), but for the name and the Flash count, which is the square game's.
template <>
struct ModelFacts<HexCellBoard> : ModelFacts<Board> {
    static constexpr std::string_view name = "hex";
    static constexpr bool flash = false;
};

static_assert(BoardModel<HexCellBoard>);

// The board as a graph file (make-graph board): its open cells as vertices "r,c" at their
// centres (odd rows half a cell to the right, rows sqrt(3)/2 apart), each with its neighbours in
// Squeaky's order. Squeaky walks it exactly as he walks the board.
GraphFile grid_graph_file(const HexCellBoard& b);

}  // namespace maze
