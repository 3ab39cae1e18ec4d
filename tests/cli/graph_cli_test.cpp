// End-to-end tests of graph files (docs/formats.md, "Graph files"): eval on them, bad files with
// the line and what was expected, make-graph, and a search on a graph.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_support.hpp"

using maze::testing_support::CmdResult;
using maze::testing_support::kBoards;
using maze::testing_support::kSourceDir;
using maze::testing_support::read_file;
using maze::testing_support::run;
using maze::testing_support::run_with_input;
using maze::testing_support::test_dir;
using maze::testing_support::write_temp;

namespace {

const std::string kGraphs = kSourceDir + "/configs/graphs/";
// Commands that name configs/graphs/... run from the source folder.
const std::string kInSource = "cd " + kSourceDir + " && ";

}  // namespace

// The Lemma 11 tree for k = 3: s prefers v1, v2, v3; v2 prefers its tail w over s; exit v3. By
// hand, the ordinary mouse walks s v1 s v2 w v2 w v2 w v2 s v3: 11 moves, visits s 3, v1 1,
// v2 4, w 3 (the tie at v2 between w and s, both on 2, goes to w).
TEST(GraphCli, EvalLemmaElevenTrapsTheThreeModMouseAndTheOrdinaryMouseEscapes) {
    const std::string file = kGraphs + "lemma11-k3.json";
    const CmdResult plain = run("eval " + file + " --visits");
    EXPECT_EQ(plain.status, 0) << plain.err;
    EXPECT_NE(plain.out.find("lemma11-k3.json: 11 moves (paper convention), feasible; graph of 5 "
                             "vertices, 4 edges"),
              std::string::npos)
        << plain.out;
    EXPECT_NE(plain.out.find("most visits: 4 at \"v2\""), std::string::npos) << plain.out;
    EXPECT_NE(plain.out.find("  \"s\": 3\n  \"v1\": 1\n  \"v2\": 4\n  \"v3\": 0\n  \"w\": 3\n"),
              std::string::npos)
        << plain.out;
    EXPECT_NE(plain.out.find("Theorem 8 bound: moves < "), std::string::npos) << plain.out;

    const CmdResult trapped = run("eval " + file + " --kmod 3");
    EXPECT_EQ(trapped.status, 0) << trapped.err;
    EXPECT_NE(trapped.out.find("lemma11-k3.json: 3-mod mouse trapped (a state repeated after "),
              std::string::npos)
        << trapped.out;

    const CmdResult json = run("eval --json " + file + " --kmod 3");
    EXPECT_NE(json.out.find("\"feasible\":true,\"moves\":null,\"kmod\":3,\"trapped\":true"),
              std::string::npos)
        << json.out;
    const CmdResult plain_json = run("eval --json --check " + file);
    EXPECT_EQ(plain_json.status, 0) << plain_json.err;
    EXPECT_NE(plain_json.out.find("\"moves\":11,\"max_visits\":4,\"most_visited\":\"v2\""),
              std::string::npos)
        << plain_json.out;
    // The bound of Theorem 8: |V| = 5, Delta = 3, diameter 3: 5 * (3 + 9 + 27) = 195.
    EXPECT_NE(plain_json.out.find("\"theorem8_bound\":195.0"), std::string::npos) << plain_json.out;
}

