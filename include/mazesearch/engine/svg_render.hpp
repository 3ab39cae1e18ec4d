// Draws a board as the paper's figures do: blocked cells dark, open cells coloured by visit
// count (warmer = more visits) with a legend, start and exit marked, the score in the title.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "mazesearch/models/cells/board.hpp"

namespace maze {

struct RenderOptions {
    std::string title;  // e.g. "board.txt: 180 moves (Flash 182)"; empty: no title line
    int cell_pixels = 32;
    // Extra letters drawn on open cells other than start and exit, e.g. {cat, 'C'} for the
    // Cat and Mouse target.
    std::vector<std::pair<Cell, char>> marks;
};

// visits: rows*cols counts in row-major order (may be empty: all open cells drawn uncoloured,
// as for an infeasible board). Returns a complete standalone SVG document.
std::string render_svg(const Board& b, const std::vector<std::uint64_t>& visits,
                       const RenderOptions& options);

}  // namespace maze
