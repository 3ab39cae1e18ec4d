// Sweep processes started together on one sweep folder, as a Slurm array starts its tasks: the
// folder is made once and joined by the others, no point runs twice, none is reported failed for
// another's work, and each process says what happened to it.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "sweep_support.hpp"

namespace maze::testing_support::sweep_together {
namespace {

using namespace sweep_support;

// The arguments of a sweep of the annealing config over `seeds` seeds into `dir`, tiny points.
std::vector<std::string> tiny_sweep(const std::string& dir, int seeds) {
    return {"sweep",
            kAnnealing,
            "seed=range(1," + std::to_string(seeds + 1) + ")",
            "budget.evaluations=300",
            "repeats=1",
            "threads=1",
            "output=" + dir};
}

std::vector<std::string> err_files(const std::string& name, std::size_t n) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < n; ++i)
        out.push_back(test_dir() + "/" + name + "-" + std::to_string(i) + ".err");
    return out;
}

// What no process of a sweep may say when others work beside it.
void expect_no_wrong_word(const std::string& said) {
    for (const char* wrong : {"exists and is not an empty folder", "holds another sweep", "FAILED",
                              "failed (", "error"})
        EXPECT_EQ(said.find(wrong), std::string::npos) << wrong << " in:\n" << said;
}

// Each point ran once: one session and one exit status 0 in its log.
void expect_each_point_ran_once(const std::string& dir, int points) {
    for (int p = 0; p < points; ++p) {
        char name[32];
        std::snprintf(name, sizeof name, "/logs/point-%03d.txt", p);
        const std::string log = read_file(dir + name);
        EXPECT_EQ(occurrences(log, "== mazesearch"), 1) << name << ":\n" << log;
        EXPECT_EQ(occurrences(log, "exit status 0"), 1) << name << ":\n" << log;
    }
}

// 8 array tasks started at once on a fresh folder lost 8 to 12 of 32 tasks to "exists and is
// not an empty folder". 64 tasks, two for each of 32 points, all at once.
TEST(SweepTogether, SixtyFourPointTasksStartedAtOnceMakeTheFolderOnce) {
    const std::string dir = fresh("sweep-64");
    std::vector<std::vector<std::string>> each;
    for (int i = 0; i < 64; ++i) {
        each.push_back(tiny_sweep(dir, 32));
        each.back().push_back("--point");
        each.back().push_back(std::to_string(i % 32));
    }
    const std::vector<std::string> errs = err_files("together-64", each.size());
    const std::vector<int> st = run_together(each, errs, std::chrono::seconds(600));
    int made = 0, joined = 0;
    for (std::size_t i = 0; i < st.size(); ++i) {
        const std::string said = read_file(errs[i]);
        EXPECT_EQ(st[i], 0) << "task " << i << ":\n" << said;
        expect_no_wrong_word(said);
        made += occurrences(said, "(a new sweep folder)");
        joined += occurrences(said, "(it holds this sweep already)");
    }
    EXPECT_EQ(made, 1);
    EXPECT_EQ(joined, 63);
    EXPECT_EQ(statuses(dir), std::vector<std::string>(32, "finished"));
    EXPECT_TRUE(fs::exists(dir + "/summary.md"));
    expect_each_point_ran_once(dir, 32);
    // No half-made folder is left beside it.
    for (const auto& entry : fs::directory_iterator(test_dir()))
        EXPECT_EQ(entry.path().filename().string().find(".making-"), std::string::npos)
            << entry.path();
}

// Two identical sweeps at once sometimes told the loser "exists and is not an empty folder".
// Started together, one runs the sweep; each other is told the folder is in use, or, started
// after the sweep's end, finds nothing left to run.
TEST(SweepTogether, IdenticalSweepsAtOnceRunOnceAndTheOthersAreToldItIsInUse) {
    const std::string dir = fresh("sweep-twins");
    const std::vector<std::vector<std::string>> each(16, tiny_sweep(dir, 6));
    const std::vector<std::string> errs = err_files("twins", each.size());
    const std::vector<int> st = run_together(each, errs, std::chrono::seconds(300));
    int ran = 0;
    for (std::size_t i = 0; i < st.size(); ++i) {
        const std::string said = read_file(errs[i]);
        if (st[i] == 2) {
            EXPECT_NE(said.find(dir + ": in use by another mazesearch process (a sweep"),
                      std::string::npos)
                << said;
            continue;
        }
        EXPECT_EQ(st[i], 0) << said;
        expect_no_wrong_word(said);
        ran += said.find("; 6 to run,") != std::string::npos;
    }
    EXPECT_EQ(ran, 1);
    EXPECT_EQ(statuses(dir), std::vector<std::string>(6, "finished"));
    expect_each_point_ran_once(dir, 6);
}

// Of different sweeps into one folder at once, one makes it; the others are told it holds
// another sweep, by name, and write nothing.
TEST(SweepTogether, DifferentSweepsAtOnceTheOthersAreToldItHoldsAnother) {
    const std::string dir = fresh("sweep-rivals");
    std::vector<std::vector<std::string>> each;
    for (int seeds = 2; seeds < 6; ++seeds) each.push_back(tiny_sweep(dir, seeds));
    const std::vector<std::string> errs = err_files("rivals", each.size());
    const std::vector<int> st = run_together(each, errs, std::chrono::seconds(300));
    int made = 0, refused = 0;
    for (std::size_t i = 0; i < st.size(); ++i) {
        const std::string said = read_file(errs[i]);
        made += st[i] == 0 && said.find("(a new sweep folder)") != std::string::npos;
        refused += st[i] == 2 && said.find(dir + ": holds another sweep") != std::string::npos;
    }
    EXPECT_EQ(made, 1);
    EXPECT_EQ(refused, 3);
    const std::size_t points = statuses(dir).size();
    EXPECT_EQ(statuses(dir), std::vector<std::string>(points, "finished"));
    EXPECT_FALSE(fs::exists(dir + "/point-" + std::string(points < 10 ? "00" : "0") +
                            std::to_string(points)));
}

// A plain sweep beside --point tasks reported the points they finished as FAILED.
TEST(SweepTogether, APlainSweepBesideItsArrayTasksFailsNoPoint) {
    const std::string dir = fresh("sweep-mixed");
    std::vector<std::vector<std::string>> each;
    each.push_back(tiny_sweep(dir, 8));
    each.back().insert(each.back().end(), {"--jobs", "2"});
    for (int i = 0; i < 8; ++i) {
        each.push_back(tiny_sweep(dir, 8));
        each.back().insert(each.back().end(), {"--point", std::to_string(i)});
    }
    const std::vector<std::string> errs = err_files("mixed", each.size());
    const std::vector<int> st = run_together(each, errs, std::chrono::seconds(300));
    for (std::size_t i = 0; i < st.size(); ++i) {
        const std::string said = read_file(errs[i]);
        EXPECT_EQ(st[i], 0) << "process " << i << ":\n" << said;
        expect_no_wrong_word(said);
    }
    EXPECT_NE(read_file(errs[0]).find("sweep: 8 of 8 points finished, 0 failed"), std::string::npos)
        << read_file(errs[0]);
    EXPECT_EQ(statuses(dir), std::vector<std::string>(8, "finished"));
    expect_each_point_ran_once(dir, 8);
}

}  // namespace
}  // namespace maze::testing_support::sweep_together
