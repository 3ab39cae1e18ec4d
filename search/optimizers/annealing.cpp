#include "mazesearch/search/optimizers/annealing.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace maze {

Annealing::Settings::Settings(const Params& params)
    : p_blocked(params.get_double("p_blocked", 0.25, 0.0, 1.0)),
      cooling(params),
      report_every(static_cast<std::uint64_t>(
          params.get_int("report_every", 1000, 1, std::int64_t{1} << 50))) {}

void Annealing::Settings::check(const Target& target, const std::vector<Genome>& initial) const {
    check_initial("annealing", target, initial, true, true);
}

void Annealing::begin(const Target&, const std::vector<Genome>& initial) {
    s_ = State{};
    s_.initial.assign(initial.begin(), initial.begin() + (initial.empty() ? 0 : 1));
}

double Annealing::temperature(std::uint64_t done, const Evaluator& ev) const {
    return set_.cooling.temperature(done, s_.length, ev);
}

void Annealing::step(Evaluator& ev) {
    require_started(ev);
    if (s_.length == 0) s_.length = set_.cooling.length(ev.ledger().budget());
    if (ev.ledger().exhausted()) return;  // nothing to propose, and no step taken
    const std::uint64_t e0 = ev.ledger().evaluations();
    while (ev.ledger().evaluations() - e0 < set_.report_every && !ev.ledger().exhausted()) {
        if (!s_.has_current) {
            Genome g;
            Score s;
            if (!s_.initial.empty()) {
                g = s_.initial.front();
                s_.initial.clear();
                s = evaluate_one(ev, g);  // feasible (checked in start) and within budget
            } else {
                auto got = draw_in_turn(ev, 1, kMaxStartDraws, [&] {
                    return random_genome(common_.genes, set_.p_blocked, common_.rng);
                });
                if (got.empty())
                    throw std::runtime_error("annealing: no feasible random board in " +
                                             std::to_string(kMaxStartDraws) +
                                             " draws (p_blocked too high?)");
                g = std::move(got[0].genome);
                s = Score{true, got[0].value};
            }
            if (!s.feasible) continue;
            ++s_.done;
            s_.current = std::move(g);
            s_.current_value = s.value;
            s_.has_current = true;
            continue;
        }
        auto got = draw_in_turn(ev, 1, kMaxStartDraws, [&] {
            Genome g = s_.current;
            g.flip(static_cast<std::size_t>(common_.rng.below(common_.genes)));
            return g;
        });
        if (got.empty())
            throw std::runtime_error("annealing: no feasible neighbour in " +
                                     std::to_string(kMaxStartDraws) + " draws");
        const double t = temperature(s_.done, ev);
        ++s_.done;
        const double gain = set_.cooling.gain(s_.current_value, got[0].value);
        if (Cooling::accept(gain, t, common_.rng)) {
            s_.current = std::move(got[0].genome);
            s_.current_value = got[0].value;
            ++s_.accepted;
        }
    }
    ++common_.step;
}

nlohmann::json Annealing::save() const {
    return save_state(s_);
}

void Annealing::restore(const nlohmann::json& state) {
    restore_state(state, s_, [&](const Common& c, const State& s) {
        if (c.genes == 0) throw std::invalid_argument("annealing: the checkpoint has no genes");
        check_genomes(s.initial, c.genes, "initial board");
        check_value(s.current_value, "current value");
        if (s.has_current) check_scored(s.current, c.genes, "current board");
    });
}

}  // namespace maze
