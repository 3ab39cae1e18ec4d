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

namespace maze {

namespace {

// ---------------------------------------------------------------------------------------------
// Locale-free formatting.

// A number with at most two decimals, trailing zeros dropped ("12", "12.5", "12.25", "-3.1").
std::string num(double v) {
    if (!std::isfinite(v)) return "0";
    const long long hundredths = std::llround(v * 100.0);
    const bool negative = hundredths < 0;
    const unsigned long long a = negative ? 0ull - static_cast<unsigned long long>(hundredths)
                                          : static_cast<unsigned long long>(hundredths);
    std::string out = negative ? "-" : "";
    out += std::to_string(a / 100);
    const unsigned long long frac = a % 100;
    if (frac != 0) {
        out += '.';
        out += static_cast<char>('0' + frac / 10);
        if (frac % 10 != 0) out += static_cast<char>('0' + frac % 10);
    }
    return out;
}

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

// Escapes text for element content and attribute values; drops characters XML 1.0 forbids.
std::string xml_escape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (const char ch : s) {
        switch (ch) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&apos;";
                break;
            default: {
                // Control characters (forbidden or collapsed in a title line) become spaces.
                out += static_cast<unsigned char>(ch) < 0x20 ? ' ' : ch;
            }
        }
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Colours.

struct Rgb {
    int r = 0;
    int g = 0;
    int b = 0;
};

std::string hex(Rgb c) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out = "#";
    for (const int v : {c.r, c.g, c.b}) {
        const int x = std::clamp(v, 0, 255);
        out += kDigits[x >> 4];
        out += kDigits[x & 15];
    }
    return out;
}

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
// SVG building helpers.

class Svg {
  public:
    void line(const std::string& s) {
        out_ += std::string(static_cast<std::size_t>(indent_) * 2, ' ');
        out_ += s;
        out_ += '\n';
    }
    void open(const std::string& s) {
        line(s);
        ++indent_;
    }
    void close(const std::string& s) {
        --indent_;
        line(s);
    }
    std::string take() { return std::move(out_); }

