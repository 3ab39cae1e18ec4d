// The enumeration under mpirun: subtrees handed out by rank 0 to every rank, the results reduced
// exactly (the answer equals the single-process one), progress and --resume of a distributed run.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "mpi_support.hpp"

using namespace maze::testing_support;

namespace {

// Every field of an enumeration result but the time it took.
nlohmann::json answer(const std::string& out) {
    nlohmann::json j = nlohmann::json::parse(out);
    j.erase("seconds");
    return j;
}

void expect_same_answer(int rows, int cols, int ranks) {
    const std::string grid = "enumerate --rows " + std::to_string(rows) + " --cols " +
                             std::to_string(cols) + " --json --quiet";
    const CmdResult plain = run(grid + " --threads 1");
    ASSERT_EQ(plain.status, 0) << plain.err;
    const CmdResult spread = run(grid + " --threads 1", mpirun(ranks));
    ASSERT_EQ(spread.status, 0) << spread.err;
    // One answer, printed by rank 0 alone: a single line of JSON.
    ASSERT_EQ(spread.out.find('\n'), spread.out.size() - 1) << spread.out;
    EXPECT_EQ(answer(spread.out), answer(plain.out));
}

}  // namespace

TEST(MpiEnumerate, FiveByFiveUnderThreeRanksEqualsOneProcess) {
    expect_same_answer(5, 5, 3);
}

TEST(MpiEnumerate, SixBySixUnderThreeRanksEqualsOneProcess) {
    expect_same_answer(6, 6, 3);
}

TEST(MpiEnumerate, PassageBoardsUnderThreeRanksEqualOneProcess) {
    const std::string grid = "enumerate --model passages --rows 3 --cols 4 --json --quiet";
    const CmdResult plain = run(grid);
    ASSERT_EQ(plain.status, 0) << plain.err;
    const CmdResult spread = run(grid + " --threads 1", mpirun(3));
    ASSERT_EQ(spread.status, 0) << spread.err;
    EXPECT_EQ(answer(spread.out), answer(plain.out));
}

TEST(MpiEnumerate, HexBoardsUnderThreeRanksEqualOneProcess) {
    const std::string grid = "enumerate --model hex --rows 5 --cols 5 --json --quiet";
    const CmdResult plain = run(grid);
    ASSERT_EQ(plain.status, 0) << plain.err;
    const CmdResult spread = run(grid + " --threads 1", mpirun(3));
    ASSERT_EQ(spread.status, 0) << spread.err;
    EXPECT_EQ(answer(spread.out), answer(plain.out));
}

// A rank that fails (here rank 0 alone: only it checks --out) ends the whole job with its
// status: no rank is left waiting.
TEST(MpiEnumerate, AFailingRankEndsTheJob) {
    const CmdResult bad = run("enumerate --rows 5 --cols 5 --quiet --out /no/such/folder/r.json",
                              "timeout 60 " + mpirun(3));
    EXPECT_EQ(bad.status, 2) << bad.err;
    EXPECT_NE(bad.err.find("/no/such/folder"), std::string::npos) << bad.err;
}

namespace {

// Runs shell text with /bin/sh and returns what it printed on standard output.
std::string shell(const std::string& script) {
    std::string out;
    FILE* p = popen(script.c_str(), "r");
    if (!p) return out;
    char buf[4096];
    std::size_t n = 0;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    pclose(p);
    return out;
}

// Shell text that waits until `condition` (shell test text) holds, polling every 10 ms, at most
// 12,000 polls (two minutes and more: generous for a machine under heavy load); it prints
// "ended" if the job $JOB ends first.
std::string wait_for(const std::string& condition) {
    return "for i in $(seq 1 12000); do " + condition +
           " && break; kill -0 $JOB 2>/dev/null || { echo ended; break; }; sleep 0.01; done; ";
}

// Shell text that waits for $JOB to end (at most two minutes and more, then kills it) and
// prints "status N", its exit status.
const std::string kWaitForTheJob =
    "for i in $(seq 1 12000); do kill -0 $JOB 2>/dev/null || break; sleep 0.01; done; "
    "kill -9 $JOB 2>/dev/null; wait $JOB; echo status $?";

// Starts a 6x6 enumeration under `ranks` ranks into OUT (progress every 20 ms) in the
// background, waits for its first progress file, then runs `strike` (shell text; $JOB is
// mpirun's process id) and waits for the job to end. Returns what the shell printed:
// "at work" when the progress file was there and the result not yet when it struck, then
// "status N" (mpirun's exit status), then rank 0's standard error.
std::string interrupt_job(const std::string& out, int ranks, const std::string& strike) {
    const std::string err = out + ".err";
    const std::string said =
        shell("cd " + test_dir() + " && " + mpirun(ranks) + kBin +
              " enumerate --rows 6 --cols 6 --threads 1 --checkpoint-seconds 0.02 --out " + out +
              " >/dev/null 2>" + err + " & JOB=$!; " + wait_for("[ -e " + out + ".progress ]") +
              "[ -e " + out + ".progress ] && [ ! -e " + out + " ] && echo at work; " + strike +
              "; " + kWaitForTheJob);
    return said + read_file(err);  // in this order: the error file once the job has ended
}

// The job ended without its result, and the resume gives the single-process answer.
void expect_resumes_to_the_plain_answer(const std::string& out, const std::string& launcher) {
    ASSERT_FALSE(std::filesystem::exists(out)) << "the job finished: nothing was interrupted";
    ASSERT_TRUE(std::filesystem::exists(out + ".progress") ||
                std::filesystem::exists(out + ".progress.log"));
    const CmdResult plain = run("enumerate --rows 6 --cols 6 --json --quiet");
    ASSERT_EQ(plain.status, 0) << plain.err;
    const CmdResult resumed = run(
        "enumerate --rows 6 --cols 6 --threads 1 --json --quiet --resume --out " + out, launcher);
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(answer(resumed.out), answer(plain.out));
    EXPECT_FALSE(std::filesystem::exists(out + ".progress"));
    EXPECT_FALSE(std::filesystem::exists(out + ".progress.log"));
}

}  // namespace

