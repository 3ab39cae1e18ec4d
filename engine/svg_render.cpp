#include "mazesearch/engine/svg_render.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "mazesearch/engine/pictures/svg_writer.hpp"

namespace maze {

namespace {

using pictures::approx_text_width;
using pictures::Attributes;
using pictures::colour_text;
using pictures::PathData;
using pictures::Rgb;
using pictures::SvgWriter;

// ---------------------------------------------------------------------------------------------
// Counts.

// Counts as written in cells: exact below 100000, then compact ("123k", "4.5M").
std::string count_text(std::uint64_t v) {
    if (v < 100000) return std::to_string(v);
    static constexpr std::array<const char*, 5> kSuffix = {"k", "M", "G", "T", "P"};
    double x = static_cast<double>(v);
    std::size_t i = 0;
    x /= 1000.0;
    while (x >= 999.95 && i + 1 < kSuffix.size()) {
        x /= 1000.0;
        ++i;
    }
    std::string digits;
    if (x < 10.0) {
        const long long tenths = std::llround(x * 10.0);
        digits = std::to_string(tenths / 10);
        if (tenths % 10 != 0) {
            digits += '.';
            digits += std::to_string(tenths % 10);
        }
    } else {
        digits = std::to_string(std::llround(x));
    }
    return digits + kSuffix[i];
}

// ---------------------------------------------------------------------------------------------
// Colours.

struct Stop {
    double at;
    Rgb colour;
};

// Warm scale from pale yellow (few visits) to deep red (most visits).
constexpr std::array<Stop, 5> kStops = {{
    {0.00, {255, 247, 188}},
    {0.25, {254, 217, 118}},
    {0.50, {253, 141, 60}},
    {0.75, {227, 26, 28}},
    {1.00, {128, 0, 38}},
}};

Rgb scale_colour(double t) {
    t = std::clamp(t, 0.0, 1.0);
    for (std::size_t i = 1; i < kStops.size(); ++i) {
        if (t <= kStops[i].at) {
            const Stop& lo = kStops[i - 1];
            const Stop& hi = kStops[i];
            const double f = (t - lo.at) / (hi.at - lo.at);
            auto mix = [f](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * f)); };
            return {mix(lo.colour.r, hi.colour.r), mix(lo.colour.g, hi.colour.g),
                    mix(lo.colour.b, hi.colour.b)};
        }
    }
    return kStops.back().colour;
}

bool is_dark(Rgb c) {
    return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b < 140.0;
}

constexpr Rgb kBlocked = {43, 43, 43};        // #2b2b2b
constexpr Rgb kBrickLine = {64, 62, 58};      // mortar lines on blocked cells
constexpr Rgb kZeroVisits = {236, 234, 228};  // open, never visited: pale neutral
constexpr Rgb kNoData = {255, 255, 255};      // open, no visit data (infeasible board)
constexpr Rgb kGridLine = {150, 146, 138};
constexpr Rgb kStart = {26, 152, 80};  // green
constexpr Rgb kExit = {33, 102, 172};  // blue
constexpr Rgb kInk = {34, 34, 34};
constexpr Rgb kWhite = {255, 255, 255};

// ---------------------------------------------------------------------------------------------
// The visit scale: maps a count to [0, 1] and back.

enum class Scale { Linear, Sqrt, Log };

struct VisitScale {
    Scale kind = Scale::Linear;
    std::uint64_t max = 0;

    static double forward(Scale k, double v) {
        switch (k) {
            case Scale::Linear:
                return v;
            case Scale::Sqrt:
                return std::sqrt(v);
            case Scale::Log:
                return std::log1p(v);
        }
        return v;
    }
    static double inverse(Scale k, double y) {
        switch (k) {
            case Scale::Linear:
                return y;
            case Scale::Sqrt:
                return y * y;
            case Scale::Log:
                return std::expm1(y);
        }
        return y;
    }
    double t(std::uint64_t v) const {
        if (max == 0) return 0.0;
        return forward(kind, static_cast<double>(v)) / forward(kind, static_cast<double>(max));
    }
    // The count whose position is nearest fraction `f` of the bar.
    std::uint64_t at_fraction(double f) const {
        const double y = f * forward(kind, static_cast<double>(max));
        const double v = std::round(inverse(kind, y));
        if (v <= 0.0) return 0;
        if (v >= static_cast<double>(max)) return max;
        return static_cast<std::uint64_t>(v);
    }
    const char* name() const {
        switch (kind) {
            case Scale::Linear:
                return "linear scale";
            case Scale::Sqrt:
                return "sqrt scale";
            case Scale::Log:
                return "log scale";
        }
        return "";
    }
};

