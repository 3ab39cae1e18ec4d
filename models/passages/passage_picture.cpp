#include "mazesearch/models/passages/passage_picture.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "mazesearch/engine/pictures/picture_frame.hpp"
#include "mazesearch/engine/pictures/square_legend.hpp"
#include "mazesearch/engine/pictures/square_picture.hpp"
#include "mazesearch/engine/pictures/svg_writer.hpp"
#include "mazesearch/engine/pictures/visit_scale.hpp"

namespace maze::pictures {

namespace {

constexpr Rgb kWallInk = kInk;

// The frame (the title, the room above the grid for the entrance arrow, the grid, the room below
// it for the exit arrow, the legend on the right) and the sizes of the walls and arrows.
struct PassageLayout : GridFrame {
    double cell = 32;
    double arrow_room = 0;  // above and below the grid
    double wall_width = 2;
    double legend_w = 0;
};

double legend_width() {
    return std::max(
        {154.0, approx_text_width("cell, 0 visits", kLegendLabelSize) + kLegendSwatch + 8.0,
         approx_text_width("entrance (one-way)", kLegendLabelSize) + kLegendSwatch + 8.0});
}

PassageLayout compute_layout(const PassageBoard& b, int cell_pixels, const std::string& title,
                             bool have_visits) {
    PassageLayout l;
    l.cell = cell_pixels;
    l.wall_width = std::max(2.0, std::round(l.cell / 8.0));
    l.arrow_room = std::max(14.0, std::round(l.cell * 0.75));
    l.legend_w = legend_width();
    const double legend_h =
        (have_visits ? kVisitBarHeight : 0.0) + kLegendSwatchRows * kLegendRowStep;
    static_cast<GridFrame&>(l) = GridFrame::place(
        b.rows(), b.cols(), l.cell, title, {l.legend_w, legend_h}, l.arrow_room, l.wall_width);
    return l;
}

// A downward arrow whose tip is at (x, tip_y), `length` long, in colour c.
void draw_arrow(SvgWriter& svg, double x, double tip_y, double length, double head, Rgb c,
                double width) {
    const std::string colour = colour_text(c);
    svg.empty_element(
        "path",
        Attributes()
            .set("d", PathData().move_to(x, tip_y - length).vertical_to(tip_y - head * 0.8).text())
            .append(stroke(colour, width))
            .set("fill", "none"));
    svg.empty_element("polygon", Attributes()
                                     .set("points", points_text({{x - head * 0.6, tip_y - head},
                                                                 {x + head * 0.6, tip_y - head},
                                                                 {x, tip_y}}))
                                     .set("fill", colour));
}

// The fill of a cell: white without visit data, pale neutral when never visited, else its place
// on the ramp (as SquarePicture::open_fill).
Rgb cell_fill(bool have_visits, std::uint64_t v, const VisitScale& scale) {
    if (!have_visits) return kNoData;
    return v == 0 ? kZeroVisits : ramp_colour(scale.t(v));
}

// The walls as one path: every closed passage, then the border with its two gaps.
std::string wall_path(const PassageBoard& b, const PassageLayout& l) {
    PathData d;
    const double x0 = l.grid_x;
    const double y0 = l.grid_y;
    const double cp = l.cell;
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) {
            if (c + 1 < b.cols() && !b.right_open(r, c))
                d.move_to(x0 + (c + 1) * cp, y0 + r * cp).vertical_to(y0 + (r + 1) * cp);
            if (r + 1 < b.rows() && !b.down_open(r, c))
                d.move_to(x0 + c * cp, y0 + (r + 1) * cp).horizontal_to(x0 + (c + 1) * cp);
        }
    const double x1 = x0 + l.grid_w;
    const double y1 = y0 + l.grid_h;
    // The border, drawn round from the entrance gap's right edge back to its left edge, leaving
    // the exit gap open on the way.
    d.move_to(x0 + (b.entrance() + 1) * cp, y0).horizontal_to(x1).vertical_to(y1);
    d.horizontal_to(x0 + (b.exit() + 1) * cp).move_to(x0 + b.exit() * cp, y1).horizontal_to(x0);
    d.vertical_to(y0).horizontal_to(x0 + b.entrance() * cp);
    return d.text();
}

// The cells, without outlines: where a passage is open, two cells meet with no line.
void write_cells(SvgWriter& svg, const PassageBoard& b, const std::vector<std::uint64_t>& visits,
                 const VisitScale& scale, const PassageLayout& l) {
    const bool have_visits = !visits.empty();
    svg.open("g", Attributes().set("id", "cells"));
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) {
            const std::uint64_t v = have_visits ? visits[static_cast<size_t>(r * b.cols() + c)] : 0;
            draw_rect(svg, l.grid_x + c * l.cell, l.grid_y + r * l.cell, l.cell, l.cell,
                      colour_text(cell_fill(have_visits, v, scale)));
        }
    svg.close();
}

// Faint lines between cells whose passage is open, so that the grid can still be counted.
void write_open_passages(SvgWriter& svg, const PassageBoard& b, const PassageLayout& l) {
    svg.open("g", Attributes()
                      .set("id", "passages")
                      .append(stroke(colour_text(kGridLine), 0.5))
                      .set("stroke-dasharray", "2 3"));
    PathData d;
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) {
            if (c + 1 < b.cols() && b.right_open(r, c))
                d.move_to(l.grid_x + (c + 1) * l.cell, l.grid_y + r * l.cell)
                    .vertical_to(l.grid_y + (r + 1) * l.cell);
            if (r + 1 < b.rows() && b.down_open(r, c))
                d.move_to(l.grid_x + c * l.cell, l.grid_y + (r + 1) * l.cell)
                    .horizontal_to(l.grid_x + (c + 1) * l.cell);
        }
    if (!d.text().empty())
        svg.empty_element("path", Attributes().set("d", d.text()).set("fill", "none"));
    svg.close();
}

