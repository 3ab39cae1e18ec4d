#include "mazesearch/engine/pictures/square_legend.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

namespace maze::pictures {

namespace {

constexpr double kBarWidth = 150.0;
constexpr double kBarHeight = 14.0;
constexpr double kBarBlock = kVisitBarHeight;
constexpr double kTickLabelSize = 11.0;

}  // namespace

void write_visit_bar(SvgWriter& svg, const VisitScale& scale, const std::string& gradient_id,
                     double x, double y) {
    const std::string ink = colour_text(kInk);
    const std::string max_label = count_text(scale.max);
    draw_text(svg, x, y + kLegendLabelSize, kLegendLabelSize, ink, "start",
              std::string("visits (") + scale.name() + ")", true);
    const double bar_y = y + 20.0;
    draw_rect(svg, x, bar_y, kBarWidth, kBarHeight, "url(#" + gradient_id + ")",
              stroke(colour_text(kGridLine), 1));
    const double tick_y0 = bar_y + kBarHeight;
    const double tick_y1 = tick_y0 + 5.0;
    const double tick_label_y = tick_y1 + kTickLabelSize + 1.0;
    auto tick = [&](double f, const std::string& label, const char* anchor) {
        const double tx = x + f * kBarWidth;
        svg.empty_element("path",
                          Attributes()
                              .set("d", PathData().move_to(tx, tick_y0).vertical_to(tick_y1).text())
                              .append(stroke(ink, 1)));
        draw_text(svg, tx, tick_label_y, kTickLabelSize, ink, anchor, label);
    };
    tick(0.0, "0", "start");
    if (scale.max >= 2) {
        // The middle tick, unless its label would run into the end labels.
        const std::uint64_t mid = scale.at_fraction(0.5);
        const std::string mid_label = count_text(mid);
        const double mid_x = x + scale.t(mid) * kBarWidth;
        const double half = 0.5 * approx_text_width(mid_label, kTickLabelSize);
        const bool fits =
            mid_x - half > x + approx_text_width("0", kTickLabelSize) + 4.0 &&
            mid_x + half < x + kBarWidth - approx_text_width(max_label, kTickLabelSize) - 4.0;
        if (mid > 0 && mid < scale.max && fits) tick(scale.t(mid), mid_label, "middle");
    }
    if (scale.max > 0) tick(1.0, max_label, "end");
}

LegendSize legend_size(bool have_visits) {
    const double width =
        std::max({kBarWidth + 4.0, 110.0,
                  approx_text_width("open, 0 visits", kLegendLabelSize) + kLegendSwatch + 8.0});
    return {width, (have_visits ? kBarBlock : 0.0) + kLegendSwatchRows * kLegendRowStep};
}

void write_visit_gradient(SvgWriter& svg, const SquareLayout& layout) {
    svg.open("linearGradient", Attributes()
                                   .set("id", layout.gradient_id())
                                   .set("x1", 0)
                                   .set("y1", 0)
                                   .set("x2", 1)
                                   .set("y2", 0));
    for (const ColourStop& s : kVisitRamp)
        svg.empty_element("stop", Attributes().set("offset", s.at).set("stop-color", s.colour));
    svg.close();
}

void write_legend(SvgWriter& svg, const SquarePicture& p) {
    write_legend(svg, p.layout(), p.have_visits(), p.scale());
}

void write_legend(SvgWriter& svg, const SquareLayout& l, bool have_visits,
                  const VisitScale& scale) {
    const std::string ink = colour_text(kInk);
    const Attributes border = stroke(colour_text(kGridLine), 1);
    const double x = l.legend_x;
    double y = l.legend_y;
    svg.open("g", Attributes().set("id", "legend"));
    if (have_visits) {
        write_visit_bar(svg, scale, l.gradient_id(), x, y);
        y += kBarBlock;
    }
    auto swatch_label = [&](const std::string& label) {
        draw_text(svg, x + kLegendSwatch + 8.0, y + kLegendSwatch / 2.0 + 0.36 * kLegendLabelSize,
                  kLegendLabelSize, ink, "start", label);
        y += kLegendRowStep;
    };
    draw_rect(svg, x, y, kLegendSwatch, kLegendSwatch,
              colour_text(have_visits ? kZeroVisits : kNoData), border);
    swatch_label(have_visits ? "open, 0 visits" : "open");
    draw_rect(svg, x, y, kLegendSwatch, kLegendSwatch, l.brick_fill(), border);
    swatch_label("blocked");
    for (const bool start : {true, false}) {
        const std::string mc = colour_text(start ? kStart : kExit);
        draw_rect(svg, x + 1.0, y + 1.0, kLegendSwatch - 2.0, kLegendSwatch - 2.0, "#ffffff",
                  stroke(mc, 2));
        draw_text(svg, x + kLegendSwatch / 2.0, y + kLegendSwatch / 2.0 + 0.36 * 11.0, 11.0, mc,
                  "middle", start ? "S" : "E", true);
        swatch_label(start ? "start" : "exit");
    }
    svg.close();
}

}  // namespace maze::pictures
