// `mazesearch sweep` end to end: the points equal the runs they stand for, a sweep is checked
// before anything is written, it is interrupted and resumed to the same end, a failed point is
// recorded and the sweep goes on, and `summarize` groups and compares its combinations.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli_support.hpp"
#include "sweep_support.hpp"

namespace maze::testing_support::sweep_cli {
namespace {

using namespace sweep_support;
using nlohmann::json;

const std::string kConfig = kAnnealing;

// `mazesearch sweep` of the annealing config with `args`, into the sweep folder `dir`.
CmdResult sweep(const std::string& args, const std::string& dir) {
    return run("sweep " + kConfig + " " + args + " output=" + dir);
}

double best_of(const std::string& run_folder) {
    return json::parse(read_file(run_folder + "/summary.json")).at("best_score").get<double>();
}

TEST(Sweep, EachPointIsTheRunItStandsForAndTheTablesSayIt) {
    const std::string dir = fresh("sweep-points");
    const std::string args =
        "optimizer.t_start=1,20 'seed=range(1,4)' budget.evaluations=20000 repeats=1";
    const CmdResult r = sweep(args, dir);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("6 of 6 points finished, 0 failed"), std::string::npos) << r.err;
    EXPECT_EQ(statuses(dir), std::vector<std::string>(6, "finished"));
    // Point 4 is t_start=20, seed=2: the same run typed by hand scores the same.
    const std::string alone = fresh("sweep-alone");
    const CmdResult a = run("run " + kConfig +
                            " optimizer.t_start=20 seed=2 budget.evaluations=20000 repeats=1 -q "
                            "output=" +
                            alone);
    ASSERT_EQ(a.status, 0) << a.err;
    EXPECT_EQ(best_of(dir + "/point-004"), best_of(alone));
    const json spec = json::parse(read_file(dir + "/sweep.json"));
    EXPECT_EQ(spec.at("group_keys"), json({"optimizer.t_start"}));
    EXPECT_EQ(spec.at("points")[4].at("overrides"),
              json({{"optimizer.t_start", "20"}, {"seed", "2"}}));
    // summary.json: one group a t_start, over its three seeds, scores as the points say.
    const json table = json::parse(read_file(dir + "/summary.json"));
    ASSERT_EQ(table.at("groups").size(), 2u);
    std::vector<double> seeds;
    for (int p : {3, 4, 5}) seeds.push_back(best_of(dir + "/point-00" + std::to_string(p)));
    std::sort(seeds.begin(), seeds.end());
    EXPECT_EQ(table.at("groups")[1].at("scores").get<std::vector<double>>(), seeds);
    EXPECT_EQ(table.at("groups")[1].at("median").get<double>(), seeds[1]);
    EXPECT_NE(read_file(dir + "/summary.md").find("| 20 | 3 of 3 | 3 |"), std::string::npos);
    // The same command again runs nothing and changes nothing.
    const std::string before = read_file(dir + "/point-004/summary.json");
    const CmdResult again = sweep(args, dir);
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_NE(again.err.find("0 to run"), std::string::npos) << again.err;
    EXPECT_EQ(read_file(dir + "/point-004/summary.json"), before);
}

TEST(Sweep, ABadPointIsFoundBeforeAnythingIsWritten) {
    const std::string dir = fresh("sweep-bad");
    const CmdResult r = sweep("optimizer.t_start=1,oops seed=1,2", dir);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("point-002 (optimizer.t_start=oops seed=1)"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("optimizer.t_start"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir));
    const CmdResult zip = sweep("a=1,2 b=1 --zip a,b", dir);
    EXPECT_EQ(zip.status, 2);
    EXPECT_NE(zip.err.find("--zip a,b: b is not swept"), std::string::npos) << zip.err;
    EXPECT_FALSE(fs::exists(dir));
}

TEST(Sweep, AnotherSweepIsRefusedInAFolderThatHoldsOne) {
    const std::string dir = fresh("sweep-other");
    ASSERT_EQ(sweep("seed=1,2 budget.evaluations=2000", dir).status, 0);
    const CmdResult r = sweep("seed=1,2,3 budget.evaluations=2000", dir);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("holds another sweep"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir + "/point-002"));
}

