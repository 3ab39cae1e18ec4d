#include "mazesearch/engine/pictures/picture_frame.hpp"

#include <algorithm>
#include <cmath>

#include "mazesearch/engine/pictures/square_picture.hpp"

namespace maze::pictures {

GridFrame GridFrame::place(int rows, int cols, double cell, const std::string& title,
                           LegendSize legend, double room, double gap) {
    GridFrame f;
    f.has_title = !title.empty();
    f.grid_x = f.margin;
    f.grid_y = f.margin + (f.has_title ? 30.0 : 0.0) + room;
    f.grid_w = cell * cols;
    f.grid_h = cell * rows;
    f.legend_x = f.grid_x + f.grid_w + gap + 24.0;
    f.legend_y = f.grid_y;
    double width = f.legend_x + legend.width + f.margin;
    if (f.has_title) width = std::max(width, 2 * f.margin + approx_text_width(title, f.title_size));
    f.width = std::ceil(width);
    f.height = std::ceil(f.grid_y + std::max(f.grid_h + room, legend.height) + f.margin);
    return f;
}

void open_grid_document(SvgWriter& svg, const GridFrame& f, const std::string& title,
                        const std::string& untitled) {
    svg.declaration();
    svg.open("svg",
             Attributes()
                 .set("xmlns", "http://www.w3.org/2000/svg")
                 .set("version", "1.1")
                 .set("width", f.width)
                 .set("height", f.height)
                 .set("viewBox", "0 0 " + format_number(f.width) + " " + format_number(f.height))
                 .set("font-family", "DejaVu Sans, Helvetica, Arial, sans-serif"));
    svg.text_element("title", {}, f.has_title ? title : untitled);
}

void draw_backdrop(SvgWriter& svg, const GridFrame& f, const std::string& title) {
    draw_rect(svg, 0, 0, f.width, f.height, "#ffffff");
    if (f.has_title)
        draw_text(svg, f.margin, f.margin + f.title_size - 2.0, f.title_size, colour_text(kInk),
                  "start", title, true);
}

void open_plain_document(SvgWriter& svg, double width, double height, const std::string& title,
                         const std::string& untitled, double margin, double title_size) {
    svg.declaration();
    const double width_px = std::round(width);
    const double height_px = std::round(height);
    svg.open("svg", Attributes()
                        .set("xmlns", "http://www.w3.org/2000/svg")
                        .set("width", width_px)
                        .set("height", height_px)
                        .set("viewBox",
                             "0 0 " + format_number(width_px) + " " + format_number(height_px)));
    svg.text_element("title", {}, title.empty() ? untitled : title);
    svg.empty_element("rect",
                      Attributes().set("width", "100%").set("height", "100%").set("fill", "white"));
    if (!title.empty())
        svg.text_element("text",
                         Attributes()
                             .set("x", margin)
                             .set("y", 20)
                             .set("font-family", "sans-serif")
                             .set("font-size", title_size),
                         title);
}

}  // namespace maze::pictures
