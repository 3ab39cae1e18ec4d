// A Mouse Maze 2 board (passage board) as an SVG picture: every cell coloured by its visits on
// the grid pictures' heat scale, the walls drawn as dark lines over the cells, the entrance gap
// in the top border marked by a green arrow pointing in and the exit gap in the bottom border by
// a blue arrow pointing out, counts in the cells when they are large enough, and the legend
// beside the grid (the same colour bar as the grid pictures, then cell, wall, entrance, exit).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mazesearch/models/passages/passage_board.hpp"
#include "mazesearch/engine/svg_render.hpp"

namespace maze {

// visits: rows * cols counts, row-major, as reference_counts gives them (may be empty: the
// cells drawn white, as for an infeasible board). options.marks are ignored. Throws
// std::invalid_argument when visits has another size or cell_pixels is not positive. Returns a
// complete standalone SVG document.
std::string render_svg(const PassageBoard& b, const std::vector<std::uint64_t>& visits,
                       const RenderOptions& options);

}  // namespace maze
