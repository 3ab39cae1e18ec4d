// A sweep's points end to end: each runs the config the sweep pinned when it began, whatever
// happens to the file, from wherever the sweep is resumed; each point's status has one meaning,
// the same in the sweep's lines, index.csv and its tally; and `sweep` takes every value `run`
// takes.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_support.hpp"
#include "sweep_support.hpp"

namespace maze::testing_support::sweep_points {
namespace {

using namespace sweep_support;
using nlohmann::json;

double t_start_of(const std::string& run_folder) {
    return json::parse(read_file(run_folder + "/config.json"))
        .at("optimizer")
        .at("t_start")
        .get<double>();
}

// The config was read again by every point as it started: an edit half a second into a sweep
// gave points of two configs, exit status 0 and one summary over both.
TEST(SweepPoints, AConfigEditedWhileTheSweepRunsChangesNoPoint) {
    const std::string original = read_file(kAnnealing);
    const std::string cfg = write_temp("edited.yaml", original);
    const std::string dir = fresh("sweep-edited");
    const std::string args =
        "sweep " + cfg + " seed=1,2,3,4 budget.evaluations=2000 repeats=1 output=" + dir;
    ASSERT_EQ(run(args + " --point 0 -q").status, 0);  // makes the folder and pins the config
    // Point 3 is held, so the sweep runs points 1 and 2 and then waits: the edit lands while
    // it runs, before point 3 starts.
    HeldPoint held(dir + "/logs/point-003.txt");
    ASSERT_TRUE(held.held());
    const std::string err = test_dir() + "/sweep-edited.err";
    Child c({"sweep", cfg, "seed=1,2,3,4", "budget.evaluations=2000", "repeats=1", "--jobs", "1",
             "output=" + dir},
            err);
    ASSERT_TRUE(c.wait_until(
        [&] { return read_file(err).find("point-003 is in use") != std::string::npos; },
        std::chrono::seconds(120)))
        << read_file(err);
    const std::string edited = original.substr(0, original.find("t_start: 10.0")) +
                               "t_start: 99.0" +
                               original.substr(original.find("t_start: 10.0") + 13);
    ASSERT_NE(edited, original);
    std::ofstream(cfg, std::ios::trunc) << edited;
    held.release();
    const ChildExit e = c.wait(std::chrono::seconds(120));
    ASSERT_TRUE(e.exited && e.code == 0) << e.describe() << "\n" << read_file(err);
    for (int p = 0; p < 4; ++p)
        EXPECT_EQ(t_start_of(dir + "/point-00" + std::to_string(p)), 10.0) << p;
    EXPECT_EQ(read_file(dir + "/configs/000-edited.yaml"), original);
    EXPECT_EQ(json::parse(read_file(dir + "/sweep.json")).at("pinned_configs"),
              json({"configs/000-edited.yaml"}));
    // The same command with the edited file is another sweep; resume needs no file at all.
    const CmdResult again = run(args);
    EXPECT_EQ(again.status, 2);
    EXPECT_NE(again.err.find("holds another sweep"), std::string::npos) << again.err;
    fs::remove(cfg);
    const CmdResult resumed = run("resume " + dir);
    EXPECT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(statuses(dir), std::vector<std::string>(4, "finished"));
}

// `resume /abs/SWEEP` from another folder failed on the config's relative path.
TEST(SweepPoints, ResumedFromAnotherFolderTheSweepRunsItsPinnedConfig) {
    const std::string here = fresh("sweep-start-here");
    fs::create_directories(here);
    fs::copy_file(kAnnealing, here + "/mine.yaml");
    const std::string dir = fresh("sweep-resumed-elsewhere");
    const CmdResult first = run(
        "sweep mine.yaml seed=1,2,3 budget.evaluations=2000 repeats=1 -q --point 0 output=" + dir,
        "cd " + here + " && ");
    ASSERT_EQ(first.status, 0) << first.err;
    const CmdResult r = run("resume " + dir, "cd / && ");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(statuses(dir), std::vector<std::string>(3, "finished"));
    EXPECT_NE(read_file(dir + "/logs/point-001.txt").find("/configs/000-mine.yaml"),
              std::string::npos);
}

// A sweep folder made before configs were pinned (no configs/, no pinned_configs) goes on as it
// did: its points run the config file, which must not have changed since.
TEST(SweepPoints, AFolderMadeBeforeConfigsWerePinnedResumesFromTheConfigFile) {
    const std::string cfg = write_temp("legacy.yaml", read_file(kAnnealing));
    const std::string dir = fresh("sweep-legacy");
    ASSERT_EQ(run("sweep " + cfg +
                  " seed=1,2 budget.evaluations=2000 repeats=1 -q --point 0 "
                  "output=" +
                  dir)
                  .status,
              0);
    json spec = json::parse(read_file(dir + "/sweep.json"));
    spec.erase("pinned_configs");
    std::ofstream(dir + "/sweep.json", std::ios::trunc) << spec.dump(2) << "\n";
    fs::remove_all(dir + "/configs");
    const CmdResult r = run("resume " + dir);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(statuses(dir), std::vector<std::string>(2, "finished"));
    const std::string log = read_file(dir + "/logs/point-001.txt");
    EXPECT_NE(log.find(" run --config-hash "), std::string::npos) << log;
    EXPECT_NE(log.find(" " + cfg + " "), std::string::npos) << log;
    std::ofstream(cfg, std::ios::app) << "# edited\n";
    const CmdResult edited = run("resume " + dir);
    EXPECT_EQ(edited.status, 2);
    EXPECT_NE(edited.err.find(cfg + ": changed since the sweep in " + dir + " began"),
              std::string::npos)
        << edited.err;
}

// output=DIR/ (a shell's completion adds the slash) is DIR, missing or empty: the folder made
// beside it is renamed onto it (it was made inside it, and the rename failed).
TEST(SweepPoints, AnOutputFolderGivenWithASlashIsThatFolder) {
    const std::string missing = fresh("sweep-slash"), empty = fresh("sweep-slash-empty");
    fs::create_directories(empty);
    for (const std::string& dir : {missing, empty}) {
        const CmdResult r =
            run("sweep " + kAnnealing +
                " seed=1,2 budget.evaluations=300 repeats=1 -q output=" + dir + "/");
        ASSERT_EQ(r.status, 0) << r.err;
        EXPECT_EQ(statuses(dir), std::vector<std::string>(2, "finished"));
    }
}

// Three points of one run each, the middle one with a budget it never reaches, one at a time: when
// the middle one runs, the first has finished and the last not begun, whatever the machine's
// speed.
Child slow_middle_sweep(const std::string& dir, const std::string& err) {
    return Child({"sweep", kAnnealing, "seed=1,2,3", "budget.evaluations=2000,1000000000,2000",
                  "--zip", "seed,budget.evaluations", "repeats=1", "--jobs", "1", "output=" + dir},
                 err);
}

// The sweep writes index.csv after a point ends and before it starts the next one.
bool middle_runs(const std::string& dir) {
    if (read_file(dir + "/point-001/status").rfind("running", 0) != 0) return false;
    const std::vector<std::string> st = statuses(dir);
    return !st.empty() && st[0] == "finished";
}

// The C++ test of an interrupted sweep accepted 0 or 130, as the machine's speed had it; this one
// stops a sweep with a point finished, one running and one not begun, every time.
TEST(SweepPoints, AStoppedSweepSaysWhatEachPointIsAsTheIndexDoes) {
    const std::string dir = fresh("sweep-stopped");
    const std::string err = test_dir() + "/sweep-stopped.err";
    Child c = slow_middle_sweep(dir, err);
    ASSERT_TRUE(c.wait_until([&] { return middle_runs(dir); }, std::chrono::seconds(120)))
        << read_file(err);
    c.send(SIGINT);
    const ChildExit e = c.wait(std::chrono::seconds(120));
    ASSERT_TRUE(e.exited && e.code == 130) << e.describe() << "\n" << read_file(err);
    EXPECT_EQ(statuses(dir), (std::vector<std::string>{"finished", "interrupted", "pending"}));
    const std::string said = read_file(err);
    EXPECT_NE(said.find("point-001 (seed=2 budget.evaluations=1000000000) interrupted;"),
              std::string::npos)
        << said;
    EXPECT_NE(said.find("1 of 3 points finished, 0 failed in"), std::string::npos) << said;
    EXPECT_NE(said.find("`mazesearch resume " + dir + "`"), std::string::npos) << said;
    EXPECT_EQ(read_file(dir + "/point-001/status").substr(0, 11), "interrupted");
    EXPECT_NE(read_file(dir + "/logs/point-001.txt").find("exit status 130"), std::string::npos);
}

// A point killed by hand was printed "FAILED (exit status 137)", then "0 failed", and index.csv
// said `interrupted`.
TEST(SweepPoints, APointKilledByHandIsFailedInTheLinesTheIndexAndTheTally) {
    const std::string dir = fresh("sweep-killed-point");
    const std::string err = test_dir() + "/sweep-killed-point.err";
    Child c = slow_middle_sweep(dir, err);
    ASSERT_TRUE(c.wait_until([&] { return middle_runs(dir); }, std::chrono::seconds(120)))
        << read_file(err);
    const std::vector<pid_t> point = processes_naming("output=" + dir + "/point-001 ");
    ASSERT_EQ(point.size(), 1u);
    ::kill(point[0], SIGKILL);
    const ChildExit e = c.wait(std::chrono::seconds(120));
    ASSERT_TRUE(e.exited && e.code == 1) << e.describe() << "\n" << read_file(err);
    EXPECT_EQ(statuses(dir), (std::vector<std::string>{"finished", "failed", "finished"}));
    const std::string said = read_file(err);
    EXPECT_NE(said.find("point-001 (seed=2 budget.evaluations=1000000000) FAILED (exit status "
                        "137, see "),
              std::string::npos)
        << said;
    EXPECT_NE(said.find("2 of 3 points finished, 1 failed (point-001, logs in"), std::string::npos)
        << said;
}

// `sweep` refused description=don't and label=a(b, which `run` takes; `config=x.yaml` was "given
// twice"; `--zip K` took the overrides after it for keys.
TEST(SweepPoints, SweepTakesWhatRunTakesAndZipTakesOneListOfKeys) {
    const std::string dir = fresh("sweep-values");
    const CmdResult r = run("sweep " + kAnnealing +
                            " \"description=don't\" 'label=a(b' --zip seed,budget.evaluations "
                            "seed=1,2 budget.evaluations=1000,2000 repeats=1 -q output=" +
                            dir);
    ASSERT_EQ(r.status, 0) << r.err;
    const json cfg = json::parse(read_file(dir + "/point-001/config.json"));
    EXPECT_EQ(cfg.at("description"), "don't");
    EXPECT_EQ(cfg.at("label"), "a(b");
    EXPECT_EQ(cfg.at("seed"), 2);
    EXPECT_EQ(cfg.at("budget").at("evaluations"), 2000);
    // A task of an array without output= made a sweep folder of its own.
    const CmdResult alone =
        run("sweep " + kAnnealing + " seed=1,2 --point 1", "cd " + test_dir() + " && ");
    EXPECT_EQ(alone.status, 2);
    EXPECT_NE(alone.err.find("--point 1: give the sweep folder (output=DIR)"), std::string::npos)
        << alone.err;
    EXPECT_FALSE(fs::exists(test_dir() + "/runs"));
    const CmdResult config = run("sweep " + kAnnealing + " config=x.yaml seed=1,2 --dry-run");
    EXPECT_EQ(config.status, 2);
    EXPECT_NE(config.err.find("config is not a key of a config; the config files are the first "
                              "arguments"),
              std::string::npos)
        << config.err;
}

// A run that another config wrote into a point folder was the point's: `resume` said "3 of 3
// points finished, 0 failed", exit status 0, index.csv gave the point random.yaml's 40,000
// evaluations and summarize 22 runs. Every reader now refuses the folder by name, before any point
// runs, and writes nothing; moved out, the point runs.
TEST(SweepPoints, ARunAnotherConfigWroteIntoAPointFolderIsRefused) {
    const std::string dir = fresh("sweep-stranger");
    const std::string args =
        "sweep " + kAnnealing + " seed=1,2,3 budget.evaluations=2000 repeats=1 -q output=" + dir;
    ASSERT_EQ(run(args + " --point 0").status, 0);
    const CmdResult stranger = run("run " + kSourceDir +
                                   "/configs/paper/random.yaml budget.evaluations=2000 threads=1 "
                                   "seed=2 -q output=" +
                                   dir + "/point-001");
    ASSERT_EQ(stranger.status, 0) << stranger.err;
    const std::string index = read_file(dir + "/index.csv");
    const std::string want = dir +
                             "/point-001: holds a run that is not this point's (its "
                             "config.json: ";
    for (const std::string& command :
         {"resume " + dir, args, args + " --point 2", args + " --point 1", "summarize " + dir,
          "summarize --format json --compare " + dir}) {
        const CmdResult r = run(command);
        EXPECT_EQ(r.status, 2) << command;
        EXPECT_NE(r.err.find(want), std::string::npos) << command << "\n" << r.err;
        EXPECT_EQ(r.out, "") << command;
    }
    EXPECT_EQ(read_file(dir + "/index.csv"), index);
    EXPECT_FALSE(fs::exists(dir + "/point-002"));
    EXPECT_EQ(json::parse(read_file(dir + "/point-001/config.json")).at("name"), "paper-random");
    // The pinned config with another seed is not the point's either.
    fs::remove_all(dir + "/point-001");
    const std::string pinned = dir + "/configs/000-annealing.yaml";
    ASSERT_EQ(run("run " + pinned + " budget.evaluations=2000 repeats=1 seed=9 -q output=" + dir +
                  "/point-001")
                  .status,
              0);
    const CmdResult seed = run("summarize " + dir);
    EXPECT_EQ(seed.status, 2);
    EXPECT_NE(seed.err.find("(its config.json: seed is 9 there, 2 for the point)"),
              std::string::npos)
        << seed.err;
    // The point's own command, run by hand with its own threads and its folder named another
    // way, is the point's run.
    fs::remove_all(dir + "/point-001");
    ASSERT_EQ(
        run("run " + pinned + " budget.evaluations=2000 repeats=1 seed=2 threads=2 -q output=" +
            fs::absolute(dir).string() + "/point-001")
            .status,
        0);
    const CmdResult resumed = run("resume " + dir);
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(statuses(dir), std::vector<std::string>(3, "finished"));
}

// Editing the pinned copy SWEEP/configs/000-NAME while the sweep ran changed every later point
// (it was checked at start and resume only): 4 of 4 finished, with two configs, exit status 0.
// Each point now starts only from the bytes the sweep checked: the sweep refuses the edited copy
// by name before the next point, the point's own process refuses bytes of another hash, and once
// the copy is restored the sweep finishes with its config.
TEST(SweepPoints, APinnedCopyEditedWhileTheSweepRunsStartsNoPoint) {
    const std::string original = read_file(kAnnealing);
    const std::string cfg = write_temp("pinned-edit.yaml", original);
    const std::string dir = fresh("sweep-pinned-edited");
    const std::string args =
        "sweep " + cfg + " seed=1,2,3,4 budget.evaluations=2000 repeats=1 output=" + dir;
    ASSERT_EQ(run(args + " --point 0 -q").status, 0);
    // Point 3 is held: the sweep runs points 1 and 2, then waits, and the edit lands then.
    HeldPoint held(dir + "/logs/point-003.txt");
    ASSERT_TRUE(held.held());
    const std::string err = test_dir() + "/sweep-pinned-edited.err";
    Child c({"sweep", cfg, "seed=1,2,3,4", "budget.evaluations=2000", "repeats=1", "--jobs", "1",
             "output=" + dir},
            err);
    ASSERT_TRUE(c.wait_until(
        [&] { return read_file(err).find("point-003 is in use") != std::string::npos; },
        std::chrono::seconds(120)))
        << read_file(err);
    const std::string pinned = dir + "/configs/000-pinned-edit.yaml";
    const std::string edited = original.substr(0, original.find("t_start: 10.0")) +
                               "t_start: 99.0" +
                               original.substr(original.find("t_start: 10.0") + 13);
    ASSERT_NE(edited, original);
    std::ofstream(pinned, std::ios::trunc) << edited;
    held.release();
    const ChildExit e = c.wait(std::chrono::seconds(120));
    ASSERT_TRUE(e.exited && e.code == 2) << e.describe() << "\n" << read_file(err);
    EXPECT_NE(read_file(err).find(pinned + ": changed while the sweep ran"), std::string::npos)
        << read_file(err);
    EXPECT_FALSE(fs::exists(dir + "/point-003"));
    for (int p = 0; p < 3; ++p)
        EXPECT_EQ(t_start_of(dir + "/point-00" + std::to_string(p)), 10.0) << p;
    // A task of the sweep refuses it too, and so does a point's own process given the hash the
    // sweep checked (as the sweep gives it).
    const CmdResult task = run(args + " --point 3 -q");
    EXPECT_EQ(task.status, 2);
    EXPECT_NE(task.err.find(pinned + ": changed while the sweep ran"), std::string::npos)
        << task.err;
    const std::string log = read_file(dir + "/logs/point-001.txt");
    const std::size_t at = log.find("--config-hash ");
    ASSERT_NE(at, std::string::npos) << log;
    const std::string hash = log.substr(at + 14, 16);
    const CmdResult own = run("run --config-hash " + hash + " " + pinned + " --dry-run");
    EXPECT_EQ(own.status, 2);
    EXPECT_NE(own.err.find(pinned + ": not the bytes expected"), std::string::npos) << own.err;
    std::ofstream(pinned, std::ios::trunc) << original;
    EXPECT_EQ(run("run --config-hash " + hash + " " + pinned + " --dry-run").status, 0);
    const CmdResult resumed = run("resume " + dir + " -q");
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(t_start_of(dir + "/point-003"), 10.0);
}

}  // namespace
}  // namespace maze::testing_support::sweep_points