TEST(Sweep, AFailedPointIsRecordedTheOthersGoOnAndARerunTriesItAgain) {
    const std::string dir = fresh("sweep-fail");
    const std::string args =
        "sweep " + kConfig + " seed=1,2,3 budget.evaluations=2000 output=" + dir;
    ASSERT_EQ(run(args + " --point 0").status, 0);
    // A file of the user's in point 1's folder: its run refuses the folder.
    fs::create_directories(dir + "/point-001");
    std::ofstream(dir + "/point-001/mine.txt") << "the user's\n";
    ASSERT_TRUE(fs::exists(dir + "/point-001/mine.txt"));
    const CmdResult r = run(args);
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(statuses(dir), (std::vector<std::string>{"finished", "failed", "finished"}));
    EXPECT_NE(read_file(dir + "/logs/point-001.txt").find("not empty"), std::string::npos);
    EXPECT_NE(r.err.find("1 failed (point-001"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir + "/summary.md"));
    fs::remove(dir + "/point-001/mine.txt");
    const CmdResult again = run("resume " + dir);
    EXPECT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(statuses(dir), std::vector<std::string>(3, "finished"));
    EXPECT_TRUE(fs::exists(dir + "/summary.md"));
}

TEST(Sweep, AnInterruptedSweepResumesToTheUninterruptedResult) {
    const std::string whole = fresh("sweep-whole");
    const std::string cut = fresh("sweep-cut");
    const std::string args =
        " optimizer.t_start=2,8 seed=1,2,3 budget.evaluations=150000 "
        "repeats=1 --jobs 2 output=";
    ASSERT_EQ(run("sweep " + kConfig + args + whole + " -q").status, 0);
    // Point 0 alone first: it makes the folder, where the test then holds point 5, so that the
    // sweep cannot end before the signal however fast the machine is (it accepted 0 or 130).
    ASSERT_EQ(run("sweep " + kConfig + args + cut + " --point 0 -q").status, 0);
    HeldPoint held(cut + "/logs/point-005.txt");
    ASSERT_TRUE(held.held());
    std::vector<std::string> argv = {"sweep",
                                     kConfig,
                                     "optimizer.t_start=2,8",
                                     "seed=1,2,3",
                                     "budget.evaluations=150000",
                                     "repeats=1",
                                     "--jobs",
                                     "2",
                                     "output=" + cut};
    const std::string err = test_dir() + "/sweep-cut.err";
    Child c(argv, err);
    // Interrupted while it waits for point 5: a point still running then is interrupted and
    // resumed from its checkpoint (every wait bounded: a busy machine is slow).
    ASSERT_TRUE(c.wait_until(
        [&] { return read_file(err).find("point-005 is in use") != std::string::npos; },
        std::chrono::seconds(120)))
        << read_file(err);
    c.send(SIGINT);
    const ChildExit e = c.wait(std::chrono::seconds(120));
    ASSERT_TRUE(e.exited && e.code == 130) << e.describe() << "\n" << read_file(err);
    EXPECT_NE(read_file(err).find("`mazesearch resume " + cut + "`"), std::string::npos);
    EXPECT_EQ(statuses(cut).at(0), "finished");
    EXPECT_EQ(statuses(cut).at(5), "running");  // the test holds it as another sweep would
    held.release();
    ASSERT_EQ(run("resume " + cut + " -q").status, 0);
    for (int p = 0; p < 6; ++p) {
        const std::string folder = "/point-00" + std::to_string(p);
        EXPECT_EQ(best_of(cut + folder), best_of(whole + folder)) << folder;
    }
}

TEST(Sweep, AKilledSweepRerunAtOnceFinishesWhatIsMissing) {
    const std::string whole = fresh("sweep-kill-whole");
    const std::string cut = fresh("sweep-kill-cut");
    const std::string args = "optimizer.t_start=2,8 seed=1,2 budget.evaluations=150000 repeats=1";
    ASSERT_EQ(sweep(args + " --jobs 2 -q", whole).status, 0);
    Child c({"sweep", kConfig, "optimizer.t_start=2,8", "seed=1,2", "budget.evaluations=150000",
             "repeats=1", "--jobs", "2", "output=" + cut},
            test_dir() + "/sweep-kill.err");
    ASSERT_TRUE(c.wait_until([&] { return fs::exists(cut + "/point-000/config.json"); },
                             std::chrono::seconds(120)));
    c.send(SIGKILL);  // its points get SIGTERM from the kernel and checkpoint
    const ChildExit e = c.wait(std::chrono::seconds(60));
    ASSERT_EQ(e.signal, SIGKILL) << e.describe();
    // Rerun at once: a point still held by its old process is waited for, then resumed.
    const CmdResult again = sweep(args + " --jobs 2", cut);
    ASSERT_EQ(again.status, 0) << again.err;
    for (int p = 0; p < 4; ++p) {
        const std::string folder = "/point-00" + std::to_string(p);
        EXPECT_EQ(best_of(cut + folder), best_of(whole + folder)) << folder;
    }
}

