// The one home of the project's data-parallel loops: every item runs exactly once, on a worker id
// in range, whatever the team's size; a loop from inside an item runs serially; an exception
// thrown by an item reaches the caller, and the team goes on working after it.
#include "mazesearch/engine/worker_team.hpp"

#include <gtest/gtest.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace maze {
namespace {

TEST(WorkerTeam, ResolvesZeroToTheHardwareThreads) {
    EXPECT_GE(WorkerTeam::resolve(0), 1);
    EXPECT_EQ(WorkerTeam::resolve(3), 3);
    EXPECT_EQ(WorkerTeam(1).size(), 1);
    EXPECT_EQ(WorkerTeam(4).size(), 4);
}

TEST(WorkerTeam, RunsEveryItemOnceInManyLoopsInARow) {
    for (int threads : {1, 2, 4}) {
        WorkerTeam team(threads);
        // Many short loops back to back: a worker that comes late to a loop must not take an
        // item of the next one.
        for (std::size_t n : {1u, 2u, 3u, 7u, 64u, 1000u}) {
            for (int round = 0; round < 200; ++round) {
                std::vector<std::atomic<int>> hits(n);
                std::atomic<int> bad_worker{0};
                team.run(n, [&](std::size_t i, int worker) {
                    if (worker < 0 || worker >= team.size()) bad_worker.fetch_add(1);
                    hits[i].fetch_add(1);
                });
                int wrong = 0;
                for (auto& h : hits) wrong += h.load() != 1;
                ASSERT_EQ(wrong, 0) << threads << " threads, " << n << " items, round " << round;
                ASSERT_EQ(bad_worker.load(), 0);
            }
        }
    }
}

TEST(WorkerTeam, ANestedLoopRunsOnTheCallingThread) {
    WorkerTeam outer(2), inner(2);
    std::vector<std::atomic<int>> sums(8);
    std::atomic<int> inner_not_serial{0};
    outer.run(8, [&](std::size_t i, int) {
        const auto me = std::this_thread::get_id();
        inner.run(50, [&](std::size_t j, int worker) {
            if (worker != 0 || std::this_thread::get_id() != me) inner_not_serial.fetch_add(1);
            sums[i].fetch_add(static_cast<int>(j));
        });
    });
    EXPECT_EQ(inner_not_serial.load(), 0);
    for (auto& s : sums) EXPECT_EQ(s.load(), 49 * 50 / 2);
}

TEST(WorkerTeam, AnItemsExceptionReachesTheCallerAndTheTeamGoesOn) {
    for (int threads : {1, 2}) {
        WorkerTeam team(threads);
        EXPECT_THROW(team.run(100,
                              [](std::size_t i, int) {
                                  if (i == 37) throw std::runtime_error("item 37");
                              }),
                     std::runtime_error);
        std::atomic<int> count{0};
        team.run(100, [&](std::size_t, int) { count.fetch_add(1); });
        EXPECT_EQ(count.load(), 100) << threads << " threads";
    }
}

TEST(WorkerTeam, WorkersThatFellAsleepWakeForTheNextLoop) {
    WorkerTeam team(2);
    std::atomic<int> count{0};
    for (int round = 0; round < 3; ++round) {
        // Longer than the workers' yielding period: they go to sleep in between.
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        team.run(10, [&](std::size_t, int) { count.fetch_add(1); });
    }
    EXPECT_EQ(count.load(), 30);
}

double process_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The scheduler states of this process's threads but the calling one ('R': running or waiting
// for a core, 'S': asleep, ...), from /proc/self/task/ID/stat.
std::vector<char> other_thread_states() {
    std::vector<char> states;
    const std::string self = std::to_string(::syscall(SYS_gettid));
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/proc/self/task", ec)) {
        if (e.path().filename() == self) continue;
        std::ifstream in(e.path() / "stat");
        std::string line;
        std::getline(in, line);
        const auto close = line.rfind(')');  // the name in parentheses may hold anything
        if (close != std::string::npos && close + 2 < line.size())
            states.push_back(line[close + 2]);
    }
    return states;
}

int running_other_threads() {
    const std::vector<char> s = other_thread_states();
    return static_cast<int>(std::count(s.begin(), s.end(), 'R'));
}

// Idle workers sleep instead of spinning, whatever the machine's load. A spinning (or yielding)
// thread is always running or waiting for a core ('R'), however little of a core it gets on a
// busy machine; a sleeping one is 'S' and uses no CPU however busy the machine is. So: once the
// workers have gone to sleep (waited for, generously), they stay asleep in (nearly) every sample
// over half a second, and the process (this thread's sampling aside) uses next to no CPU
// meanwhile.
TEST(WorkerTeam, AnIdleTeamDoesNotKeepCoresBusy) {
    WorkerTeam team(4);
    // Items long enough for the workers to join the loop.
    team.run(64,
             [](std::size_t, int) { std::this_thread::sleep_for(std::chrono::milliseconds(1)); });
    ASSERT_GE(other_thread_states().size(), 1u) << "no worker thread to watch";
    // The workers may yield for a moment before they sleep (longer on a busy machine).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (running_other_threads() > 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_EQ(running_other_threads(), 0) << "workers still awake a minute after their last loop";
    const double before = process_cpu_seconds();
    int samples = 0, awake = 0;
    for (; samples < 100; ++samples) {
        awake += running_other_threads();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    // A spinning worker is 'R' in every sample; a sleeping one at most in a stray wake-up's.
    EXPECT_LE(awake, samples / 10) << "threads awake, summed over " << samples << " samples";
    // 100 samples cost a few milliseconds of CPU; one spinning worker alone would take the
    // whole half second (or on a busy machine its share of a core, but never leave 'R').
    EXPECT_LT(process_cpu_seconds() - before, 0.1);
}

}  // namespace
}  // namespace maze
