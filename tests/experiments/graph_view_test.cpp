// The graph target through the target factory and its view: the unit, the remaining graph as a
// graph file (best.txt), the picture, and a graph file read back into a genome (initial:).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "mazesearch/models/graphs/graph_examples.hpp"
#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/target_factory.hpp"
#include "mazesearch/models/graphs/graph_target.hpp"
#include "temp_dir.hpp"

namespace {

std::string write(const std::string& name, const std::string& text) {
    const std::string path = maze::testing_support::test_dir() + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

}  // namespace

TEST(GraphView, ShowsTheRemainingGraphAndReadsItBack) {
    const std::string file = write("hex3.json", maze::graph_file_text(maze::hex_grid_graph(3)));
    maze::Params p;
    p.set_section("target");
    p.set("kind", std::string("graph"));
    p.set("file", file);
    p.set("delete", std::string("both"));
    p.set("objective", std::string("max-visits"));
    const maze::experiments::TargetAndView made = maze::experiments::make_target(p);
    const auto& t = dynamic_cast<const maze::GraphTarget&>(*made.target);
    EXPECT_EQ(made.target->name(), "graph");
    EXPECT_EQ(made.view->unit(), "visits of the most-visited vertex");
    // Delete the first cell gene and the last edge gene.
    maze::Genome g(t.genes());
    g.set(0, true);
    g.set(t.genes() - 1, true);
    const std::string text = made.view->text(g);
    const maze::GraphFile left = maze::parse_graph_file(text, "best.txt");
    EXPECT_EQ(left.vertices(), t.graph().vertices() - 1);
    EXPECT_FALSE(left.index_of(t.graph().ids[static_cast<std::size_t>(t.gene_vertex(0))]));
    EXPECT_NE(left.description.find("1 vertices and "), std::string::npos) << left.description;
    const std::string svg = made.view->svg(g, "best <7>");
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_NE(svg.find("best &lt;7&gt;"), std::string::npos);
    // best.txt read back (initial:) gives a genome that leaves the same graph.
    const std::optional<maze::Genome> back = made.view->read_board(write("best.txt", text));
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(made.view->text(*back), text);
    // A graph that is not part of the target's is refused, naming the file.
    const std::string other = write("lemma.json", maze::graph_file_text(maze::lemma11_graph(3)));
    try {
        made.view->read_board(other);
        ADD_FAILURE() << "a foreign graph was read";
    } catch (const maze::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("lemma.json: the vertex \"s\" is not in the graph"),
                  std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find("expected a part of the target's graph"),
                  std::string::npos)
            << e.what();
    }
}

TEST(GraphView, UnknownKeysAndMissingFilesAreParamErrors) {
    maze::Params p;
    p.set_section("target");
    p.set("kind", std::string("graph"), "c.yaml:3");
    EXPECT_THROW(maze::experiments::make_target(p), maze::ParamError);
    p.set("file", write("lemma.json", maze::graph_file_text(maze::lemma11_graph(3))));
    p.set("colour", std::string("red"), "c.yaml:4");
    try {
        maze::experiments::make_target(p);
        ADD_FAILURE() << "an unknown key was accepted";
    } catch (const maze::ParamError& e) {
        EXPECT_NE(std::string(e.what()).find("c.yaml:4: target.colour: unknown key"),
                  std::string::npos)
            << e.what();
    }
}