// The entrance arrow ends in the gap of the top border, the exit arrow starts in the gap of the
// bottom border and points out.
void write_doors(SvgWriter& svg, const PassageBoard& b, const PassageLayout& l) {
    const double head = std::max(6.0, std::round(l.cell * 0.3));
    const double shaft = std::max(2.0, std::round(l.cell / 12.0));
    svg.open("g", Attributes().set("id", "doors"));
    draw_arrow(svg, l.grid_x + (b.entrance() + 0.5) * l.cell, l.grid_y + l.wall_width, l.arrow_room,
               head, kStart, shaft);
    draw_arrow(svg, l.grid_x + (b.exit() + 0.5) * l.cell, l.grid_y + l.grid_h + l.arrow_room - 2.0,
               l.arrow_room - 2.0 + l.wall_width, head, kExit, shaft);
    svg.close();
}

void write_counts(SvgWriter& svg, const PassageBoard& b, const std::vector<std::uint64_t>& visits,
                  const VisitScale& scale, const PassageLayout& l) {
    svg.open("g", Attributes().set("id", "labels"));
    const double cp = l.cell;
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) {
            const std::uint64_t v = visits[static_cast<size_t>(r * b.cols() + c)];
            if (v == 0) continue;
            const std::string label = count_text(v);
            const Rgb fill = cell_fill(true, v, scale);
            const double chars = static_cast<double>(label.size());
            // Room inside the walls: a cell less a wall's width.
            const double room = cp - l.wall_width;
            const double fs = std::min(cp * 0.42, room * 0.88 / (0.66 * chars));
            draw_text(svg, l.grid_x + (c + 0.5) * cp, l.grid_y + (r + 0.5) * cp + 0.36 * fs, fs,
                      colour_text(is_dark(fill) ? kWhite : kInk), "middle", label);
        }
    svg.close();
}

void write_legend(SvgWriter& svg, const VisitScale* scale, const std::string& gradient_id,
                  const PassageLayout& l) {
    const std::string ink = colour_text(kInk);
    const double x = l.legend_x;
    double y = l.legend_y;
    svg.open("g", Attributes().set("id", "legend"));
    if (scale) {
        write_visit_bar(svg, *scale, gradient_id, x, y);
        y += kVisitBarHeight;
    }
    auto label = [&](const std::string& text) {
        draw_text(svg, x + kLegendSwatch + 8.0, y + kLegendSwatch / 2.0 + 0.36 * kLegendLabelSize,
                  kLegendLabelSize, ink, "start", text);
        y += kLegendRowStep;
    };
    draw_rect(svg, x, y, kLegendSwatch, kLegendSwatch, colour_text(scale ? kZeroVisits : kNoData),
              stroke(colour_text(kGridLine), 1));
    label(scale ? "cell, 0 visits" : "cell");
    svg.empty_element("path", Attributes()
                                  .set("d", PathData()
                                                .move_to(x + 1, y + kLegendSwatch / 2.0)
                                                .horizontal_to(x + kLegendSwatch - 1)
                                                .text())
                                  .append(stroke(colour_text(kWallInk), 3))
                                  .set("stroke-linecap", "square"));
    label("wall");
    draw_arrow(svg, x + kLegendSwatch / 2.0, y + kLegendSwatch, kLegendSwatch, 7.0, kStart, 2.0);
    label("entrance (one-way)");
    draw_arrow(svg, x + kLegendSwatch / 2.0, y + kLegendSwatch, kLegendSwatch, 7.0, kExit, 2.0);
    label("exit");
    svg.close();
}

}  // namespace

}  // namespace maze::pictures

namespace maze {

std::string render_svg(const PassageBoard& b, const std::vector<std::uint64_t>& visits,
                       const RenderOptions& options) {
    using namespace pictures;
    const size_t cells = static_cast<size_t>(b.cells());
    if (!visits.empty() && visits.size() != cells)
        throw std::invalid_argument("render_svg: visits has " + std::to_string(visits.size()) +
                                    " entries, the board has " + std::to_string(cells) + " cells");
    if (options.cell_pixels < 1)
        throw std::invalid_argument("render_svg: cell_pixels must be positive");
    const bool have_visits = !visits.empty();
    const VisitScale scale =
        VisitScale::for_max(have_visits ? *std::max_element(visits.begin(), visits.end()) : 0);
    const PassageLayout l = compute_layout(b, options.cell_pixels, options.title, have_visits);
    // The grid pictures' gradient (and its id, so that both kinds can share one page).
    SquareLayout ids;
    ids.cell_pixels = options.cell_pixels;

    SvgWriter svg;
    open_grid_document(svg, l, options.title,
                       "Mouse Maze 2 " + std::to_string(b.rows()) + "x" + std::to_string(b.cols()));
    if (have_visits) {
        svg.open("defs");
        write_visit_gradient(svg, ids);
        svg.close();
    }
    draw_backdrop(svg, l, options.title);

    write_cells(svg, b, visits, scale, l);
    write_open_passages(svg, b, l);
    if (have_visits && options.cell_pixels >= 20) write_counts(svg, b, visits, scale, l);
    svg.empty_element("path", Attributes()
                                  .set("id", "walls")
                                  .set("d", wall_path(b, l))
                                  .append(stroke(colour_text(kWallInk), l.wall_width))
                                  .set("stroke-linecap", "square")
                                  .set("fill", "none"));
    write_doors(svg, b, l);
    write_legend(svg, have_visits ? &scale : nullptr, ids.gradient_id(), l);
    svg.close();
    return svg.finish();
}

}  // namespace maze