  private:
    std::string out_;
    int indent_ = 0;
};

std::string rect(double x, double y, double w, double h, const std::string& fill,
                 const std::string& extra = "") {
    std::string s = "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) +
                    "\" height=\"" + num(h) + "\" fill=\"" + fill + "\"";
    if (!extra.empty()) s += " " + extra;
    return s + "/>";
}

std::string text(double x, double y, double size, const std::string& fill,
                 const std::string& anchor, const std::string& body, bool bold = false) {
    std::string s = "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) +
                    "\" fill=\"" + fill + "\"";
    if (anchor != "start") s += " text-anchor=\"" + anchor + "\"";
    if (bold) s += " font-weight=\"bold\"";
    return s + ">" + body + "</text>";
}

// Rough advance width of sans-serif text, used only for layout.
double text_width(std::string_view s, double size) {
    return 0.6 * size * static_cast<double>(s.size());
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
    const double legend_w =
        std::max({bar_w + 4.0, 110.0, text_width("open, 0 visits", label_size) + swatch + 8.0});

    double width = legend_x + legend_w + margin;
    if (has_title) width = std::max(width, 2 * margin + text_width(options.title, title_size));
    const double height = grid_y + std::max(grid_h, legend_h) + margin;
    width = std::ceil(width);
    const double height_px = std::ceil(height);

    const std::string id_suffix = std::to_string(options.cell_pixels);
    const std::string brick_id = "mz-brick-" + id_suffix;
    const std::string grad_id = "mz-visits-" + id_suffix;
    const std::string brick_fill = "url(#" + brick_id + ")";

    Svg svg;
    svg.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    svg.open("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(width) +
             "\" height=\"" + num(height_px) + "\" viewBox=\"0 0 " + num(width) + " " +
             num(height_px) + "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">");
    const std::string doc_title =
        has_title ? options.title
                  : "Mouse maze " + std::to_string(rows) + "x" + std::to_string(cols);
    svg.line("<title>" + xml_escape(doc_title) + "</title>");

    // ---- Definitions: brick hatch for blocked cells, gradient for the colour bar ----
    {
        const double bw = std::max(4.0, std::round(cp / 2.0));  // brick width
        const double bh = bw / 2.0;                             // course height
        svg.open("<defs>");
        svg.open("<pattern id=\"" + brick_id + "\" patternUnits=\"userSpaceOnUse\" x=\"" +
                 num(grid_x) + "\" y=\"" + num(grid_y) + "\" width=\"" + num(bw) + "\" height=\"" +
                 num(2 * bh) + "\">");
        svg.line(rect(0, 0, bw, 2 * bh, hex(kBlocked)));
        svg.line("<path d=\"M0 0.5H" + num(bw) + "M0 " + num(bh + 0.5) + "H" + num(bw) + "M0.5 0V" +
                 num(bh) + "M" + num(bw / 2.0 + 0.5) + " " + num(bh) + "V" + num(2 * bh) +
                 "\" stroke=\"" + hex(kBrickLine) + "\" stroke-width=\"1\" fill=\"none\"/>");
        svg.close("</pattern>");
        if (show_bar) {
            svg.open("<linearGradient id=\"" + grad_id + "\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\">");
            for (const Stop& s : kStops)
                svg.line("<stop offset=\"" + num(s.at) + "\" stop-color=\"" + hex(s.colour) +
                         "\"/>");
            svg.close("</linearGradient>");
        }
        svg.close("</defs>");
    }

    svg.line(rect(0, 0, width, height_px, "#ffffff"));

    if (has_title)
        svg.line(text(margin, margin + title_size - 2.0, title_size, hex(kInk), "start",
                      xml_escape(options.title), true));

    // ---- The grid ----
    const Cell start = b.start();
    const Cell exit = b.exit();
    const bool write_counts = have_visits && options.cell_pixels >= 20;
    const double marker_stroke = std::max(2.0, std::round(cp / 10.0));

    svg.open("<g id=\"board\" stroke=\"" + hex(kGridLine) + "\" stroke-width=\"1\">");
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const double x = grid_x + c * cp;
            const double y = grid_y + r * cp;
            if (!b.open(r, c)) {
                svg.line(rect(x, y, cp, cp, brick_fill));
                continue;
            }
            Rgb fill = kNoData;
            if (have_visits) {
                const std::uint64_t v = count_at(r, c);
                fill = v == 0 ? kZeroVisits : scale_colour(scale.t(v));
            }
            svg.line(rect(x, y, cp, cp, hex(fill)));
        }
    }
    svg.close("</g>");
    svg.line(rect(grid_x, grid_y, grid_w, grid_h, "none",
                  "stroke=\"" + hex(kInk) + "\" stroke-width=\"1.5\""));

    // Counts and start/exit markers.
    svg.open("<g id=\"labels\">");
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
            const std::string ink = hex(is_dark(fill) ? kWhite : kInk);
            const bool show_count = write_counts && v > 0;

