// The picture tests' XML reader must itself tell a well-formed document from a broken one.
#include "xml_check.hpp"

#include <gtest/gtest.h>

using maze::testing_support::parse_xml;

TEST(XmlCheck, ReadsAWellFormedDocument) {
    const auto doc = parse_xml(
        "<?xml version=\"1.0\"?>\n<a x=\"1\" y='&lt;2&gt;'>\n  <b/>\n  <c>t &amp; u</c>\n</a>\n");
    ASSERT_TRUE(doc.ok()) << doc.error;
    EXPECT_TRUE(doc.has_declaration);
    ASSERT_EQ(doc.elements.size(), 3u);
    EXPECT_EQ(doc.elements[0].attributes.at("y"), "<2>");
    EXPECT_EQ(doc.elements[1].depth, 1);
    EXPECT_EQ(doc.elements[2].text, "t & u");
    EXPECT_EQ(doc.count("b"), 1);
}

TEST(XmlCheck, FindsWhatIsBroken) {
    for (const char* broken : {
             "<a><b></a></b>",        // crossed
             "<a><b></b>",            // never closed
             "<a></a><b/>",           // two roots
             "<a x=1/>",              // unquoted
             "<a x=\"1\" x=\"2\"/>",  // repeated attribute
             "<a x=\"1\"y=\"2\"/>",   // not separated
             "<a>1 < 2</a>",          // raw '<'
             "<a>fish & chips</a>",   // bare '&'
             "<a>&nbsp;</a>",         // not an XML entity
             "<a x=\"<\"/>",          // '<' in a value
             "",                      // empty
             "text",                  // no element
         }) {
        EXPECT_FALSE(parse_xml(broken).ok()) << broken;
    }
}
