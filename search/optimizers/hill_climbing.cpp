#include "mazesearch/search/optimizers/hill_climbing.hpp"

#include <algorithm>
#include <stdexcept>

namespace maze {

HillClimbing::HillClimbing(const Params& params)
    : p_blocked_(params.get_double("p_blocked", 0.25, 0.0, 1.0)),
      best_mode_(params.get_choice("mode", "first", {"first", "best"}) == "best"),
      report_every_(static_cast<std::uint64_t>(
          params.get_int("report_every", 1000, 1, std::int64_t{1} << 50))) {}

void HillClimbing::start(const Target& target, std::uint64_t seed,
                         const std::vector<Genome>& initial) {
    start_common(target, seed, initial, true);
    if (n_ == 0) throw std::invalid_argument("hill-climbing: the target has no genes");
    initial_.assign(initial.begin(), initial.begin() + (initial.empty() ? 0 : 1));
    has_current_ = false;
    current_ = Genome();
    current_value_ = 0;
    order_.clear();
    next_ = 0;
    has_best_neighbour_ = false;
    best_neighbour_ = 0;
    best_neighbour_value_ = 0;
    local_optima_ = 0;
}

void HillClimbing::move_to(Genome g, double value) {
    current_ = std::move(g);
    current_value_ = value;
    has_current_ = true;
    next_ = 0;
    has_best_neighbour_ = false;
    if (!best_mode_) {
        // A fresh random order of the genes (Fisher-Yates) for this climb step.
        order_.resize(n_);
        for (std::size_t i = 0; i < n_; ++i) order_[i] = i;
        for (std::size_t i = n_ - 1; i > 0; --i)
            std::swap(order_[i], order_[static_cast<std::size_t>(rng_.below(i + 1))]);
    }
}

void HillClimbing::start_climb(Evaluator& ev) {
    if (!initial_.empty()) {
        const Genome g = initial_.front();
        initial_.clear();
        const Score s = ev.evaluate_one(g);  // feasible (checked in start) and within budget
        if (s.feasible) move_to(g, s.value);
        return;
    }
    auto got = draw_and_evaluate(ev, 1, kMaxStartDraws,
                                 [&] { return random_genome(n_, p_blocked_, rng_); });
    if (got.empty())
        throw std::runtime_error("hill-climbing: no feasible random board in " +
                                 std::to_string(kMaxStartDraws) + " draws (p_blocked too high?)");
    move_to(std::move(got[0].genome), got[0].value);
}

void HillClimbing::step(Evaluator& ev) {
    require_started();
    if (ev.exhausted()) return;  // nothing to propose, and no step taken
    const std::uint64_t e0 = ev.evaluations();
    std::vector<Genome> batch;
    std::vector<Score> scores;
    while (ev.evaluations() - e0 < report_every_ && !ev.exhausted()) {
        if (!has_current_) {
            start_climb(ev);
            continue;
        }
        if (next_ == n_) {
            // Neighbourhood done: the best mode moves to its best improvement; otherwise this is
            // a local optimum and the climb restarts.
            if (has_best_neighbour_) {
                Genome g = current_;
                g.flip(best_neighbour_);
                move_to(std::move(g), best_neighbour_value_);
            } else {
                ++local_optima_;
                has_current_ = false;
            }
            continue;
        }
        if (!best_mode_) {
            Genome g = current_;
            g.flip(order_[next_++]);
            const Score s = ev.evaluate_one(g);
            if (s.feasible && s.value > current_value_) move_to(std::move(g), s.value);
            continue;
        }
        // Best mode: the next neighbours in gene order, as many as the interval and budget
        // allow, in one batch.
        const std::uint64_t room =
            std::min(report_every_ - (ev.evaluations() - e0), ev.remaining());
        const std::size_t count =
            static_cast<std::size_t>(std::min<std::uint64_t>(n_ - next_, room));
        batch.assign(count, current_);
        for (std::size_t k = 0; k < count; ++k) batch[k].flip(next_ + k);
        scores.resize(count);
        ev.evaluate(batch, scores);
        const double bar = has_best_neighbour_ ? best_neighbour_value_ : current_value_;
        double best = bar;
        for (std::size_t k = 0; k < count; ++k)
            if (scores[k].feasible && scores[k].value > best) {
                best = scores[k].value;
                has_best_neighbour_ = true;
                best_neighbour_ = next_ + k;
                best_neighbour_value_ = best;
            }
        next_ += count;
    }
    ++step_;
}

nlohmann::json HillClimbing::save() const {
    nlohmann::json j = save_common();
    j["initial"] = genomes_to_json(initial_);
    j["has_current"] = has_current_;
    j["current"] = current_.to_string();
    j["current_value"] = value_to_json(current_value_);
    j["order"] = order_;
    j["next"] = next_;
    j["has_best_neighbour"] = has_best_neighbour_;
    j["best_neighbour"] = best_neighbour_;
    j["best_neighbour_value"] = value_to_json(best_neighbour_value_);
    j["local_optima"] = local_optima_;
    return j;
}

void HillClimbing::restore(const nlohmann::json& state) {
    restore_common(state);
    initial_ = genomes_from_json(state.at("initial"));
    has_current_ = state.at("has_current").get<bool>();
    current_ = Genome::from_string(state.at("current").get<std::string>());
    current_value_ = value_from_json(state.at("current_value"));
    order_ = state.at("order").get<std::vector<std::size_t>>();
    next_ = state.at("next").get<std::size_t>();
    has_best_neighbour_ = state.at("has_best_neighbour").get<bool>();
    best_neighbour_ = state.at("best_neighbour").get<std::size_t>();
    best_neighbour_value_ = value_from_json(state.at("best_neighbour_value"));
    local_optima_ = state.at("local_optima").get<std::uint64_t>();
}

}  // namespace maze