// A long sweep outlives rebuilds: each point must run the sweep's own program, not whatever
// file now has its name (once, a rebuild made every later point of a 40 M comparison fail to
// start, exit status 127).
TEST(Sweep, ARebuildDuringASweepLeavesItsPointsOnTheSweepsOwnBuild) {
    const std::string dir = fresh("sweep-rebuilt");
    const std::string copy = test_dir() + "/mazesearch-rebuilt";
    fs::remove(copy);
    fs::copy_file(kBin, copy);
    const std::string err = test_dir() + "/sweep-rebuilt.err";
    Child c({"sweep", kConfig, "seed=1,2,3,4", "budget.evaluations=150000", "repeats=1", "--jobs",
             "1", "-q", "output=" + dir},
            err, copy);
    ASSERT_TRUE(c.wait_until([&] { return fs::exists(dir + "/point-000/config.json"); },
                             std::chrono::seconds(120)));
    // The rebuild: the file is replaced by another program, one that only fails.
    fs::remove(copy);
    std::ofstream(copy) << "#!/bin/sh\nexit 3\n";
    fs::permissions(copy, fs::perms::owner_all);
    ASSERT_FALSE(fs::exists(dir + "/point-003")) << "the sweep ran too fast to test anything";
    const ChildExit e = c.wait(std::chrono::seconds(300));
    ASSERT_TRUE(e.exited && e.code == 0) << e.describe() << "\n" << read_file(err);
    EXPECT_EQ(statuses(dir),
              (std::vector<std::string>{"finished", "finished", "finished", "finished"}));
}

TEST(Sweep, SummarizeGroupsByTheSweptKeysAndComparesThem) {
    const std::string dir = fresh("sweep-compare");
    ASSERT_EQ(
        sweep("optimizer.t_start=0.5,20 'seed=range(1,7)' budget.evaluations=30000 repeats=1 -q",
              dir)
            .status,
        0);
    const CmdResult md = run("summarize " + dir + " --compare --past 100");
    ASSERT_EQ(md.status, 0) << md.err;
    EXPECT_NE(md.out.find("| optimizer.t_start | points finished |"), std::string::npos);
    EXPECT_NE(md.out.find("Leader: optimizer.t_start=20"), std::string::npos) << md.out;
    const CmdResult js = run("summarize " + dir + " --compare --format json");
    ASSERT_EQ(js.status, 0) << js.err;
    const json j = json::parse(js.out);
    ASSERT_EQ(j.at("compare").at("others").size(), 1u);
    const json& other = j.at("compare").at("others")[0];
    EXPECT_EQ(other.at("combination"), "optimizer.t_start=0.5");
    // U counts the pairs in which the leader's run beats the other's (a tie half).
    const auto lead = j.at("groups")[1].at("scores").get<std::vector<double>>();
    const auto rest = j.at("groups")[0].at("scores").get<std::vector<double>>();
    double u = 0;
    for (double a : lead)
        for (double b : rest) u += a > b ? 1 : a == b ? 0.5 : 0;
    EXPECT_EQ(other.at("u").get<double>(), u);
    // Six runs a side: p is at least 2 / C(12, 6), the chance that all six of one side beat all
    // six of the other.
    EXPECT_GE(other.at("p_two_sided").get<double>(), 2.0 / 924 - 1e-12);
    const CmdResult by = run("summarize " + dir + " --by seed --format csv");
    ASSERT_EQ(by.status, 0) << by.err;
    EXPECT_EQ(occurrences(by.out, "\n"), 7);  // header and six seeds
    const CmdResult bad = run("summarize " + dir + " --by nope");
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("--by nope: not a swept key"), std::string::npos) << bad.err;
    EXPECT_TRUE(bad.out.empty());
}

TEST(Sweep, SeveralConfigsAreSweptAndGroupedByConfig) {
    const std::string dir = fresh("sweep-configs");
    const std::string paper = kSourceDir + "/configs/paper/";
    const CmdResult r = run("sweep " + paper + "random.yaml " + paper + "hill-climbing.yaml " +
                            "seed=1,2 budget.evaluations=5000 repeats=1 -q output=" + dir);
    ASSERT_EQ(r.status, 0) << r.err;
    const json table = json::parse(read_file(dir + "/summary.json"));
    EXPECT_EQ(table.at("keys"), json({"config"}));
    ASSERT_EQ(table.at("groups").size(), 2u);
    EXPECT_EQ(table.at("groups")[1].at("values").at("config"), paper + "hill-climbing.yaml");
    EXPECT_EQ(json::parse(read_file(dir + "/point-002/config.json")).at("optimizer").at("kind"),
              "hill-climbing");
    // By config, each row says the config's label and the paper's figure it names.
    const CmdResult md = run("summarize " + dir + " --optimum 115");
    ASSERT_EQ(md.status, 0) << md.err;
    EXPECT_NE(md.out.find("| config | label | reference | points finished |"), std::string::npos)
        << md.out;
    EXPECT_NE(md.out.find("| hill-climbing, paper parameters | 87 | 2 of 2 | 2 |"),
              std::string::npos)
        << md.out;
    EXPECT_NE(md.out.find("reached 115 |"), std::string::npos) << md.out;
}

