#include "mazesearch/search/optimizers/population_annealing.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "mazesearch/search/grid_genes.hpp"
#include "mazesearch/search/optimizers/window_search.hpp"

namespace maze {

PopulationAnnealing::Settings::Settings(const Params& params)
    : population(static_cast<std::size_t>(params.get_int("population", 16, 2, 1 << 20))),
      sweep(static_cast<std::uint64_t>(params.get_int("sweep", 1000, 1, std::int64_t{1} << 40))),
      p_blocked(params.get_double("p_blocked", 0.25, 0.0, 1.0)),
      cooling(params),
      crossover(CrossoverChoice::read(params, "none", true)),
      crossover_rate(params.get_double("crossover_rate", 0.25, 0.0, 1.0)),
      window(static_cast<int>(params.get_int("window", 0, 0, 4))),
      window_every(
          static_cast<std::uint64_t>(params.get_int("window_every", 1, 1, std::int64_t{1} << 40))) {
    if (window == 1)
        throw ParamError("optimizer.window", params.where("window"),
                         "must be 0 (no window move) or 2 to 4");
}

void PopulationAnnealing::Settings::check(const Target& target,
                                          const std::vector<Genome>& initial) const {
    check_initial("population-annealing", target, initial, true, true);
    crossover.check_target(target);
    if (window > 0) (void)window_grid(target, {window, window}, "optimizer.window");
}

void PopulationAnnealing::begin(const Target& target, const std::vector<Genome>& initial) {
    s_ = State{};
    s_.pool.take_given(target, initial, set_.population, kind());
}

ChainRounds::Setup PopulationAnnealing::setup() const {
    return {kind(), common_.seed, common_.genes, set_.p_blocked};
}

void PopulationAnnealing::resample(double t) {
    std::vector<Scored>& chains = s_.pool.chains;
    const double from =
        s_.resampled_at > 0 ? static_cast<double>(s_.resampled_at) : set_.cooling.t_start();
    std::vector<double> scores;
    scores.reserve(chains.size());
    for (const Scored& c : chains) scores.push_back(c.value);
    const Resampling r = boltzmann_resampling(set_.cooling, scores, from, t, common_.rng);
    std::vector<Scored> next;
    next.reserve(chains.size());
    for (std::size_t i : r.copies) next.push_back(chains[i]);
    chains = std::move(next);
    s_.resampled_at = t;
    ++s_.resamplings;
    s_.families = r.families;
}

std::uint64_t PopulationAnnealing::cross(Evaluator& ev, double t) {
    std::vector<Scored>& chains = s_.pool.chains;
    const std::size_t n = chains.size();
    std::vector<std::size_t> slot;
    std::vector<Genome> child;
    for (std::size_t i = 0; i < n; ++i) {
        if (!(common_.rng.uniform() < set_.crossover_rate)) continue;
        auto j = static_cast<std::size_t>(common_.rng.below(n - 1));
        j += j >= i ? 1 : 0;
        if (chains[j].genome == chains[i].genome) continue;  // a copy: its child is itself
        child.push_back(crossover(*set_.crossover.spec, chains[i].genome, chains[j].genome,
                                  ev.target().topology(), common_.rng));
        slot.push_back(i);
    }
    std::vector<Score> score(child.size());
    ev.evaluate(child, score);  // the infeasible ones rejected, none past the budget
    std::uint64_t made = 0;
    for (std::size_t k = 0; k < child.size(); ++k) {
        if (!score[k].feasible) continue;
        ++made;
        Scored& chain = chains[slot[k]];
        if (Acceptance::accept(set_.cooling.gain(chain.value, score[k].value), t, common_.rng)) {
            chain = Scored{std::move(child[k]), score[k].value};
            ++s_.children_taken;
        }
    }
    s_.children += made;
    return made;
}

void PopulationAnnealing::window(Evaluator& ev) {
    // A window's settings are counted whole, so it runs only when the budget can take them all.
    if (ev.ledger().exhausted() ||
        ev.ledger().remaining() < (std::uint64_t{1} << (set_.window * set_.window)))
        return;
    const EnumerableGrid grid =
        window_grid(ev.target(), {set_.window, set_.window}, "optimizer.window");
    std::vector<Scored>& chains = s_.pool.chains;
    std::size_t best = 0;
    for (std::size_t i = 1; i < chains.size(); ++i)
        if (chains[i].value > chains[best].value) best = i;
    const int r = static_cast<int>(
        common_.rng.below(static_cast<std::uint64_t>(grid.genes->rows() - set_.window + 1)));
    const int c = static_cast<int>(
        common_.rng.below(static_cast<std::uint64_t>(grid.genes->cols() - set_.window + 1)));
    const std::uint64_t before = ev.ledger().evaluations();
    ++s_.windows;
    if (window_move(grid, chains[best], r, c, {set_.window, set_.window}, ev)) ++s_.window_gains;
    s_.done += ev.ledger().evaluations() - before;
}

void PopulationAnnealing::step(Evaluator& ev) {
    require_started(ev);
    if (s_.length == 0) s_.length = set_.cooling.length(ev.ledger().budget());
    if (ev.ledger().exhausted()) return;  // nothing to propose, and no step taken
    if (s_.pool.chains.size() < set_.population) {
        s_.done += s_.pool.fill(ev, set_.population, setup());
        if (s_.pool.chains.size() < set_.population) {  // the budget ran out
            ++common_.step;
            return;
        }
    }
    // The sweep runs at the temperature of the last resampling (t_start before the first); then
    // the population is resampled for the schedule's next one.
    const double t =
        s_.resampled_at > 0 ? static_cast<double>(s_.resampled_at) : set_.cooling.t_start();
    s_.done += s_.pool.sweep(ev, setup(), set_.cooling, std::vector<double>(set_.population, t),
                             set_.sweep);
    const double next = set_.cooling.temperature(s_.done, s_.length, ev);
    resample(next);
    if (set_.crossover.spec && !ev.ledger().exhausted()) s_.done += cross(ev, next);
    if (set_.window > 0 && s_.resamplings % set_.window_every == 0) window(ev);
    ++common_.step;
}

nlohmann::json PopulationAnnealing::save() const {
    return save_state(s_);
}

void PopulationAnnealing::restore(const nlohmann::json& state) {
    restore_state(state, s_, [&](const Common& c, const State& s) {
        if (c.genes == 0)
            throw std::invalid_argument("population-annealing: the checkpoint has no genes");
        check_genomes(s.pool.initial, c.genes, "initial board");
        if (s.pool.chains.size() > set_.population)
            throw std::invalid_argument(
                "population-annealing: the checkpoint has " + std::to_string(s.pool.chains.size()) +
                " chains, the config's population " + std::to_string(set_.population));
        check_scored_list(s.pool.chains, c.genes, "chain");
        check_value(s.resampled_at, "resampled_at");
        if (s.window_gains > s.windows)
            throw std::invalid_argument(
                "population-annealing: the checkpoint has more window gains than windows");
        if (s.children_taken > s.children)
            throw std::invalid_argument(
                "population-annealing: the checkpoint has more children taken than scored");
    });
}

}  // namespace maze
