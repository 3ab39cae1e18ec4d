#include "mazesearch/search/optimizers/archipelago.hpp"

#include <algorithm>

#include "mazesearch/engine/rng.hpp"

namespace maze {

namespace {

// A choice read with get_choice and turned into its enum.
template <class Parse>
auto read_choice(const Params& params, const std::string& key, const std::string& fallback,
                 const std::vector<std::string>& allowed, Parse parse) {
    return parse(params.get_choice(key, fallback, allowed));
}

}  // namespace

Archipelago::Archipelago(const Params& params, std::size_t population)
    : islands_(static_cast<std::size_t>(params.get_int("islands", 1, 1, 100000))) {
    migration_.interval =
        static_cast<std::uint64_t>(params.get_int("migration_interval", 20, 1, 1000000000));
    migration_.migrants = static_cast<std::size_t>(params.get_int("migrants", 1, 0, 10000000));
    migration_.topology = read_choice(params, "migration_topology", "ring",
                                      {"ring", "random", "all"}, migration_topology);
    migration_.choice =
        read_choice(params, "migrant_choice", "best", {"best", "random"}, migrant_choice);
    if (migration_.migrants > population)
        throw ParamError("migrants", params.where("migrants"),
                         "must be at most population (" + std::to_string(population) + ")");
    local_.kind = read_choice(params, "local_search", "none", {"none", "climb", "plateau", "tabu"},
                              local_search_kind);
    local_.every = static_cast<std::uint64_t>(params.get_int("local_every", 50, 1, 1000000000));
    local_.scans = static_cast<std::size_t>(params.get_int("local_scans", 10, 1, 100000000));
    local_.tenure = static_cast<std::size_t>(params.get_int("tabu_tenure", 8, 0, 100000000));
    local_.focus = params.get_bool("local_focus", false);
}

Archipelago::Moves Archipelago::after_generation(std::vector<Island>& islands, Evaluator& ev,
                                                 std::uint64_t seed, std::uint64_t step) const {
    Moves moves;
    const std::size_t n = islands.size();
    if (n > 1 && step % migration_.interval == 0) {
        std::vector<std::vector<Scored>> pops(n);
        for (std::size_t i = 0; i < n; ++i) pops[i] = std::move(islands[i].population);
        std::vector<Rng> rngs;
        for (std::size_t i = 0; i < n; ++i) rngs.emplace_back(derive_seed(seed, {3, step, i}));
        moves.migrants = migrate(pops, migration_, rngs);
        for (std::size_t i = 0; i < n; ++i) islands[i].population = std::move(pops[i]);
    }
    if (local_.kind != LocalSearchSpec::Kind::None && step % local_.every == 0) {
        const Moves local = local_searches(islands, ev, seed, step);
        moves.searches = local.searches;
        moves.improvements = local.improvements;
    }
    return moves;
}

Archipelago::Moves Archipelago::local_searches(std::vector<Island>& islands, Evaluator& ev,
                                               std::uint64_t seed, std::uint64_t step) const {
    std::vector<LocalWalk> walks;
    std::vector<std::size_t> from;  // island of each walk
    for (std::size_t i = 0; i < islands.size(); ++i) {
        const std::vector<Scored>& pop = islands[i].population;
        if (pop.empty()) continue;
        walks.push_back(start_walk(pop[ranked(pop).front()]));
        from.push_back(i);
    }
    run_local_search(ev, local_, walks, [&](std::size_t w, std::uint64_t scan) {
        return Rng(derive_seed(seed, {5, step, from[w], scan}));
    });
    Moves moves;
    for (std::size_t w = 0; w < walks.size(); ++w) {
        const LocalWalk& walk = walks[w];
        ++moves.searches;
        // The best board of the walk, or where a plateau walk ended when it found nothing
        // better (an equally good board elsewhere on the plateau).
        const Scored& found = walk.best.value > walk.start.value ? walk.best : walk.current;
        if (walk.best.value > walk.start.value) ++moves.improvements;
        std::vector<Scored>& pop = islands[from[w]].population;
        const bool held = std::any_of(pop.begin(), pop.end(),
                                      [&](const Scored& s) { return s.genome == found.genome; });
        if (held || found.value < walk.start.value) continue;
        pop[worst_index(pop)] = found;
    }
    return moves;
}

}  // namespace maze
