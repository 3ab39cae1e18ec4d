// The enumeration's subtree driver, written once for every board model (the cell tree,
// enumerate.cpp; the passage forest, models/passages/passage_enumeration.cpp): the subtrees a run selected are
// explored on a team of the run's own size, each worker collecting into a slot of its own, the
// slots merged at the end (the merge does not depend on which worker found what); or, with a
// hand-out (options.next), each subtree collected on its own and handed back.
//
// A model gives it `make()`, a fresh collector (a struct with the result `r` it counts into,
// its grid and objective set, and `flush()`, which folds what it holds back into `r`), and
// `explore(collector, subtree)`.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze {

// `total` holds the grid, shard and objective of the run (no counts yet); `subtrees` is the
// tree's count, `mine` the subtrees selected (EnumerationTree::selected).
template <class MakeCollector, class Explore>
EnumerationResult explore_subtrees(const EnumerationOptions& options,
                                   std::span<const std::size_t> mine, std::size_t subtrees,
                                   EnumerationResult total, MakeCollector make, Explore explore) {
    using Collector = decltype(make());
    const auto t0 = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    // A team of the enumeration's own size (the thread count binds this enumeration only).
    WorkerTeam team(options.threads);
    if (options.next) {
        // Each worker takes subtrees from the hand-out until it has none left; a subtree's result
        // is its own, so that whoever collects them knows exactly which subtrees it covers.
        //
        // A fresh collector would write out the boards of every new best of its subtree, most
        // of them far below the optimum (a third of the time of a 6x6 subtree's leaves). So a
        // subtree only looks for boards worth at least the best value F of the subtrees this
        // call has finished: its collector starts as if it held one board worth F - 1, which
        // any leaf worth F or more replaces. A subtree with no such leaf reports no optimum
        // (optimum 0, no optimal boards) and its counts in full. The sum is still exact: F was
        // reached by a subtree whose result is part of the same sum, so the optimum is at least
        // F and every subtree reports all of its boards that can be optimal.
        std::atomic<std::uint64_t> floor{0};
        team.run(static_cast<std::size_t>(team.size()), [&](std::size_t, int) {
            while (const std::optional<std::size_t> i = options.next_subtree(subtrees)) {
                Collector c = make();
                const std::uint64_t f = floor.load();
                if (f > 0) {
                    c.r.optimum = f - 1;
                    c.r.optimal_boards = 1;  // a stand-in, replaced by any leaf worth f or more
                }
                explore(c, *i);
                c.flush();
                if (f > 0 && c.r.optimum < f) {
                    c.r.optimum = 0;  // nothing worth f or more here
                    c.r.optimal_boards = 0;
                    c.r.boards.clear();
                }
                c.r.subtrees = 1;
                trim_boards(c.r.boards, options.board_cap);  // in text order, as every result
                std::uint64_t b = floor.load();
                while (c.r.optimal_boards > 0 && c.r.optimum > b &&
                       !floor.compare_exchange_weak(b, c.r.optimum)) {
                }
                options.finished(*i, std::move(c.r));  // seconds 0: the hand-out times the whole
            }
        });
        total.seconds = seconds();
        return total;
    }
    struct alignas(64) Slot {  // a cache line apart: the workers' counters do not share one
        Collector c;
    };
    std::vector<Slot> slots(static_cast<std::size_t>(team.size()), Slot{make()});
    std::atomic<std::uint64_t> finished{0};
    std::atomic<std::uint64_t> best{0};
    team.run(mine.size(), [&](std::size_t k, int worker) {
        if (options.stop && options.stop->load()) return;
        Collector& c = slots[static_cast<std::size_t>(worker)].c;
        explore(c, mine[k]);
        ++c.r.subtrees;
        if (options.done) (*options.done)[mine[k]] = 1;  // distinct indices: no race
        std::uint64_t b = best.load();
        while (c.r.optimum > b && !best.compare_exchange_weak(b, c.r.optimum)) {
        }
        const std::uint64_t done = ++finished;
        if (options.progress) options.progress(done, mine.size(), best.load());
    });
    for (Slot& s : slots) {
        s.c.flush();
        s.c.r.seconds = 0;
        total.merge(s.c.r, options.board_cap);
    }
    total.seconds = seconds();
    return total;
}

}  // namespace maze
