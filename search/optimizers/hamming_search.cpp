#include "mazesearch/search/optimizers/hamming_search.hpp"

#include <algorithm>
#include <stdexcept>

namespace maze {

HammingSearch::HammingSearch(const Params& params)
    : radius_(static_cast<int>(params.get_int("radius", 1, 1, 3))),
      climb_(params.get_choice("mode", "climb", {"climb", "report"}) == "climb"),
      p_blocked_(params.get_double("p_blocked", 0.25, 0.0, 1.0)) {}

void HammingSearch::start(const Target& target, std::uint64_t seed,
                          const std::vector<Genome>& initial) {
    start_common(target, seed, initial, true);
    initial_.assign(initial.begin(), initial.begin() + (initial.empty() ? 0 : 1));
    has_centre_ = false;
    centre_ = Genome();
    centre_value_ = 0;
    ball_ = HammingBall(n_, radius_);
    has_better_ = false;
    better_ = Genome();
    better_value_ = 0;
    balls_ = 0;
    done_ = false;
}

void HammingSearch::step(Evaluator& ev) {
    require_started();
    if (done_ || ev.remaining() == 0) return;
    if (!has_centre_) {
        if (!initial_.empty()) {
            centre_ = initial_.front();
            initial_.clear();
            const Score s = ev.evaluate_one(centre_);  // feasible (checked in start)
            centre_value_ = s.value;
        } else {
            auto got = draw_and_evaluate(ev, 1, kMaxStartDraws,
                                         [&] { return random_genome(n_, p_blocked_, rng_); });
            if (got.empty())
                throw std::runtime_error("hamming: no feasible random board in " +
                                         std::to_string(kMaxStartDraws) +
                                         " draws (p_blocked too high?)");
            centre_ = std::move(got[0].genome);
            centre_value_ = got[0].value;
        }
        has_centre_ = true;
        ball_.reset();
        ++step_;
        return;
    }
    const std::size_t max =
        static_cast<std::size_t>(std::min<std::uint64_t>(kHammingBatch, ev.remaining()));
    std::vector<Genome> batch;
    ball_.next_batch(centre_, max, batch);
    std::vector<Score> scores(batch.size());
    ev.evaluate(batch, scores);
    for (std::size_t k = 0; k < batch.size(); ++k) {
        const double bar = has_better_ ? better_value_ : centre_value_;
        if (scores[k].feasible && scores[k].value > bar) {
            has_better_ = true;
            better_ = batch[k];
            better_value_ = scores[k].value;
        }
    }
    if (ball_.finished()) {
        ++balls_;
        if (climb_ && has_better_) {
            centre_ = std::move(better_);
            centre_value_ = better_value_;
            has_better_ = false;
            better_ = Genome();
            ball_.reset();
        } else {
            done_ = true;
        }
    }
    ++step_;
}

nlohmann::json HammingSearch::save() const {
    nlohmann::json j = save_common();
    j["initial"] = genomes_to_json(initial_);
    j["has_centre"] = has_centre_;
    j["centre"] = centre_.to_string();
    j["centre_value"] = value_to_json(centre_value_);
    j["ball_position"] = ball_.position();
    j["has_better"] = has_better_;
    j["better"] = better_.to_string();
    j["better_value"] = value_to_json(better_value_);
    j["balls"] = balls_;
    j["done"] = done_;
    return j;
}

void HammingSearch::restore(const nlohmann::json& state) {
    restore_common(state);
    initial_ = genomes_from_json(state.at("initial"));
    has_centre_ = state.at("has_centre").get<bool>();
    centre_ = Genome::from_string(state.at("centre").get<std::string>());
    centre_value_ = value_from_json(state.at("centre_value"));
    ball_ = HammingBall(n_, radius_);
    ball_.seek(state.at("ball_position").get<std::uint64_t>());
    has_better_ = state.at("has_better").get<bool>();
    better_ = Genome::from_string(state.at("better").get<std::string>());
    better_value_ = value_from_json(state.at("better_value"));
    balls_ = state.at("balls").get<std::uint64_t>();
    done_ = state.at("done").get<bool>();
}

}  // namespace maze
