#include "mazesearch/search/optimizer_support.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <span>
#include <stdexcept>

namespace maze {

Genome random_genome(std::size_t n, double p_blocked, Rng& rng) {
    Genome g(n);
    const Coin coin(p_blocked);
    for (std::size_t i = 0; i < n; ++i)
        if (coin.toss(rng)) g.set(i, true);
    return g;
}

void mutate(Genome& g, double p, Rng& rng) {
    if (p <= 0) return;
    const Coin coin(p);
    for (std::size_t i = 0; i < g.size(); ++i)
        if (coin.toss(rng)) g.flip(i);
}

void mutate_within(Genome& g, const Genome& mask, double p, Rng& rng) {
    if (p <= 0) return;
    const std::size_t m = mask.count();
    if (m == 0) return;
    const double q = std::min(1.0, p * static_cast<double>(g.size()) / static_cast<double>(m));
    const Coin coin(q);
    for (std::size_t i = 0; i < g.size(); ++i)
        if (mask.get(i) && coin.toss(rng)) g.flip(i);
}

void check_initial(const std::string& kind, const Target& target,
                   const std::vector<Genome>& initial, bool need_feasible_first, bool need_genes) {
    const std::size_t n = target.genes();
    for (std::size_t i = 0; i < initial.size(); ++i)
        if (initial[i].size() != n)
            throw std::invalid_argument(kind + ": initial genome " + std::to_string(i) + " has " +
                                        std::to_string(initial[i].size()) + " genes, the target " +
                                        std::to_string(n));
    if (need_feasible_first && !initial.empty() && !target.feasible(initial[0]))
        throw std::invalid_argument(kind + ": the initial genome is infeasible");
    if (need_genes && n == 0) throw std::invalid_argument(kind + ": the target has no genes");
}

void OptimizerBase::start(const Target& target, std::uint64_t seed,
                          const std::vector<Genome>& initial) {
    if (!checked()) {
        check_start(target, initial);
        count_check();
    }
    common_ = Common{kind(), target.genes(), 0, seed, Rng(derive_seed(seed, {0}))};
    target_ = &target;
    started_ = true;
    begin(target, initial);
}

Rng OptimizerBase::proposal_rng(std::uint64_t k) const {
    // Stream 1: the proposals (stream 0 seeds rng_).
    return Rng(derive_seed(common_.seed, {1, common_.step, k}));
}

void OptimizerBase::require_started(const Evaluator& ev) const {
    require_started();
    if (ev.target().genes() != common_.genes)
        throw std::invalid_argument(kind() + ": the state is for " + std::to_string(common_.genes) +
                                    " genes, the target has " + std::to_string(ev.target().genes()));
}

void OptimizerBase::require_started() const {
    if (!started_) throw std::logic_error(kind() + ": step() before start() or restore()");
}

OptimizerBase::Common OptimizerBase::read_common(const nlohmann::json& j) const {
    if (!j.is_object() || !j.contains("kind") || !j["kind"].is_string())
        throw std::invalid_argument(kind() + ": the checkpoint names no optimizer kind");
    const std::string k = j["kind"].get<std::string>();
    if (k != kind())
        throw std::invalid_argument("cannot restore a " + kind() + " optimizer from a " + k +
                                    " checkpoint");
    Common c;
    try {
        c = j.get<Common>();
    } catch (const std::exception& e) {
        throw std::invalid_argument(kind() + ": not a checkpoint of this optimizer: " + e.what());
    }
    if (target_ && c.genes != target_->genes())
        throw std::invalid_argument(kind() + ": the checkpoint is for " + std::to_string(c.genes) +
                                    " genes, the target has " + std::to_string(target_->genes()));
    return c;
}

void OptimizerBase::check_genome(const Genome& g, std::size_t genes,
                                 const std::string& what) const {
    if (g.size() != genes)
        throw std::invalid_argument(kind() + ": the checkpoint's " + what + " has " +
                                    std::to_string(g.size()) + " genes, not " +
                                    std::to_string(genes));
}

void OptimizerBase::check_genomes(const std::vector<Genome>& list, std::size_t genes,
                                  const std::string& what) const {
    for (std::size_t i = 0; i < list.size(); ++i)
        check_genome(list[i], genes, what + " " + std::to_string(i));
}

void OptimizerBase::check_scored(const Genome& g, std::size_t genes,
                                 const std::string& what) const {
    check_genome(g, genes, what);
    if (target_ && !target_->feasible(g))
        throw std::invalid_argument(kind() + ": the checkpoint's " + what + " is infeasible");
}

void OptimizerBase::check_scored_list(const std::vector<Scored>& list, std::size_t genes,
                                      const std::string& what) const {
    for (const Scored& s : list) {
        check_scored(s.genome, genes, what + " board");
        check_value(s.value, what + " value");
    }
}

void OptimizerBase::check_value(double v, const std::string& what) const {
    if (std::isnan(v))
        throw std::invalid_argument(kind() + ": the checkpoint's " + what + " is NaN");
}

void OptimizerBase::check_index(std::uint64_t i, std::uint64_t limit,
                                const std::string& what) const {
    if (i >= limit)
        throw std::invalid_argument(kind() + ": the checkpoint's " + what + " " +
                                    std::to_string(i) + " is out of range (below " +
                                    std::to_string(limit) + ")");
}

}  // namespace maze
