#include "mazesearch/search/batch_scorer.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <memory>

namespace maze {

// Named (not anonymous): the unity build puts this file beside others with a Clock of their own.
namespace batch_scoring {

using Clock = std::chrono::steady_clock;

// A batch is shared among threads only when it holds at least this much work: below it, handing
// it out costs more than it saves (early generations of a search walk a few hundred moves).
constexpr double kShareFromNs = 150e3;
// Chunks aim at this much work each, but a batch is always cut into at least two chunks per
// thread, so that a thread that is held up (another process wants its core) leaves work to the
// others. Large chunks pay: each walks its boards interleaved, eight at a time, and a short
// batch spends much of its time draining the last few walks (measured on the 13x13 GA with
// 2 threads, benchmarks/scaling_benchmark: 40 us chunks 1.66x as fast as 1 thread, chunks
// capped only by the two-per-thread rule 1.75x; one core busy: 1.20x and 1.13x the time).
constexpr double kChunkNs = 1e6;
// How quickly the measured costs follow a change (walks lengthen as a search improves).
constexpr double kLearnRate = 0.25;

double nanoseconds_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
}

}  // namespace batch_scoring

void BatchScorer::Cost::learn(double ns, std::size_t items) {
    if (items == 0) return;
    const double per_item = ns / static_cast<double>(items);
    ns_per_item = ns_per_item == 0
                      ? per_item
                      : ns_per_item + batch_scoring::kLearnRate * (per_item - ns_per_item);
}

BatchScorer::BatchScorer(const Target& target, int threads)
    : target_(target), team_(target.thread_safe() ? threads : 1) {}

void BatchScorer::for_chunks(std::size_t n, Cost& cost,
                             const std::function<void(std::size_t, std::size_t)>& work) {
    if (n == 0) return;
    const double per_item = cost.ns_per_item;
    const auto threads = static_cast<std::size_t>(team_.size());
    // Unmeasured work runs on the calling thread once, which measures it.
    if (threads == 1 || per_item == 0 ||
        per_item * static_cast<double>(n) < batch_scoring::kShareFromNs) {
        const auto t0 = batch_scoring::Clock::now();
        work(0, n);
        cost.learn(batch_scoring::nanoseconds_since(t0), n);
        return;
    }
    // At least two chunks per thread, so that a thread that is held up leaves work to the others.
    const std::size_t by_time =
        static_cast<std::size_t>(std::ceil(batch_scoring::kChunkNs / per_item));
    const std::size_t by_balance = (n + 2 * threads - 1) / (2 * threads);
    const std::size_t chunk =
        std::clamp<std::size_t>(by_time, 1, std::max<std::size_t>(by_balance, 1));
    const std::size_t chunks = (n + chunk - 1) / chunk;
    std::vector<double> spent(chunks, 0.0);
    team_.run(chunks, [&](std::size_t c, int) {
        const auto t0 = batch_scoring::Clock::now();
        const std::size_t lo = c * chunk;
        work(lo, std::min(n, lo + chunk));
        spent[c] = batch_scoring::nanoseconds_since(t0);
    });
    double total = 0;
    for (double s : spent) total += s;
    cost.learn(total, n);
}

void BatchScorer::feasibility(std::span<const Genome> genomes, std::span<bool> out) {
    assert(out.size() == genomes.size());
    for_chunks(genomes.size(), feasibility_cost_, [&](std::size_t lo, std::size_t hi) {
        target_.feasibility(genomes.subspan(lo, hi - lo), out.subspan(lo, hi - lo));
    });
}

void BatchScorer::score(std::span<const Genome> genomes, std::span<double> out) {
    assert(out.size() == genomes.size());
    for_chunks(genomes.size(), score_cost_, [&](std::size_t lo, std::size_t hi) {
        target_.score(genomes.subspan(lo, hi - lo), out.subspan(lo, hi - lo));
    });
}

void BatchScorer::score_described(std::span<const Genome> genomes, std::span<double> out,
                                  std::span<double> described) {
    assert(out.size() == genomes.size());
    const std::size_t k = target_.behaviours().size();
    assert(described.size() == genomes.size() * k);
    for_chunks(genomes.size(), score_cost_, [&](std::size_t lo, std::size_t hi) {
        target_.score_described(genomes.subspan(lo, hi - lo), out.subspan(lo, hi - lo),
                                described.subspan(lo * k, (hi - lo) * k));
    });
}

