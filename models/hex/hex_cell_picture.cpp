// The picture of a hexagonal cell board, as the square boards are drawn: pointy-top hexagons in
// the grid's place (odd rows half a cell to the right), blocked cells in the brick hatch, open
// ones coloured by their visits, the start and the exit outlined and lettered, the legend of the
// square pictures on the right.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <utility>
#include <vector>

#include "mazesearch/engine/pictures/picture_frame.hpp"
#include "mazesearch/engine/pictures/square_cells.hpp"
#include "mazesearch/engine/pictures/square_legend.hpp"
#include "mazesearch/engine/pictures/square_picture.hpp"
#include "mazesearch/engine/pictures/svg_writer.hpp"
#include "mazesearch/engine/svg_render.hpp"
#include "mazesearch/models/hex/hex_cell_board.hpp"

namespace maze {

// Named, not anonymous: the instrumented trees build the engine as a unity build.
namespace hex_picture {

using namespace pictures;

// A hexagon `cell` pixels wide (flat side to flat side): its corner radius, and the height of a
// grid of `rows` rows of them (rows overlap by a quarter of a hexagon's height).
double hex_radius(double cell) {
    return cell / std::numbers::sqrt3;
}
double grid_height(int rows, double cell) {
    return hex_radius(cell) * (1.5 * (rows - 1) + 2.0);
}

std::string corners_of(double x, double y, double radius) {
    std::vector<std::pair<double, double>> corners;
    for (int k = 0; k < 6; ++k) {
        const double a = (60.0 * k + 30.0) * std::numbers::pi / 180.0;
        corners.emplace_back(x + radius * std::cos(a), y + radius * std::sin(a));
    }
    return points_text(corners);
}

}  // namespace hex_picture

std::string render_svg(const HexCellBoard& b, const std::vector<std::uint64_t>& visits,
                       const RenderOptions& options) {
    using namespace pictures;
    using namespace hex_picture;
    const std::size_t n = static_cast<std::size_t>(b.cells());
    if (!visits.empty() && visits.size() != n)
        throw std::invalid_argument("render_svg: visits has " + std::to_string(visits.size()) +
                                    " entries, the board has " + std::to_string(n) + " cells");
    if (options.cell_pixels < 1)
        throw std::invalid_argument("render_svg: cell_pixels must be positive");
    const bool have_visits = !visits.empty();
    auto count = [&](int r, int c) { return visits[static_cast<std::size_t>(r * b.cols() + c)]; };
    std::uint64_t most = 0;
    if (have_visits)
        for (int r = 0; r < b.rows(); ++r)
            for (int c = 0; c < b.cols(); ++c)
                if (b.open(r, c)) most = std::max(most, count(r, c));
    const VisitScale scale = VisitScale::for_max(most);

    // The frame of a square grid wide enough for the half-cell shift and high enough for the
    // hexagons' rows.
    const double cp = options.cell_pixels;
    const int frame_rows =
        std::max(1, static_cast<int>(std::ceil(grid_height(b.rows(), cp) / cp - 1e-9)));
    const SquareLayout l = SquareLayout::compute(frame_rows, b.cols() + 1, options.cell_pixels,
                                                 options.title, legend_size(have_visits));
    const double radius = hex_radius(cp);
    auto centre = [&](int r, int c) {
        return std::pair<double, double>{l.grid_x + cp * (c + 0.5 * (r % 2) + 0.5),
                                         l.grid_y + radius * (1.0 + 1.5 * r)};
    };
    auto fill_of = [&](int r, int c) {
        if (!have_visits) return kNoData;
        const std::uint64_t v = count(r, c);
        return v == 0 ? kZeroVisits : ramp_colour(scale.t(v));
    };

    SvgWriter svg;
    open_grid_document(
        svg, l, options.title,
        "Hexagonal mouse maze " + std::to_string(b.rows()) + "x" + std::to_string(b.cols()));
    svg.open("defs");
    write_brick_pattern(svg, l);
    if (have_visits) write_visit_gradient(svg, l);
    svg.close();
    draw_backdrop(svg, l, options.title);

    svg.open("g", Attributes().set("id", "board").append(stroke(colour_text(kGridLine), 1)));
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) {
            const auto [x, y] = centre(r, c);
            svg.empty_element("polygon", Attributes()
                                             .set("points", corners_of(x, y, radius))
                                             .set("fill", b.open(r, c) ? colour_text(fill_of(r, c))
                                                                       : l.brick_fill()));
        }
    svg.close();

    svg.open("g", Attributes().set("id", "labels"));
    const double marker_stroke = std::max(2.0, std::round(cp / 10.0));
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) {
            if (!b.open(r, c)) continue;
            const auto [x, y] = centre(r, c);
            const bool is_start = Cell{r, c} == b.start();
            const bool marked = is_start || Cell{r, c} == b.exit();
            const Rgb fill = fill_of(r, c);
            const std::uint64_t v = have_visits ? count(r, c) : 0;
            const bool show_count = have_visits && cp >= 20 && v > 0;
            if (marked) {
                const std::string mc = colour_text(is_start ? kStart : kExit);
                svg.empty_element("polygon",
                                  Attributes()
                                      .set("points", corners_of(x, y, radius - marker_stroke / 2))
                                      .set("fill", "none")
                                      .append(stroke(mc, marker_stroke)));
                const double lf = cp * (show_count ? 0.34 : 0.6);
                const double ly = show_count ? y - 0.05 * cp : y + 0.36 * lf;
                draw_text(svg, x, ly, lf, is_dark(fill) ? "#ffffff" : mc, "middle",
                          is_start ? "S" : "E", true);
            }
            if (show_count) {
                const std::string label = count_text(v);
                const double chars = static_cast<double>(label.size());
                const double fs = std::min(cp * (marked ? 0.3 : 0.42), cp * 0.8 / (0.66 * chars));
                const double ly = marked ? y + 0.36 * cp : y + 0.36 * fs;
                draw_text(svg, x, ly, fs, colour_text(is_dark(fill) ? kWhite : kInk), "middle",
                          label);
            }
        }
    svg.close();
    write_legend(svg, l, have_visits, scale);
    svg.close();
    return svg.finish();
}

}  // namespace maze
