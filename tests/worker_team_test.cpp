// The one home of the project's data-parallel loops: every item runs exactly once, on a worker id
// in range, whatever the team's size; a loop from inside an item runs serially; an exception
// thrown by an item reaches the caller, and the team goes on working after it.
#include "mazesearch/engine/worker_team.hpp"

#include <gtest/gtest.h>
#include <time.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
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

TEST(WorkerTeam, AnIdleTeamDoesNotKeepCoresBusy) {
    WorkerTeam team(4);
    team.run(4, [](std::size_t, int) {});
    const double before = process_cpu_seconds();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    // Three workers may yield for a couple of milliseconds before they sleep; spinning ones
    // would burn 600 ms here.
    EXPECT_LT(process_cpu_seconds() - before, 0.1);
}

}  // namespace
}  // namespace maze
