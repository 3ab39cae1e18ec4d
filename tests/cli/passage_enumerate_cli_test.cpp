// `mazesearch enumerate --model passages` end to end: the 4x4 optimum, shards and merge, resume,
// the floor of --at-least, the estimate, and bad options.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"

namespace {

using maze::testing_support::Child;
using maze::testing_support::ChildExit;
using maze::testing_support::CmdResult;
using maze::testing_support::read_file;
using maze::testing_support::run;

nlohmann::json json_of(const CmdResult& r) {
    return nlohmann::json::parse(r.out);
}

TEST(PassageEnumerateCli, FourByFourOptimumIs86) {
    const CmdResult r = run("enumerate --model passages --rows 4 --cols 4 --json --quiet");
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json j = json_of(r);
    EXPECT_EQ(j.at("model"), "passages");
    EXPECT_EQ(j.at("entrance"), "any");
    EXPECT_EQ(j.at("exit"), "any");
    EXPECT_EQ(j.at("optimum"), 86);
    EXPECT_EQ(j.at("optimal_boards"), 1);
    ASSERT_EQ(j.at("boards").size(), 1u);
    // Fixing the entrance and exit of that board gives the same optimum.
    const std::string board = j.at("boards")[0].get<std::string>();
    const std::string top = board.substr(0, board.find('\n'));
    const int entrance = static_cast<int>(top.find(' ') / 2);
    const CmdResult fixed =
        run("enumerate --model passages --rows 4 --cols 4 --json --quiet "
            "--entrance " +
            std::to_string(entrance) + " --exit 0");
    ASSERT_EQ(fixed.status, 0) << fixed.err;
    EXPECT_EQ(json_of(fixed).at("optimum"), 86);
    EXPECT_EQ(json_of(fixed).at("boards"), j.at("boards"));
    // The text form names the convention.
    const CmdResult text = run("enumerate --model passages --rows 4 --cols 4 --quiet");
    EXPECT_NE(text.out.find("optimum 86 moves (the move in and the move out counted)"),
              std::string::npos)
        << text.out;
}

TEST(PassageEnumerateCli, ShardsMergeToTheWhole) {
    const std::string dir = maze::testing_support::test_dir();
    const CmdResult plain = run("enumerate --model passages --rows 3 --cols 4 --json --quiet");
    ASSERT_EQ(plain.status, 0) << plain.err;
    std::string files;
    for (int s = 0; s < 3; ++s) {
        const std::string out = dir + "/pshard" + std::to_string(s) + ".json";
        std::filesystem::remove(out);
        const CmdResult r = run("enumerate --model passages --rows 3 --cols 4 --quiet --shard " +
                                std::to_string(s) + "/3 --out " + out);
        ASSERT_EQ(r.status, 0) << r.err;
        files += " " + out;
    }
    const CmdResult merged = run("merge --json" + files);
    ASSERT_EQ(merged.status, 0) << merged.err;
    for (const char* k : {"optimum", "optimal_boards", "feasible", "histogram", "boards", "leaves"})
        EXPECT_EQ(json_of(merged).at(k), json_of(plain).at(k)) << k;
    EXPECT_EQ(json_of(merged).at("model"), "passages");
}

TEST(PassageEnumerateCli, AtLeastCountsOnlyTheBestBoards) {
    const CmdResult r =
        run("enumerate --model passages --rows 4 --cols 4 --at-least 86 --json --quiet");
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json j = json_of(r);
    EXPECT_EQ(j.at("at_least"), 86);
    EXPECT_EQ(j.at("optimum"), 86);
    EXPECT_EQ(j.at("feasible"), 1);
    EXPECT_EQ(j.at("histogram"), nlohmann::json::parse(R"({"86": 1})"));
    const CmdResult none =
        run("enumerate --model passages --rows 4 --cols 4 --at-least 87 --quiet");
    ASSERT_EQ(none.status, 0) << none.err;
    EXPECT_NE(none.out.find("no board worth 87 or more"), std::string::npos) << none.out;
}

TEST(PassageEnumerateCli, EstimateNamesTheModel) {
    const CmdResult r = run(
        "enumerate --model passages --rows 4 --cols 4 --estimate --probes 20000 --json --quiet");
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json j = json_of(r);
    EXPECT_EQ(j.at("model"), "passages");
    // The exact tree has 2,246,591 leaves (FourByFourOptimumIs86's enumeration).
    EXPECT_NEAR(j.at("leaves").get<double>(), 2246591.0,
                5 * j.at("leaves_error").get<double>() + 1);
}

TEST(PassageEnumerateCli, BadOptionsAreRefused) {
    struct Case {
        const char* args;
        const char* says;
    };
    for (const Case& c : {
             Case{"--model passages --rows 3 --cols 3 --entrance 3",
                  "--entrance: expected a column 0..2"},
             Case{"--model passages --rows 3 --cols 3 --exit 1,1", "--exit: expected a column"},
             Case{"--model passages --rows 3 --cols 3 --start 0,0", "--entrance"},
             Case{"--model passages --rows 7 --cols 7", "at most 64"},
             Case{"--rows 3 --cols 3 --at-least 5", "--model passages"},
             Case{"--rows 3 --cols 3 --entrance 1", "--start"},
             Case{"--model walls --rows 3 --cols 3", "model"},
         }) {
        const CmdResult r = run(std::string("enumerate --quiet ") + c.args);
        EXPECT_EQ(r.status, 2) << c.args << "\n" << r.err;
        EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << "\n" << r.err;
    }
}

// Interrupted with SIGINT once a checkpoint exists, then resumed: the plain answer. 5x4 with
// the entrance and the exit in column 0 is about 1.2 s of work on one thread here and the first
// checkpoint comes after 0.01 s, so the signal lands while the enumeration works: the
// interruption must happen (exit 130, progress written). Every wait is bounded, generously.
TEST(PassageEnumerateCli, InterruptedEnumerationResumesToThePlainAnswer) {
    const std::string out = maze::testing_support::test_dir() + "/p54.json";
    const std::string err_path = maze::testing_support::test_dir() + "/p54_err.txt";
    const std::string grid = "enumerate --model passages --rows 5 --cols 4 --entrance 0 --exit 0 ";
    std::filesystem::remove(out);
    const CmdResult plain = run(grid + "--json --quiet");
    ASSERT_EQ(plain.status, 0) << plain.err;
    Child child(
        {"enumerate", "--model", "passages", "--rows", "5", "--cols", "4", "--entrance", "0",
         "--exit", "0", "--quiet", "--threads", "1", "--checkpoint-seconds", "0.01", "--out", out},
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
    ASSERT_FALSE(std::filesystem::exists(out));
    // A progress of passages is not resumed as cells, nor with another floor.
    const CmdResult cells = run("enumerate --rows 5 --cols 4 --quiet --resume --out " + out);
    EXPECT_EQ(cells.status, 2);
    EXPECT_NE(cells.err.find("an enumeration of passages, not cells"), std::string::npos)
        << cells.err;
    const CmdResult floor = run(grid + "--quiet --at-least 50 --resume --out " + out);
    EXPECT_EQ(floor.status, 2);
    EXPECT_NE(floor.err.find("--at-least"), std::string::npos) << floor.err;
    const CmdResult resumed = run(grid + "--quiet --resume --json --out " + out);
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(resumed.err.find("no progress written yet"), std::string::npos) << resumed.err;
    for (const char* k : {"optimum", "optimal_boards", "feasible", "histogram", "boards", "leaves"})
        EXPECT_EQ(json_of(resumed).at(k), json_of(plain).at(k)) << k;
    EXPECT_FALSE(std::filesystem::exists(out + ".progress"));
    EXPECT_TRUE(std::filesystem::exists(out));
}

}  // namespace
