#include "mazesearch/search/optimizers/replica_exchange.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace maze {

ReplicaExchange::Settings::Settings(const Params& params)
    : replicas(static_cast<std::size_t>(params.get_int("replicas", 8, 2, 1 << 16))),
      swap_every(
          static_cast<std::uint64_t>(params.get_int("swap_every", 100, 1, std::int64_t{1} << 40))),
      tune(params.get_bool("tune", true)),
      swap_target(params.get_double("swap_target", 0.3, 0.01, 0.99)),
      tune_every(
          static_cast<std::uint64_t>(params.get_int("tune_every", 20, 1, std::int64_t{1} << 40))),
      p_blocked(params.get_double("p_blocked", 0.25, 0.0, 1.0)),
      t_hot(params.get_double("t_start", 10.0, 1e-9, 1e12)),
      t_cold(params.get_double("t_end", 0.05, 1e-9, 1e12)),
      acceptance(params) {
    if (t_cold >= t_hot)
        throw ParamError("optimizer.t_end", params.where("t_end"),
                         "must be below t_start (the hottest rung)");
}

void ReplicaExchange::Settings::check(const Target& target,
                                      const std::vector<Genome>& initial) const {
    check_initial("replica-exchange", target, initial, true, true);
}

void ReplicaExchange::begin(const Target& target, const std::vector<Genome>& initial) {
    s_ = State{};
    s_.pool.take_given(target, initial, set_.replicas, kind());
    // Geometric spacing, coldest first.
    const double lo = std::log(set_.t_cold), hi = std::log(set_.t_hot);
    for (std::size_t k = 0; k < set_.replicas; ++k)
        s_.log_t.push_back(lo + (hi - lo) * static_cast<double>(k) /
                                    static_cast<double>(set_.replicas - 1));
    s_.offered.assign(set_.replicas - 1, 0);
    s_.taken.assign(set_.replicas - 1, 0);
    s_.window_offered.assign(set_.replicas - 1, 0);
    s_.window_taken.assign(set_.replicas - 1, 0);
}

std::vector<double> ReplicaExchange::ladder() const {
    std::vector<double> t;
    for (double x : s_.log_t) t.push_back(std::exp(x));
    return t;
}

ChainRounds::Setup ReplicaExchange::setup() const {
    return {kind(), common_.seed, common_.genes, set_.p_blocked};
}

void ReplicaExchange::swap() {
    std::vector<Scored>& chains = s_.pool.chains;
    for (std::size_t k = s_.swaps % 2; k + 1 < set_.replicas; k += 2) {
        // Rung k is the colder one: it takes the hotter board when that is better, else with
        // probability exp((1/Tk - 1/Tk+1) * (f_hot - f_cold)).
        const double beta_gap = std::exp(-static_cast<double>(s_.log_t[k])) -
                                std::exp(-static_cast<double>(s_.log_t[k + 1]));
        const double x = beta_gap * (set_.acceptance.fitness(chains[k + 1].value) -
                                     set_.acceptance.fitness(chains[k].value));
        ++s_.offered[k];
        ++s_.window_offered[k];
        if (x >= 0 || common_.rng.uniform() < std::exp(x)) {
            std::swap(chains[k], chains[k + 1]);
            ++s_.taken[k];
            ++s_.window_taken[k];
        }
    }
    ++s_.swaps;
    if (set_.tune && s_.swaps % (2 * set_.tune_every) == 0) tune();
}

void ReplicaExchange::tune() {
    // Each gap in ln T grows by its pair's rate above the target and shrinks below it (a factor
    // between 1/2 and 2), then the gaps are scaled back to span the same ends.
    const std::size_t pairs = set_.replicas - 1;
    std::vector<double> gap(pairs);
    double total = 0, before = 0;
    for (std::size_t k = 0; k < pairs; ++k) {
        const double g = s_.log_t[k + 1] - s_.log_t[k];
        before += g;
        const double rate = s_.window_offered[k] ? static_cast<double>(s_.window_taken[k]) /
                                                       static_cast<double>(s_.window_offered[k])
                                                 : set_.swap_target;
        gap[k] = g * std::exp2(std::clamp(4.0 * (rate - set_.swap_target), -1.0, 1.0));
        total += gap[k];
        s_.window_offered[k] = s_.window_taken[k] = 0;
    }
    double at = s_.log_t[0];
    for (std::size_t k = 0; k < pairs; ++k) {
        at += gap[k] * before / total;
        s_.log_t[k + 1] = k + 1 == pairs ? std::log(set_.t_hot) : at;
    }
}

void ReplicaExchange::step(Evaluator& ev) {
    require_started(ev);
    if (ev.ledger().exhausted()) return;  // nothing to propose, and no step taken
    if (s_.pool.chains.size() < set_.replicas) {
        s_.pool.fill(ev, set_.replicas, setup());
        if (s_.pool.chains.size() < set_.replicas) {  // the budget ran out
            ++common_.step;
            return;
        }
    }
    const std::uint64_t made =
        s_.pool.sweep(ev, setup(), set_.acceptance, ladder(), set_.swap_every);
    // A sweep cut short by the evaluation budget ends the run, without a swap.
    if (made == set_.replicas * set_.swap_every) swap();
    ++common_.step;
}

nlohmann::json ReplicaExchange::save() const {
    return save_state(s_);
}

void ReplicaExchange::restore(const nlohmann::json& state) {
    restore_state(state, s_, [&](const Common& c, const State& s) {
        if (c.genes == 0)
            throw std::invalid_argument("replica-exchange: the checkpoint has no genes");
        const auto wrong = [&](const std::string& what) {
            throw std::invalid_argument("replica-exchange: the checkpoint's " + what +
                                        " do not fit " + std::to_string(set_.replicas) +
                                        " replicas");
        };
        if (s.pool.chains.size() > set_.replicas) wrong("chains");
        if (s.log_t.size() != set_.replicas) wrong("ladder rungs");
        const std::size_t pairs = set_.replicas - 1;
        if (s.offered.size() != pairs || s.taken.size() != pairs ||
            s.window_offered.size() != pairs || s.window_taken.size() != pairs)
            wrong("swap counts");
        check_genomes(s.pool.initial, c.genes, "initial board");
        check_scored_list(s.pool.chains, c.genes, "chain");
        for (std::size_t k = 0; k < set_.replicas; ++k) {
            check_value(s.log_t[k], "ladder rung");
            if (k > 0 && !(s.log_t[k] > s.log_t[k - 1]))
                throw std::invalid_argument("replica-exchange: the ladder is not hotter upwards");
        }
        for (std::size_t k = 0; k < pairs; ++k)
            if (s.taken[k] > s.offered[k] || s.window_taken[k] > s.window_offered[k])
                throw std::invalid_argument("replica-exchange: more swaps taken than offered");
    });
}

}  // namespace maze
