// Search runs under mpirun (docs/cluster.md, "Islands under mpirun"): the islands of each
// generation are shared out among the ranks, every rank keeps the same state, rank 0 writes the
// one run folder. A run must repeat exactly, equal the single-process run of the same config,
// and resume from its checkpoint, under mpirun or not.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>

#include "mpi_support.hpp"

using namespace maze::testing_support;

namespace {

// The budget of the long runs below: long enough that a run has done a small part of it when its
// first checkpoint appears (checkpoint_seconds is 0.02): about 1 s for one process on an idle
// 2-core machine, of which the interrupted run had done 10,600 evaluations when the signal came.
constexpr std::uint64_t kLongBudget = 400000;

// A genetic search with six islands on 8x8, or on 13x13 with a larger budget (long enough to be
// interrupted half-way), written into `dir`.
std::string island_config(const std::string& dir, const std::string& name, bool large) {
    const std::string path = dir + "/" + name + ".yaml";
    std::ofstream(path, std::ios::binary)
        << "name: " << name << "\nseed: 3\nthreads: 1\n"
        << (large ? "target: {kind: mouse-maze, rows: 13, cols: 13}\n"
                  : "target: {kind: mouse-maze, rows: 8, cols: 8}\n")
        << "optimizer: {kind: genetic, population: 40, parents: 8, mutation: 0.03, "
           "elitism: true, islands: 6, migration_interval: 5, migrants: 2, "
           "local_search: climb, local_every: 7, local_scans: 2}\n"
        << (large ? "budget: {evaluations: " + std::to_string(kLongBudget) +
                        "}\ncheckpoint_seconds: 0.02\n"
                  : std::string("budget: {evaluations: 20000}\n"));
    return path;
}

nlohmann::json json_file(const std::string& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

// What a finished run found, without the times and the number of ranks that found it: the
// summary, the logbook's columns but the last (seconds), the best board and the checkpoint's
// optimizer and evaluator state.
std::string outcome(const std::string& dir) {
    nlohmann::json s = json_file(dir + "/summary.json");
    s.erase("seconds");
    s.erase("ranks");
    nlohmann::json c = json_file(dir + "/checkpoint.json");
    c["evaluator"].erase("seconds");
    std::ifstream book(dir + "/logbook.csv");
    std::string line, columns;
    while (std::getline(book, line)) columns += line.substr(0, line.rfind(',')) + "\n";
    return s.dump(1) + "\n" + columns + read_file(dir + "/best.txt") + c["optimizer"].dump() +
           c["evaluator"].dump();
}

// How an interrupted job went.
struct Strike {
    bool struck = false;  // SIGINT was sent while the job ran and FILE existed
    bool hung = false;    // still running long after the signal: killed
    int status = -1;      // the job's exit status
    std::string said;     // what the script printed
};

// Starts `launcher` mazesearch ARGS in the background, waits for FILE (the run's first
// checkpoint: the run is under way, its signal handlers set, and it has done a small part of its
// budget), sends SIGINT to the launcher (mpirun passes it on to every rank) and waits for the job
// to end. The deadlines are generous, for a machine under heavy load: 300 s for FILE to appear,
// 300 s for the job to end after the signal.
Strike interrupt_when(const std::string& launcher, const std::string& args,
                      const std::string& file) {
    const std::string script =
        launcher + kBin + " " + args + " -q >/dev/null 2>&1 & JOB=$!; i=0; " +
        "while [ $i -lt 30000 ] && [ ! -e " + file +
        " ] && kill -0 $JOB 2>/dev/null; do sleep 0.01; i=$((i+1)); done; " +
        "if kill -0 $JOB 2>/dev/null && [ -e " + file +
        " ]; then echo struck; kill -INT $JOB; fi; " +
        "i=0; while [ $i -lt 3000 ] && kill -0 $JOB 2>/dev/null; do sleep 0.1; i=$((i+1)); done; " +
        "if kill -0 $JOB 2>/dev/null; then echo hung; kill -9 $JOB; fi; " +
        "wait $JOB; echo status $?";
    Strike r;
    FILE* p = popen(script.c_str(), "r");
    if (!p) return r;
    char buf[256];
    while (fgets(buf, sizeof buf, p)) r.said += buf;
    pclose(p);
    r.struck = r.said.find("struck\n") != std::string::npos;
    r.hung = r.said.find("hung\n") != std::string::npos;
    const auto at = r.said.rfind("status ");
    if (at != std::string::npos) r.status = std::stoi(r.said.substr(at + 7));
    return r;
}

// The interrupted run folder `dir`: marked interrupted, by a signal (its log says so), with a
// checkpoint of fewer evaluations than the budget.
void expect_interrupted(const std::string& dir) {
    EXPECT_EQ(read_file(dir + "/status"), "interrupted\n") << read_file(dir + "/log.txt");
    EXPECT_NE(read_file(dir + "/log.txt").find("interrupted; checkpoint written"),
              std::string::npos)
        << read_file(dir + "/log.txt");
    const std::uint64_t done =
        json_file(dir + "/checkpoint.json").at("evaluator").at("evaluations");
    EXPECT_GT(done, 0u);
    EXPECT_LT(done, kLongBudget);
}

}  // namespace

TEST(MpiRun, AnIslandRunRepeatsExactlyAndEqualsOneProcess) {
    const std::string dir = own_test_dir();
    const std::string config = island_config(dir, "islands", false);
    const CmdResult one = run("run " + config + " -q output=" + dir + "/one");
    ASSERT_EQ(one.status, 0) << one.err;
    const CmdResult three = run("run " + config + " -q output=" + dir + "/three", mpirun(3));
    ASSERT_EQ(three.status, 0) << three.err;
    const CmdResult again = run("run " + config + " -q output=" + dir + "/again", mpirun(3));
    ASSERT_EQ(again.status, 0) << again.err;
    const CmdResult two = run("run " + config + " -q output=" + dir + "/two", mpirun(2));
    ASSERT_EQ(two.status, 0) << two.err;
    EXPECT_EQ(outcome(dir + "/three"), outcome(dir + "/again"));
    EXPECT_EQ(outcome(dir + "/three"), outcome(dir + "/one"));
    EXPECT_EQ(outcome(dir + "/two"), outcome(dir + "/one"));
    // One run folder, written by rank 0, that says how it was made.
    EXPECT_EQ(json_file(dir + "/three/summary.json").at("ranks"), 3);
    EXPECT_NE(read_file(dir + "/three/log.txt").find("MPI, 3 ranks"), std::string::npos);
    EXPECT_EQ(read_file(dir + "/three/status"), read_file(dir + "/one/status"));
}

// Population annealing spreads each round's proposals (one per chain) over the ranks as the
// islands' generations are: under mpirun with 2 and 3 ranks, the same run as one process.
TEST(MpiRun, APopulationAnnealingRunEqualsOneProcess) {
    const std::string dir = own_test_dir();
    const std::string config = dir + "/pa.yaml";
    std::ofstream(config, std::ios::binary)
        << "name: pa\nseed: 5\nthreads: 1\ntarget: {kind: mouse-maze, rows: 9, cols: 9}\n"
           "optimizer: {kind: population-annealing, population: 7, sweep: 50, "
           "acceptance: relative, t_start: 0.2, t_end: 0.005, schedule: exponential}\n"
           "budget: {evaluations: 30000}\n";
    const CmdResult one = run("run " + config + " -q output=" + dir + "/one");
    ASSERT_EQ(one.status, 0) << one.err;
    const CmdResult two = run("run " + config + " -q output=" + dir + "/two", mpirun(2));
    ASSERT_EQ(two.status, 0) << two.err;
    const CmdResult three = run("run " + config + " -q output=" + dir + "/three", mpirun(3));
    ASSERT_EQ(three.status, 0) << three.err;
    EXPECT_EQ(outcome(dir + "/two"), outcome(dir + "/one"));
    EXPECT_EQ(outcome(dir + "/three"), outcome(dir + "/one"));
    EXPECT_EQ(json_file(dir + "/three/summary.json").at("ranks"), 3);
    // The population was resampled along the way (the state says how often).
    EXPECT_GT(json_file(dir + "/one/checkpoint.json").at("optimizer").at("resamplings"), 10);
}

// Each rank read the config file itself: ranks started in folders whose files of that name differ
// (or by a file edited as they started) ran a job of two configs and said nothing. Rank 0's bytes
// are every rank's: the job equals one process of rank 0's config.
TEST(MpiRun, EveryRankRunsTheConfigRankZeroRead) {
    const std::string dir = own_test_dir();
    const std::string text =
        "name: pa\nseed: 5\nthreads: 1\ntarget: {kind: mouse-maze, rows: 9, cols: 9}\n"
        "optimizer: {kind: population-annealing, population: 7, sweep: 50, "
        "acceptance: relative, t_start: 0.2, t_end: 0.005, schedule: exponential}\n"
        "budget: {evaluations: 30000}\n";
    std::string other = text;
    other.replace(other.find("t_start: 0.2"), 12, "t_start: 5.0");
    for (const auto& [sub, bytes] : {std::pair{"zero", text}, std::pair{"one", other}}) {
        std::filesystem::create_directories(dir + "/" + sub);
        std::ofstream(dir + "/" + sub + "/pa.yaml", std::ios::binary) << bytes;
    }
    const CmdResult alone = run("run " + dir + "/zero/pa.yaml -q output=" + dir + "/alone");
    ASSERT_EQ(alone.status, 0) << alone.err;
    // Two application contexts of one job: rank 0 starts in zero/, rank 1 in one/.
    const std::string job = dir + "/job";
    const CmdResult two = run("run pa.yaml -q output=" + job + " : -n 1 -wdir " + dir + "/one " +
                                  kBin + " run pa.yaml -q output=" + job,
                              mpirun(1) + "-wdir " + dir + "/zero ");
    ASSERT_EQ(two.status, 0) << two.err;
    EXPECT_EQ(json_file(job + "/summary.json").at("ranks"), 2);
    EXPECT_EQ(outcome(job), outcome(dir + "/alone"));
}

// Ctrl-C on mpirun: every rank stops after the same step, rank 0 writes the checkpoint, and
// `mpirun ... resume` ends on the uninterrupted single-process result.
TEST(MpiRun, AnInterruptedIslandRunResumesToTheUninterruptedResult) {
    const std::string dir = own_test_dir();
    const std::string config = island_config(dir, "long", true);
    const CmdResult whole = run("run " + config + " -q output=" + dir + "/whole");
    ASSERT_EQ(whole.status, 0) << whole.err;
    const Strike cut = interrupt_when(mpirun(3), "run " + config + " output=" + dir + "/cut",
                                      dir + "/cut/checkpoint.json");
    ASSERT_TRUE(cut.struck) << "the job ended before its first checkpoint: " << cut.said;
    ASSERT_FALSE(cut.hung) << "the job went on after SIGINT";
    // Every rank exits 130; mpirun itself exits 1 for a job it passed the signal to
    // (docs/cluster.md). The ranks' own stop shows in the run folder below.
    EXPECT_NE(cut.status, 0) << cut.said;
    expect_interrupted(dir + "/cut");
    const CmdResult resumed = run("resume " + dir + "/cut -q", mpirun(3));
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(read_file(dir + "/cut/status"), "finished\n");
    EXPECT_EQ(outcome(dir + "/cut"), outcome(dir + "/whole"));
    // A finished run resumed under mpirun ends on every rank at once.
    const CmdResult done = run("resume " + dir + "/cut -q", "timeout 300 " + mpirun(3));
    EXPECT_EQ(done.status, 0) << done.err;
}

// A checkpoint written by one process resumes under mpirun (and the other way round: the files
// do not depend on how many ranks wrote them).
TEST(MpiRun, ASingleProcessCheckpointResumesUnderMpirun) {
    const std::string dir = own_test_dir();
    const std::string config = island_config(dir, "single", true);
    const CmdResult whole = run("run " + config + " -q output=" + dir + "/whole");
    ASSERT_EQ(whole.status, 0) << whole.err;
    const Strike cut = interrupt_when("", "run " + config + " output=" + dir + "/cut",
                                      dir + "/cut/checkpoint.json");
    ASSERT_TRUE(cut.struck) << "the run ended before its first checkpoint: " << cut.said;
    ASSERT_FALSE(cut.hung) << "the run went on after SIGINT";
    EXPECT_EQ(cut.status, 130) << cut.said;
    expect_interrupted(dir + "/cut");
    const CmdResult resumed = run("resume " + dir + "/cut -q", mpirun(2));
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(read_file(dir + "/cut/status"), "finished\n");
    EXPECT_EQ(outcome(dir + "/cut"), outcome(dir + "/whole"));
}
