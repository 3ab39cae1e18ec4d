#include "mazesearch/engine/svg_render.hpp"

#include <gtest/gtest.h>

#include <string_view>

#include "mazesearch/models/graphs/graph_walk.hpp"
#include "xml_check.hpp"

using namespace maze;
using maze::testing_support::parse_xml;
using maze::testing_support::XmlDocument;

namespace {

size_t occurrences(const std::string& s, const std::string& what) {
    size_t n = 0;
    for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
    return n;
}

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

constexpr std::string_view kHeader =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" ";

// A standalone SVG document: the XML declaration, then one well-formed <svg> root.
XmlDocument expect_document(const std::string& svg) {
    EXPECT_TRUE(starts_with(svg, kHeader)) << svg.substr(0, 200);
    EXPECT_TRUE(svg.size() > 7 && svg.substr(svg.size() - 7) == "</svg>\n");
    const XmlDocument doc = parse_xml(svg);
    EXPECT_TRUE(doc.ok()) << doc.error;
    EXPECT_TRUE(doc.has_declaration);
    EXPECT_TRUE(!doc.elements.empty() && doc.elements[0].name == "svg");
    return doc;
}

}  // namespace

TEST(SvgRender, DrawsEveryCellTheTitleAndTheLegend) {
    Board b(13, 13);
    b.set_open(1, 0, false);
    const GraphWalkResult walk = reference_grid_walk(b);
    RenderOptions o;
    o.title = "fig1 <test> & \"quotes\": 180 moves";
    const std::string svg = render_svg(b, walk.visits, o);
    const XmlDocument doc = expect_document(svg);
    ASSERT_TRUE(doc.ok());
    EXPECT_NE(svg.find("&lt;test&gt; &amp;"), std::string::npos);  // escaped
    EXPECT_EQ(svg.find("<test>"), std::string::npos);
    ASSERT_EQ(doc.count("title"), 1);
    EXPECT_EQ(doc.all("title")[0]->text, o.title);
    // One rect a cell in the board group, one brick-filled.
    const int board = doc.find_id("board");
    ASSERT_GE(board, 0);
    const auto cells = doc.children(board, "rect");
    ASSERT_EQ(cells.size(), 169u);
    int bricks = 0;
    for (const auto* c : cells) bricks += c->attributes.at("fill") == "url(#mz-brick-32)";
    EXPECT_EQ(bricks, 1);
    // The legend's colour bar with its scale, and the start and exit markers.
    ASSERT_GE(doc.find_id("legend"), 0);
    EXPECT_EQ(doc.count("linearGradient"), 1);
    EXPECT_NE(svg.find("visits ("), std::string::npos);
    ASSERT_GE(doc.find_id("labels"), 0);
    EXPECT_EQ(occurrences(svg, ">S<"), 2u);  // on the board and in the legend
    EXPECT_EQ(occurrences(svg, ">E<"), 2u);
    // Deterministic.
    EXPECT_EQ(svg, render_svg(b, walk.visits, o));
}

TEST(SvgRender, InfeasibleBoardsDrawWithoutCounts) {
    const Board b = Board::parse("S#.\n##.\nE..\n");
    const std::string svg = render_svg(b, {}, RenderOptions{"infeasible", 24, {}});
    const XmlDocument doc = expect_document(svg);
    ASSERT_TRUE(doc.ok());
    EXPECT_EQ(doc.count("linearGradient"), 0);  // no colour bar without visits
    EXPECT_EQ(doc.children(doc.find_id("board"), "rect").size(), 9u);
    EXPECT_NE(svg.find(">open<"), std::string::npos);
    EXPECT_THROW(render_svg(b, {1, 2, 3}, RenderOptions{}), std::invalid_argument);
    EXPECT_THROW(render_svg(b, {}, RenderOptions{"", 0, {}}), std::invalid_argument);
}

TEST(SvgRender, MarksLabelOpenCellsOnly) {
    const Board b = Board::parse("S.#\n...\nE..\n");
    RenderOptions o;
    o.marks = {{Cell{1, 2}, 'C'}, {Cell{0, 2}, 'Q'}, {Cell{0, 0}, 'Z'}, {Cell{2, 2}, '<'}};
    const std::string svg = render_svg(b, {}, o);
    EXPECT_EQ(occurrences(svg, ">C<"), 1u);     // an open cell gets its letter
    EXPECT_EQ(occurrences(svg, ">Q<"), 0u);     // a blocked cell does not
    EXPECT_EQ(occurrences(svg, ">Z<"), 0u);     // the start keeps its own marker
    EXPECT_EQ(occurrences(svg, ">&lt;<"), 1u);  // a letter that is markup is escaped
    EXPECT_TRUE(expect_document(svg).ok());
    EXPECT_EQ(occurrences(render_svg(b, {}, RenderOptions{}), ">C<"), 0u);
}

TEST(SvgRender, EverySizeAndScaleGivesAWellFormedDocument) {
    Board b(5, 6);
    b.set_open(2, 3, false);
    for (const int px : {4, 19, 20, 32, 100})
        for (const std::uint64_t max : {0ull, 1ull, 16ull, 400ull, 123456789ull}) {
            std::vector<std::uint64_t> visits(30);
            for (std::size_t i = 0; i < visits.size(); ++i) visits[i] = max * i / 29;
            RenderOptions o;
            o.cell_pixels = px;
            o.title = px == 19 ? "" : "t & 'u'";
            const std::string svg = render_svg(b, visits, o);
            const XmlDocument doc = expect_document(svg);
            ASSERT_TRUE(doc.ok()) << px << " " << max;
            EXPECT_EQ(doc.children(doc.find_id("board"), "rect").size(), 30u);
        }
}
