#include "mazesearch/search/optimizers/annealing.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace maze {

Annealing::Annealing(const Params& params)
    : p_blocked_(params.get_double("p_blocked", 0.25, 0.0, 1.0)),
      t_start_(params.get_double("t_start", 10.0, 1e-9, 1e12)),
      t_end_(params.get_double("t_end", 0.05, 1e-9, 1e12)),
      exponential_(params.get_choice("schedule", "linear", {"linear", "exponential"}) ==
                   "exponential"),
      length_param_(
          static_cast<std::uint64_t>(params.get_int("length", 0, 0, std::int64_t{1} << 60))),
      length_where_(params.where("length")),
      report_every_(static_cast<std::uint64_t>(
          params.get_int("report_every", 1000, 1, std::int64_t{1} << 50))) {}

void Annealing::start(const Target& target, std::uint64_t seed,
                      const std::vector<Genome>& initial) {
    start_common(target, seed, initial, true);
    if (n_ == 0) throw std::invalid_argument("annealing: the target has no genes");
    length_ = 0;
    initial_.assign(initial.begin(), initial.begin() + (initial.empty() ? 0 : 1));
    has_current_ = false;
    current_ = Genome();
    current_value_ = 0;
    done_ = 0;
    accepted_ = 0;
}

double Annealing::temperature(std::uint64_t done) const {
    const double x = length_ == 0
                         ? 1.0
                         : std::min(1.0, static_cast<double>(done) / static_cast<double>(length_));
    if (exponential_) return t_start_ * std::pow(t_end_ / t_start_, x);
    return t_start_ + (t_end_ - t_start_) * x;
}

void Annealing::step(Evaluator& ev) {
    require_started();
    if (length_ == 0) {
        length_ = length_param_ ? length_param_ : ev.budget().evaluations;
        if (length_ == 0)
            throw ParamError("length", length_where_, "needs length or an evaluation budget");
    }
    if (ev.exhausted()) return;  // nothing to propose, and no step taken
    const std::uint64_t e0 = ev.evaluations();
    while (ev.evaluations() - e0 < report_every_ && !ev.exhausted()) {
        if (!has_current_) {
            Genome g;
            Score s;
            if (!initial_.empty()) {
                g = initial_.front();
                initial_.clear();
                s = ev.evaluate_one(g);  // feasible (checked in start) and within budget
            } else {
                auto got = draw_and_evaluate(ev, 1, kMaxStartDraws,
                                             [&] { return random_genome(n_, p_blocked_, rng_); });
                if (got.empty())
                    throw std::runtime_error("annealing: no feasible random board in " +
                                             std::to_string(kMaxStartDraws) +
                                             " draws (p_blocked too high?)");
                g = std::move(got[0].genome);
                s = Score{true, got[0].value};
            }
            if (!s.feasible) continue;
            ++done_;
            current_ = std::move(g);
            current_value_ = s.value;
            has_current_ = true;
            continue;
        }
        auto got = draw_and_evaluate(ev, 1, kMaxStartDraws, [&] {
            Genome g = current_;
            g.flip(static_cast<std::size_t>(rng_.below(n_)));
            return g;
        });
        if (got.empty())
            throw std::runtime_error("annealing: no feasible neighbour in " +
                                     std::to_string(kMaxStartDraws) + " draws");
        const double t = temperature(done_);
        ++done_;
        const double delta = got[0].value - current_value_;
        if (delta >= 0 || rng_.uniform() < std::exp(delta / t)) {
            current_ = std::move(got[0].genome);
            current_value_ = got[0].value;
            ++accepted_;
        }
    }
    ++step_;
}

nlohmann::json Annealing::save() const {
    nlohmann::json j = save_common();
    j["length"] = length_;
    j["initial"] = genomes_to_json(initial_);
    j["has_current"] = has_current_;
    j["current"] = current_.to_string();
    j["current_value"] = value_to_json(current_value_);
    j["done"] = done_;
    j["accepted"] = accepted_;
    j["temperature"] = temperature(done_);  // for people reading the checkpoint
    return j;
}

void Annealing::restore(const nlohmann::json& state) {
    restore_common(state);
    length_ = state.at("length").get<std::uint64_t>();
    initial_ = genomes_from_json(state.at("initial"));
    has_current_ = state.at("has_current").get<bool>();
    current_ = Genome::from_string(state.at("current").get<std::string>());
    current_value_ = value_from_json(state.at("current_value"));
    done_ = state.at("done").get<std::uint64_t>();
    accepted_ = state.at("accepted").get<std::uint64_t>();
}

}  // namespace maze
