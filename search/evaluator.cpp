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
    const std::size_t ranks = ranks_ ? static_cast<std::size_t>(ranks_->size()) : 1;
    const std::size_t me = ranks_ ? static_cast<std::size_t>(ranks_->rank()) : 0;
    std::vector<Ledger> tallies;
    tallies.reserve(n);
    for (std::size_t i = 0; i < n; ++i) tallies.push_back(ledger_.tally());
    std::vector<std::size_t> mine;
    for (std::size_t i = me; i < n; i += ranks) mine.push_back(i);
    // Blocks of at least 8 items (a walk batch's lanes), one per thread at most: a thread walks
    // its block's boards together.
    const std::size_t blocks = std::clamp<std::size_t>(
        mine.size() / 8, 1, static_cast<std::size_t>(std::max(1, scorer_.threads())));
    std::string error;
    try {
        scorer_.run_items(blocks, [&](std::size_t b) {
            const std::size_t lo = mine.size() * b / blocks, hi = mine.size() * (b + 1) / blocks;
            work(std::span<const std::size_t>(mine).subspan(lo, hi - lo), tallies);
        });
    } catch (const std::exception& e) {
        error = e.what();
        if (ranks == 1) throw;
    }
    if (ranks > 1) {
        nlohmann::json sent = {{"error", error}, {"items", nlohmann::json::array()}};
        if (error.empty())
            for (std::size_t i : mine)
                sent["items"].push_back({{"tally", tallies[i].save()}, {"result", pack(i)}});
        const std::vector<std::string> all = ranks_->all_gather(sent.dump());
        for (std::size_t r = 0; r < all.size(); ++r) {
            const nlohmann::json got = nlohmann::json::parse(all[r]);
            if (!got.at("error").get<std::string>().empty())
                throw std::runtime_error(got.at("error").get<std::string>());
        }
        for (std::size_t r = 0; r < all.size(); ++r) {
            if (r == me) continue;
            const nlohmann::json got = nlohmann::json::parse(all[r]);
            const nlohmann::json& items = got.at("items");
            std::size_t k = 0;
            for (std::size_t i = r; i < n; i += ranks, ++k) {
                tallies[i].restore(items.at(k).at("tally"));
                unpack(i, items.at(k).at("result").get<std::string>());
            }
        }
    }
    for (const Ledger& t : tallies) ledger_.merge(t);
}

void Evaluator::evaluate(std::span<const Genome> genomes, std::span<Score> out) {
    const std::size_t n = genomes.size();
    auto feasible = std::make_unique<bool[]>(n);
    scorer_.feasibility(genomes, std::span<bool>(feasible.get(), n));
    evaluate_known(genomes, std::span<const bool>(feasible.get(), n), out);
}

void Evaluator::evaluate_known(std::span<const Genome> genomes, std::span<const bool> feasible,
                               std::span<Score> out) {
    assert(feasible.size() == genomes.size() && out.size() == genomes.size());
    const std::size_t n = genomes.size();
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
    scorer_.score(walk_, values_);
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

std::vector<Scored> Evaluator::draw_in_turn(std::size_t want, std::size_t max_tries,
                                            const std::function<Genome()>& next) {
    std::vector<Genome> batch;
    std::vector<char> flags;  // feasibility, found once here and handed to evaluate_known
    std::size_t feasible = 0;
    while (feasible < want && batch.size() < max_tries) {
        batch.push_back(next());
        flags.push_back(target_.feasible(batch.back()));
        feasible += static_cast<std::size_t>(flags.back());
    }
    const auto known = std::make_unique<bool[]>(flags.size());
    for (std::size_t i = 0; i < flags.size(); ++i) known[i] = flags[i] != 0;
    std::vector<Score> scores(batch.size());
    evaluate_known(batch, std::span<const bool>(known.get(), flags.size()), scores);
    std::vector<Scored> out;
    out.reserve(feasible);
    for (std::size_t i = 0; i < batch.size(); ++i)
        if (scores[i].feasible) out.push_back(Scored{std::move(batch[i]), scores[i].value});
    return out;
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

}  // namespace maze
