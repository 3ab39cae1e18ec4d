#include "mazesearch/engine/pictures/square_picture.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>

#include "mazesearch/engine/pictures/square_legend.hpp"

namespace maze::pictures {

SquareLayout SquareLayout::compute(int rows, int cols, int cell_pixels, const std::string& title,
                                   LegendSize legend) {
    SquareLayout l;
    static_cast<GridFrame&>(l) = GridFrame::place(rows, cols, cell_pixels, title, legend);
    l.cell_pixels = cell_pixels;
    return l;
}

SquarePicture::SquarePicture(const Board& board, const std::vector<std::uint64_t>& visits,
                             int cell_pixels, const std::string& title)
    : board_(board), visits_(visits) {
    const std::size_t n =
        static_cast<std::size_t>(board.rows()) * static_cast<std::size_t>(board.cols());
    if (!visits.empty() && visits.size() != n)
        throw std::invalid_argument("render_svg: visits has " + std::to_string(visits.size()) +
                                    " entries, the board has " + std::to_string(n) + " cells");
    if (cell_pixels < 1) throw std::invalid_argument("render_svg: cell_pixels must be positive");
    std::uint64_t max_visits = 0;
    if (have_visits())
        for (int r = 0; r < board.rows(); ++r)
            for (int c = 0; c < board.cols(); ++c)
                if (board.open(r, c)) max_visits = std::max(max_visits, count(r, c));
    scale_ = VisitScale::for_max(max_visits);
    layout_ = SquareLayout::compute(board.rows(), board.cols(), cell_pixels, title,
                                    legend_size(have_visits()));
}

std::uint64_t SquarePicture::count(int r, int c) const {
    return visits_[static_cast<std::size_t>(r) * static_cast<std::size_t>(board_.cols()) +
                   static_cast<std::size_t>(c)];
}

Rgb SquarePicture::open_fill(int r, int c) const {
    if (!have_visits()) return kNoData;
    const std::uint64_t v = count(r, c);
    return v == 0 ? kZeroVisits : ramp_colour(scale_.t(v));
}

Attributes stroke(std::string_view colour, double width) {
    return Attributes().set("stroke", colour).set("stroke-width", width);
}

void draw_rect(SvgWriter& svg, double x, double y, double w, double h, std::string_view fill,
               const Attributes& extra) {
    svg.empty_element("rect", Attributes()
                                  .set("x", x)
                                  .set("y", y)
                                  .set("width", w)
                                  .set("height", h)
                                  .set("fill", fill)
                                  .append(extra));
}

void draw_text(SvgWriter& svg, double x, double y, double size, std::string_view fill,
               std::string_view anchor, std::string_view body, bool bold) {
    Attributes a;
    a.set("x", x).set("y", y).set("font-size", size).set("fill", fill);
    if (anchor != "start") a.set("text-anchor", anchor);
    if (bold) a.set("font-weight", "bold");
    svg.text_element("text", a, body);
}

}  // namespace maze::pictures