            if (marked) {
                const Rgb mc = is_start ? kStart : kExit;
                const double inset = marker_stroke / 2.0;
                svg.line(
                    rect(x + inset, y + inset, cp - marker_stroke, cp - marker_stroke, "none",
                         "stroke=\"" + hex(mc) + "\" stroke-width=\"" + num(marker_stroke) + "\""));
                const std::string letter = is_start ? "S" : "E";
                if (show_count) {
                    // A coloured badge in the top-left corner, the count at the bottom right.
                    const double badge = std::round(cp * 0.44);
                    svg.line(rect(x, y, badge, badge, hex(mc)));
                    const double lf = badge * 0.8;
                    svg.line(text(x + badge / 2.0, y + badge / 2.0 + 0.36 * lf, lf, "#ffffff",
                                  "middle", letter, true));
                } else {
                    const double lf = cp * 0.6;
                    const std::string letter_ink = is_dark(fill) ? "#ffffff" : hex(mc);
                    svg.line(text(x + cp / 2.0, y + cp / 2.0 + 0.36 * lf, lf, letter_ink, "middle",
                                  letter, true));
                }
            }
            for (const auto& [at, letter] : options.marks) {
                if (marked || !(at == Cell{r, c})) continue;
                const double lf = cp * (show_count ? 0.4 : 0.6);
                const double ly = show_count ? y + 0.36 * cp : y + cp / 2.0 + 0.36 * lf;
                svg.line(text(x + cp / 2.0, ly, lf, ink, "middle", std::string(1, letter), true));
            }
            if (show_count) {
                const std::string label = count_text(v);
                const double chars = static_cast<double>(label.size());
                if (marked) {
                    const double room = cp - 2.0 * marker_stroke - 2.0;
                    const double fs = std::min(cp * 0.36, room / (0.66 * chars));
                    svg.line(text(x + cp - marker_stroke - 1.0, y + cp - marker_stroke - 1.5, fs,
                                  ink, "end", label));
                } else {
                    const double fs = std::min(cp * 0.42, cp * 0.88 / (0.66 * chars));
                    svg.line(
                        text(x + cp / 2.0, y + cp / 2.0 + 0.36 * fs, fs, ink, "middle", label));
                }
            }
        }
    }
    svg.close("</g>");

    // ---- The legend ----
    svg.open("<g id=\"legend\">");
    double ly = legend_y;
    if (show_bar) {
        svg.line(text(legend_x, ly + label_size, label_size, hex(kInk), "start",
                      std::string("visits (") + scale.name() + ")", true));
        const double bar_y = ly + 20.0;
        svg.line(rect(legend_x, bar_y, bar_w, bar_h, "url(#" + grad_id + ")",
                      "stroke=\"" + hex(kGridLine) + "\" stroke-width=\"1\""));
        const double tick_y0 = bar_y + bar_h;
        const double tick_y1 = tick_y0 + 5.0;
        const double tick_label_y = tick_y1 + small_size + 1.0;
        auto tick = [&](double f, const std::string& label, const char* anchor) {
            const double tx = legend_x + f * bar_w;
            svg.line("<path d=\"M" + num(tx) + " " + num(tick_y0) + "V" + num(tick_y1) +
                     "\" stroke=\"" + hex(kInk) + "\" stroke-width=\"1\"/>");
            svg.line(text(tx, tick_label_y, small_size, hex(kInk), anchor, label));
        };
        tick(0.0, "0", "start");
        if (max_visits >= 2) {
            // The middle tick, unless its label would run into the end labels.
            const std::uint64_t mid = scale.at_fraction(0.5);
            const std::string mid_label = count_text(mid);
            const double mid_x = legend_x + scale.t(mid) * bar_w;
            const double half = 0.5 * text_width(mid_label, small_size);
            const bool fits =
                mid_x - half > legend_x + text_width("0", small_size) + 4.0 &&
                mid_x + half < legend_x + bar_w - text_width(max_label, small_size) - 4.0;
            if (mid > 0 && mid < max_visits && fits) tick(scale.t(mid), mid_label, "middle");
        }
        if (max_visits > 0) tick(1.0, max_label, "end");
        ly += bar_block_h;
    }

    auto swatch_row = [&](const std::vector<std::string>& body, const std::string& label) {
        for (const std::string& part : body) svg.line(part);
        svg.line(text(legend_x + swatch + 8.0, ly + swatch / 2.0 + 0.36 * label_size, label_size,
                      hex(kInk), "start", label));
        ly += row_step;
    };
    const std::string swatch_border = "stroke=\"" + hex(kGridLine) + "\" stroke-width=\"1\"";
    swatch_row({rect(legend_x, ly, swatch, swatch, hex(have_visits ? kZeroVisits : kNoData),
                     swatch_border)},
               have_visits ? "open, 0 visits" : "open");
    swatch_row({rect(legend_x, ly, swatch, swatch, brick_fill, swatch_border)}, "blocked");
    for (int i = 0; i < 2; ++i) {
        const bool st = i == 0;
        const Rgb mc = st ? kStart : kExit;
        swatch_row({rect(legend_x + 1.0, ly + 1.0, swatch - 2.0, swatch - 2.0, "#ffffff",
                         "stroke=\"" + hex(mc) + "\" stroke-width=\"2\""),
                    text(legend_x + swatch / 2.0, ly + swatch / 2.0 + 0.36 * 11.0, 11.0, hex(mc),
                         "middle", st ? "S" : "E", true)},
                   st ? "start" : "exit");
    }
    svg.close("</g>");

    svg.close("</svg>");
    return svg.take();
}

}  // namespace maze
