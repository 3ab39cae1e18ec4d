#include "mazesearch/search/optimizers/breeding.hpp"

#include <algorithm>
#include <iterator>

#include "mazesearch/search/optimizer_support.hpp"
#include "mazesearch/search/optimizers/population.hpp"

namespace maze {

Breeding::Breeding(const Params& params, bool genetic)
    : population_(static_cast<std::size_t>(params.get_int("population", 100, 1, 10000000))),
      parents_(static_cast<std::size_t>(params.get_int("parents", 10, 1, 10000000))),
      mutation_(params.get_double("mutation", 0.06, 0.0, 1.0)),
      p_blocked_(params.get_double("p_blocked", 0.25, 0.0, 1.0)),
      elitism_(params.get_bool("elitism", false)),
      restart_(static_cast<std::uint64_t>(params.get_int("restart", 0, 0, 1000000000))),
      distinct_(params.get_bool("distinct", false)),
      niche_radius_(static_cast<std::size_t>(params.get_int("niche_radius", 0, 0, 1000000))),
      focus_(params.get_choice("mutation_focus", "all", {"all", "seen"}) == "seen") {
    if (parents_ > population_)
        throw ParamError("parents", params.where("parents"),
                         "must be at most population (" + std::to_string(population_) + ")");
    if (genetic) crossover_ = CrossoverChoice::read(params, "uniform", false);
}

void Breeding::check_target(const Target& target) const {
    crossover_.check_target(target);
}

Breeding::Litter Breeding::litter(const Island& island, const Evaluator& ev) const {
    Litter l;
    l.fresh = island.population.empty();
    if (l.fresh) return l;
    l.parents = select_parents(island.population, parents_, distinct_, niche_radius_);
    if (focus_)
        for (const Scored& p : l.parents) l.masks.push_back(ev.target().relevant_genes(p.genome));
    return l;
}

Genome Breeding::propose(const Litter& litter, Rng& rng, std::size_t genes,
                         const Topology& topology) const {
    if (litter.fresh) return random_genome(genes, p_blocked_, rng);
    return child(litter, rng, genes, topology);
}

Genome Breeding::child(const Litter& litter, Rng& rng, std::size_t genes,
                       const Topology& topology) const {
    const std::vector<Scored>& par = litter.parents;
    const std::uint64_t np = par.size();
    const auto ia = static_cast<std::size_t>(rng.below(np));
    std::size_t ib = ia;
    Genome child;
    if (crossover_.spec) {
        ib = static_cast<std::size_t>(rng.below(np));
        child = crossover(*crossover_.spec, par[ia].genome, par[ib].genome, topology, rng);
    } else {
        child = par[ia].genome;
    }
    if (focus_) {
        // The genes either parent's score depends on.
        Genome mask = litter.masks[ia];
        if (ib != ia)
            for (std::size_t w = 0; w < mask.words().size(); ++w)
                mask.words()[w] |= litter.masks[ib].words()[w];
        mutate_within(child, mask, mutation_, rng);
    } else {
        mutate(child, mutation_, rng);
    }
    if (distinct_ && (child == par[ia].genome || child == par[ib].genome))
        child.flip(static_cast<std::size_t>(rng.below(genes)));
    return child;
}

void Breeding::settle(Island& island, Litter& litter, std::vector<Scored> children) const {
    if (litter.fresh || !elitism_) {
        island.population = std::move(children);
    } else {
        std::vector<Scored>& next = litter.parents;
        next.insert(next.end(), std::make_move_iterator(children.begin()),
                    std::make_move_iterator(children.end()));
        island.population = std::move(next);
    }
    if (distinct_) remove_duplicates(island.population);
}

void Breeding::track_stagnation(Island& island) const {
    if (!restart_ || island.population.empty()) return;
    double best = island.population.front().value;
    for (const Scored& s : island.population) best = std::max(best, s.value);
    if (!island.has_epoch_best || best > island.epoch_best) {
        island.has_epoch_best = true;
        island.epoch_best = best;
        island.stale = 0;
        return;
    }
    if (++island.stale < restart_) return;
    // Start again: the next step draws a fresh random generation for this island.
    island.population.clear();
    island.has_epoch_best = false;
    island.stale = 0;
    ++island.restarts;
}

}  // namespace maze