TEST(Sweep, SeveralSweepsMakeOneTableNamedBySweep) {
    const std::string a = fresh("sweep-variant-a"), b = fresh("sweep-variant-b");
    ASSERT_EQ(sweep("'first_repeat=range(0,3)' repeats=1 budget.evaluations=3000 -q", a).status, 0);
    ASSERT_EQ(sweep("'first_repeat=range(0,3)' repeats=1 budget.evaluations=3000 -q "
                    "optimizer.t_start=1",
                    b)
                  .status,
              0);
    const CmdResult r = run("summarize " + a + " " + b + "/ --by '' --past 100 --format json");
    ASSERT_EQ(r.status, 0) << r.err;
    const json t = json::parse(r.out);
    EXPECT_EQ(t.at("keys"), json({"sweep"}));
    ASSERT_EQ(t.at("groups").size(), 2u);
    EXPECT_EQ(t.at("groups")[0].at("values").at("sweep"), "sweep-variant-a");
    EXPECT_EQ(t.at("groups")[1].at("values").at("sweep"), "sweep-variant-b");
    EXPECT_EQ(t.at("groups")[1].at("runs"), 3);
    // Grouped by their own keys (none; optimizer.t_start), two sweeps differ: one table needs the
    // same keys, and says so.
    const std::string c = fresh("sweep-variant-c");
    ASSERT_EQ(sweep("optimizer.t_start=1,2 repeats=1 budget.evaluations=3000 -q", c).status, 0);
    const CmdResult mixed = run("summarize " + a + " " + c);
    EXPECT_EQ(mixed.status, 2);
    EXPECT_NE(mixed.err.find("is grouped by other keys"), std::string::npos) << mixed.err;
}

TEST(Sweep, DryRunPrintsThePointsAndWritesNothing) {
    const std::string dir = fresh("sweep-dry");
    const CmdResult r = sweep(
        "optimizer.t_start=1,2 optimizer.t_end=0.1,0.2 seed=5 --zip "
        "optimizer.t_start,optimizer.t_end --dry-run",
        dir);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out,
              "point-000 seed=5 optimizer.t_start=1 optimizer.t_end=0.1\n"
              "point-001 seed=5 optimizer.t_start=2 optimizer.t_end=0.2\n");
    EXPECT_FALSE(fs::exists(dir));
}

// `--point 1e0` said "Value 1e0 not in range 0 to 1073741824" (1 is in that range), and a
// --point task of a sweep that sets threads said "1 to run, 2 at a time" (2: the cores); label=%x
// was listed by --dry-run as the point's value while every point ran without a label.
TEST(Sweep, APointTaskSaysWhatItTakesAndRunsOnePoint) {
    const std::string dir = fresh("sweep-point-task");
    for (const std::string given : {"1e0", "-1", "100000", "x"}) {
        const CmdResult r = sweep("seed=1,2 --dry-run --point " + given, dir);
        EXPECT_EQ(r.status, 2) << given;
        EXPECT_NE(r.err.find("--point: expected a point's number, a whole number from 0 to 99999, "
                             "got " +
                             given),
                  std::string::npos)
            << r.err;
    }
    const CmdResult jobs = sweep("seed=1,2 --dry-run --jobs 1e0", dir);
    EXPECT_NE(jobs.err.find("--jobs: expected how many points run at a time, a whole number from 1 "
                            "to 4096, got 1e0"),
              std::string::npos)
        << jobs.err;
    const CmdResult task =
        sweep("seed=1,2,3 threads=1 budget.evaluations=500 repeats=1 --point 1", dir);
    ASSERT_EQ(task.status, 0) << task.err;
    EXPECT_NE(task.err.find("; 1 to run, 1 at a time"), std::string::npos) << task.err;
    const CmdResult dropped = sweep("seed=1,2 label=%x --dry-run", dir);
    EXPECT_EQ(dropped.status, 2);
    EXPECT_NE(dropped.err.find("override 'label=%x': %x is no value in YAML"), std::string::npos)
        << dropped.err;
}

}  // namespace
}  // namespace maze::testing_support::sweep_cli
