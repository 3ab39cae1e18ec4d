#include "mazesearch/search/evaluator.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "mazesearch/search/optimizer_support.hpp"

namespace maze {

namespace {

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

}  // namespace

void Evaluator::Cost::learn(double ns, std::size_t items) {
    if (items == 0) return;
    const double per_item = ns / static_cast<double>(items);
    ns_per_item = ns_per_item == 0 ? per_item : ns_per_item + kLearnRate * (per_item - ns_per_item);
}

Evaluator::Evaluator(const Target& target, Budget budget, int threads, ArchiveSpec archive)
    : target_(target),
      ledger_(target, budget, archive),
      team_(target.thread_safe() ? threads : 1) {}

void Evaluator::for_chunks(std::size_t n, Cost& cost,
                           const std::function<void(std::size_t, std::size_t)>& work) {
    if (n == 0) return;
    const double per_item = cost.ns_per_item;
    const auto threads = static_cast<std::size_t>(team_.size());
    // Unmeasured work runs on the calling thread once, which measures it.
    if (threads == 1 || per_item == 0 || per_item * static_cast<double>(n) < kShareFromNs) {
        const auto t0 = Clock::now();
        work(0, n);
        cost.learn(nanoseconds_since(t0), n);
        return;
    }
    // At least two chunks per thread, so that a thread that is held up leaves work to the others.
    const std::size_t by_time = static_cast<std::size_t>(std::ceil(kChunkNs / per_item));
    const std::size_t by_balance = (n + 2 * threads - 1) / (2 * threads);
    const std::size_t chunk =
        std::clamp<std::size_t>(by_time, 1, std::max<std::size_t>(by_balance, 1));
    const std::size_t chunks = (n + chunk - 1) / chunk;
    std::vector<double> spent(chunks, 0.0);
    team_.run(chunks, [&](std::size_t c, int) {
        const auto t0 = Clock::now();
        const std::size_t lo = c * chunk;
        work(lo, std::min(n, lo + chunk));
        spent[c] = nanoseconds_since(t0);
    });
    double total = 0;
    for (double s : spent) total += s;
    cost.learn(total, n);
}

void Evaluator::evaluate(std::span<const Genome> genomes, std::span<Score> out) {
    const std::size_t n = genomes.size();
    auto feasible = std::make_unique<bool[]>(n);
    for_chunks(n, feasibility_cost_, [&](std::size_t lo, std::size_t hi) {
        target_.feasibility(genomes.subspan(lo, hi - lo),
                            std::span<bool>(feasible.get() + lo, hi - lo));
    });
    evaluate_known(genomes, std::span<const bool>(feasible.get(), n), out);
}

void Evaluator::score_walks(std::size_t count) {
    assert(count <= walk_.size());
    values_.assign(count, 0.0);
    const std::span<const Genome> walk(walk_.data(), count);
    for_chunks(count, score_cost_, [&](std::size_t lo, std::size_t hi) {
        target_.score(walk.subspan(lo, hi - lo), std::span<double>(values_.data() + lo, hi - lo));
    });
}

void Evaluator::evaluate_known(std::span<const Genome> genomes, std::span<const bool> feasible,
                               std::span<Score> out) {
    assert(feasible.size() == genomes.size() && out.size() == genomes.size());
    const std::size_t n = genomes.size();
    walk_.clear();
    walk_index_.clear();
    std::uint64_t left = remaining();
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = Score{};
        if (!feasible[i]) {
            ledger_.reject(1);
            continue;
        }
        if (left == 0) continue;  // skipped: the evaluation budget is spent
        --left;
        walk_.push_back(genomes[i]);
        walk_index_.push_back(i);
    }
    score_walks(walk_.size());
    // Counters and the best advance in batch order, so ties go to the earliest genome.
    for (std::size_t k = 0; k < walk_.size(); ++k) {
        out[walk_index_[k]] = Score{true, values_[k]};
        ledger_.record(walk_[k], values_[k]);
    }
}

Score Evaluator::evaluate_one(const Genome& g) {
    Score s;
    evaluate(std::span<const Genome>(&g, 1), std::span<Score>(&s, 1));
    return s;
}

