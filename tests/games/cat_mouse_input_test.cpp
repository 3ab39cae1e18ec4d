// Cat and Mouse, the input: the JSON adjacency list and its errors, directly and through the
// `solve cat-mouse` command.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cat_mouse_reference.hpp"
#include "cli_support.hpp"
#include "mazesearch/engine/games/cat_mouse.hpp"
#include "mazesearch/engine/input_error.hpp"

namespace {

using maze::CatMouseGraph;
using maze::testing_support::kExample1;
using maze::testing_support::run;
using maze::testing_support::run_with_input;
using maze::testing_support::write_temp;

// ---------------------------------------------------------------------------------------------
// Parsing.

void expect_input_error(const std::string& text, int line, const std::string& what) {
    try {
        (void)maze::parse_cat_mouse_graph(text, "g.json");
        ADD_FAILURE() << "accepted: " << text;
    } catch (const maze::InputError& e) {
        EXPECT_EQ(e.line(), line) << text;
        EXPECT_NE(std::string(e.what()).find(what), std::string::npos)
            << "'" << e.what() << "' lacks '" << what << "'";
    }
}

TEST(CatMouseParse, ReadsListsWithWhitespace) {
    const CatMouseGraph g = maze::parse_cat_mouse_graph(
        " [ [2,5],\r\n[3] ,\n\t[0, 4,5],[1,4,5],[2,3],[0,2,3] ]\n", "x");
    EXPECT_EQ(g.nodes(), 6);
    EXPECT_EQ(g.edges(), 7u);
    EXPECT_EQ(maze::solve_cat_mouse(g).result, 0);
    EXPECT_EQ(maze::parse_cat_mouse_graph("[[],[],[]]", "x").nodes(), 3);
}

TEST(CatMouseParse, RejectsBadInput) {
    expect_input_error("", 1, "empty input");
    expect_input_error("  \n ", 1, "empty input");
    // Not JSON: nlohmann's reason, at the line and column of the offending byte.
    expect_input_error("[[2,5],\n [3],\n [0,4 5]]", 3,
                       "column 7: syntax error while parsing array - unexpected number literal; "
                       "expected ']'; found '5'");
    expect_input_error("[[1],[0]", 1,
                       "column 9: syntax error while parsing array - unexpected end of input");
    expect_input_error("[[1],[0]\n", 2, "column 1: syntax error");
    expect_input_error("[[1],[0],[x]]", 1,
                       "column 11: syntax error while parsing value - "
                       "invalid literal; found 'x'");
    expect_input_error("[[1],[0],[]] x", 1,
                       "column 14: syntax error while parsing value - "
                       "invalid literal; expected end of input; found 'x'");
    // JSON, but a value of the wrong kind: its place and first byte.
    expect_input_error("[[1.5],[0],[]]", 1,
                       "column 3: [0][0]: expected a whole node id, found 1.5");
    expect_input_error(
        "{\"a\":1}", 1,
        "column 1: expected '[' to open the list of adjacency lists, found an object");
    expect_input_error("[[1],\n [0, \"x\\\"\"],[]]", 2,
                       "column 6: [1][1]: expected a node id, found a string");
    expect_input_error("[[1],[0],\n  [[2]]]", 2,
                       "column 4: [2][0]: expected a node id, found an array");
    expect_input_error("[[1],[0],\n  [null]]", 2,
                       "column 4: [2][0]: expected a node id, found null");
    expect_input_error(
        "[[1],[0], true]", 1,
        "column 11: [2]: expected '[' to open the adjacency list of node 2, found true");
    expect_input_error(
        "[[1],[0], 7]", 1,
        "column 11: [2]: expected '[' to open the adjacency list of node 2, found a number");
    expect_input_error("  5", 1, "column 3: expected '[' to open the list of adjacency lists");
    expect_input_error("[[1],[0]]", 1, "the graph has 2 node(s)");
    expect_input_error("[[1],\n[0,7],\n[]]", 2, "node 1 lists 7, which is not a node");
    expect_input_error("[[1],[0,-1],[]]", 1, "node 1 lists -1, which is not a node");
    // Ids beyond 64 bits are out of range like any other.
    expect_input_error("[[1],[0,123456789012345678901234],[]]", 1,
                       "node 1 lists 1000000000000, which is not a node");
    expect_input_error("[[1],[0,-123456789012345678901234],[]]", 1,
                       "node 1 lists -1000000000000, which is not a node");
    expect_input_error("[[1],[0],\n[2]]", 2, "node 2 lists 2 (a self-loop)");
    expect_input_error("[[1,1],[0],[]]", 1, "node 0 lists 1 twice");
    expect_input_error("[[2,5],[3],[0,4,5],[1,4,5],\n[2,3],[0,3]]", 1,
                       "2 lists 5 but 5 does not list 2");
    expect_input_error("[[2,5],[3],[0,4,5],[1,4],\n[2,3],[0,2,3]]", 2,
                       "5 lists 3 but 3 does not list 5");
}

TEST(CatMouseParse, InputSizeIsLimited) {
    const std::string text = "[[1],[0],[]]";
    const std::string file = write_temp("cm_limit.json", text);
    EXPECT_EQ(maze::load_cat_mouse_graph(file, text.size()).nodes(), 3);
    try {
        (void)maze::load_cat_mouse_graph(file, text.size() - 1);
        ADD_FAILURE() << "read past the limit";
    } catch (const maze::InputError& e) {
        EXPECT_EQ(e.line(), 0);
        EXPECT_EQ(std::string(e.what()),
                  file +
                      ": the input is longer than 11 bytes, the most a Cat and Mouse graph may "
                      "take");
    }
}

// ---------------------------------------------------------------------------------------------
// The command.

TEST(CatMouseCli, LeetCodeExamples) {
    const auto a =
        run("solve cat-mouse " + write_temp("cm_ex1.json", nlohmann::json(kExample1).dump()));
    EXPECT_EQ(a.status, 0) << a.err;
    EXPECT_EQ(a.out.substr(0, 2), "0\n");
    EXPECT_NE(a.out.find("draw"), std::string::npos);
    const std::string ex2 = write_temp("cm_ex2.json", "[[1,3],[0],[3],[0,2]]\n");
    const auto b = run("solve cat-mouse " + ex2);
    EXPECT_EQ(b.status, 0) << b.err;
    EXPECT_EQ(b.out,
              "1\nthe mouse wins in 1 ply of optimal play (the winner hurries, the loser "
              "delays)\n");
    const auto j = run("solve cat-mouse --json " + ex2);
    EXPECT_EQ(j.out, "{\"result\":1,\"plies\":1}\n");
    const auto d = run_with_input("solve cat-mouse - --json",
                                  "[[2,5],\n[3],\n[0,4,5],[1,4,5],"
                                  "[2,3],[0,2,3]]");
    EXPECT_EQ(d.status, 0) << d.err;
    EXPECT_EQ(d.out, "{\"result\":0,\"plies\":null}\n");
}

TEST(CatMouseCli, RolesAndLongGames) {
    // The 12-node graph of TurnCappedSearchIsWrong: the cat wins in 28 plies.
    const std::string f =
        write_temp("cm_long.json",
                   "[[5],[10],[3,6],[2,7],[5,8,10,11],[0,4,9,11],[2,7,9,10],[3,6,8,9],[4,7,9],"
                   "[5,6,7,8,10],[1,4,6,9,11],[4,5,10]]");
    const auto r = run("solve cat-mouse " + f);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, 2), "2\n");
    EXPECT_NE(r.out.find("the cat wins in 28 plies"), std::string::npos) << r.out;
    // The path 1 - 3 - 0 - 2 - 4 of TrivialStartsAndRoles, also with the hole on 2 and the
    // cat on 0.
    const std::string p = write_temp("cm_path.json", "[[3,2],[3],[0,4],[1,0],[2]]");
    EXPECT_EQ(run("solve cat-mouse --json " + p).out, "{\"result\":1,\"plies\":3}\n");
    EXPECT_EQ(run("solve cat-mouse --json --hole 2 --cat 0 " + p).out,
              "{\"result\":2,\"plies\":2}\n");
    EXPECT_EQ(run("solve cat-mouse --json --mouse 0 " + p).out, "{\"result\":1,\"plies\":0}\n");
}