void BatchScorer::draw_groups(std::span<const std::size_t> want,
                              std::span<const std::size_t> max_tries, const GroupProposer& propose,
                              std::vector<std::vector<Scored>>& out,
                              std::vector<std::size_t>& drawn) {
    for (std::size_t g = 0; g < want.size(); ++g) out[g].reserve(want[g]);
    // Proposals are built, checked and scored in blocks, all three in one parallel loop, so that
    // a step costs one hand-out to the team, not three. Each group's share of a block is sized
    // from the feasible share seen so far to hold about the feasible proposals it still needs
    // (when it falls short, a small second block tops it up; only the feasible ones it may take
    // are walked). Proposal (g, k) depends on g and k alone and each
    // group takes its first feasible ones in order, so the block sizes change how much is built,
    // never what is taken.
    std::vector<std::size_t> need;
    while (const std::size_t block = plan_block(want, max_tries, out, drawn, need)) {
        proposals_.resize(block);
        proposal_ok_.assign(block, 0);
        proposal_value_.assign(block, 0.0);
        for_chunks(block, draw_cost_,
                   [&](std::size_t lo, std::size_t hi) { build_chunk(lo, hi, need, propose); });
        std::size_t block_feasible = 0;
        for (std::size_t i = 0; i < block; ++i) block_feasible += proposal_ok_[i] != 0;
        feasible_rate_ =
            std::max(static_cast<double>(block_feasible), 1.0) / static_cast<double>(block);
        take_block(want, out, drawn);
    }
}

std::size_t BatchScorer::plan_block(std::span<const std::size_t> want,
                                    std::span<const std::size_t> max_tries,
                                    const std::vector<std::vector<Scored>>& out,
                                    std::span<const std::size_t> drawn,
                                    std::vector<std::size_t>& need) {
    const std::size_t groups = want.size();
    proposal_group_.clear();
    proposal_k_.clear();
    need.assign(groups, 0);
    const double rate = std::max(feasible_rate_, 0.01);
    for (std::size_t g = 0; g < groups; ++g) {
        if (out[g].size() >= want[g] || drawn[g] >= max_tries[g]) continue;  // finished
        need[g] = want[g] - out[g].size();
        const double n = static_cast<double>(need[g]);
        const double guess = std::ceil(n / rate + std::sqrt(n * (1 - rate)) / rate) + 1;
        const std::size_t share = static_cast<std::size_t>(
            std::min<double>(guess, static_cast<double>(max_tries[g] - drawn[g])));
        for (std::size_t i = 0; i < share; ++i) {
            proposal_group_.push_back(g);
            proposal_k_.push_back(drawn[g] + i);
        }
    }
    return proposal_group_.size();
}

void BatchScorer::build_chunk(std::size_t lo, std::size_t hi, std::span<const std::size_t> need,
                              const GroupProposer& propose) {
    const std::size_t n = hi - lo;
    for (std::size_t i = lo; i < hi; ++i)
        proposals_[i] = propose(proposal_group_[i], proposal_k_[i]);
    auto ok = std::make_unique<bool[]>(n);
    target_.feasibility(std::span<const Genome>(proposals_.data() + lo, n),
                        std::span<bool>(ok.get(), n));
    // The feasible ones are walked together (the walk interleaves several boards), at most
    // need[g] of group g: a group's first need[g] feasible proposals, the ones take_block takes,
    // are among the first need[g] feasible of each chunk its share falls in. (Walking every
    // feasible proposal of a chunk made population annealing's rounds, 3 proposals a chain for
    // the 1 it takes, 2.3 times slower on 2 threads than on 1.)
    std::vector<std::size_t> walking(need.size(), 0);
    std::vector<Genome> feasible;
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < n; ++i) {
        proposal_ok_[lo + i] = ok[i];
        if (!ok[i]) continue;
        const std::size_t g = proposal_group_[lo + i];
        if (walking[g] == need[g]) continue;
        ++walking[g];
        feasible.push_back(std::move(proposals_[lo + i]));
        at.push_back(lo + i);
    }
    std::vector<double> v(feasible.size());
    target_.score(feasible, v);
    for (std::size_t k = 0; k < at.size(); ++k) {
        proposals_[at[k]] = std::move(feasible[k]);
        proposal_value_[at[k]] = v[k];
    }
}

void BatchScorer::take_block(std::span<const std::size_t> want,
                             std::vector<std::vector<Scored>>& out,
                             std::vector<std::size_t>& drawn) {
    // Each group's share is contiguous and in k order: take its first feasible ones.
    for (std::size_t i = 0; i < proposal_group_.size(); ++i) {
        const std::size_t g = proposal_group_[i];
        if (out[g].size() == want[g]) continue;
        ++drawn[g];
        if (!proposal_ok_[i]) continue;
        out[g].push_back(Scored{std::move(proposals_[i]), proposal_value_[i]});
    }
}

void BatchScorer::run_apart(std::span<const std::size_t> items, std::span<Ledger> tallies,
                            const ApartWork& work) {
    const std::size_t blocks = std::clamp<std::size_t>(
        items.size() / 8, 1, static_cast<std::size_t>(std::max(1, threads())));
    team_.run(blocks, [&](std::size_t b, int) {
        const std::size_t lo = items.size() * b / blocks, hi = items.size() * (b + 1) / blocks;
        work(items.subspan(lo, hi - lo), tallies, *this);
    });
}

}  // namespace maze