std::vector<Scored> Evaluator::draw(std::size_t want, std::size_t max_tries,
                                    const Proposer& propose) {
    assert(propose);
    const std::size_t wants[1] = {want};
    const std::size_t tries[1] = {max_tries};
    auto groups =
        draw_groups(wants, tries, [&](std::size_t, std::uint64_t k) { return propose(k); });
    return std::move(groups.front());
}

std::vector<std::vector<Scored>> Evaluator::draw_groups(std::span<const std::size_t> want_in,
                                                        std::span<const std::size_t> max_tries,
                                                        const GroupProposer& propose,
                                                        std::vector<std::size_t>* drawn_out) {
    assert(propose);
    const std::size_t groups = want_in.size();
    assert(max_tries.size() == groups);
    // The budget covers the wants in group order.
    std::vector<std::size_t> want(want_in.begin(), want_in.end());
    std::uint64_t left = remaining();
    for (std::size_t& w : want) {
        w = static_cast<std::size_t>(std::min<std::uint64_t>(w, left));
        left -= w;
    }
    std::vector<std::vector<Scored>> out(groups);
    std::vector<std::size_t> drawn(groups, 0);
    if (collective_ && collective_->size() > 1)
        draw_spread(want, max_tries, propose, out, drawn);
    else
        draw_blocks(want, max_tries, propose, out, drawn);
    // Counted group by group, each in proposal order: as if built one by one, group after group,
    // whatever the blocks were (and however many ranks built them).
    for (std::size_t g = 0; g < groups; ++g) {
        ledger_.reject(drawn[g] - out[g].size());
        for (const Scored& sc : out[g]) ledger_.record(sc.genome, sc.value);
    }
    if (drawn_out) *drawn_out = drawn;
    return out;
}

