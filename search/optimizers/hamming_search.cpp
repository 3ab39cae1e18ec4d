#include "mazesearch/search/optimizers/hamming_search.hpp"

#include <algorithm>
#include <stdexcept>

namespace maze {

HammingSearch::Settings::Settings(const Params& params)
    : radius(static_cast<int>(params.get_int("radius", 1, 1, 3))),
      climb(params.get_choice("mode", "climb", {"climb", "report"}) == "climb"),
      p_blocked(params.get_double("p_blocked", 0.25, 0.0, 1.0)) {}

void HammingSearch::Settings::check(const Target& target,
                                    const std::vector<Genome>& initial) const {
    check_initial("hamming", target, initial, true, false);
}

void HammingSearch::begin(const Target&, const std::vector<Genome>& initial) {
    s_ = State{};
    s_.initial.assign(initial.begin(), initial.begin() + (initial.empty() ? 0 : 1));
    s_.ball = HammingBall(common_.genes, set_.radius);
}

void HammingSearch::step(Evaluator& ev) {
    require_started(ev);
    if (s_.done || ev.ledger().remaining() == 0) return;
    if (!s_.has_centre) {
        if (!s_.initial.empty()) {
            s_.centre = s_.initial.front();
            s_.initial.clear();
            const Score s = evaluate_one(ev, s_.centre);  // feasible (checked in start)
            s_.centre_value = s.value;
        } else {
            auto got = draw_in_turn(ev, 1, kMaxStartDraws, [&] {
                return random_genome(common_.genes, set_.p_blocked, common_.rng);
            });
            if (got.empty())
                throw std::runtime_error("hamming: no feasible random board in " +
                                         std::to_string(kMaxStartDraws) +
                                         " draws (p_blocked too high?)");
            s_.centre = std::move(got[0].genome);
            s_.centre_value = got[0].value;
        }
        s_.has_centre = true;
        s_.ball.reset();
        ++common_.step;
        return;
    }
    const std::size_t max =
        static_cast<std::size_t>(std::min<std::uint64_t>(kHammingBatch, ev.ledger().remaining()));
    std::vector<Genome> batch;
    s_.ball.next_batch(s_.centre, max, batch);
    std::vector<Score> scores(batch.size());
    ev.evaluate(batch, scores);
    for (std::size_t k = 0; k < batch.size(); ++k) {
        const double bar = s_.has_better ? s_.better_value : s_.centre_value;
        if (scores[k].feasible && scores[k].value > bar) {
            s_.has_better = true;
            s_.better = batch[k];
            s_.better_value = scores[k].value;
        }
    }
    if (s_.ball.finished()) {
        ++s_.balls;
        if (set_.climb && s_.has_better) {
            s_.centre = std::move(s_.better);
            s_.centre_value = s_.better_value;
            s_.has_better = false;
            s_.better = Genome();
            s_.ball.reset();
        } else {
            s_.done = true;
        }
    }
    ++common_.step;
}

nlohmann::json HammingSearch::save() const {
    return save_state(s_);
}

void HammingSearch::restore(const nlohmann::json& state) {
    restore_state(state, s_, [&](const Common& c, const State& s) {
        if (s.ball.genes() != c.genes || s.ball.radius() != set_.radius)
            throw std::invalid_argument("hamming: the checkpoint's ball is not this run's");
        check_genomes(s.initial, c.genes, "initial board");
        check_value(s.centre_value, "centre's value");
        check_value(s.better_value, "better board's value");
        if (s.has_centre) check_scored(s.centre, c.genes, "centre");
        if (s.has_better) check_scored(s.better, c.genes, "better board");
    });
}

}  // namespace maze
