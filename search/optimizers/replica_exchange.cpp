#include "mazesearch/search/optimizers/replica_exchange.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace maze {

ReplicaExchange::ReplicaExchange(const Params& params)
    : replicas_(static_cast<std::size_t>(params.get_int("replicas", 8, 2, 1 << 16))),
      swap_every_(
          static_cast<std::uint64_t>(params.get_int("swap_every", 100, 1, std::int64_t{1} << 40))),
      tune_(params.get_bool("tune", true)),
      swap_target_(params.get_double("swap_target", 0.3, 0.01, 0.99)),
      tune_every_(
          static_cast<std::uint64_t>(params.get_int("tune_every", 20, 1, std::int64_t{1} << 40))),
      p_blocked_(params.get_double("p_blocked", 0.25, 0.0, 1.0)),
      t_hot_(params.get_double("t_start", 10.0, 1e-9, 1e12)),
      t_cold_(params.get_double("t_end", 0.05, 1e-9, 1e12)),
      acceptance_(params) {
    if (t_cold_ >= t_hot_)
        throw ParamError("optimizer.t_end", params.where("t_end"),
                         "must be below t_start (the hottest rung)");
}

void ReplicaExchange::start(const Target& target, std::uint64_t seed,
                            const std::vector<Genome>& initial) {
    start_common(target, seed, initial, true);
    if (common_.genes == 0)
        throw std::invalid_argument("replica-exchange: the target has no genes");
    s_ = State{};
    s_.pool.take_given(target, initial, replicas_, kind());
    // Geometric spacing, coldest first.
    const double lo = std::log(t_cold_), hi = std::log(t_hot_);
    for (std::size_t k = 0; k < replicas_; ++k)
        s_.log_t.push_back(lo +
                           (hi - lo) * static_cast<double>(k) / static_cast<double>(replicas_ - 1));
    s_.offered.assign(replicas_ - 1, 0);
    s_.taken.assign(replicas_ - 1, 0);
    s_.window_offered.assign(replicas_ - 1, 0);
    s_.window_taken.assign(replicas_ - 1, 0);
}

std::vector<double> ReplicaExchange::ladder() const {
    std::vector<double> t;
    for (double x : s_.log_t) t.push_back(std::exp(x));
    return t;
}

ChainRounds::Setup ReplicaExchange::setup() const {
    return {kind(), common_.seed, common_.genes, p_blocked_};
}

void ReplicaExchange::swap() {
    std::vector<Scored>& chains = s_.pool.chains;
    for (std::size_t k = s_.swaps % 2; k + 1 < replicas_; k += 2) {
        // Rung k is the colder one: it takes the hotter board when that is better, else with
        // probability exp((1/Tk - 1/Tk+1) * (f_hot - f_cold)).
        const double beta_gap = std::exp(-static_cast<double>(s_.log_t[k])) -
                                std::exp(-static_cast<double>(s_.log_t[k + 1]));
        const double x = beta_gap * (acceptance_.fitness(chains[k + 1].value) -
                                     acceptance_.fitness(chains[k].value));
        ++s_.offered[k];
        ++s_.window_offered[k];
        if (x >= 0 || common_.rng.uniform() < std::exp(x)) {
            std::swap(chains[k], chains[k + 1]);
            ++s_.taken[k];
            ++s_.window_taken[k];
        }
    }
    ++s_.swaps;
    if (tune_ && s_.swaps % (2 * tune_every_) == 0) tune();
}

void ReplicaExchange::tune() {
    // Each gap in ln T grows by its pair's rate above the target and shrinks below it (a factor
    // between 1/2 and 2), then the gaps are scaled back to span the same ends.
    const std::size_t pairs = replicas_ - 1;
    std::vector<double> gap(pairs);
    double total = 0, before = 0;
    for (std::size_t k = 0; k < pairs; ++k) {
        const double g = s_.log_t[k + 1] - s_.log_t[k];
        before += g;
        const double rate = s_.window_offered[k] ? static_cast<double>(s_.window_taken[k]) /
                                                       static_cast<double>(s_.window_offered[k])
                                                 : swap_target_;
        gap[k] = g * std::exp2(std::clamp(4.0 * (rate - swap_target_), -1.0, 1.0));
        total += gap[k];
        s_.window_offered[k] = s_.window_taken[k] = 0;
    }
    double at = s_.log_t[0];
    for (std::size_t k = 0; k < pairs; ++k) {
        at += gap[k] * before / total;
        s_.log_t[k + 1] = k + 1 == pairs ? std::log(t_hot_) : at;
    }
}

void ReplicaExchange::step(Evaluator& ev) {
    require_started(ev);
    if (ev.exhausted()) return;  // nothing to propose, and no step taken
    if (s_.pool.chains.size() < replicas_) {
        s_.pool.fill(ev, replicas_, setup());
        if (s_.pool.chains.size() < replicas_) {  // the budget ran out
            ++common_.step;
            return;
        }
    }
    const std::uint64_t made = s_.pool.sweep(ev, setup(), acceptance_, ladder(), swap_every_);
    // A sweep cut short by the evaluation budget ends the run, without a swap.
    if (made == replicas_ * swap_every_) swap();
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
                                        " do not fit " + std::to_string(replicas_) + " replicas");
        };
        if (s.pool.chains.size() > replicas_) wrong("chains");
        if (s.log_t.size() != replicas_) wrong("ladder rungs");
        const std::size_t pairs = replicas_ - 1;
        if (s.offered.size() != pairs || s.taken.size() != pairs ||
            s.window_offered.size() != pairs || s.window_taken.size() != pairs)
            wrong("swap counts");
        check_genomes(s.pool.initial, c.genes, "initial board");
        check_scored_list(s.pool.chains, c.genes, "chain");
        for (std::size_t k = 0; k < replicas_; ++k) {
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