void Evaluator::draw_blocks(std::span<const std::size_t> want,
                            std::span<const std::size_t> max_tries, const GroupProposer& propose,
                            std::vector<std::vector<Scored>>& out,
                            std::vector<std::size_t>& drawn) {
    const std::size_t groups = want.size();
    for (std::size_t g = 0; g < groups; ++g) out[g].reserve(want[g]);
    // Proposals are built, checked and scored in blocks, all three in one parallel loop, so that
    // a step costs one hand-out to the team, not three. Each group's share of a block is sized
    // from the feasible share seen so far to hold about the feasible proposals it still needs
    // (when it falls short, a small second block tops it up; the feasible ones past the want are
    // walked for nothing, a few per cent). Proposal (g, k) depends on g and k alone and each
    // group takes its first feasible ones in order, so the block sizes change how much is built,
    // never what is taken.
    auto unfinished = [&](std::size_t g) {
        return out[g].size() < want[g] && drawn[g] < max_tries[g];
    };
    for (;;) {
        proposal_group_.clear();
        proposal_k_.clear();
        std::vector<std::size_t> need(groups, 0);
        const double rate = std::max(feasible_rate_, 0.01);
        for (std::size_t g = 0; g < groups; ++g) {
            if (!unfinished(g)) continue;
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
        const std::size_t block = proposal_group_.size();
        if (block == 0) break;
        proposals_.resize(block);
        proposal_ok_.assign(block, 0);
        values_.assign(block, 0.0);
        for_chunks(block, draw_cost_, [&](std::size_t lo, std::size_t hi) {
            const std::size_t n = hi - lo;
            for (std::size_t i = lo; i < hi; ++i)
                proposals_[i] = propose(proposal_group_[i], proposal_k_[i]);
            auto ok = std::make_unique<bool[]>(n);
            target_.feasibility(std::span<const Genome>(proposals_.data() + lo, n),
                                std::span<bool>(ok.get(), n));
            // The feasible ones are walked together (the walk interleaves several boards). A
            // chunk that is the whole block (one thread) walks only those that will be taken.
            const bool whole = n == block;
            std::vector<std::size_t> walking(whole ? groups : 0, 0);
            std::vector<Genome> feasible;
            std::vector<std::size_t> at;
            for (std::size_t i = 0; i < n; ++i) {
                proposal_ok_[lo + i] = ok[i];
                if (!ok[i]) continue;
                if (whole) {
                    const std::size_t g = proposal_group_[lo + i];
                    if (walking[g] == need[g]) continue;
                    ++walking[g];
                }
                feasible.push_back(std::move(proposals_[lo + i]));
                at.push_back(lo + i);
            }
            std::vector<double> v(feasible.size());
            target_.score(feasible, v);
            for (std::size_t k = 0; k < at.size(); ++k) {
                proposals_[at[k]] = std::move(feasible[k]);
                values_[at[k]] = v[k];
            }
        });
        std::size_t block_feasible = 0;
        for (std::size_t i = 0; i < block; ++i) block_feasible += proposal_ok_[i] != 0;
        feasible_rate_ =
            std::max(static_cast<double>(block_feasible), 1.0) / static_cast<double>(block);
        // Each group's share is contiguous and in k order: take its first feasible ones.
        for (std::size_t i = 0; i < block; ++i) {
            const std::size_t g = proposal_group_[i];
            if (out[g].size() == want[g]) continue;
            ++drawn[g];
            if (!proposal_ok_[i]) continue;
            out[g].push_back(Scored{std::move(proposals_[i]), values_[i]});
        }
    }
}

namespace {

// The bytes of a rank's groups for Evaluator::draw_spread: per group its index, the proposals it
// drew and its scored boards (genome size, words, and the value's own bits, so that every rank
// gets the very same double).
void put(std::string& b, std::uint64_t v) {
    b.append(reinterpret_cast<const char*>(&v), sizeof v);
}
std::uint64_t take(const std::string& b, std::size_t& at) {
    if (at + sizeof(std::uint64_t) > b.size())
        throw std::runtime_error("draw_groups: a rank's results are cut short");
    std::uint64_t v = 0;
    std::memcpy(&v, b.data() + at, sizeof v);
    at += sizeof v;
    return v;
}

}  // namespace

void Evaluator::draw_spread(std::span<const std::size_t> want,
                            std::span<const std::size_t> max_tries, const GroupProposer& propose,
                            std::vector<std::vector<Scored>>& out,
                            std::vector<std::size_t>& drawn) {
    const std::size_t groups = want.size();
    const auto ranks = static_cast<std::size_t>(collective_->size());
    const auto me = static_cast<std::size_t>(collective_->rank());
    // This rank's groups only (group g belongs to rank g mod ranks), with its own threads; every
    // rank then counts every group, in the same order (draw_groups).
    std::vector<std::size_t> mine(groups, 0);
    for (std::size_t g = me; g < groups; g += ranks) mine[g] = want[g];
    draw_blocks(mine, max_tries, propose, out, drawn);
    std::string bytes;
    for (std::size_t g = me; g < groups; g += ranks) {
        put(bytes, g);
        put(bytes, drawn[g]);
        put(bytes, out[g].size());
        for (const Scored& sc : out[g]) {
            put(bytes, sc.genome.size());
            for (std::uint64_t w : sc.genome.words()) put(bytes, w);
            put(bytes, std::bit_cast<std::uint64_t>(static_cast<double>(sc.value)));
        }
    }
    const std::vector<std::string> all = collective_->all_gather(bytes);
    for (std::size_t r = 0; r < all.size(); ++r) {
        if (r == me) continue;
        std::size_t at = 0;
        while (at < all[r].size()) {
            const std::uint64_t g = take(all[r], at);
            if (g >= groups || g % ranks != r)
                throw std::runtime_error("draw_groups: rank " + std::to_string(r) +
                                         " sent a group it does not hold");
            drawn[g] = take(all[r], at);
            const std::uint64_t n = take(all[r], at);
            out[g].clear();
            for (std::uint64_t k = 0; k < n; ++k) {
                Genome genome(take(all[r], at));
                for (std::uint64_t& w : genome.words()) w = take(all[r], at);
                const double value = std::bit_cast<double>(take(all[r], at));
                out[g].push_back(Scored{std::move(genome), value});
            }
        }
    }
}

void Evaluator::account(std::uint64_t evaluated, std::uint64_t rejected, const Genome* best,
                        double value) {
    ledger_.account(evaluated, rejected, best, value);
}

}  // namespace maze
