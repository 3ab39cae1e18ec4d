// The legend beside a square picture's grid: the colour bar of the visit scale with its ticks
// (when there are visit counts), then a swatch for open, blocked, start and exit cells.
#pragma once

#include "mazesearch/engine/pictures/square_picture.hpp"
#include "mazesearch/engine/pictures/svg_writer.hpp"

namespace maze::pictures {

// The room the legend takes.
LegendSize legend_size(bool have_visits);

// The colour bar's <linearGradient> (inside <defs>), id layout.gradient_id().
void write_visit_gradient(SvgWriter& svg, const SquareLayout& layout);

// <g id="legend"> at (layout.legend_x, layout.legend_y).
void write_legend(SvgWriter& svg, const SquarePicture& picture);

}  // namespace maze::pictures
