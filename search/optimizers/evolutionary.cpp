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
    initial_ = initial;
    population_.clear();
    has_epoch_best_ = false;
    epoch_best_ = 0;
    stale_ = 0;
    restarts_ = 0;
}

std::vector<Scored> EvolutionarySearch::top_parents() const {
    std::vector<std::size_t> idx(population_.size());
    std::iota(idx.begin(), idx.end(), std::size_t{0});
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
        return population_[a].value > population_[b].value;
    });
    idx.resize(std::min(idx.size(), parents_));
    std::vector<Scored> top;
    top.reserve(idx.size());
    for (std::size_t i : idx) top.push_back(population_[i]);
    return top;
}

void EvolutionarySearch::step(Evaluator& ev) {
    require_started();
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(population_size_, ev.remaining()));
    if (want == 0) return;
    const std::size_t max_tries = std::max<std::size_t>(100 * population_size_, 1000);
    if (population_.empty()) {
        // The given boards first, then random ones.
        const std::size_t given = initial_.size();
        const std::uint64_t rejected_before = ev.rejected();
        auto got = ev.draw(want, max_tries, [&](std::uint64_t k) {
            if (k < given) return initial_[static_cast<std::size_t>(k)];
            Rng rng = proposal_rng(k);
            return random_genome(n_, p_blocked_, rng);
        });
        // The given boards among the proposals taken are used up.
        const std::size_t taken =
            got.size() + static_cast<std::size_t>(ev.rejected() - rejected_before);
        const std::size_t used = std::min(given, taken);
        initial_.erase(initial_.begin(), initial_.begin() + static_cast<std::ptrdiff_t>(used));
        ++step_;
        if (got.empty())
            throw std::runtime_error(kind() + ": no feasible board in " +
                                     std::to_string(max_tries) + " draws (p_blocked too high?)");
        population_ = std::move(got);
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
    ++step_;
    if (got.empty())
        throw std::runtime_error(kind() + ": no feasible child in " + std::to_string(max_tries) +
                                 " proposals (mutation too high?)");
    if (elitism_) {
        parents.insert(parents.end(), std::make_move_iterator(got.begin()),
                       std::make_move_iterator(got.end()));
        population_ = std::move(parents);
    } else {
        population_ = std::move(got);
    }
    track_stagnation();
}

void EvolutionarySearch::track_stagnation() {
    if (!restart_) return;
    double best = population_.front().value;
    for (const Scored& s : population_) best = std::max(best, s.value);
    if (!has_epoch_best_ || best > epoch_best_) {
        has_epoch_best_ = true;
        epoch_best_ = best;
        stale_ = 0;
        return;
    }
    if (++stale_ < restart_) return;
    // Start again: the next step draws a fresh random generation.
    population_.clear();
    has_epoch_best_ = false;
    stale_ = 0;
    ++restarts_;
}

nlohmann::json EvolutionarySearch::save() const {
    nlohmann::json j = save_common();
    j["initial"] = genomes_to_json(initial_);
    nlohmann::json pop = nlohmann::json::array();
    for (const auto& s : population_)
        pop.push_back({{"genome", s.genome.to_string()}, {"value", value_to_json(s.value)}});
    j["population"] = std::move(pop);
    j["has_epoch_best"] = has_epoch_best_;
    j["epoch_best"] = value_to_json(epoch_best_);
    j["stale"] = stale_;
    j["restarts"] = restarts_;
    return j;
}

void EvolutionarySearch::restore(const nlohmann::json& state) {
    restore_common(state);
    initial_ = genomes_from_json(state.at("initial"));
    population_.clear();
    for (const auto& m : state.at("population"))
        population_.push_back(Scored{Genome::from_string(m.at("genome").get<std::string>()),
                                     value_from_json(m.at("value"))});
    has_epoch_best_ = state.value("has_epoch_best", false);
    epoch_best_ = state.contains("epoch_best") ? value_from_json(state.at("epoch_best")) : 0.0;
    stale_ = state.value("stale", std::uint64_t{0});
    restarts_ = state.value("restarts", std::uint64_t{0});
}

}  // namespace maze
