#include "mazesearch/search/optimizers/evolutionary.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace maze {

EvolutionarySearch::EvolutionarySearch(const Params& params, bool genetic)
    : population_size_(static_cast<std::size_t>(params.get_int("population", 100, 1, 10000000))),
      parents_(static_cast<std::size_t>(params.get_int("parents", 10, 1, 10000000))),
      mutation_(params.get_double("mutation", 0.06, 0.0, 1.0)),
      p_blocked_(params.get_double("p_blocked", 0.25, 0.0, 1.0)),
      elitism_(params.get_bool("elitism", false)),
      restart_(static_cast<std::uint64_t>(params.get_int("restart", 0, 0, 1000000000))) {
    if (parents_ > population_size_)
        throw ParamError("parents", params.where("parents"),
                         "must be at most population (" + std::to_string(population_size_) + ")");
    if (genetic) {
        CrossoverSpec spec;
        spec.kind = crossover_kind(params.get_choice(
            "crossover", "uniform", {"uniform", "one-point", "multi-point", "line", "block"}));
        spec.points = static_cast<int>(params.get_int("points", 2, 1, 1000));
        spec.line = line_axis(params.get_choice("line", "both", {"rows", "columns", "both"}));
        spec.block = static_cast<int>(params.get_int("block", 2, 1, 1000));
        crossover_ = spec;
        crossover_where_ = params.where("crossover");
    }
}

void EvolutionarySearch::start(const Target& target, std::uint64_t seed,
                               const std::vector<Genome>& initial) {
    if (crossover_ && needs_grid(crossover_->kind) && !has_grid(target.topology(), target.genes()))
        throw ParamError("crossover", crossover_where_,
                         "line and block crossovers need a target with rows and columns (" +
                             target.name() + " has none)");
    start_common(target, seed, initial, false);
    s_ = State{};
    s_.initial = initial;
}

std::vector<Scored> EvolutionarySearch::top_parents() const {
    std::vector<std::size_t> idx(s_.population.size());
    std::iota(idx.begin(), idx.end(), std::size_t{0});
    // The best first, ties in population order (what a stable sort gives), only as far as the
    // parents go.
    const std::size_t keep = std::min(idx.size(), parents_);
    std::partial_sort(idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(keep), idx.end(),
                      [&](std::size_t a, std::size_t b) {
                          const double va = s_.population[a].value, vb = s_.population[b].value;
                          return va > vb || (va == vb && a < b);
                      });
    idx.resize(keep);
    std::vector<Scored> top;
    top.reserve(idx.size());
    for (std::size_t i : idx) top.push_back(s_.population[i]);
    return top;
}

void EvolutionarySearch::step(Evaluator& ev) {
    require_started();
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(population_size_, ev.remaining()));
    if (want == 0) return;
    const std::size_t max_tries = std::max<std::size_t>(100 * population_size_, 1000);
    if (s_.population.empty()) {
        // The given boards first, then random ones.
        const std::size_t given = s_.initial.size();
        const std::uint64_t rejected_before = ev.rejected();
        auto got = ev.draw(want, max_tries, [&](std::uint64_t k) {
            if (k < given) return s_.initial[static_cast<std::size_t>(k)];
            Rng rng = proposal_rng(k);
            return random_genome(common_.genes, p_blocked_, rng);
        });
        // The given boards among the proposals taken are used up.
        const std::size_t taken =
            got.size() + static_cast<std::size_t>(ev.rejected() - rejected_before);
        const std::size_t used = std::min(given, taken);
        s_.initial.erase(s_.initial.begin(),
                         s_.initial.begin() + static_cast<std::ptrdiff_t>(used));
        ++common_.step;
        if (got.empty())
            throw std::runtime_error(kind() + ": no feasible board in " +
                                     std::to_string(max_tries) + " draws (p_blocked too high?)");
        s_.population = std::move(got);
        track_stagnation();
        return;
    }
    std::vector<Scored> parents = top_parents();
    const Topology& topo = ev.target().topology();
    const std::uint64_t np = parents.size();
    // Each child from its own random stream: the children of a generation are built in
    // parallel, and each is the same whichever thread builds it.
    auto got = ev.draw(want, max_tries, [&](std::uint64_t k) {
        Rng rng = proposal_rng(k);
        Genome child;
        if (crossover_) {
            const Genome& a = parents[static_cast<std::size_t>(rng.below(np))].genome;
            const Genome& b = parents[static_cast<std::size_t>(rng.below(np))].genome;
            child = crossover(*crossover_, a, b, topo, rng);
        } else {
            child = parents[static_cast<std::size_t>(rng.below(np))].genome;
        }
        mutate(child, mutation_, rng);
        return child;
    });
    ++common_.step;
    if (got.empty())
        throw std::runtime_error(kind() + ": no feasible child in " + std::to_string(max_tries) +
                                 " proposals (mutation too high?)");
    if (elitism_) {
        parents.insert(parents.end(), std::make_move_iterator(got.begin()),
                       std::make_move_iterator(got.end()));
        s_.population = std::move(parents);
    } else {
        s_.population = std::move(got);
    }
    track_stagnation();
}

void EvolutionarySearch::track_stagnation() {
    if (!restart_) return;
    double best = s_.population.front().value;
    for (const Scored& s : s_.population) best = std::max(best, s.value);
    if (!s_.has_epoch_best || best > s_.epoch_best) {
        s_.has_epoch_best = true;
        s_.epoch_best = best;
        s_.stale = 0;
        return;
    }
    if (++s_.stale < restart_) return;
    // Start again: the next step draws a fresh random generation.
    s_.population.clear();
    s_.has_epoch_best = false;
    s_.stale = 0;
    ++s_.restarts;
}

nlohmann::json EvolutionarySearch::save() const {
    return save_state(s_);
}

void EvolutionarySearch::restore(const nlohmann::json& state) {
    restore_state(state, s_);
}

}  // namespace maze
