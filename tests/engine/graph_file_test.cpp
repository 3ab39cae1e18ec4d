// Graph files (docs/formats.md, "Graph files"): reading, writing, the example graphs, and bad
// files refused with the line of the offending item and what was expected.
#include "mazesearch/models/graphs/graph_file.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "mazesearch/models/graphs/graph_examples.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/located_json.hpp"
#include "temp_dir.hpp"

using namespace maze;

namespace {

// The InputError of parsing `text`, or a test failure.
InputError error_of(const std::string& text) {
    try {
        parse_graph_file(text, "g.json");
    } catch (const InputError& e) {
        return e;
    }
    ADD_FAILURE() << "accepted:\n" << text;
    return InputError("", 0, "");
}

// Expects `text` refused on `line` with a message containing every one of `parts`.
void expect_refused(const std::string& text, int line, std::initializer_list<std::string> parts) {
    const InputError e = error_of(text);
    EXPECT_EQ(e.source(), "g.json");
    EXPECT_EQ(e.line(), line) << e.what();
    for (const std::string& p : parts)
        EXPECT_NE(std::string(e.what()).find(p), std::string::npos)
            << "'" << p << "' not in: " << e.what();
    EXPECT_EQ(std::string(e.what()).rfind("g.json:" + std::to_string(line) + ": ", 0), 0u)
        << e.what();
}

// A small valid file, one item a line, to break one item at a time. Lines:
// 1 {, 2 "vertices", 3 a, 4 b, 5 c, 6 d, 7 ], 8 "edges", 9 a-b, 10 a-c, 11 b-c, 12 c-d, 13 ],
// 14 "preferences", 15 a, 16 c, 17 }, 18 start, 19 exit, 20 }
std::string small_file(const std::string& replace_line = "", int line = 0) {
    std::vector<std::string> lines = {
        "{",
        "  \"vertices\": [",
        "    {\"id\": \"a\", \"pos\": [0, 0]},",
        "    {\"id\": \"b\", \"pos\": [1, 0]},",
        "    {\"id\": \"c\", \"pos\": [0, 1]},",
        "    {\"id\": \"d\", \"pos\": [1, 1]}",
        "  ],",
        "  \"edges\": [",
        "    [\"a\", \"b\"],",
        "    [\"a\", \"c\"],",
        "    [\"b\", \"c\"],",
        "    [\"c\", \"d\"]",
        "  ],",
        "  \"preferences\": {",
        "    \"a\": [\"c\", \"b\"],",
        "    \"c\": [\"d\", \"b\", \"a\"]",
        "  },",
        "  \"start\": \"a\",",
        "  \"exit\": \"d\"",
        "}",
    };
    if (line > 0) lines[static_cast<std::size_t>(line - 1)] = replace_line;
    std::string text;
    for (const std::string& l : lines) text += l + "\n";
    return text;
}

}  // namespace

TEST(GraphFile, ReadsVerticesEdgesPreferencesStartAndExit) {
    const GraphFile g = parse_graph_file(small_file(), "g.json");
    EXPECT_EQ(g.vertices(), 4);
    EXPECT_EQ(g.ids, (std::vector<std::string>{"a", "b", "c", "d"}));
    EXPECT_EQ(g.dimensions, 2);
    EXPECT_EQ(g.pos[3], (std::array<double, 3>{1, 1, 0}));
    EXPECT_EQ(g.edges.size(), 4u);
    // Given lists as written; b and d take the order of the edges list.
    EXPECT_EQ(g.graph.neighbours[0], (std::vector<int>{2, 1}));
    EXPECT_EQ(g.graph.neighbours[1], (std::vector<int>{0, 2}));
    EXPECT_EQ(g.graph.neighbours[2], (std::vector<int>{3, 1, 0}));
    EXPECT_EQ(g.graph.neighbours[3], (std::vector<int>{2}));
    EXPECT_EQ(g.graph.start, 0);
    EXPECT_EQ(g.graph.exit, 3);
    EXPECT_EQ(g.index_of("c"), 2);
    EXPECT_FALSE(g.index_of("e").has_value());
}

