#include "mazesearch/engine/pictures/svg_writer.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>

using namespace maze::pictures;

TEST(SvgWriter, NumbersHaveAtMostTwoDecimalsAndNoTrailingZeros) {
    EXPECT_EQ(format_number(12), "12");
    EXPECT_EQ(format_number(12.5), "12.5");
    EXPECT_EQ(format_number(12.25), "12.25");
    EXPECT_EQ(format_number(12.254), "12.25");
    EXPECT_EQ(format_number(12.256), "12.26");
    EXPECT_EQ(format_number(-3.1), "-3.1");
    EXPECT_EQ(format_number(-0.001), "0");
    EXPECT_EQ(format_number(0.999), "1");
    EXPECT_EQ(format_number(std::numeric_limits<double>::infinity()), "0");
    EXPECT_EQ(format_number(std::numeric_limits<double>::quiet_NaN()), "0");
}

TEST(SvgWriter, EscapesMarkupQuotesAndControlCharacters) {
    EXPECT_EQ(xml_escape("a <b> & \"c\" 'd'"), "a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;");
    EXPECT_EQ(xml_escape("tab\there\nnewline"), "tab here newline");
    EXPECT_EQ(xml_escape("caf\xc3\xa9"), "caf\xc3\xa9");  // UTF-8 passes through
}

TEST(SvgWriter, ColoursAreLowerCaseHexClamped) {
    EXPECT_EQ(colour_text({26, 152, 80}), "#1a9850");
    EXPECT_EQ(colour_text({-5, 300, 255}), "#00ffff");
}

TEST(SvgWriter, NestsIndentsAndEscapesAttributesInOrder) {
    SvgWriter w;
    w.declaration();
    w.open("svg", Attributes().set("width", 10.5).set("height", 3).set("id", "a\"b"));
    w.text_element("title", {}, "x < y & z");
    w.open("g");
    w.empty_element("rect", Attributes().set("fill", Rgb{255, 0, 0}).set("x", 0));
    EXPECT_EQ(w.depth(), 2u);
    w.close();
    w.close();
    EXPECT_EQ(w.finish(),
              "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
              "<svg width=\"10.5\" height=\"3\" id=\"a&quot;b\">\n"
              "  <title>x &lt; y &amp; z</title>\n"
              "  <g>\n"
              "    <rect fill=\"#ff0000\" x=\"0\"/>\n"
              "  </g>\n"
              "</svg>\n");
}

TEST(SvgWriter, RefusesUnbalancedDocuments) {
    SvgWriter unclosed;
    unclosed.open("svg");
    EXPECT_THROW(unclosed.finish(), std::logic_error);
    SvgWriter overclosed;
    EXPECT_THROW(overclosed.close(), std::logic_error);
    SvgWriter late;
    late.empty_element("svg", {});
    EXPECT_THROW(late.declaration(), std::logic_error);
}

TEST(SvgWriter, PathDataAndPoints) {
    EXPECT_EQ(
        PathData().move_to(0, 0.5).horizontal_to(16).vertical_to(8.25).line_to(1, 2).close().text(),
        "M0 0.5H16V8.25L1 2Z");
    EXPECT_EQ(points_text({{1.5, 2}, {3, -4.125}}), "1.5,2 3,-4.13");
    EXPECT_EQ(points_text({}), "");
}

TEST(SvgWriter, AppendKeepsBothListsInOrder) {
    const Attributes a = Attributes().set("x", 1).append(Attributes().set("y", 2).set("z", "q"));
    ASSERT_EQ(a.list().size(), 3u);
    EXPECT_EQ(a.list()[0].first, "x");
    EXPECT_EQ(a.list()[1].first, "y");
    EXPECT_EQ(a.list()[2].second, "q");
}
