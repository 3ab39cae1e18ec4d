#include "mazesearch/search/optimizers/hill_climbing.hpp"

#include <algorithm>
#include <stdexcept>

namespace maze {

HillClimbing::Settings::Settings(const Params& params)
    : p_blocked(params.get_double("p_blocked", 0.25, 0.0, 1.0)),
      best_mode(params.get_choice("mode", "first", {"first", "best"}) == "best"),
      report_every(static_cast<std::uint64_t>(
          params.get_int("report_every", 1000, 1, std::int64_t{1} << 50))) {}

void HillClimbing::Settings::check(const Target& target, const std::vector<Genome>& initial) const {
    check_initial("hill-climbing", target, initial, true, true);
}

void HillClimbing::begin(const Target&, const std::vector<Genome>& initial) {
    s_ = State{};
    s_.initial.assign(initial.begin(), initial.begin() + (initial.empty() ? 0 : 1));
}

void HillClimbing::move_to(Genome g, double value) {
    s_.current = std::move(g);
    s_.current_value = value;
    s_.has_current = true;
    s_.next = 0;
    s_.has_best_neighbour = false;
    if (!set_.best_mode) {
        // A fresh random order of the genes (Fisher-Yates) for this climb step.
        s_.order.resize(common_.genes);
        for (std::size_t i = 0; i < common_.genes; ++i) s_.order[i] = i;
        for (std::size_t i = common_.genes - 1; i > 0; --i)
            std::swap(s_.order[i], s_.order[static_cast<std::size_t>(common_.rng.below(i + 1))]);
    }
}

void HillClimbing::start_climb(Evaluator& ev) {
    if (!s_.initial.empty()) {
        const Genome g = s_.initial.front();
        s_.initial.clear();
        const Score s = evaluate_one(ev, g);  // feasible (checked in start) and within budget
        if (s.feasible) move_to(g, s.value);
        return;
    }
    auto got = draw_in_turn(ev, 1, kMaxStartDraws, [&] {
        return random_genome(common_.genes, set_.p_blocked, common_.rng);
    });
    if (got.empty())
        throw std::runtime_error("hill-climbing: no feasible random board in " +
                                 std::to_string(kMaxStartDraws) + " draws (p_blocked too high?)");
    move_to(std::move(got[0].genome), got[0].value);
}

void HillClimbing::step(Evaluator& ev) {
    require_started(ev);
    if (ev.ledger().exhausted()) return;  // nothing to propose, and no step taken
    const std::uint64_t e0 = ev.ledger().evaluations();
    std::vector<Genome> batch;
    std::vector<Score> scores;
    while (ev.ledger().evaluations() - e0 < set_.report_every && !ev.ledger().exhausted()) {
        if (!s_.has_current) {
            start_climb(ev);
            continue;
        }
        if (s_.next == common_.genes) {
            // Neighbourhood done: the best mode moves to its best improvement; otherwise this is
            // a local optimum and the climb restarts.
            if (s_.has_best_neighbour) {
                Genome g = s_.current;
                g.flip(s_.best_neighbour);
                move_to(std::move(g), s_.best_neighbour_value);
            } else {
                ++s_.local_optima;
                s_.has_current = false;
            }
            continue;
        }
        if (!set_.best_mode) {
            Genome g = s_.current;
            g.flip(s_.order[s_.next++]);
            const Score s = evaluate_one(ev, g);
            if (s.feasible && s.value > s_.current_value) move_to(std::move(g), s.value);
            continue;
        }
        // Best mode: the next neighbours in gene order, as many as the interval and budget
        // allow, in one batch.
        const std::uint64_t room =
            std::min(set_.report_every - (ev.ledger().evaluations() - e0), ev.ledger().remaining());
        const std::size_t count =
            static_cast<std::size_t>(std::min<std::uint64_t>(common_.genes - s_.next, room));
        batch.assign(count, s_.current);
        for (std::size_t k = 0; k < count; ++k) batch[k].flip(s_.next + k);
        scores.resize(count);
        ev.evaluate(batch, scores);
        const double bar = s_.has_best_neighbour ? s_.best_neighbour_value : s_.current_value;
        double best = bar;
        for (std::size_t k = 0; k < count; ++k)
            if (scores[k].feasible && scores[k].value > best) {
                best = scores[k].value;
                s_.has_best_neighbour = true;
                s_.best_neighbour = s_.next + k;
                s_.best_neighbour_value = best;
            }
        s_.next += count;
    }
    ++common_.step;
}

nlohmann::json HillClimbing::save() const {
    return save_state(s_);
}

void HillClimbing::restore(const nlohmann::json& state) {
    restore_state(state, s_, [&](const Common& c, const State& s) {
        if (c.genes == 0) throw std::invalid_argument("hill-climbing: the checkpoint has no genes");
        check_genomes(s.initial, c.genes, "initial board");
        check_value(s.current_value, "current value");
        check_value(s.best_neighbour_value, "best neighbour's value");
        if (s.has_current) {
            check_scored(s.current, c.genes, "current board");
            // The neighbours tried so far, and in mode first their order: every gene once.
            check_index(s.next, c.genes + 1, "neighbour count");
            if (!set_.best_mode) {
                if (s.order.size() != c.genes)
                    throw std::invalid_argument(
                        "hill-climbing: the checkpoint's neighbour order "
                        "is not one of the genes");
                std::vector<char> seen(c.genes, 0);
                for (std::size_t i : s.order) {
                    check_index(i, c.genes, "neighbour");
                    if (seen[i]++)
                        throw std::invalid_argument(
                            "hill-climbing: the checkpoint's neighbour "
                            "order repeats gene " +
                            std::to_string(i));
                }
            }
        }
        if (s.has_best_neighbour) check_index(s.best_neighbour, c.genes, "best neighbour");
    });
}

}  // namespace maze
