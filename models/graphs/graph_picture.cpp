#include "mazesearch/models/graphs/graph_picture.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <utility>
#include <vector>

#include "mazesearch/engine/pictures/picture_frame.hpp"
#include "mazesearch/engine/pictures/svg_writer.hpp"
#include "mazesearch/engine/pictures/visit_scale.hpp"

namespace maze::pictures {

namespace {

constexpr double kGraphMargin = 24;
constexpr double kGraphTitleBand = 32;
constexpr Rgb kEdge{150, 150, 150};
constexpr Rgb kUnvisited{255, 255, 255};
constexpr Rgb kOutline{60, 60, 60};

// Where each vertex is drawn, in the graph's own units (before scaling to pixels).
std::vector<std::pair<double, double>> layout(const GraphFile& g) {
    std::vector<std::pair<double, double>> at;
    const auto n = static_cast<std::size_t>(g.vertices());
    at.reserve(n);
    if (g.dimensions == 0) {
        // A circle of unit spacing between neighbours on it.
        const double radius = std::max(1.0, static_cast<double>(n) / (2 * std::numbers::pi));
        for (std::size_t v = 0; v < n; ++v) {
            const double a =
                2 * std::numbers::pi * static_cast<double>(v) / static_cast<double>(n) -
                std::numbers::pi / 2;
            at.emplace_back(radius * std::cos(a), radius * std::sin(a));
        }
        return at;
    }
    // Oblique projection: layer z moves right by 0.4 z and up by 0.25 z.
    for (const auto& p : g.pos) at.emplace_back(p[0] + 0.4 * p[2], p[1] - 0.25 * p[2]);
    return at;
}

// The shortest distance between two drawn vertices (1 when there are fewer than two), so that
// discs never overlap; all pairs for small graphs, the edges' lengths for large ones.
double spacing(const GraphFile& g, const std::vector<std::pair<double, double>>& at) {
    double best = 0;
    auto consider = [&](std::size_t a, std::size_t b) {
        const double d = std::hypot(at[a].first - at[b].first, at[a].second - at[b].second);
        if (d > 1e-9 && (best == 0 || d < best)) best = d;
    };
    if (at.size() <= 400) {
        for (std::size_t a = 0; a < at.size(); ++a)
            for (std::size_t b = a + 1; b < at.size(); ++b) consider(a, b);
    } else {
        for (const auto& e : g.edges)
            consider(static_cast<std::size_t>(e[0]), static_cast<std::size_t>(e[1]));
    }
    return best > 0 ? best : 1.0;
}

}  // namespace

std::string render_graph_svg(const GraphFile& g, std::span<const std::uint64_t> visits,
                             const std::string& title) {
    const auto n = static_cast<std::size_t>(g.vertices());
    if (!visits.empty() && visits.size() != n)
        throw std::invalid_argument("render_graph_svg: one visit count per vertex expected");
    const std::vector<std::pair<double, double>> at = layout(g);
    double xlo = 0, xhi = 0, ylo = 0, yhi = 0;
    for (std::size_t v = 0; v < n; ++v) {
        xlo = v ? std::min(xlo, at[v].first) : at[v].first;
        xhi = v ? std::max(xhi, at[v].first) : at[v].first;
        ylo = v ? std::min(ylo, at[v].second) : at[v].second;
        yhi = v ? std::max(yhi, at[v].second) : at[v].second;
    }
    // Neighbouring vertices about 48 px apart, whatever the graph's units; at most 2000 px wide.
    const double unit = std::min(48.0 / spacing(g, at), 2000.0 / std::max(xhi - xlo, 1e-9));
    const double radius = std::clamp(0.3 * unit * spacing(g, at), 3.0, 16.0);
    const double top = title.empty() ? 0.0 : kGraphTitleBand;
    const double width =
        std::max((xhi - xlo) * unit + 2 * (kGraphMargin + radius),
                 2 * kGraphMargin + kPlainTitleCharWidth * static_cast<double>(title.size()));
    const double height = (yhi - ylo) * unit + 2 * (kGraphMargin + radius) + top;
    auto x_of = [&](std::size_t v) { return kGraphMargin + radius + (at[v].first - xlo) * unit; };
    auto y_of = [&](std::size_t v) {
        return top + kGraphMargin + radius + (at[v].second - ylo) * unit;
    };

    std::uint64_t most = 0;
    for (std::uint64_t c : visits) most = std::max(most, c);
    const VisitScale scale = VisitScale::for_max(most);

    SvgWriter svg;
    open_plain_document(svg, width, height, title, "Graph maze", kGraphMargin, kPlainTitleSize);
    PathData edges;
    for (const auto& e : g.edges) {
        const auto a = static_cast<std::size_t>(e[0]), b = static_cast<std::size_t>(e[1]);
        edges.move_to(x_of(a), y_of(a)).line_to(x_of(b), y_of(b));
    }
    if (!g.edges.empty())
        svg.empty_element("path", Attributes()
                                      .set("d", edges.text())
                                      .set("stroke", kEdge)
                                      .set("stroke-width", 2)
                                      .set("fill", "none"));
    for (std::size_t v = 0; v < n; ++v) {
        const std::uint64_t c = visits.empty() ? 0 : visits[v];
        const Rgb fill = c ? ramp_colour(scale.t(c)) : kUnvisited;
        svg.open("circle", Attributes()
                               .set("cx", x_of(v))
                               .set("cy", y_of(v))
                               .set("r", radius)
                               .set("fill", fill)
                               .set("stroke", kOutline)
                               .set("stroke-width", 1));
        svg.text_element("title", {},
                         g.ids[v] + (visits.empty() ? "" : ": " + std::to_string(c) + " visits"));
        svg.close();
        const bool start = static_cast<int>(v) == g.graph.start;
        if (start || static_cast<int>(v) == g.graph.exit)
            svg.text_element("text",
                             Attributes()
                                 .set("x", x_of(v))
                                 .set("y", y_of(v) + radius * 0.4)
                                 .set("text-anchor", "middle")
                                 .set("font-family", "sans-serif")
                                 .set("font-weight", "bold")
                                 .set("font-size", radius * 1.1)
                                 .set("fill", is_dark(fill) ? Rgb{255, 255, 255} : Rgb{0, 0, 0}),
                             start ? "S" : "E");
    }
    svg.close();
    return svg.finish();
}

}  // namespace maze::pictures
