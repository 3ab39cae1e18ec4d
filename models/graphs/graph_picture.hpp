// A graph file's maze as an SVG picture: edges as grey lines, vertices as discs coloured by the
// mouse's visits (the square pictures' ramp), the start and the exit marked S and E, the title
// above. Vertices are drawn at their coordinates (3-D ones in an oblique projection, each layer
// shifted right and up), or on a circle in vertex order when the file has none.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "mazesearch/models/graphs/graph_file.hpp"

namespace maze::pictures {

// visits: one count per vertex, or empty to draw the graph without counts. Returns a complete
// standalone SVG document.
std::string render_graph_svg(const GraphFile& g, std::span<const std::uint64_t> visits,
                             const std::string& title);

}  // namespace maze::pictures
