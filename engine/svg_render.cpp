#include "mazesearch/engine/svg_render.hpp"

#include "mazesearch/engine/pictures/picture_frame.hpp"
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
    open_grid_document(svg, l, options.title,
                       "Mouse maze " + std::to_string(b.rows()) + "x" + std::to_string(b.cols()));
    svg.open("defs");
    write_brick_pattern(svg, l);
    if (picture.have_visits()) write_visit_gradient(svg, l);
    svg.close();
    draw_backdrop(svg, l, options.title);
    write_cells(svg, picture);
    write_cell_labels(svg, picture, options.marks);
    write_legend(svg, picture);
    svg.close();
    return svg.finish();
}

}  // namespace maze
