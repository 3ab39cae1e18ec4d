#include "mazesearch/search/optimizers/evolutionary.hpp"

#include <algorithm>
#include <stdexcept>

namespace maze {

namespace {

// A choice read with get_choice and turned into its enum.
template <class Parse>
auto read_choice(const Params& params, const std::string& key, const std::string& fallback,
                 const std::vector<std::string>& allowed, Parse parse) {
    return parse(params.get_choice(key, fallback, allowed));
}

}  // namespace

EvolutionarySearch::EvolutionarySearch(const Params& params, bool genetic)
    : population_size_(static_cast<std::size_t>(params.get_int("population", 100, 1, 10000000))),
      parents_(static_cast<std::size_t>(params.get_int("parents", 10, 1, 10000000))),
      mutation_(params.get_double("mutation", 0.06, 0.0, 1.0)),
      p_blocked_(params.get_double("p_blocked", 0.25, 0.0, 1.0)),
      elitism_(params.get_bool("elitism", false)),
      restart_(static_cast<std::uint64_t>(params.get_int("restart", 0, 0, 1000000000))),
      islands_(static_cast<std::size_t>(params.get_int("islands", 1, 1, 100000))),
      distinct_(params.get_bool("distinct", false)),
      niche_radius_(static_cast<std::size_t>(params.get_int("niche_radius", 0, 0, 1000000))),
      focus_(params.get_choice("mutation_focus", "all", {"all", "seen"}) == "seen") {
    if (parents_ > population_size_)
        throw ParamError("parents", params.where("parents"),
                         "must be at most population (" + std::to_string(population_size_) + ")");
    if (genetic) {
        CrossoverSpec spec;
        spec.kind = crossover_kind(
            params.get_choice("crossover", "uniform",
                              {"uniform", "one-point", "multi-point", "line", "block", "patch"}));
        spec.points = static_cast<int>(params.get_int("points", 2, 1, 1000));
        spec.line = line_axis(params.get_choice("line", "both", {"rows", "columns", "both"}));
        spec.block = static_cast<int>(params.get_int("block", 2, 1, 1000));
        crossover_ = spec;
        crossover_where_ = params.where("crossover");
    }
    migration_.interval =
        static_cast<std::uint64_t>(params.get_int("migration_interval", 20, 1, 1000000000));
    migration_.migrants = static_cast<std::size_t>(params.get_int("migrants", 1, 0, 10000000));
    migration_.topology = read_choice(params, "migration_topology", "ring",
                                      {"ring", "random", "all"}, migration_topology);
    migration_.choice =
        read_choice(params, "migrant_choice", "best", {"best", "random"}, migrant_choice);
    if (migration_.migrants > population_size_)
        throw ParamError("migrants", params.where("migrants"),
                         "must be at most population (" + std::to_string(population_size_) + ")");
    local_.kind = read_choice(params, "local_search", "none", {"none", "climb", "plateau", "tabu"},
                              local_search_kind);
    local_.every = static_cast<std::uint64_t>(params.get_int("local_every", 50, 1, 1000000000));
    local_.scans = static_cast<std::size_t>(params.get_int("local_scans", 10, 1, 100000000));
    local_.tenure = static_cast<std::size_t>(params.get_int("tabu_tenure", 8, 0, 100000000));
    local_.focus = params.get_bool("local_focus", false);
}

void EvolutionarySearch::start(const Target& target, std::uint64_t seed,
                               const std::vector<Genome>& initial) {
    if (crossover_ && needs_grid(crossover_->kind) && !has_grid(target.topology(), target.genes()))
        throw ParamError("crossover", crossover_where_,
                         "line, block and patch crossovers need a target with rows and columns (" +
                             target.name() + " has none)");
    start_common(target, seed, initial, false);
    s_ = State{};
    s_.initial = initial;
    s_.islands.resize(islands_);
}

Rng EvolutionarySearch::island_rng(std::size_t island, std::uint64_t k) const {
    // Island 0 draws from the streams a search without islands uses.
    if (island == 0) return proposal_rng(k);
    return Rng(derive_seed(common_.seed, {1, common_.step, k, island}));
}

void EvolutionarySearch::step(Evaluator& ev) {
    require_started(ev);
    if (ev.remaining() == 0) return;
    if (s_.islands.size() != islands_)
        throw std::invalid_argument("checkpoint has " + std::to_string(s_.islands.size()) +
                                    " islands, the config " + std::to_string(islands_));
    const std::size_t n = s_.islands.size();
    const std::size_t max_tries = std::max<std::size_t>(100 * population_size_, 1000);
    const Topology& topo = ev.target().topology();

    // Each island: a fresh generation (at the start, after a restart) or children of its parents.
    std::vector<char> fresh(n);
    std::vector<std::vector<Scored>> parents(n);
    std::vector<std::vector<Genome>> masks(n);
    for (std::size_t i = 0; i < n; ++i) {
        fresh[i] = s_.islands[i].population.empty();
        if (fresh[i]) continue;
        parents[i] = select_parents(s_.islands[i].population, parents_, distinct_, niche_radius_);
        if (focus_)
            for (const Scored& p : parents[i])
                masks[i].push_back(ev.target().relevant_genes(p.genome));
    }
    const std::vector<std::size_t> want(n, population_size_);
    const std::size_t given = s_.initial.size();
    std::vector<std::size_t> drawn;
    // Each board from its own random stream: the boards of a generation are built in parallel,
    // and each is the same whichever thread builds it.
    const std::vector<std::size_t> tries(n, max_tries);
    auto got = ev.draw_groups(
        want, tries,
        [&](std::size_t i, std::uint64_t k) {
            if (fresh[i]) {
                if (i == 0 && k < given) return s_.initial[static_cast<std::size_t>(k)];
                Rng rng = island_rng(i, k);
                return random_genome(common_.genes, p_blocked_, rng);
            }
            Rng rng = island_rng(i, k);
            const std::vector<Scored>& par = parents[i];
            const std::uint64_t np = par.size();
            const auto ia = static_cast<std::size_t>(rng.below(np));
            std::size_t ib = ia;
            Genome child;
            if (crossover_) {
                ib = static_cast<std::size_t>(rng.below(np));
                child = crossover(*crossover_, par[ia].genome, par[ib].genome, topo, rng);
            } else {
                child = par[ia].genome;
            }
            if (focus_) {
                Genome mask = masks[i][ia];
                if (ib != ia)
                    for (std::size_t w = 0; w < mask.words().size(); ++w)
                        mask.words()[w] |= masks[i][ib].words()[w];
                mutate_within(child, mask, mutation_, rng);
            } else {
                mutate(child, mutation_, rng);
            }
            if (distinct_ && (child == par[ia].genome || child == par[ib].genome))
                child.flip(static_cast<std::size_t>(rng.below(common_.genes)));
            return child;
        },
        &drawn);
    // The given boards among the proposals used are used up.
    if (fresh[0] && given) {
        const std::size_t used = std::min(given, drawn[0]);
        s_.initial.erase(s_.initial.begin(),
                         s_.initial.begin() + static_cast<std::ptrdiff_t>(used));
    }
    ++common_.step;
    bool any = false;
    for (std::size_t i = 0; i < n; ++i) {
        Island& island = s_.islands[i];
        if (got[i].empty()) {
            // The budget may have run out before this island's turn; that is no failure.
            if (ev.remaining() == 0) continue;
            throw std::runtime_error(
                kind() + (fresh[i] ? ": no feasible board in " : ": no feasible child in ") +
                std::to_string(max_tries) +
                (fresh[i] ? " draws (p_blocked too high?)" : " proposals (mutation too high?)"));
        }
        any = true;
        if (fresh[i] || !elitism_) {
            island.population = std::move(got[i]);
        } else {
            std::vector<Scored>& next = parents[i];
            next.insert(next.end(), std::make_move_iterator(got[i].begin()),
                        std::make_move_iterator(got[i].end()));
            island.population = std::move(next);
        }
        if (distinct_) remove_duplicates(island.population);
    }
    if (!any) return;
    if (n > 1 && common_.step % migration_.interval == 0) {
        std::vector<std::vector<Scored>> pops(n);
        for (std::size_t i = 0; i < n; ++i) pops[i] = std::move(s_.islands[i].population);
        std::vector<Rng> rngs;
        for (std::size_t i = 0; i < n; ++i)
            rngs.emplace_back(derive_seed(common_.seed, {3, common_.step, i}));
        s_.migrants_moved += migrate(pops, migration_, rngs);
        for (std::size_t i = 0; i < n; ++i) s_.islands[i].population = std::move(pops[i]);
    }
    if (local_.kind != LocalSearchSpec::Kind::None && common_.step % local_.every == 0) memetic(ev);
    for (Island& island : s_.islands) track_stagnation(island);
}

void EvolutionarySearch::memetic(Evaluator& ev) {
    std::vector<LocalWalk> walks;
    std::vector<std::size_t> from;  // island of each walk
    for (std::size_t i = 0; i < s_.islands.size(); ++i) {
        const std::vector<Scored>& pop = s_.islands[i].population;
        if (pop.empty()) continue;
        walks.push_back(start_walk(pop[ranked(pop).front()]));
        from.push_back(i);
    }
    const std::uint64_t step = common_.step;
    run_local_search(ev, local_, walks, [&](std::size_t w, std::uint64_t scan) {
        return Rng(derive_seed(common_.seed, {5, step, from[w], scan}));
    });
    for (std::size_t w = 0; w < walks.size(); ++w) {
        const LocalWalk& walk = walks[w];
        ++s_.local_searches;
        // The best board of the walk, or where a plateau walk ended when it found nothing
        // better (an equally good board elsewhere on the plateau).
        const Scored& found = walk.best.value > walk.start.value ? walk.best : walk.current;
        if (walk.best.value > walk.start.value) ++s_.local_improvements;
        std::vector<Scored>& pop = s_.islands[from[w]].population;
        const bool held = std::any_of(pop.begin(), pop.end(),
                                      [&](const Scored& s) { return s.genome == found.genome; });
        if (held || found.value < walk.start.value) continue;
        pop[worst_index(pop)] = found;
    }
}

void EvolutionarySearch::track_stagnation(Island& island) {
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

nlohmann::json EvolutionarySearch::save() const {
    return save_state(s_);
}

void EvolutionarySearch::restore(const nlohmann::json& state) {
    if (state.is_object() && state.contains("population") && !state.contains("islands")) {
        // A checkpoint from before islands: its one population is island 0.
        nlohmann::json upgraded = state;
        nlohmann::json island;
        for (const char* key :
             {"population", "has_epoch_best", "epoch_best", "stale", "restarts"}) {
            if (upgraded.contains(key)) island[key] = upgraded[key];
            upgraded.erase(key);
        }
        upgraded["islands"] = nlohmann::json::array({island});
        upgraded["migrants_moved"] = 0;
        upgraded["local_searches"] = 0;
        upgraded["local_improvements"] = 0;
        restore_state(upgraded, s_, [&](const Common& c, const State& s) { check(c, s); });
        return;
    }
    restore_state(state, s_, [&](const Common& c, const State& s) { check(c, s); });
}

void EvolutionarySearch::check(const Common& c, const State& s) const {
    check_genomes(s.initial, c.genes, "initial board");
    if (s.islands.size() != islands_)
        throw std::invalid_argument(kind() + ": the checkpoint has " +
                                    std::to_string(s.islands.size()) + " islands, the config " +
                                    std::to_string(islands_));
    for (std::size_t i = 0; i < s.islands.size(); ++i) {
        const std::string where = "island " + std::to_string(i);
        for (const Scored& m : s.islands[i].population) {
            check_scored(m.genome, c.genes, where + " member");
            check_value(m.value, where + " member's value");
        }
        check_value(s.islands[i].epoch_best, where + " best");
    }
}

}  // namespace maze
