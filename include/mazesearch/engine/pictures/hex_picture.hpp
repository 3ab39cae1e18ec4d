// The cat trap's hexagonal board as an SVG picture: pointy-top hexagons, blocked cells dark,
// open border cells (the cat's ways out) tinted, the cat an orange disc, the title above.
#pragma once

#include <string>
#include <vector>

#include "mazesearch/engine/games/cat_trap.hpp"

namespace maze::pictures {

// The board of side `side` (HexBoard's range) with `blocked` cells and the cat on `cat`.
// Throws std::invalid_argument when the side is out of range or a cell is off the board.
// Returns a complete standalone SVG document.
std::string render_hex_svg(int side, const std::vector<Hex>& blocked, Hex cat,
                           const std::string& title);

}  // namespace maze::pictures
