// The batch walks' schedule, written once for every board model whose walk steps through a
// padded array of 32-bit words (the cell walk, mouse_walk.cpp; the passage walk,
// passage_walk.cpp): K walks advance in lock step, one step per lane per round, so that their
// load latencies overlap; a finished lane takes the next walk of the batch, and a lane's steps are
// the rounds since it was loaded. Once the batch is used up, the live walks go on four in lock
// step while at least four are left, then the last ones one at a time with plain comparisons
// (the branch predictor learns a single walk). Every kLimitCheckRounds rounds the lanes are
// compared with the step limit; a walk past it is handed to the model's 64-bit reference walk.
//
// A board model gives it a Layout:
//
//   struct Layout {
//       static constexpr int kWords;  // words of one lane's array
//       // Lays walk i into `words`, sets `exit`, and returns the start; or nullptr when walk i
//       // needs no lane (an infeasible board, a walk of no step), having scored it already.
//       std::uint32_t* load(std::size_t i, std::uint32_t* words, const std::uint32_t*& exit);
//       static std::uint32_t* step(std::uint32_t* q);  // one step, branch-free
//       // The rest of a walk at q with plain comparisons: its steps, or kWalkOverflow past max.
//       static std::uint64_t branchy(std::uint32_t* q, const std::uint32_t* exit,
//                                    std::uint64_t steps, std::uint64_t max);
//       void arrived(std::size_t i, std::uint64_t steps, const std::uint32_t* words);
//       void overflow(std::size_t i);  // walk i went past the limit: the reference walk
//   };
//
// (step and branchy come from KeyedSteps, walk_steps.hpp, for the models whose walk keeps one
// key a cell.)
#pragma once

#include <cstddef>
#include <cstdint>

#include "mazesearch/models/cells/mouse_walk.hpp"

namespace maze {

// A walk still going when the batch is used up: where it is, its exit, its steps so far.
struct LiveWalk {
    std::uint32_t* pos;
    const std::uint32_t* exit;
    std::uint64_t steps;
    std::size_t item;
};

// Finishes the live walks of a used-up batch in their lanes' arrays (lane l's at words + l *
// Layout::kWords): four in lock step while at least four are left, then the last ones one at a
// time with plain comparisons.
template <class Layout>
void finish_live_walks(Layout& layout, LiveWalk* live, int n, std::uint32_t* words,
                       std::uint64_t max_steps) {
    auto finish = [&](int i, std::uint64_t steps) {
        if (steps == kWalkOverflow) {
            layout.overflow(live[i].item);
        } else {
            // The lane whose array holds this walk's exit.
            const auto lane = (live[i].exit - words) / Layout::kWords;
            layout.arrived(live[i].item, steps, words + lane * Layout::kWords);
        }
        live[i] = live[--n];
    };
    constexpr int kTail = 4;
    while (n >= kTail) {
        int done = -1;
        for (std::uint64_t r = 1; done < 0; ++r) {
#pragma GCC unroll 4
            for (int i = 0; i < kTail; ++i) {
                if (live[i].pos == live[i].exit) [[unlikely]] {
                    if (done < 0) done = i;
                    continue;
                }
                live[i].pos = Layout::step(live[i].pos);
                ++live[i].steps;
            }
            if (r % MouseWalk::kLimitCheckRounds == 0) [[unlikely]] {
                for (int i = 0; i < kTail && done < 0; ++i)
                    if (live[i].steps >= max_steps) done = i;
            }
        }
        const bool arrived = live[done].pos == live[done].exit;
        finish(done, arrived ? live[done].steps : kWalkOverflow);
    }
    while (n > 0) finish(0, Layout::branchy(live[0].pos, live[0].exit, live[0].steps, max_steps));
}

template <int K, class Layout>
void interleaved_walk(Layout& layout, std::size_t count, std::uint64_t max_steps) {
    alignas(64) std::uint32_t words[K][Layout::kWords];
    std::uint32_t* pos[K];
    const std::uint32_t* exit[K];
    std::uint64_t loaded_at[K];
    std::size_t item[K];
    std::uint64_t round = 0;
    std::size_t next = 0;
    int active = 0;

    // Loads the next walk that needs a lane into lane l and returns its start, or nullptr when
    // the batch is used up. It leaves pos[] alone, so that the compiler can keep the lanes'
    // positions in registers.
    auto load = [&](int l) __attribute__((noinline))->std::uint32_t* {
        while (next < count) {
            const std::size_t i = next++;
            if (std::uint32_t* start = layout.load(i, words[l], exit[l])) {
                loaded_at[l] = round;
                item[l] = i;
                ++active;
                return start;
            }
        }
        exit[l] = nullptr;
        return nullptr;
    };
#pragma GCC unroll 16
    for (int l = 0; l < K; ++l) pos[l] = load(l);

    while (active == K) {
#pragma GCC unroll 16
        for (int l = 0; l < K; ++l) {
            std::uint32_t* q = pos[l];
            if (q == exit[l]) [[unlikely]] {
                layout.arrived(item[l], round - loaded_at[l], words[l]);
                --active;
                q = load(l);
                if (!q) {
                    pos[l] = nullptr;
                    continue;
                }
            }
            pos[l] = Layout::step(q);
        }
        ++round;
        if (round % MouseWalk::kLimitCheckRounds == 0) [[unlikely]] {
#pragma GCC unroll 16
            for (int l = 0; l < K; ++l)
                if (pos[l] && round - loaded_at[l] >= max_steps) {
                    layout.overflow(item[l]);
                    --active;
                    pos[l] = load(l);
                }
        }
    }
    // The batch is used up: the live walks, whose arrays stay where they are.
    LiveWalk live[K];
    int n = 0;
#pragma GCC unroll 16
    for (int l = 0; l < K; ++l)
        if (pos[l]) live[n++] = LiveWalk{pos[l], exit[l], round - loaded_at[l], item[l]};
    finish_live_walks(layout, live, n, words[0], max_steps);
}

}  // namespace maze