// Ctrl-C on mpirun: it passes the signal to every rank, rank 0 writes the progress file, and
// the job resumed under mpirun ends on the single-process answer. The signal goes once the first
// progress file shows the job at work (about a second of it on this machine), and the job must
// say it was interrupted.
TEST(MpiEnumerate, AnInterruptedJobResumesToTheSameAnswer) {
    const std::string out = test_dir() + "/interrupted.json";
    const std::string said = interrupt_job(out, 3, "kill -INT $JOB");
    ASSERT_NE(said.find("at work"), std::string::npos) << said;
    EXPECT_EQ(said.find("status 0\n"), std::string::npos) << said;
    EXPECT_NE(said.find("interrupted; progress in " + out + ".progress"), std::string::npos)
        << said;
    ASSERT_TRUE(std::filesystem::exists(out + ".progress")) << said;
    expect_resumes_to_the_plain_answer(out, mpirun(3));
}

namespace {

// Starts a 6x6 job of three ranks with no periodic checkpoint due, waits until rank 0's journal
// holds finished subtrees (its first batch, half a second into the hand-out), kills rank
// `victim` outright (SIGKILL: no chance to say anything) and waits for the job to end. Returns
// what the shell printed: "at work" when the journal had a batch and the result was not there
// yet, "killed" when it struck, then "status N" (mpirun's exit status) and the job's standard
// error. The job takes about 2 s here: if it ever ends before its first journal batch, the test
// fails ("ended", no "killed") rather than passing without the case.
std::string kill_rank(const std::string& out, int victim) {
    const std::string err = out + ".err";
    const std::string script =
        "cd " + test_dir() + " && " + mpirun(3) + kBin +
        " enumerate --rows 6 --cols 6 --threads 1 --checkpoint-seconds 100000 --out " + out +
        " >/dev/null 2>" + err + " & JOB=$!; " + wait_for("[ -s " + out + ".progress.log ]") +
        "[ -s " + out + ".progress.log ] && [ ! -e " + out +
        " ] && echo at work && for p in $(pgrep -f 'enumerate --rows 6 --cols 6 .*" + out +
        "'); do grep -qa OMPI_COMM_WORLD_RANK=" + std::to_string(victim) +
        " /proc/$p/environ 2>/dev/null && kill -9 $p && echo killed; done; " + kWaitForTheJob;
    const std::string said = shell(script);
    return said + read_file(err);  // in this order: the error file once the job has ended
}

}  // namespace

// A worker rank killed: mpirun ends the others (SIGTERM, then SIGKILL a second later); rank 0
// writes the progress file at the TERM, or its journal has what was finished (rank 0 appends
// each batch of finished subtrees twice a second). Either way the job loses only the subtrees in
// work, and a single process resumes the distributed run.
TEST(MpiEnumerate, AJobWithAKilledRankResumesToTheSameAnswer) {
    const std::string out = test_dir() + "/killed.json";
    const std::string said = kill_rank(out, 2);
    ASSERT_NE(said.find("at work"), std::string::npos) << said;
    ASSERT_NE(said.find("killed"), std::string::npos) << said;
    EXPECT_EQ(said.find("status 0\n"), std::string::npos) << said;
    EXPECT_TRUE(std::filesystem::exists(out + ".progress") ||
                !read_file(out + ".progress.log").empty())
        << said;
    expect_resumes_to_the_plain_answer(out, "");
}

// Rank 0 itself killed, before any checkpoint: nothing but the journal survives it, and the
// resumed job (under mpirun) replays it and ends on the single-process answer.
TEST(MpiEnumerate, AJobWhoseRankZeroDiedResumesFromTheJournal) {
    const std::string out = test_dir() + "/journal.json";
    const std::string said = kill_rank(out, 0);
    ASSERT_NE(said.find("at work"), std::string::npos) << said;
    ASSERT_NE(said.find("killed"), std::string::npos) << said;
    EXPECT_EQ(said.find("status 0\n"), std::string::npos) << said;
    EXPECT_FALSE(std::filesystem::exists(out + ".progress")) << said;
    EXPECT_FALSE(read_file(out + ".progress.log").empty()) << said;
    expect_resumes_to_the_plain_answer(out, mpirun(2));
}

// A job resumed after it finished says so and ends on every rank (none waits for work).
TEST(MpiEnumerate, ResumingAFinishedJobEndsEveryRank) {
    const std::string out = test_dir() + "/finished.json";
    const CmdResult first = run("enumerate --rows 4 --cols 4 --quiet --out " + out, mpirun(3));
    ASSERT_EQ(first.status, 0) << first.err;
    const CmdResult again =
        run("enumerate --rows 4 --cols 4 --quiet --resume --out " + out, "timeout 60 " + mpirun(3));
    EXPECT_EQ(again.status, 0) << again.err;
    EXPECT_NE(again.out.find("already finished"), std::string::npos) << again.out;
}
