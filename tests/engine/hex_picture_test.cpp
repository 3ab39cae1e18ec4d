#include "mazesearch/engine/pictures/hex_picture.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "xml_check.hpp"

using maze::Hex;
using maze::HexBoard;
using maze::pictures::render_hex_svg;
using maze::testing_support::parse_xml;
using maze::testing_support::XmlDocument;
using maze::testing_support::XmlElement;

namespace {

// The mean of a polygon's corners.
std::pair<double, double> polygon_centre(const XmlElement& polygon) {
    double sx = 0, sy = 0;
    int n = 0;
    std::string points = polygon.attributes.at("points");
    for (std::size_t p = 0; p < points.size();) {
        std::size_t end = points.find(' ', p);
        if (end == std::string::npos) end = points.size();
        const std::string pair = points.substr(p, end - p);
        const std::size_t comma = pair.find(',');
        sx += std::stod(pair.substr(0, comma));
        sy += std::stod(pair.substr(comma + 1));
        ++n;
        p = end + 1;
    }
    EXPECT_EQ(n, 6);
    return {sx / n, sy / n};
}

}  // namespace

TEST(HexPicture, OnePolygonPerCellBlockedDarkBorderTintedCatDrawn) {
    const HexBoard board(4);
    const std::vector<Hex> blocked = {{0, 1}, {1, -1}, {-3, 0}, {3, -3}};
    const Hex cat{-1, 1};
    const std::string svg = render_hex_svg(4, blocked, cat, "walled <in> & \"out\"");
    const XmlDocument doc = parse_xml(svg);
    ASSERT_TRUE(doc.ok()) << doc.error << "\n" << svg;
    EXPECT_TRUE(doc.has_declaration);
    ASSERT_FALSE(doc.elements.empty());
    EXPECT_EQ(doc.elements[0].name, "svg");
    EXPECT_EQ(doc.elements[0].attributes.at("xmlns"), "http://www.w3.org/2000/svg");

    const auto polygons = doc.all("polygon");
    ASSERT_EQ(static_cast<int>(polygons.size()), board.cells());
    int dark = 0, tinted = 0, white = 0;
    for (int i = 0; i < board.cells(); ++i) {
        const std::string& fill = polygons[static_cast<std::size_t>(i)]->attributes.at("fill");
        const bool is_blocked =
            std::find(blocked.begin(), blocked.end(), board.hex(i)) != blocked.end();
        if (is_blocked)
            EXPECT_EQ(fill, "#333333") << i;
        else if (board.border(i))
            EXPECT_EQ(fill, "#dceefb") << i;
        else
            EXPECT_EQ(fill, "#ffffff") << i;
        dark += fill == "#333333";
        tinted += fill == "#dceefb";
        white += fill == "#ffffff";
    }
    EXPECT_EQ(dark, 4);
    EXPECT_EQ(tinted, 18 - 2);  // 6 (side - 1) border cells, two of them blocked
    EXPECT_EQ(white, board.cells() - 4 - 16);

    // The cat: one disc, centred on its cell's hexagon.
    const auto circles = doc.all("circle");
    ASSERT_EQ(circles.size(), 1u);
    const auto [cx, cy] = polygon_centre(*polygons[static_cast<std::size_t>(board.index(cat))]);
    EXPECT_NEAR(std::stod(circles[0]->attributes.at("cx")), cx, 0.02);
    EXPECT_NEAR(std::stod(circles[0]->attributes.at("cy")), cy, 0.02);
    EXPECT_EQ(circles[0]->attributes.at("fill"), "#e07020");

    // The title, escaped in the text (the reader resolves the entities).
    ASSERT_EQ(doc.count("title"), 1);
    EXPECT_EQ(doc.all("title")[0]->text, "walled <in> & \"out\"");
    ASSERT_EQ(doc.count("text"), 1);
    EXPECT_EQ(doc.all("text")[0]->text, "walled <in> & \"out\"");
    EXPECT_EQ(svg.find("<in>"), std::string::npos);
}

TEST(HexPicture, NeighbouringHexagonsAreOneStepApartAndTheBoardFits) {
    const HexBoard board(3);
    const std::string svg = render_hex_svg(3, {}, {0, 0}, "");
    const XmlDocument doc = parse_xml(svg);
    ASSERT_TRUE(doc.ok()) << doc.error;
    EXPECT_EQ(doc.count("text"), 0);  // no title line
    EXPECT_EQ(doc.all("title")[0]->text, "Cat trap, side 3");
    const double width = std::stod(doc.elements[0].attributes.at("width"));
    const double height = std::stod(doc.elements[0].attributes.at("height"));
    const auto polygons = doc.all("polygon");
    ASSERT_EQ(static_cast<int>(polygons.size()), board.cells());
    const int centre = board.centre();
    const auto [x0, y0] = polygon_centre(*polygons[static_cast<std::size_t>(centre)]);
    for (const int n : board.neighbours(centre)) {
        const auto [x, y] = polygon_centre(*polygons[static_cast<std::size_t>(n)]);
        EXPECT_NEAR(std::hypot(x - x0, y - y0), std::sqrt(3.0) * 16.0, 0.05);
    }
    for (const XmlElement* p : polygons) {
        const auto [x, y] = polygon_centre(*p);
        EXPECT_GT(x - 16, 0);
        EXPECT_LT(x + 16, width);
        EXPECT_GT(y - 16, 0);
        EXPECT_LT(y + 16, height);
    }
}

TEST(HexPicture, CellsOffTheBoardAreRefused) {
    EXPECT_THROW(render_hex_svg(3, {{3, 0}}, {0, 0}, ""), std::invalid_argument);
    EXPECT_THROW(render_hex_svg(3, {}, {2, 1}, ""), std::invalid_argument);
    EXPECT_THROW(render_hex_svg(1, {}, {0, 0}, ""), std::invalid_argument);
    EXPECT_NO_THROW(render_hex_svg(3, {{2, -2}}, {1, 1}, "corner"));
}
