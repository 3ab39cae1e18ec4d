// The legend beside a square picture's grid: the colour bar of the visit scale with its ticks
// (when there are visit counts), then a swatch for open, blocked, start and exit cells.
#pragma once

#include <string>

#include "mazesearch/engine/pictures/square_picture.hpp"
#include "mazesearch/engine/pictures/svg_writer.hpp"

namespace maze::pictures {

// The height of the colour bar's block: its heading, the bar and its tick labels.
inline constexpr double kVisitBarHeight = 72.0;

// The legend's swatch rows, the same beside cell and passage boards: the label's size, the
// swatch's side, the step from row to row, and how many rows there are (four kinds of cell).
inline constexpr double kLegendLabelSize = 12.0;
inline constexpr double kLegendSwatch = 16.0;
inline constexpr double kLegendRowStep = 22.0;
inline constexpr int kLegendSwatchRows = 4;

// The colour bar of the visit scale at (x, y): its heading ("visits (sqrt scale)"), the bar filled
// with the gradient `gradient_id` and its ticks (0, the largest count and, where it fits, the
// middle). Shared by the pictures of grid and passage boards.
void write_visit_bar(SvgWriter& svg, const VisitScale& scale, const std::string& gradient_id,
                     double x, double y);

// The room the legend takes.
LegendSize legend_size(bool have_visits);

// The colour bar's <linearGradient> (inside <defs>), id layout.gradient_id().
void write_visit_gradient(SvgWriter& svg, const SquareLayout& layout);

// <g id="legend"> at (layout.legend_x, layout.legend_y).
void write_legend(SvgWriter& svg, const SquarePicture& picture);
// The same for any picture framed as a square one (the hexagonal boards'): the visit bar when
// there are visits, then the swatches.
void write_legend(SvgWriter& svg, const SquareLayout& layout, bool have_visits,
                  const VisitScale& scale);

}  // namespace maze::pictures