void expect_cli_error(const std::string& args, const std::string& what) {
    const auto r = run("solve cat-mouse " + args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find(what), std::string::npos) << "'" << r.err << "' lacks '" << what << "'";
}

TEST(CatMouseCli, BadInputExitsWithStatus2) {
    const std::string bad = write_temp("cm_bad.json", "[[2,5],\n [3],\n [0,4 5]]");
    expect_cli_error(bad, "mazesearch: error: " + bad + ":3: column 7: syntax error");
    const std::string range = write_temp("cm_range.json", "[[1],\n[0,7],\n[]]");
    expect_cli_error(range, range + ":2: node 1 lists 7, which is not a node (the nodes are 0..2)");
    const std::string loop = write_temp("cm_loop.json", "[[1],[0],[2]]");
    expect_cli_error(loop, loop + ":1: node 2 lists 2 (a self-loop)");
    const std::string asym = write_temp("cm_asym.json", "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,3]]");
    expect_cli_error(asym, asym + ":1: 2 lists 5 but 5 does not list 2");
    const std::string small = write_temp("cm_small.json", "[[1],[0]]");
    expect_cli_error(small, small + ":1: the graph has 2 node(s)");
    const std::string empty = write_temp("cm_empty.json", "");
    expect_cli_error(empty, empty + ":1: empty input");
    expect_cli_error("/nonexistent/cm.json",
                     "mazesearch: error: /nonexistent/cm.json: cannot open");
    const std::string ok = write_temp("cm_ok.json", "[[1,3],[0],[3],[0,2]]");
    expect_cli_error("--cat 0 " + ok, "the cat may never be in the hole");
    expect_cli_error("--mouse 9 " + ok, "--mouse 9 is not a node of the graph");
    const auto s = run_with_input("solve cat-mouse -", "[[1],[0],[x]]");
    EXPECT_EQ(s.status, 2);
    EXPECT_NE(s.err.find("<stdin>:1: column 11"), std::string::npos) << s.err;
}

}  // namespace
