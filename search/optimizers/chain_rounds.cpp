#include "mazesearch/search/optimizers/chain_rounds.hpp"

#include <algorithm>
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

std::uint64_t ChainRounds::round(Evaluator& ev, const Setup& setup, const Acceptance& rule,
                                 const std::function<double(std::size_t)>& temperature, Rng& rng) {
    auto got = draw_round(ev, chains.size(), setup, rounds++, "neighbour",
                          [&](std::size_t g, Rng& own, std::uint64_t) {
                              Genome child = chains[g].genome;
                              child.flip(static_cast<std::size_t>(own.below(setup.genes)));
                              return child;
                          });
    std::uint64_t made = 0;
    for (std::size_t g = 0; g < chains.size(); ++g) {
        if (got[g].empty()) continue;
        ++made;
        if (Acceptance::accept(rule.gain(chains[g].value, got[g][0].value), temperature(g), rng)) {
            chains[g] = std::move(got[g][0]);
            ++accepted;
        }
    }
    return made;
}

}  // namespace maze
