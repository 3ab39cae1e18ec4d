// The max-visits objective through the command and the config: `target.objective`, its errors,
// the run's unit, `eval`'s most-visits line, and `enumerate --objective` with `merge`.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli_support.hpp"

using maze::testing_support::CmdResult;
using maze::testing_support::kBoards;
using maze::testing_support::read_file;
using maze::testing_support::run;
using maze::testing_support::write_temp;

namespace {

const char* kConfig = R"(name: mv
seed: 1
target:
  kind: mouse-maze
  rows: 5
  cols: 5
  objective: %s
optimizer:
  kind: random
budget:
  evaluations: 3000
)";

std::string config_with(const std::string& objective) {
    std::string text(kConfig);
    text.replace(text.find("%s"), 2, objective);
    return text;
}

}  // namespace

// A max-visits run says what its value is (never "moves") and finds no more than the 5x5
// enumeration's optimum.
TEST(MaxVisitsCli, RunReportsMaxVisits) {
    const std::string dir = maze::testing_support::test_dir() + "/mv_run";
    const std::string cfg = write_temp("mv.yaml", config_with("max-visits"));
    const CmdResult r = run("run " + cfg + " threads=1 --quiet output=" + dir);
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json s = nlohmann::json::parse(read_file(dir + "/summary.json"));
    EXPECT_EQ(s.at("convention"), "visits of the most-visited cell") << s.dump();
    const double best = s.at("best_score").get<double>();
    EXPECT_GE(best, 2.0);
    EXPECT_LE(best, 8.0);  // the 5x5 optimum of max visits (exhaustive enumeration)
    EXPECT_EQ(r.out.find("moves"), std::string::npos) << r.out;
}

TEST(MaxVisitsCli, BadObjectiveNamesTheKeyAndTheLine) {
    const std::string cfg = write_temp("mv_bad.yaml", config_with("most-visits"));
    const CmdResult r = run("run " + cfg + " --quiet");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("mv_bad.yaml:7"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("target.objective"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("most-visits"), std::string::npos) << r.err;
    // The Flash convention counts moves: not with max-visits.
    const CmdResult flash = run("run " + write_temp("mv_flash.yaml", config_with("max-visits")) +
                                " target.convention=flash --quiet");
    EXPECT_EQ(flash.status, 2);
    EXPECT_NE(flash.err.find("target.convention"), std::string::npos) << flash.err;
}

TEST(MaxVisitsCli, EvalPrintsTheMostVisitedCell) {
    const CmdResult r = run("eval " + kBoards + "figure1-13x13.txt " + kBoards + "optimum-6x6.txt");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("figure1-13x13.txt: 180 moves (paper convention), Flash 182, feasible\n"
                         "most visits: 2 at (1, 12)\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("most visits: 11 at (2, 4)"), std::string::npos) << r.out;
    const CmdResult j = run("eval --json " + kBoards + "optimum-6x6.txt");
    const nlohmann::json o = nlohmann::json::parse(j.out);
    EXPECT_EQ(o.at("max_visits"), 11);
    EXPECT_EQ(o.at("most_visited"), nlohmann::json::array({2, 4}));
}

TEST(MaxVisitsCli, EnumerateAndMergeKeepObjectivesApart) {
    const std::string dir = maze::testing_support::test_dir();
    const CmdResult plain =
        run("enumerate --rows 4 --cols 4 --objective max-visits --json --quiet");
    ASSERT_EQ(plain.status, 0) << plain.err;
    const nlohmann::json p = nlohmann::json::parse(plain.out);
    EXPECT_EQ(p.at("objective"), "max-visits");
    EXPECT_EQ(p.at("optimum"), 5);
    EXPECT_EQ(p.at("feasible"), 5745);
    const CmdResult text = run("enumerate --rows 4 --cols 4 --objective max-visits --quiet");
    EXPECT_NE(text.out.find("optimum 5 max-visits"), std::string::npos) << text.out;
    EXPECT_EQ(text.out.find("moves"), std::string::npos) << text.out;
    EXPECT_EQ(run("enumerate --rows 4 --cols 4 --objective visits").status, 2);

    // Shards of max-visits merge to the plain answer; a moves shard is refused.
    std::string files;
    for (int i = 0; i < 2; ++i) {
        const std::string out = dir + "/mv_shard" + std::to_string(i) + ".json";
        const CmdResult s =
            run("enumerate --rows 4 --cols 4 --objective max-visits --quiet "
                "--shard " +
                std::to_string(i) + "/2 --out " + out);
        ASSERT_EQ(s.status, 0) << s.err;
        files += " " + out;
    }
    const CmdResult merged = run("merge --json" + files);
    ASSERT_EQ(merged.status, 0) << merged.err;
    const nlohmann::json m = nlohmann::json::parse(merged.out);
    for (const char* k : {"objective", "optimum", "optimal_boards", "feasible", "histogram"})
        EXPECT_EQ(m.at(k), p.at(k)) << k;
    const std::string moves_shard = dir + "/moves_shard1.json";
    ASSERT_EQ(run("enumerate --rows 4 --cols 4 --quiet --shard 1/2 --out " + moves_shard).status,
              0);
    const CmdResult mixed = run("merge " + dir + "/mv_shard0.json " + moves_shard);
    EXPECT_EQ(mixed.status, 2);
    EXPECT_NE(mixed.err.find("objective moves, not max-visits"), std::string::npos) << mixed.err;

    // The progress of a moves enumeration does not resume as max-visits.
    const std::string out = dir + "/mv_resume.json";
    nlohmann::json progress;
    progress["result"] =
        nlohmann::json::parse(run("enumerate --rows 4 --cols 4 --json --quiet").out);
    progress["done"] = "";
    write_temp("mv_resume.json.progress", progress.dump());
    const CmdResult resumed =
        run("enumerate --rows 4 --cols 4 --objective max-visits --quiet --resume --out " + out);
    EXPECT_EQ(resumed.status, 2);
    EXPECT_NE(resumed.err.find("objective moves, not max-visits"), std::string::npos)
        << resumed.err;
}
