#include "mazesearch/engine/svg_render.hpp"

#include <gtest/gtest.h>

#include "mazesearch/engine/graph_walk.hpp"

using namespace maze;

namespace {

size_t occurrences(const std::string& s, const std::string& what) {
    size_t n = 0;
    for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
    return n;
}

}  // namespace

TEST(SvgRender, DrawsEveryCellTheTitleAndTheLegend) {
    Board b(13, 13);
    b.set_open(1, 0, false);
    const GraphWalkResult walk = reference_grid_walk(b);
    RenderOptions o;
    o.title = "fig1 <test> & \"quotes\": 180 moves";
    const std::string svg = render_svg(b, walk.visits, o);
    EXPECT_EQ(svg.find("<svg"), svg.find("<svg"));
    EXPECT_NE(svg.find("</svg>"), std::string::npos);
    EXPECT_NE(svg.find("&lt;test&gt; &amp;"), std::string::npos);  // escaped
    EXPECT_EQ(svg.find("<test>"), std::string::npos);
    EXPECT_NE(svg.find("visits"), std::string::npos);
    EXPECT_GE(occurrences(svg, "<rect"), 169u);
    // Deterministic.
    EXPECT_EQ(svg, render_svg(b, walk.visits, o));
}

TEST(SvgRender, InfeasibleBoardsDrawWithoutCounts) {
    const Board b = Board::parse("S#.\n##.\nE..\n");
    const std::string svg = render_svg(b, {}, RenderOptions{"infeasible", 24, {}});
    EXPECT_NE(svg.find("</svg>"), std::string::npos);
    EXPECT_THROW(render_svg(b, {1, 2, 3}, RenderOptions{}), std::invalid_argument);
}

TEST(SvgRender, MarksLabelOpenCellsOnly) {
    const Board b = Board::parse("S.#\n...\nE..\n");
    RenderOptions o;
    o.marks = {{Cell{1, 2}, 'C'}, {Cell{0, 2}, 'Q'}, {Cell{0, 0}, 'Z'}};
    const std::string svg = render_svg(b, {}, o);
    EXPECT_EQ(occurrences(svg, ">C<"), 1u);  // an open cell gets its letter
    EXPECT_EQ(occurrences(svg, ">Q<"), 0u);  // a blocked cell does not
    EXPECT_EQ(occurrences(svg, ">Z<"), 0u);  // the start keeps its own marker
    EXPECT_EQ(occurrences(render_svg(b, {}, RenderOptions{}), ">C<"), 0u);
}