VisitScale choose_scale(std::uint64_t max) {
    VisitScale s;
    s.max = max;
    if (max <= 16)
        s.kind = Scale::Linear;
    else if (max <= 400)
        s.kind = Scale::Sqrt;
    else
        s.kind = Scale::Log;
    return s;
}

// ---------------------------------------------------------------------------------------------
// Element shortcuts.

Attributes stroke(std::string_view colour, double width) {
    return Attributes().set("stroke", colour).set("stroke-width", width);
}

void rect(SvgWriter& svg, double x, double y, double w, double h, std::string_view fill,
          const Attributes& extra = {}) {
    svg.empty_element("rect", Attributes()
                                  .set("x", x)
                                  .set("y", y)
                                  .set("width", w)
                                  .set("height", h)
                                  .set("fill", fill)
                                  .append(extra));
}

void text(SvgWriter& svg, double x, double y, double size, std::string_view fill,
          std::string_view anchor, std::string_view body, bool bold = false) {
    Attributes a;
    a.set("x", x).set("y", y).set("font-size", size).set("fill", fill);
    if (anchor != "start") a.set("text-anchor", anchor);
    if (bold) a.set("font-weight", "bold");
    svg.text_element("text", a, body);
}

}  // namespace

std::string render_svg(const Board& b, const std::vector<std::uint64_t>& visits,
                       const RenderOptions& options) {
    const int rows = b.rows();
    const int cols = b.cols();
    const std::size_t n = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
    if (!visits.empty() && visits.size() != n)
        throw std::invalid_argument("render_svg: visits has " + std::to_string(visits.size()) +
                                    " entries, the board has " + std::to_string(n) + " cells");
    if (options.cell_pixels < 1)
        throw std::invalid_argument("render_svg: cell_pixels must be positive");

    const bool have_visits = !visits.empty();
    const double cp = options.cell_pixels;
    auto count_at = [&](int r, int c) {
        return visits[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) +
                      static_cast<std::size_t>(c)];
    };

    std::uint64_t max_visits = 0;
    if (have_visits)
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c)
                if (b.open(r, c)) max_visits = std::max(max_visits, count_at(r, c));
    const VisitScale scale = choose_scale(max_visits);
    const bool show_bar = have_visits;

    // ---- Layout ----
    const double margin = 16.0;
    const double title_size = 16.0;
    const bool has_title = !options.title.empty();
    const double title_h = has_title ? 30.0 : 0.0;
    const double grid_x = margin;
    const double grid_y = margin + title_h;
    const double grid_w = cp * cols;
    const double grid_h = cp * rows;

    const double legend_x = grid_x + grid_w + 24.0;
    const double legend_y = grid_y;
    const double bar_w = 150.0;
    const double bar_h = 14.0;
    const double label_size = 12.0;
    const double small_size = 11.0;
    const double swatch = 16.0;
    const double row_step = 22.0;
    const double bar_block_h = show_bar ? 72.0 : 0.0;
    const int swatch_rows = 4;  // open, blocked, start, exit
    const double legend_h = bar_block_h + swatch_rows * row_step;
    const std::string max_label = show_bar ? count_text(max_visits) : std::string();
    const double legend_w = std::max(
        {bar_w + 4.0, 110.0, approx_text_width("open, 0 visits", label_size) + swatch + 8.0});

    double width = legend_x + legend_w + margin;
    if (has_title)
        width = std::max(width, 2 * margin + approx_text_width(options.title, title_size));
    const double height = grid_y + std::max(grid_h, legend_h) + margin;
    width = std::ceil(width);
    const double height_px = std::ceil(height);

    const std::string id_suffix = std::to_string(options.cell_pixels);
    const std::string brick_id = "mz-brick-" + id_suffix;
    const std::string grad_id = "mz-visits-" + id_suffix;
    const std::string brick_fill = "url(#" + brick_id + ")";
    const std::string ink = colour_text(kInk);
    const std::string grid_line = colour_text(kGridLine);

    SvgWriter svg;
    svg.declaration();
    svg.open("svg", Attributes()
                        .set("xmlns", "http://www.w3.org/2000/svg")
                        .set("version", "1.1")
                        .set("width", width)
                        .set("height", height_px)
                        .set("viewBox", "0 0 " + pictures::format_number(width) + " " +
                                            pictures::format_number(height_px))
                        .set("font-family", "DejaVu Sans, Helvetica, Arial, sans-serif"));
    svg.text_element("title", {},
                     has_title ? options.title
                               : "Mouse maze " + std::to_string(rows) + "x" + std::to_string(cols));

    // ---- Definitions: brick hatch for blocked cells, gradient for the colour bar ----
    {
        const double bw = std::max(4.0, std::round(cp / 2.0));  // brick width
        const double bh = bw / 2.0;                             // course height
        svg.open("defs");
        svg.open("pattern", Attributes()
                                .set("id", brick_id)
                                .set("patternUnits", "userSpaceOnUse")
                                .set("x", grid_x)
                                .set("y", grid_y)
                                .set("width", bw)
                                .set("height", 2 * bh));
        rect(svg, 0, 0, bw, 2 * bh, colour_text(kBlocked));
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
        if (show_bar) {
            svg.open("linearGradient", Attributes()
                                           .set("id", grad_id)
                                           .set("x1", 0)
                                           .set("y1", 0)
                                           .set("x2", 1)
                                           .set("y2", 0));
            for (const Stop& s : kStops)
                svg.empty_element("stop",
                                  Attributes().set("offset", s.at).set("stop-color", s.colour));
            svg.close();
        }
        svg.close();
    }

    rect(svg, 0, 0, width, height_px, "#ffffff");

    if (has_title)
        text(svg, margin, margin + title_size - 2.0, title_size, ink, "start", options.title, true);

    // ---- The grid ----
    const Cell start = b.start();
    const Cell exit = b.exit();
    const bool write_counts = have_visits && options.cell_pixels >= 20;
    const double marker_stroke = std::max(2.0, std::round(cp / 10.0));

    svg.open("g", Attributes().set("id", "board").append(stroke(grid_line, 1)));
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const double x = grid_x + c * cp;
            const double y = grid_y + r * cp;
            if (!b.open(r, c)) {
                rect(svg, x, y, cp, cp, brick_fill);
                continue;
            }
            Rgb fill = kNoData;
            if (have_visits) {
                const std::uint64_t v = count_at(r, c);
                fill = v == 0 ? kZeroVisits : scale_colour(scale.t(v));
            }
            rect(svg, x, y, cp, cp, colour_text(fill));
        }
    }
    svg.close();
    rect(svg, grid_x, grid_y, grid_w, grid_h, "none", stroke(ink, 1.5));

    // Counts and start/exit markers.
    svg.open("g", Attributes().set("id", "labels"));
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            if (!b.open(r, c)) continue;
            const double x = grid_x + c * cp;
            const double y = grid_y + r * cp;
            const bool is_start = Cell{r, c} == start;
            const bool is_exit = Cell{r, c} == exit;
            const bool marked = is_start || is_exit;
            const std::uint64_t v = have_visits ? count_at(r, c) : 0;
            const Rgb fill = !have_visits ? kNoData
                             : v == 0     ? kZeroVisits
                                          : scale_colour(scale.t(v));
            const std::string cell_ink = colour_text(is_dark(fill) ? kWhite : kInk);
            const bool show_count = write_counts && v > 0;

            if (marked) {
                const std::string mc = colour_text(is_start ? kStart : kExit);
                const double inset = marker_stroke / 2.0;
                rect(svg, x + inset, y + inset, cp - marker_stroke, cp - marker_stroke, "none",
                     stroke(mc, marker_stroke));
                const char* letter = is_start ? "S" : "E";
                if (show_count) {
                    // A coloured badge in the top-left corner, the count at the bottom right.
                    const double badge = std::round(cp * 0.44);
                    rect(svg, x, y, badge, badge, mc);
                    const double lf = badge * 0.8;
                    text(svg, x + badge / 2.0, y + badge / 2.0 + 0.36 * lf, lf, "#ffffff", "middle",
                         letter, true);
                } else {
                    const double lf = cp * 0.6;
                    const std::string letter_ink = is_dark(fill) ? "#ffffff" : mc;
                    text(svg, x + cp / 2.0, y + cp / 2.0 + 0.36 * lf, lf, letter_ink, "middle",
                         letter, true);
                }
            }
            for (const auto& [at, letter] : options.marks) {
                if (marked || !(at == Cell{r, c})) continue;
                const double lf = cp * (show_count ? 0.4 : 0.6);
                const double ly = show_count ? y + 0.36 * cp : y + cp / 2.0 + 0.36 * lf;
                text(svg, x + cp / 2.0, ly, lf, cell_ink, "middle", std::string(1, letter), true);
            }
            if (show_count) {
                const std::string label = count_text(v);
                const double chars = static_cast<double>(label.size());
                if (marked) {
                    const double room = cp - 2.0 * marker_stroke - 2.0;
                    const double fs = std::min(cp * 0.36, room / (0.66 * chars));
                    text(svg, x + cp - marker_stroke - 1.0, y + cp - marker_stroke - 1.5, fs,
                         cell_ink, "end", label);
                } else {
                    const double fs = std::min(cp * 0.42, cp * 0.88 / (0.66 * chars));
                    text(svg, x + cp / 2.0, y + cp / 2.0 + 0.36 * fs, fs, cell_ink, "middle",
                         label);
                }
            }
        }
    }
    svg.close();

    // ---- The legend ----
    svg.open("g", Attributes().set("id", "legend"));
    double ly = legend_y;
    if (show_bar) {
        text(svg, legend_x, ly + label_size, label_size, ink, "start",
             std::string("visits (") + scale.name() + ")", true);
        const double bar_y = ly + 20.0;
        rect(svg, legend_x, bar_y, bar_w, bar_h, "url(#" + grad_id + ")", stroke(grid_line, 1));
        const double tick_y0 = bar_y + bar_h;
        const double tick_y1 = tick_y0 + 5.0;
        const double tick_label_y = tick_y1 + small_size + 1.0;
        auto tick = [&](double f, const std::string& label, const char* anchor) {
            const double tx = legend_x + f * bar_w;
            svg.empty_element(
                "path", Attributes()
                            .set("d", PathData().move_to(tx, tick_y0).vertical_to(tick_y1).text())
                            .append(stroke(ink, 1)));
            text(svg, tx, tick_label_y, small_size, ink, anchor, label);
        };
        tick(0.0, "0", "start");
        if (max_visits >= 2) {
            // The middle tick, unless its label would run into the end labels.
            const std::uint64_t mid = scale.at_fraction(0.5);
            const std::string mid_label = count_text(mid);
            const double mid_x = legend_x + scale.t(mid) * bar_w;
            const double half = 0.5 * approx_text_width(mid_label, small_size);
            const bool fits =
                mid_x - half > legend_x + approx_text_width("0", small_size) + 4.0 &&
                mid_x + half < legend_x + bar_w - approx_text_width(max_label, small_size) - 4.0;
            if (mid > 0 && mid < max_visits && fits) tick(scale.t(mid), mid_label, "middle");
        }
        if (max_visits > 0) tick(1.0, max_label, "end");
        ly += bar_block_h;
    }

    auto swatch_label = [&](const std::string& label) {
        text(svg, legend_x + swatch + 8.0, ly + swatch / 2.0 + 0.36 * label_size, label_size, ink,
             "start", label);
        ly += row_step;
    };
    rect(svg, legend_x, ly, swatch, swatch, colour_text(have_visits ? kZeroVisits : kNoData),
         stroke(grid_line, 1));
    swatch_label(have_visits ? "open, 0 visits" : "open");
    rect(svg, legend_x, ly, swatch, swatch, brick_fill, stroke(grid_line, 1));
    swatch_label("blocked");
    for (int i = 0; i < 2; ++i) {
        const bool st = i == 0;
        const std::string mc = colour_text(st ? kStart : kExit);
        rect(svg, legend_x + 1.0, ly + 1.0, swatch - 2.0, swatch - 2.0, "#ffffff", stroke(mc, 2));
        text(svg, legend_x + swatch / 2.0, ly + swatch / 2.0 + 0.36 * 11.0, 11.0, mc, "middle",
             st ? "S" : "E", true);
        swatch_label(st ? "start" : "exit");
    }
    svg.close();

    svg.close();
    return svg.finish();
}

}  // namespace maze
