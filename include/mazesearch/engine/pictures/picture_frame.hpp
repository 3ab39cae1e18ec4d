// What every picture's document shares, written once: the frame of the grid pictures (cell
// boards, svg_render.cpp; passage boards, passage_picture.cpp: the title above, the grid on the
// left with room above and below it, the legend on its right) with their document head and
// backdrop, and the head of the plain pictures drawn at their own coordinates (hex boards,
// hex_picture.cpp; graph files, graph_picture.cpp).
#pragma once

#include <string>

#include "mazesearch/engine/pictures/svg_writer.hpp"

namespace maze::pictures {

struct LegendSize {
    double width = 0;
    double height = 0;
};

// Positions in pixels; the document is width x height.
struct GridFrame {
    double margin = 16.0;
    double title_size = 16.0;
    bool has_title = false;
    double grid_x = 0;
    double grid_y = 0;
    double grid_w = 0;
    double grid_h = 0;
    double legend_x = 0;
    double legend_y = 0;
    double width = 0;
    double height = 0;

    // A rows x cols grid of `cell` pixels, `room` pixels free above and below it (the passage
    // pictures' arrows) and `gap` pixels more than usual between it and the legend.
    static GridFrame place(int rows, int cols, double cell, const std::string& title,
                           LegendSize legend, double room = 0, double gap = 0);
};

// The XML declaration, the <svg> element (left open) and its <title>: the picture's title, or
// `untitled` when it has none.
void open_grid_document(SvgWriter& svg, const GridFrame& f, const std::string& title,
                        const std::string& untitled);

// The white background and the title line in bold (after the defs, before the grid).
void draw_backdrop(SvgWriter& svg, const GridFrame& f, const std::string& title);

// The title of a plain picture: its size, and about the width of one of its characters.
inline constexpr double kPlainTitleSize = 14.0;
inline constexpr double kPlainTitleCharWidth = 7.5;

// A plain picture's head: the declaration, <svg> (left open) of the size rounded to whole
// pixels, its <title> (`untitled` when there is no title), the white background and the title
// line at the left margin.
void open_plain_document(SvgWriter& svg, double width, double height, const std::string& title,
                         const std::string& untitled, double margin, double title_size);

}  // namespace maze::pictures
