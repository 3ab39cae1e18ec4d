#include "mazesearch/search/evaluator.hpp"

#include <algorithm>
#include <cassert>
#include <limits>
#include <memory>
#include <stdexcept>

namespace maze {

Evaluator::Evaluator(const Target& target, Budget budget, int threads, ArchiveSpec archive)
    : target_(target), ledger_(target, budget, archive), scorer_(target, threads) {}

void Evaluator::set_collective(Collective* c) {
    spread_.reset();
    ranks_ = c;
    if (c) spread_.emplace(scorer_, *c);
}

void Evaluator::run_apart(std::size_t n, const ApartWork& work,
                          const std::function<std::string(std::size_t)>& pack,
                          const std::function<void(std::size_t, const std::string&)>& unpack) {
    std::vector<Ledger> tallies;
    tallies.reserve(n);
    for (std::size_t i = 0; i < n; ++i) tallies.push_back(ledger_.tally());
    if (spread_) {
        spread_->run_apart(n, tallies, work, pack, unpack);
    } else {
        std::vector<std::size_t> items(n);
        for (std::size_t i = 0; i < n; ++i) items[i] = i;
        scorer_.run_apart(items, tallies, work);
    }
    for (const Ledger& t : tallies) ledger_.merge(t);
}

void Evaluator::restore(const nlohmann::json& j) {
    ledger_.restore(j,
                    [&](std::span<const Genome> g, std::span<double> v) { scorer_.score(g, v); });
}

void Evaluator::choose_walks(std::span<const Genome> genomes, std::span<Score> out,
                             std::span<const bool> feasible) {
    const std::size_t n = genomes.size();
    assert(out.size() == n && (feasible.empty() || feasible.size() == n));
    std::unique_ptr<bool[]> found;
    if (feasible.empty() && n > 0) {
        found = std::make_unique<bool[]>(n);
        scorer_.feasibility(genomes, std::span<bool>(found.get(), n));
        feasible = std::span<const bool>(found.get(), n);
    }
    walk_.clear();
    walk_index_.clear();
    std::uint64_t left = ledger_.remaining();
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
    values_.assign(walk_.size(), 0.0);
}

void Evaluator::record_walks(std::span<Score> out) {
    // Counters and the best advance in batch order, so ties go to the earliest genome.
    for (std::size_t k = 0; k < walk_.size(); ++k) {
        out[walk_index_[k]] = Score{true, values_[k]};
        ledger_.record(walk_[k], values_[k]);
    }
}

void Evaluator::evaluate(std::span<const Genome> genomes, std::span<Score> out,
                         std::span<const bool> feasible) {
    choose_walks(genomes, out, feasible);
    scorer_.score(walk_, values_);
    record_walks(out);
}

void Evaluator::evaluate_described(std::span<const Genome> genomes, std::span<Score> out,
                                   std::span<double> described) {
    const std::size_t k = target().behaviours().size();
    assert(described.size() == genomes.size() * k);
    choose_walks(genomes, out, {});
    described_.assign(walk_.size() * k, 0.0);
    scorer_.score_described(walk_, values_, described_);
    for (std::size_t w = 0; w < walk_.size(); ++w)
        std::copy_n(described_.begin() + static_cast<std::ptrdiff_t>(w * k), k,
                    described.begin() + static_cast<std::ptrdiff_t>(walk_index_[w] * k));
    record_walks(out);
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
    std::uint64_t left = ledger_.remaining();
    for (std::size_t& w : want) {
        w = static_cast<std::size_t>(std::min<std::uint64_t>(w, left));
        left -= w;
    }
    std::vector<std::vector<Scored>> out(groups);
    std::vector<std::size_t> drawn(groups, 0);
    if (spread_)
        spread_->draw_groups(want, max_tries, propose, out, drawn);
    else
        scorer_.draw_groups(want, max_tries, propose, out, drawn);
    // Counted group by group, each in proposal order: as if built one by one, group after group,
    // whatever the blocks were (and however many ranks built them).
    for (std::size_t g = 0; g < groups; ++g) {
        ledger_.reject(drawn[g] - out[g].size());
        for (const Scored& sc : out[g]) ledger_.record(sc.genome, sc.value);
    }
    if (drawn_out) *drawn_out = drawn;
    return out;
}

void Evaluator::account(std::uint64_t evaluated, std::uint64_t rejected, const Genome* best,
                        double value) {
    ledger_.account(evaluated, rejected, best, value);
}

Score evaluate_one(Evaluator& ev, const Genome& g) {
    Score s;
    ev.evaluate(std::span<const Genome>(&g, 1), std::span<Score>(&s, 1));
    return s;
}

std::vector<Scored> draw_in_turn(Evaluator& ev, std::size_t want, std::size_t max_tries,
                                 const std::function<Genome()>& next) {
    std::vector<Genome> batch;
    std::vector<char> flags;  // feasibility, found once here and handed to evaluate
    std::size_t feasible = 0;
    while (feasible < want && batch.size() < max_tries) {
        batch.push_back(next());
        flags.push_back(ev.target().feasible(batch.back()));
        feasible += static_cast<std::size_t>(flags.back());
    }
    const auto known = std::make_unique<bool[]>(flags.size());
    for (std::size_t i = 0; i < flags.size(); ++i) known[i] = flags[i] != 0;
    std::vector<Score> scores(batch.size());
    ev.evaluate(batch, scores, std::span<const bool>(known.get(), flags.size()));
    std::vector<Scored> out;
    out.reserve(feasible);
    for (std::size_t i = 0; i < batch.size(); ++i)
        if (scores[i].feasible) out.push_back(Scored{std::move(batch[i]), scores[i].value});
    return out;
}

}  // namespace maze
