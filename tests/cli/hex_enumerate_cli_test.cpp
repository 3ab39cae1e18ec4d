// `mazesearch enumerate --model hex` end to end: the 4x4 optimum (its boards walked again by
// eval), shards and merge, an interrupted run resumed, the estimate, a grid too large.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"

namespace hex_enumerate_cli {

using maze::testing_support::Child;
using maze::testing_support::ChildExit;
using maze::testing_support::CmdResult;
using maze::testing_support::read_file;
using maze::testing_support::run;

nlohmann::json json_of(const CmdResult& r) {
    return nlohmann::json::parse(r.out);
}

TEST(HexEnumerateCli, FourByFourOptimumIsWalkedAgainByEval) {
    const CmdResult r = run("enumerate --model hex --rows 4 --cols 4 --json --quiet");
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json j = json_of(r);
    EXPECT_EQ(j.at("model"), "hex");
    EXPECT_EQ(j.at("start"), nlohmann::json({0, 0}));
    EXPECT_EQ(j.at("exit"), nlohmann::json({3, 0}));
    EXPECT_EQ(j.at("optimum"), 26);
    EXPECT_EQ(j.at("feasible"), 8054);
    ASSERT_EQ(j.at("boards").size(), j.at("optimal_boards").get<std::size_t>());
    for (const auto& b : j.at("boards")) {
        const std::string path = maze::testing_support::test_dir() + "/hex-optimum.txt";
        std::ofstream(path) << b.get<std::string>();
        const CmdResult e = run("eval --json " + path);
        ASSERT_EQ(e.status, 0) << e.err;
        EXPECT_EQ(json_of(e).at("moves"), 26) << b;
    }
    const CmdResult text = run("enumerate --model hex --rows 4 --cols 4 --quiet");
    EXPECT_NE(
        text.out.find("4x4 hex, start (0,0), exit (3,0): optimum 26 moves (paper convention)"),
        std::string::npos)
        << text.out;
    const CmdResult estimate = run("enumerate --model hex --rows 6 --cols 6 --estimate");
    ASSERT_EQ(estimate.status, 0) << estimate.err;
    EXPECT_NE(estimate.out.find("6x6 hex: about "), std::string::npos) << estimate.out;
    const CmdResult large = run("enumerate --model hex --rows 8 --cols 8 --quiet");
    EXPECT_EQ(large.status, 2);
    EXPECT_NE(
        large.err.find("8x8 hex is too large: the hexagonal enumeration handles grids of at most 64 cells"),
        std::string::npos)
        << large.err;
}

TEST(HexEnumerateCli, ShardsMergeToTheWhole) {
    const std::string dir = maze::testing_support::test_dir();
    const CmdResult plain = run("enumerate --model hex --rows 4 --cols 5 --json --quiet");
    ASSERT_EQ(plain.status, 0) << plain.err;
    std::string files;
    for (int s = 0; s < 3; ++s) {
        const std::string out = dir + "/hshard" + std::to_string(s) + ".json";
        std::filesystem::remove(out);
        const CmdResult r = run("enumerate --model hex --rows 4 --cols 5 --quiet --shard " +
                                std::to_string(s) + "/3 --out " + out);
        ASSERT_EQ(r.status, 0) << r.err;
        files += " " + out;
    }
    const CmdResult merged = run("merge --json" + files);
    ASSERT_EQ(merged.status, 0) << merged.err;
    for (const char* k : {"optimum", "optimal_boards", "feasible", "histogram", "boards", "leaves"})
        EXPECT_EQ(json_of(merged).at(k), json_of(plain).at(k)) << k;
    EXPECT_EQ(json_of(merged).at("model"), "hex");
}

// Interrupted with SIGINT once a checkpoint exists, then resumed: the plain answer. 5x6 is about
// a second of work on one thread here and the first checkpoint comes after 0.01 s, so the signal
// lands while the enumeration works. Every wait is bounded, generously.
TEST(HexEnumerateCli, InterruptedEnumerationResumesToThePlainAnswer) {
    const std::string out = maze::testing_support::test_dir() + "/h56.json";
    const std::string err_path = maze::testing_support::test_dir() + "/h56_err.txt";
    const std::string grid = "enumerate --model hex --rows 5 --cols 6 ";
    std::filesystem::remove(out);
    const CmdResult plain = run(grid + "--json --quiet");
    ASSERT_EQ(plain.status, 0) << plain.err;
    Child child({"enumerate", "--model", "hex", "--rows", "5", "--cols", "6", "--quiet",
                 "--threads", "1", "--checkpoint-seconds", "0.01", "--out", out},
                err_path);
    ASSERT_TRUE(child.started());
    ASSERT_TRUE(child.wait_until([&] { return std::filesystem::exists(out + ".progress"); },
                                 std::chrono::seconds(120)))
        << "no checkpoint\n"
        << read_file(err_path);
    child.send(SIGINT);
    const ChildExit e = child.wait(std::chrono::seconds(120));
    ASSERT_TRUE(e.exited && e.code == 130) << e.describe() << "\n" << read_file(err_path);
    ASSERT_TRUE(std::filesystem::exists(out + ".progress"));
    // A progress of hexagonal boards is not resumed as cells.
    const CmdResult cells = run("enumerate --rows 5 --cols 6 --quiet --resume --out " + out);
    EXPECT_EQ(cells.status, 2);
    EXPECT_NE(cells.err.find("an enumeration of hex, not cells"), std::string::npos) << cells.err;
    const CmdResult resumed = run(grid + "--quiet --resume --json --out " + out);
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    for (const char* k : {"optimum", "optimal_boards", "feasible", "histogram", "boards", "leaves"})
        EXPECT_EQ(json_of(resumed).at(k), json_of(plain).at(k)) << k;
    EXPECT_FALSE(std::filesystem::exists(out + ".progress"));
}

// The committed table of hexagonal grids (results/exhaustive/hex/): each line of results.jsonl
// is a result merge reads with every check (each optimal board walked again, the counts adding
// up), each row of table.md says what its line holds, and the small grids are enumerated here
// again to the same answer.
TEST(HexEnumerateCli, TheCommittedTableIsItsResultsAndTheyAreRight) {
    const std::string dir = std::string(MAZESEARCH_SOURCE_DIR) + "/results/exhaustive/hex/";
    std::ifstream lines(dir + "results.jsonl");
    const std::string table = read_file(dir + "table.md");
    std::string line;
    int grids = 0;
    while (std::getline(lines, line)) {
        const nlohmann::json j = nlohmann::json::parse(line);
        const std::string grid =
            std::to_string(j.at("rows").get<int>()) + "x" + std::to_string(j.at("cols").get<int>());
        const std::string path = maze::testing_support::test_dir() + "/hex-" + grid + ".json";
        std::ofstream(path) << line;
        const CmdResult merged = run("merge --json " + path);
        ASSERT_EQ(merged.status, 0) << grid << ": " << merged.err;
        EXPECT_EQ(json_of(merged).at("optimum"), j.at("optimum")) << grid;
        EXPECT_EQ(j.at("model"), "hex") << grid;
        EXPECT_NE(
            table.find("| " + grid + " | " + std::to_string(j.at("optimum").get<int>()) + " |"),
            std::string::npos)
            << grid;
        if (j.at("rows").get<int>() * j.at("cols").get<int>() <= 16) {
            const CmdResult again = run("enumerate --model hex --json --quiet --rows " +
                                        std::to_string(j.at("rows").get<int>()) + " --cols " +
                                        std::to_string(j.at("cols").get<int>()));
            ASSERT_EQ(again.status, 0) << again.err;
            for (const char* k : {"optimum", "optimal_boards", "feasible", "histogram", "boards"})
                EXPECT_EQ(json_of(again).at(k), j.at(k)) << grid << " " << k;
        }
        ++grids;
    }
    EXPECT_EQ(grids, 29);  // 2x2 to 6x6, 7x6, 6x7, 8x5, 5x8
}

}  // namespace hex_enumerate_cli
