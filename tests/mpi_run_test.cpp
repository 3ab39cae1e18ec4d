// Search runs under mpirun (docs/cluster.md, "Islands under mpirun"): the islands of each
// generation are shared out among the ranks, every rank keeps the same state, rank 0 writes the
// one run folder. A run must repeat exactly, equal the single-process run of the same config,
// and resume from its checkpoint, under mpirun or not.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "mpi_support.hpp"

using namespace maze::testing_support;

namespace {

// A genetic search with six islands on 8x8, or on 13x13 with a larger budget (long enough to be
// interrupted half-way).
std::string island_config(const std::string& name, bool large) {
    return write_temp(name + ".yaml",
                      std::string("name: ") + name + "\nseed: 3\nthreads: 1\n" +
                          (large ? "target: {kind: mouse-maze, rows: 13, cols: 13}\n"
                                 : "target: {kind: mouse-maze, rows: 8, cols: 8}\n") +
                          "optimizer: {kind: genetic, population: 40, parents: 8, mutation: 0.03, "
                          "elitism: true, islands: 6, migration_interval: 5, migrants: 2, "
                          "local_search: climb, local_every: 7, local_scans: 2}\n" +
                          (large ? "budget: {evaluations: 1500000}\ncheckpoint_seconds: 0.02\n"
                                 : "budget: {evaluations: 20000}\n"));
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

// Starts `launcher` mazesearch ARGS in the background, waits for FILE, sends SIGINT to the
// launcher (mpirun passes it on to every rank) and waits for the job to end, at most a minute.
// Returns "struck" when it was still running when FILE appeared.
std::string interrupt_when(const std::string& launcher, const std::string& args,
                           const std::string& file) {
    const std::string script =
        launcher + kBin + " " + args +
        " -q >/dev/null 2>&1 & JOB=$!; for i in $(seq 1 600); do "
        "[ -e " +
        file +
        " ] && break; kill -0 $JOB 2>/dev/null || break; sleep 0.05; done; "
        "kill -0 $JOB 2>/dev/null && [ -e " +
        file +
        " ] && echo struck && kill -INT $JOB; "
        "for i in $(seq 1 600); do kill -0 $JOB 2>/dev/null || break; sleep 0.1; done; "
        "kill -9 $JOB 2>/dev/null; wait $JOB";
    return run("--version >/dev/null; " + script + " #").out;
}

}  // namespace

TEST(MpiRun, AnIslandRunRepeatsExactlyAndEqualsOneProcess) {
    const std::string config = island_config("islands", false);
    const std::string dir = test_dir();
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

// Ctrl-C on mpirun: every rank stops after the same step, rank 0 writes the checkpoint, and
// `mpirun ... resume` ends on the uninterrupted single-process result.
TEST(MpiRun, AnInterruptedIslandRunResumesToTheUninterruptedResult) {
    const std::string config = island_config("long", true);
    const std::string dir = test_dir();
    const CmdResult whole = run("run " + config + " -q output=" + dir + "/whole");
    ASSERT_EQ(whole.status, 0) << whole.err;
    const std::string said = interrupt_when(mpirun(3), "run " + config + " output=" + dir + "/cut",
                                            dir + "/cut/checkpoint.json");
    EXPECT_NE(said.find("struck"), std::string::npos) << "finished before the signal";
    if (said.find("struck") != std::string::npos) {
        EXPECT_NE(read_file(dir + "/cut/status").find("interrupted"), std::string::npos)
            << read_file(dir + "/cut/status") << read_file(dir + "/cut/log.txt");
    }
    const CmdResult resumed = run("resume " + dir + "/cut -q", mpirun(3));
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(outcome(dir + "/cut"), outcome(dir + "/whole"));
    // A finished run resumed under mpirun ends on every rank at once.
    const CmdResult done = run("resume " + dir + "/cut -q", "timeout 60 " + mpirun(3));
    EXPECT_EQ(done.status, 0) << done.err;
}

// A checkpoint written by one process resumes under mpirun (and the other way round: the files
// do not depend on how many ranks wrote them).
TEST(MpiRun, ASingleProcessCheckpointResumesUnderMpirun) {
    const std::string config = island_config("single", true);
    const std::string dir = test_dir();
    const CmdResult whole = run("run " + config + " -q output=" + dir + "/whole");
    ASSERT_EQ(whole.status, 0) << whole.err;
    const std::string said = interrupt_when("", "run " + config + " output=" + dir + "/cut",
                                            dir + "/cut/checkpoint.json");
    EXPECT_NE(said.find("struck"), std::string::npos) << "finished before the signal";
    const CmdResult resumed = run("resume " + dir + "/cut -q", mpirun(2));
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(outcome(dir + "/cut"), outcome(dir + "/whole"));
}
