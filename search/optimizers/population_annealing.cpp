#include "mazesearch/search/optimizers/population_annealing.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace maze {

PopulationAnnealing::PopulationAnnealing(const Params& params)
    : population_(static_cast<std::size_t>(params.get_int("population", 16, 2, 1 << 20))),
      sweep_(static_cast<std::uint64_t>(params.get_int("sweep", 1000, 1, std::int64_t{1} << 40))),
      p_blocked_(params.get_double("p_blocked", 0.25, 0.0, 1.0)),
      cooling_(params) {}

void PopulationAnnealing::start(const Target& target, std::uint64_t seed,
                                const std::vector<Genome>& initial) {
    start_common(target, seed, initial, true);
    if (common_.genes == 0)
        throw std::invalid_argument("population-annealing: the target has no genes");
    for (const Genome& g : initial)
        if (!target.feasible(g))
            throw std::invalid_argument("population-annealing: a given board is not feasible");
    s_ = State{};
    s_.initial.assign(initial.begin(),
                      initial.begin() + static_cast<std::ptrdiff_t>(
                                            std::min(initial.size(), population_)));
}

void PopulationAnnealing::check_budget(const Budget& budget) const {
    cooling_.check_budget(budget);
}

bool PopulationAnnealing::fill(Evaluator& ev) {
    const std::size_t missing = population_ - s_.chains.size();
    const std::size_t given = s_.initial.size();
    std::vector<std::size_t> drawn;
    // One group per missing chain; a given board is its chain's first proposal.
    auto got = ev.draw_groups(
        std::vector<std::size_t>(missing, 1), std::vector<std::size_t>(missing, kMaxStartDraws),
        [&](std::size_t g, std::uint64_t k) {
            if (g < given && k == 0) return s_.initial[g];
            Rng rng(derive_seed(common_.seed, {2, s_.rounds, g, k}));
            return random_genome(common_.genes, p_blocked_, rng);
        },
        &drawn);
    ++s_.rounds;
    for (std::size_t g = 0; g < missing; ++g) {
        if (got[g].empty()) {
            if (drawn[g] >= kMaxStartDraws)
                throw std::runtime_error("population-annealing: no feasible random board in " +
                                         std::to_string(kMaxStartDraws) +
                                         " draws (p_blocked too high?)");
            continue;  // the budget ran out
        }
        s_.chains.push_back(std::move(got[g][0]));
        ++s_.done;
    }
    s_.initial.erase(s_.initial.begin(),
                     s_.initial.begin() + static_cast<std::ptrdiff_t>(std::min(given, missing)));
    return s_.chains.size() == population_;
}

void PopulationAnnealing::round(Evaluator& ev) {
    const std::size_t n = s_.chains.size();
    std::vector<std::size_t> drawn;
    auto got = ev.draw_groups(
        std::vector<std::size_t>(n, 1), std::vector<std::size_t>(n, kMaxStartDraws),
        [&](std::size_t g, std::uint64_t k) {
            Rng rng(derive_seed(common_.seed, {2, s_.rounds, g, k}));
            Genome child = s_.chains[g].genome;
            child.flip(static_cast<std::size_t>(rng.below(common_.genes)));
            return child;
        },
        &drawn);
    ++s_.rounds;
    const double t = cooling_.temperature(s_.done, s_.length, ev);
    for (std::size_t g = 0; g < n; ++g) {
        if (got[g].empty()) {
            if (drawn[g] >= kMaxStartDraws)
                throw std::runtime_error("population-annealing: no feasible neighbour in " +
                                         std::to_string(kMaxStartDraws) + " draws");
            continue;  // the budget ran out
        }
        ++s_.done;
        Scored& chain = s_.chains[g];
        if (Cooling::accept(cooling_.gain(chain.value, got[g][0].value), t, common_.rng)) {
            chain = std::move(got[g][0]);
            ++s_.accepted;
        }
    }
}

void PopulationAnnealing::resample(double t) {
    const std::size_t n = s_.chains.size();
    const double from = s_.resampled_at > 0 ? static_cast<double>(s_.resampled_at)
                                             : cooling_.t_start();
    const double fall = 1.0 / t - 1.0 / from;  // >= 0 while the schedule cools
    std::vector<double> w(n);
    double top = -HUGE_VAL;
    for (std::size_t i = 0; i < n; ++i) {
        w[i] = fall * cooling_.fitness(s_.chains[i].value);
        top = std::max(top, w[i]);
    }
    double sum = 0;
    for (double& x : w) sum += (x = std::exp(x - top));  // the largest weight is 1
    // Systematic resampling: n evenly spaced pointers, one random offset.
    const double gap = sum / static_cast<double>(n);
    double pointer = common_.rng.uniform() * gap;
    std::vector<Scored> next;
    next.reserve(n);
    double reach = 0;
    std::uint64_t families = 0;
    for (std::size_t i = 0; i < n && next.size() < n; ++i) {
        reach += w[i];
        const std::size_t before = next.size();
        while (next.size() < n && pointer < reach) {
            next.push_back(s_.chains[i]);
            pointer += gap;
        }
        families += next.size() > before;
    }
    while (next.size() < n) next.push_back(s_.chains[n - 1]);  // rounding at the very end
    s_.chains = std::move(next);
    s_.resampled_at = t;
    ++s_.resamplings;
    s_.families = families;
}

void PopulationAnnealing::step(Evaluator& ev) {
    require_started(ev);
    if (s_.length == 0) {
        check_budget(ev.budget());
        s_.length = cooling_.length(ev.budget());
    }
    if (ev.exhausted()) return;  // nothing to propose, and no step taken
    if (s_.chains.size() < population_ && !fill(ev)) {
        ++common_.step;
        return;
    }
    while (s_.in_sweep < sweep_ && !ev.exhausted()) {
        round(ev);
        ++s_.in_sweep;
    }
    if (s_.in_sweep == sweep_) {
        resample(cooling_.temperature(s_.done, s_.length, ev));
        s_.in_sweep = 0;
    }
    ++common_.step;
}

nlohmann::json PopulationAnnealing::save() const {
    return save_state(s_);
}

void PopulationAnnealing::restore(const nlohmann::json& state) {
    restore_state(state, s_, [&](const Common& c, const State& s) {
        if (c.genes == 0)
            throw std::invalid_argument("population-annealing: the checkpoint has no genes");
        check_genomes(s.initial, c.genes, "initial board");
        if (s.chains.size() > population_)
            throw std::invalid_argument("population-annealing: the checkpoint has " +
                                        std::to_string(s.chains.size()) +
                                        " chains, the config's population " +
                                        std::to_string(population_));
        for (const Scored& chain : s.chains) {
            check_scored(chain.genome, c.genes, "chain board");
            check_value(chain.value, "chain value");
        }
        check_index(s.in_sweep, sweep_, "sweep round");
        check_value(s.resampled_at, "resampled_at");
    });
}

}  // namespace maze