TEST(GraphFile, CountedVerticesTakeNumbersAsIds) {
    const GraphFile g = parse_graph_file(
        R"({"vertices": 3, "edges": [[0, 1], ["1", 2]], "start": 0, "exit": "2",
            "description": "a path"})",
        "p.json");
    EXPECT_EQ(g.ids, (std::vector<std::string>{"0", "1", "2"}));
    EXPECT_EQ(g.dimensions, 0);
    EXPECT_EQ(g.description, "a path");
    EXPECT_EQ(g.graph.neighbours[1], (std::vector<int>{0, 2}));
    EXPECT_EQ(reference_walk(g.graph).moves, 2u);
}

TEST(GraphFile, WrittenTextReadsBackTheSameAndIsStable) {
    for (const GraphFile& g : {parse_graph_file(small_file(), "g.json"), hex_grid_graph(3),
                               torus_graph(3, 4), grid3d_graph(2, 3, 2), lemma11_graph(4)}) {
        const std::string text = graph_file_text(g);
        const GraphFile back = parse_graph_file(text, "back.json");
        EXPECT_EQ(back.ids, g.ids);
        EXPECT_EQ(back.dimensions, g.dimensions);
        EXPECT_EQ(back.pos, g.pos);  // exact: 17 significant digits
        EXPECT_EQ(back.edges, g.edges);
        EXPECT_EQ(back.graph.neighbours, g.graph.neighbours);
        EXPECT_EQ(back.graph.start, g.graph.start);
        EXPECT_EQ(back.graph.exit, g.graph.exit);
        EXPECT_EQ(back.description, g.description);
        EXPECT_EQ(graph_file_text(back), text);
    }
}