TEST(GraphCli, BadGraphFilesStopWithTheLineAndWhatWasExpected) {
    struct Case {
        const char* name;
        const char* text;
        const char* message;
    };
    const Case cases[] = {
        {"unknown.json",
         "{\"vertices\": [\"a\", \"b\"],\n \"edges\": [[\"a\", \"b\"],\n  [\"b\", \"c\"]],\n"
         " \"start\": \"a\", \"exit\": \"b\"}\n",
         ":3: edges[1][1]: \"c\" is not a vertex; expected the id of a vertex listed in "
         "\"vertices\""},
        {"asymmetric.json",
         "{\"vertices\": [\"a\", \"b\", \"c\"],\n \"edges\": [[\"a\", \"b\"]],\n"
         " \"preferences\": {\n  \"a\": [\"b\", \"c\"]},\n \"start\": \"a\", \"exit\": \"b\"}\n",
         ":4: the preference list of \"a\" names \"c\", but no edge joins \"a\" and \"c\"; "
         "expected exactly the neighbours of \"a\": \"b\""},
        {"not_neighbours.json",
         "{\"vertices\": 3,\n \"edges\": [[0, 1], [1, 2]],\n \"preferences\": {\"0\": [1],\n"
         "  \"1\": [2]},\n \"start\": 0, \"exit\": 2}\n",
         ":4: the preference list of \"1\" leaves out \"0\", a neighbour by the edge on line 2 "
         "(edges[0]); expected every neighbour of \"1\" once"},
        {"start_exit.json",
         "{\"vertices\": 2, \"edges\": [[0, 1]],\n \"start\": 1,\n \"exit\": 1}\n",
         ":3: exit: \"1\" is also the start; expected an exit other than the start"},
    };
    for (const Case& c : cases) {
        const std::string path = write_temp(c.name, c.text);
        // A board file before it is walked first: the bad file stops the command after it.
        const CmdResult r = run("eval " + kBoards + "optimum-5x5.txt " + path);
        EXPECT_EQ(r.status, 2) << c.name;
        EXPECT_NE(r.out.find("optimum-5x5.txt: 52 moves"), std::string::npos) << r.out;
        EXPECT_NE(r.err.find("mazesearch: error: " + path + c.message), std::string::npos)
            << c.name << ": " << r.err;
    }
    // A graph file that is not JSON: the line and the column.
    const std::string broken = write_temp("broken.json", "{\"vertices\": 2,\n \"edges\": [[0 1]]}");
    const CmdResult r = run("eval " + broken);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find(broken + ":2: column 15: syntax error"), std::string::npos) << r.err;
}

TEST(GraphCli, MakeGraphWritesTheCommittedExamplesByteForByte) {
    const std::pair<std::string, std::string> made[] = {
        {"hex --side 4", "hex-4.json"},
        {"torus --rows 6 --cols 6", "torus-6x6.json"},
        {"grid3d --size 3x3x3", "grid3d-3x3x3.json"},
        {"lemma11 --k 3", "lemma11-k3.json"},
    };
    for (const auto& [args, file] : made) {
        const CmdResult r = run("make-graph " + args);
        EXPECT_EQ(r.status, 0) << r.err;
        EXPECT_EQ(r.out, read_file(kGraphs + file)) << file;
    }
    EXPECT_EQ(run("make-graph hex --side 1").status, 2);
    EXPECT_EQ(run("make-graph grid3d --size 3x3").status, 2);
    EXPECT_EQ(run("make-graph board").status, 2);
}

TEST(GraphCli, ABoardAsAGraphFileWalksLikeTheBoard) {
    // make-graph board: the paper's Figure 1 (180 moves) and the 6x6 optimum (115) as graphs.
    for (const auto& [board, moves] :
         {std::pair<std::string, int>{"figure1-13x13.txt", 180}, {"optimum-6x6.txt", 115}}) {
        const std::string out = test_dir() + "/" + board + ".json";
        ASSERT_EQ(run("make-graph board --board " + kBoards + board + " -o " + out).status, 0);
        const CmdResult e = run("eval --check " + out);
        EXPECT_EQ(e.status, 0) << e.err;
        EXPECT_NE(e.out.find(": " + std::to_string(moves) + " moves (paper convention)"),
                  std::string::npos)
            << e.out;
        EXPECT_NE(e.out.find("reference walk: agrees"), std::string::npos) << e.out;
        // Standard input: a graph file is told by its first bytes (--graph is not needed); a file starting with '{' needs no .json name.
        const CmdResult in = run_with_input("eval --graph -", read_file(out));
        EXPECT_NE(in.out.find("<stdin>: " + std::to_string(moves) + " moves"), std::string::npos)
            << in.out << in.err;
        const std::string plain = write_temp(board + ".graph", read_file(out));
        EXPECT_NE(run("eval " + plain).out.find(": " + std::to_string(moves) + " moves"),
                  std::string::npos);
    }
}

