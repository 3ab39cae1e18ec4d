#include "mazesearch/search/optimizers/chain_rounds.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>

namespace maze {

namespace {

// The proposals of one batch: group g's k-th, from the stream of the seed, the round, g and k.
std::vector<std::vector<Scored>> draw_round(
    Evaluator& ev, std::size_t groups, const ChainRounds::Setup& setup, std::uint64_t round,
    const std::string& what, const std::function<Genome(std::size_t, Rng&, std::uint64_t)>& make) {
    std::vector<std::size_t> drawn;
    auto got = ev.draw_groups(
        std::vector<std::size_t>(groups, 1), std::vector<std::size_t>(groups, kMaxStartDraws),
        [&](std::size_t g, std::uint64_t k) {
            Rng rng(derive_seed(setup.seed, {2, round, g, k}));
            return make(g, rng, k);
        },
        &drawn);
    for (std::size_t g = 0; g < groups; ++g)
        if (got[g].empty() && drawn[g] >= kMaxStartDraws)
            throw std::runtime_error(setup.kind + ": no feasible " + what + " in " +
                                     std::to_string(kMaxStartDraws) + " draws");
    return got;  // a group left empty otherwise: the budget ran out
}

}  // namespace

void ChainRounds::take_given(const Target& target, const std::vector<Genome>& given, std::size_t n,
                             const std::string& kind) {
    for (const Genome& g : given)
        if (!target.feasible(g))
            throw std::invalid_argument(kind + ": a given board is not feasible");
    initial.assign(given.begin(),
                   given.begin() + static_cast<std::ptrdiff_t>(std::min(given.size(), n)));
}

std::uint64_t ChainRounds::fill(Evaluator& ev, std::size_t n, const Setup& setup) {
    const std::size_t missing = n - chains.size();
    const std::size_t given = initial.size();
    auto got = draw_round(ev, missing, setup, rounds++, "random board (p_blocked too high?)",
                          [&](std::size_t g, Rng& rng, std::uint64_t k) {
                              if (g < given && k == 0) return initial[g];
                              return random_genome(setup.genes, setup.p_blocked, rng);
                          });
    std::uint64_t made = 0;
    for (auto& one : got)
        if (!one.empty()) {
            chains.push_back(std::move(one[0]));
            ++made;
        }
    initial.erase(initial.begin(),
                  initial.begin() + static_cast<std::ptrdiff_t>(std::min(given, missing)));
    return made;
}

std::uint64_t ChainRounds::sweep(Evaluator& ev, const Setup& setup, const Acceptance& rule,
                                 std::span<const double> temperature, std::uint64_t length) {
    const std::size_t n = chains.size();
    // Each chain's proposals: the budget left, shared out (it may be unlimited).
    const std::uint64_t left = ev.ledger().remaining();
    std::vector<std::uint64_t> quota(n, length);
    if (left / n < length)
        for (std::size_t g = 0; g < n; ++g) quota[g] = left / n + (g < left % n ? 1 : 0);
    const std::uint64_t stream = rounds++;
    std::vector<std::uint64_t> taken(n, 0);
    auto work = [&](std::span<const std::size_t> items, std::span<Ledger> tallies,
                    const BatchScorer& scorer) {
        std::vector<Rng> rng;
        for (std::size_t g : items) rng.emplace_back(derive_seed(setup.seed, {3, stream, g}));
        std::vector<std::size_t> live;  // the block's chains still proposing, by place in items
        std::vector<Genome> child;
        std::vector<double> value;
        for (std::uint64_t r = 0;; ++r) {
            live.clear();
            child.clear();
            for (std::size_t k = 0; k < items.size(); ++k)
                if (r < quota[items[k]]) live.push_back(k);
            if (live.empty()) break;
            for (std::size_t k : live) {
                const std::size_t g = items[k];
                for (std::size_t tries = 0;; ++tries) {
                    if (tries == kMaxStartDraws)
                        throw std::runtime_error(setup.kind + ": no feasible neighbour in " +
                                                 std::to_string(kMaxStartDraws) + " draws");
                    Genome c = chains[g].genome;
                    c.flip(static_cast<std::size_t>(rng[k].below(setup.genes)));
                    if (scorer.feasible_here(c)) {
                        child.push_back(std::move(c));
                        break;
                    }
                    tallies[g].reject(1);
                }
            }
            value.assign(child.size(), 0.0);
            scorer.score_here(child, value);  // the block's boards walked together
            for (std::size_t j = 0; j < live.size(); ++j) {
                const std::size_t g = items[live[j]];
                tallies[g].record(child[j], value[j]);
                if (Acceptance::accept(rule.gain(chains[g].value, value[j]), temperature[g],
                                       rng[live[j]])) {
                    chains[g] = Scored{std::move(child[j]), value[j]};
                    ++taken[g];
                }
            }
        }
    };
    ev.run_apart(
        n, work,
        [&](std::size_t g) {
            return nlohmann::json{{"chain", chains[g]}, {"taken", taken[g]}}.dump();
        },
        [&](std::size_t g, const std::string& bytes) {
            const nlohmann::json j = nlohmann::json::parse(bytes);
            chains[g] = j.at("chain").get<Scored>();
            taken[g] = j.at("taken").get<std::uint64_t>();
        });
    std::uint64_t made = 0;
    for (std::size_t g = 0; g < n; ++g) {
        made += quota[g];
        accepted += taken[g];
    }
    return made;
}

}  // namespace maze