TEST(GraphFile, ExampleGraphsHaveTheirShapes) {
    // Hexagon of side s: 3s(s-1)+1 cells; edges 3 per cell pair direction: 9s^2 - 15s + 6.
    for (int s = 2; s <= 6; ++s) {
        const GraphFile h = hex_grid_graph(s);
        EXPECT_EQ(h.vertices(), 3 * s * (s - 1) + 1);
        EXPECT_EQ(h.edges.size(), static_cast<std::size_t>(9 * s * s - 15 * s + 6));
        std::size_t six = 0;
        for (const auto& l : h.graph.neighbours) six += l.size() == 6;
        EXPECT_EQ(six, static_cast<std::size_t>(3 * (s - 1) * (s - 2) + 1));  // the inner hexagon
    }
    const GraphFile t = torus_graph(6, 6);
    EXPECT_EQ(t.vertices(), 36);
    EXPECT_EQ(t.edges.size(), 72u);
    for (const auto& l : t.graph.neighbours) EXPECT_EQ(l.size(), 4u);
    EXPECT_EQ(t.ids[static_cast<std::size_t>(t.graph.exit)], "3,3");
    const GraphFile c = grid3d_graph(3, 3, 3);
    EXPECT_EQ(c.vertices(), 27);
    EXPECT_EQ(c.edges.size(), 54u);
    EXPECT_EQ(c.dimensions, 3);
    EXPECT_EQ(c.graph.neighbours[13].size(), 6u);  // the centre cube
    const GraphFile l = lemma11_graph(3);
    EXPECT_EQ(l.ids, (std::vector<std::string>{"s", "v1", "v2", "v3", "w"}));
    EXPECT_EQ(l.graph.neighbours[0], (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(l.graph.neighbours[2], (std::vector<int>{4, 0}));  // v2 prefers w over s
    EXPECT_EQ(l.graph.exit, 3);
}

TEST(GraphFile, UnknownVertexIsRefusedWithItsLine) {
    expect_refused(small_file("    [\"c\", \"q\"]", 12), 12,
                   {"edges[3][1]: \"q\" is not a vertex", "expected the id of a vertex listed"});
    expect_refused(small_file("  \"start\": \"z\",", 18), 18, {"start: \"z\" is not a vertex"});
    expect_refused(small_file("    \"x\": [\"d\"],", 15), 15,
                   {"preferences: \"x\" is not a vertex"});
}

TEST(GraphFile, AsymmetricEdgesAreRefusedWithTheLineOfTheList) {
    // a names d, but no edge joins a and d.
    expect_refused(small_file("    \"a\": [\"c\", \"b\", \"d\"],", 15), 15,
                   {"the preference list of \"a\" names \"d\", but no edge joins \"a\" and \"d\"",
                    "expected exactly the neighbours of \"a\": \"b\", \"c\""});
    // c's list leaves out the edge b-c of line 11.
    expect_refused(
        small_file("    \"c\": [\"d\", \"a\"]", 16), 16,
        {"the preference list of \"c\" leaves out \"b\", a neighbour by the edge on line "
         "11 (edges[2])",
         "expected every neighbour of \"c\" once"});
    expect_refused(small_file("    \"c\": [\"d\", \"b\", \"b\", \"a\"]", 16), 16,
                   {"names \"b\" twice; expected each neighbour once"});
}

TEST(GraphFile, StartEqualToExitIsRefused) {
    expect_refused(small_file("  \"exit\": \"a\"", 19), 19,
                   {"exit: \"a\" is also the start; expected an exit other than the start"});
}

TEST(GraphFile, RepeatedVerticesEdgesLoopsAndKeysAreRefused) {
    expect_refused(
        small_file("    {\"id\": \"a\", \"pos\": [1, 1]}", 6), 6,
        {"vertices[3]: the vertex \"a\" is listed twice (first on line 3, vertices[0])"});
    expect_refused(small_file("    [\"b\", \"a\"],", 11), 11,
                   {"edges[2]: the edge \"b\"-\"a\" is given twice (first on line 9, edges[0])"});
    expect_refused(small_file("    [\"c\", \"c\"]", 12), 12,
                   {"edges[3]: the edge joins \"c\" to itself", "no loops"});
    expect_refused(small_file("    \"a\": [\"c\", \"b\"], \"a\": [\"b\", \"c\"],", 15), 15,
                   {"the key \"a\" appears twice in one object (first on line 15)"});
}

TEST(GraphFile, MissingUnknownAndMistypedKeysAreRefused) {
    expect_refused(small_file("  \"exit\": \"d\", \"colour\": 3", 19), 19,
                   {"unknown key \"colour\"", "expected \"vertices\""});
    // No exit: the line of the object that lacks it.
    expect_refused("{\n \"vertices\": 2,\n \"edges\": [[0, 1]],\n \"start\": 0\n}\n", 1,
                   {"no \"exit\" key"});
    expect_refused(small_file("  \"start\": [\"a\"],", 18), 18,
                   {"start: expected a vertex id", "found an array"});
    expect_refused(small_file("    {\"id\": \"c\"},", 5), 5,
                   {"vertices[2]: no \"pos\", but vertices[0] has one"});
    expect_refused(small_file("    {\"id\": \"c\", \"pos\": [0, 1, 2]},", 5), 5,
                   {"a position in 3 dimensions, but vertices[0] has 2"});
    expect_refused(small_file("    [\"c\"]", 12), 12, {"edges[3]: expected an edge [a, b]"});
    expect_refused(
        "{\"vertices\": 2, \"edges\": [[0, 1]],\n \"preferences\": [1], \"start\": 0, "
        "\"exit\": 1}",
        2, {"preferences: expected an object"});
    expect_refused("[1, 2]", 1, {"expected a JSON object"});
}

TEST(GraphFile, MalformedJsonIsRefusedWithLineAndColumn) {
    expect_refused(small_file("    [\"a\", \"b\"]", 9), 10, {"column 5", "found '['"});
    expect_refused("", 1, {"unexpected end of input"});
    expect_refused("{\"vertices\": 2,\n \"edges\": [[0, 1]]\n", 3, {"unexpected end of input"});
}

TEST(GraphFile, SizeLimitsAreChecked) {
    expect_refused("{\"vertices\": 1000001, \"edges\": [], \"start\": 0, \"exit\": 1}", 1,
                   {"vertices: 1000001 vertices; at most 1000000"});
    expect_refused(R"({"vertices": [""], "edges": [], "start": 0, "exit": 1})", 1,
                   {"vertices[0]: an empty id"});
    const std::string path = testing_support::test_dir() + "/long.json";
    std::ofstream(path) << small_file();
    try {
        load_graph_file(path, 100);
        ADD_FAILURE() << "a file over the limit was read";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("longer than 100 bytes"), std::string::npos)
            << e.what();
    }
    EXPECT_EQ(load_graph_file(path).vertices(), 4);
}

TEST(LocatedJson, FindsTheLinesOfValuesAndKeys) {
    const std::string text =
        "{\"a\": [1,\n 2.5e3,\n \"x\\\"y\"],\n \"b\": {\"c\":\n null}, \"d\":\n -7\n}";
    const LocatedJson doc(text, "t.json");
    EXPECT_EQ(doc.line_of({}), 1);
    EXPECT_EQ(doc.line_of({"a"}), 1);
    EXPECT_EQ(doc.line_of({"a", "0"}), 1);  // a number followed by a line break
    EXPECT_EQ(doc.line_of({"a", "1"}), 2);
    EXPECT_EQ(doc.line_of({"a", "2"}), 3);  // a string with an escaped quote
    EXPECT_EQ(doc.line_of({"b", "c"}), 5);
    EXPECT_EQ(doc.key_line_of({"b", "c"}), 4);
    EXPECT_EQ(doc.line_of({"d"}), 6);
    EXPECT_EQ(doc.key_line_of({"d"}), 5);
    EXPECT_EQ(doc.line_of({"a", "3"}), 0);  // no such value
    EXPECT_EQ(doc.root()["a"][1].get<double>(), 2500.0);
    EXPECT_EQ(json_path_text({"edges", "3", "1"}), "edges[3][1]");
    EXPECT_EQ(json_path_text({"preferences", "a b"}), "preferences.\"a b\"");
}

TEST(GraphFile, AVertexWithManyNeighboursCostsNoMoreThanItsEdges) {
    // A star of 20,000 leaves, given as a counted file with the hub's list written out: every
    // check is per edge (hashing, sorted lists), not per pair of a vertex's neighbours, so this
    // reads in a blink (a check per pair would take 4e8 steps).
    const int leaves = 20000;
    std::string text = "{\"vertices\": " + std::to_string(leaves + 1) + ",\n \"edges\": [";
    std::string hub = "[";
    for (int i = 1; i <= leaves; ++i) {
        text += (i > 1 ? ", [0, " : "[0, ") + std::to_string(i) + "]";
        hub += (i > 1 ? ", " : "") + std::to_string(leaves + 1 - i);
    }
    text += "],\n \"preferences\": {\"0\": " + hub +
            "]},\n \"start\": 0, \"exit\": " + std::to_string(leaves) + "}\n";
    const GraphFile g = parse_graph_file(text, "star.json");
    EXPECT_EQ(g.graph.neighbours[0].front(), leaves);  // the hub prefers the exit first
    EXPECT_EQ(reference_walk(g.graph).moves, 1u);
    EXPECT_EQ(parse_graph_file(graph_file_text(g), "back.json").edges.size(),
              static_cast<std::size_t>(leaves));
    // One leaf missing from the hub's list is found and named.
    const std::string missing = [&] {
        std::string t = text;
        t.replace(t.find("[" + std::to_string(leaves) + ", "), std::to_string(leaves).size() + 3,
                  "[");
        return t;
    }();
    const InputError e = error_of(missing);
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(std::string(e.what()).find("leaves out \"" + std::to_string(leaves) + "\""),
              std::string::npos)
        << e.what();
}
