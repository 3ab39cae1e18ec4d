#include "mazesearch/engine/svg_render.hpp"

#include "mazesearch/engine/pictures/square_cells.hpp"
#include "mazesearch/engine/pictures/square_legend.hpp"
#include "mazesearch/engine/pictures/square_picture.hpp"
#include "mazesearch/engine/pictures/svg_writer.hpp"

namespace maze {

std::string render_svg(const Board& b, const std::vector<std::uint64_t>& visits,
                       const RenderOptions& options) {
    using namespace pictures;
    const SquarePicture picture(b, visits, options.cell_pixels, options.title);
    const SquareLayout& l = picture.layout();

    SvgWriter svg;
    svg.declaration();
    svg.open("svg",
             Attributes()
                 .set("xmlns", "http://www.w3.org/2000/svg")
                 .set("version", "1.1")
                 .set("width", l.width)
                 .set("height", l.height)
                 .set("viewBox", "0 0 " + format_number(l.width) + " " + format_number(l.height))
                 .set("font-family", "DejaVu Sans, Helvetica, Arial, sans-serif"));
    svg.text_element(
        "title", {},
        l.has_title ? options.title
                    : "Mouse maze " + std::to_string(b.rows()) + "x" + std::to_string(b.cols()));
    svg.open("defs");
    write_brick_pattern(svg, l);
    if (picture.have_visits()) write_visit_gradient(svg, l);
    svg.close();

    draw_rect(svg, 0, 0, l.width, l.height, "#ffffff");
    if (l.has_title)
        draw_text(svg, l.margin, l.margin + l.title_size - 2.0, l.title_size, colour_text(kInk),
                  "start", options.title, true);
    write_cells(svg, picture);
    write_cell_labels(svg, picture, options.marks);
    write_legend(svg, picture);
    svg.close();
    return svg.finish();
}

}  // namespace maze
