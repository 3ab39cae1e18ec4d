// The grid of a square picture: blocked cells in a brick hatch, open cells coloured by their
// visits, the grid's border; then the labels on top: visit counts (cells of 20 pixels or more),
// the start and exit markers, and extra letters on chosen cells.
#pragma once

#include <utility>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/engine/pictures/square_picture.hpp"
#include "mazesearch/engine/pictures/svg_writer.hpp"

namespace maze::pictures {

// The brick hatch's <pattern> (inside <defs>), id layout.brick_id().
void write_brick_pattern(SvgWriter& svg, const SquareLayout& layout);

// <g id="board">: one rect a cell, then the border around the grid.
void write_cells(SvgWriter& svg, const SquarePicture& picture);

// <g id="labels">: counts, start and exit markers, and `marks` (letters on open cells other
// than the start and exit).
void write_cell_labels(SvgWriter& svg, const SquarePicture& picture,
                       const std::vector<std::pair<Cell, char>>& marks);

}  // namespace maze::pictures