TEST(GraphCli, SearchConfigsRunAndTheirBestGraphsEvalToTheirScores) {
    const std::string dir = test_dir() + "/graph_runs";
    std::filesystem::remove_all(dir);
    // The Lemma 11 config as committed (1,000 evaluations), the hexagon with a shorter budget.
    const std::pair<std::string, std::string> configs[] = {
        {"search-lemma11-k3.yaml", ""},
        {"search-hex-4.yaml", " budget.evaluations=20000"},
        {"search-grid3d-3x3x3.yaml", " budget.evaluations=20000"},
    };
    for (const auto& [config, extra] : configs) {
        const std::string out = dir + "/" + config;
        const CmdResult r = run(
            "run configs/graphs/" + config + extra + " threads=2 --quiet output=" + out, kInSource);
        ASSERT_EQ(r.status, 0) << config << ": " << r.err;
        const std::string summary = read_file(out + "/summary.json");
        const auto at = summary.find("\"best_score\":");
        ASSERT_NE(at, std::string::npos) << summary;
        const double best = std::stod(summary.substr(at + 13));
        EXPECT_GT(best, 0) << config;
        // best.txt is a graph file: the remaining graph walks to the best score.
        const CmdResult e = run("eval --json --check " + out + "/best.txt");
        EXPECT_EQ(e.status, 0) << e.err;
        EXPECT_NE(e.out.find("\"moves\":" + std::to_string(static_cast<long long>(best)) + ","),
                  std::string::npos)
            << config << ": " << e.out;
        EXPECT_NE(read_file(out + "/best.svg").find("<svg"), std::string::npos);
    }
    // The Lemma 11 tree's best is the whole tree: deleting any edge cuts the exit off or
    // shortens the walk (11 moves; see the test above).
    EXPECT_NE(read_file(dir + "/search-lemma11-k3.yaml/summary.json").find("\"best_score\": 11.0"),
              std::string::npos);
    // A run's best graph seeds another run (initial:), which starts from its score.
    const std::string seeded = dir + "/seeded";
    const CmdResult s =
        run("run configs/graphs/search-hex-4.yaml budget.evaluations=200 threads=1 --quiet "
            "initial=" +
                dir + "/search-hex-4.yaml/best.txt output=" + seeded,
            kInSource);
    ASSERT_EQ(s.status, 0) << s.err;
    const std::string first = read_file(dir + "/search-hex-4.yaml/summary.json");
    const std::string again = read_file(seeded + "/summary.json");
    const auto score = [](const std::string& j) {
        return std::stod(j.substr(j.find("\"best_score\":") + 13));
    };
    EXPECT_GE(score(again), score(first));
}

TEST(GraphCli, GraphTargetConfigErrorsNameTheKey) {
    const std::string no_file = write_temp(
        "no_file.yaml",
        "name: g\ntarget: {kind: graph}\noptimizer: {kind: random}\nbudget: {evaluations: 10}\n");
    const CmdResult a = run("run " + no_file + " --dry-run");
    EXPECT_EQ(a.status, 2);
    EXPECT_NE(a.err.find("no_file.yaml:2: target.file: required"), std::string::npos) << a.err;
    const CmdResult b =
        run("run configs/graphs/search-hex-4.yaml target.delete=nodes --dry-run", kInSource);
    EXPECT_EQ(b.status, 2);
    EXPECT_NE(b.err.find("target.delete"), std::string::npos) << b.err;
    const CmdResult c =
        run("run configs/graphs/search-hex-4.yaml target.file=configs/graphs/none.json --dry-run",
            kInSource);
    EXPECT_EQ(c.status, 2);
    EXPECT_NE(c.err.find("configs/graphs/none.json: cannot open the file"), std::string::npos)
        << c.err;
}

TEST(GraphCli, TheTheoremEightBoundIsLeftOutOfLargeGraphs) {
    // A path of 15,000 vertices: its exact diameter would need 15,000 breadth-first searches
    // (n (n + m) = 4.5e8 steps, past the 2e8 that eval spends on it). The walk goes straight to
    // the far end: 14,999 moves.
    std::string text = "{\"vertices\": 15000, \"edges\": [";
    for (int i = 0; i + 1 < 15000; ++i)
        text += (i ? ", [" : "[") + std::to_string(i) + ", " + std::to_string(i + 1) + "]";
    text += "], \"start\": 0, \"exit\": 14999}\n";
    const std::string path = write_temp("path.json", text);
    const CmdResult r = run("eval " + path);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("14999 moves (paper convention)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Theorem 8 bound: not computed"), std::string::npos) << r.out;
    const CmdResult j = run("eval --json " + path);
    EXPECT_NE(j.out.find("\"theorem8_bound\":null"), std::string::npos) << j.out;
}
