#include "mazesearch/engine/pictures/square_cells.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

namespace maze::pictures {

namespace {

// The labels of one open cell at (x, y).
void write_labels_of(SvgWriter& svg, const SquarePicture& p, int r, int c,
                     const std::vector<std::pair<Cell, char>>& marks) {
    const SquareLayout& l = p.layout();
    const double cp = l.cell();
    const double x = l.grid_x + c * cp;
    const double y = l.grid_y + r * cp;
    const bool is_start = Cell{r, c} == p.board().start();
    const bool is_exit = Cell{r, c} == p.board().exit();
    const bool marked = is_start || is_exit;
    const std::uint64_t v = p.have_visits() ? p.count(r, c) : 0;
    const Rgb fill = p.open_fill(r, c);
    const std::string ink = colour_text(is_dark(fill) ? kWhite : kInk);
    const bool show_count = p.have_visits() && l.cell_pixels >= 20 && v > 0;
    const double marker_stroke = std::max(2.0, std::round(cp / 10.0));

    if (marked) {
        const std::string mc = colour_text(is_start ? kStart : kExit);
        const double inset = marker_stroke / 2.0;
        draw_rect(svg, x + inset, y + inset, cp - marker_stroke, cp - marker_stroke, "none",
                  stroke(mc, marker_stroke));
        const char* letter = is_start ? "S" : "E";
        if (show_count) {
            // A coloured badge in the top-left corner, the count at the bottom right.
            const double badge = std::round(cp * 0.44);
            draw_rect(svg, x, y, badge, badge, mc);
            const double lf = badge * 0.8;
            draw_text(svg, x + badge / 2.0, y + badge / 2.0 + 0.36 * lf, lf, "#ffffff", "middle",
                      letter, true);
        } else {
            const double lf = cp * 0.6;
            const std::string letter_ink = is_dark(fill) ? "#ffffff" : mc;
            draw_text(svg, x + cp / 2.0, y + cp / 2.0 + 0.36 * lf, lf, letter_ink, "middle", letter,
                      true);
        }
    }
    for (const auto& [at, letter] : marks) {
        if (marked || !(at == Cell{r, c})) continue;
        const double lf = cp * (show_count ? 0.4 : 0.6);
        const double ly = show_count ? y + 0.36 * cp : y + cp / 2.0 + 0.36 * lf;
        draw_text(svg, x + cp / 2.0, ly, lf, ink, "middle", std::string(1, letter), true);
    }
    if (show_count) {
        const std::string label = count_text(v);
        const double chars = static_cast<double>(label.size());
        if (marked) {
            const double room = cp - 2.0 * marker_stroke - 2.0;
            const double fs = std::min(cp * 0.36, room / (0.66 * chars));
            draw_text(svg, x + cp - marker_stroke - 1.0, y + cp - marker_stroke - 1.5, fs, ink,
                      "end", label);
        } else {
            const double fs = std::min(cp * 0.42, cp * 0.88 / (0.66 * chars));
            draw_text(svg, x + cp / 2.0, y + cp / 2.0 + 0.36 * fs, fs, ink, "middle", label);
        }
    }
}

}  // namespace

void write_brick_pattern(SvgWriter& svg, const SquareLayout& layout) {
    const double bw = std::max(4.0, std::round(layout.cell() / 2.0));  // brick width
    const double bh = bw / 2.0;                                        // course height
    svg.open("pattern", Attributes()
                            .set("id", layout.brick_id())
                            .set("patternUnits", "userSpaceOnUse")
                            .set("x", layout.grid_x)
                            .set("y", layout.grid_y)
                            .set("width", bw)
                            .set("height", 2 * bh));
    draw_rect(svg, 0, 0, bw, 2 * bh, colour_text(kBlocked));
    const PathData mortar = PathData()
                                .move_to(0, 0.5)
                                .horizontal_to(bw)
                                .move_to(0, bh + 0.5)
                                .horizontal_to(bw)
                                .move_to(0.5, 0)
                                .vertical_to(bh)
                                .move_to(bw / 2.0 + 0.5, bh)
                                .vertical_to(2 * bh);
    svg.empty_element("path", Attributes()
                                  .set("d", mortar.text())
                                  .append(stroke(colour_text(kBrickLine), 1))
                                  .set("fill", "none"));
    svg.close();
}

void write_cells(SvgWriter& svg, const SquarePicture& p) {
    const SquareLayout& l = p.layout();
    const double cp = l.cell();
    const std::string brick_fill = l.brick_fill();
    svg.open("g", Attributes().set("id", "board").append(stroke(colour_text(kGridLine), 1)));
    for (int r = 0; r < p.board().rows(); ++r) {
        for (int c = 0; c < p.board().cols(); ++c) {
            const double x = l.grid_x + c * cp;
            const double y = l.grid_y + r * cp;
            draw_rect(svg, x, y, cp, cp,
                      p.board().open(r, c) ? colour_text(p.open_fill(r, c)) : brick_fill);
        }
    }
    svg.close();
    draw_rect(svg, l.grid_x, l.grid_y, l.grid_w, l.grid_h, "none", stroke(colour_text(kInk), 1.5));
}

void write_cell_labels(SvgWriter& svg, const SquarePicture& p,
                       const std::vector<std::pair<Cell, char>>& marks) {
    svg.open("g", Attributes().set("id", "labels"));
    for (int r = 0; r < p.board().rows(); ++r)
        for (int c = 0; c < p.board().cols(); ++c)
            if (p.board().open(r, c)) write_labels_of(svg, p, r, c, marks);
    svg.close();
}

}  // namespace maze::pictures
