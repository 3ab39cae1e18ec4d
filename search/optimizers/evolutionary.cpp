#include "mazesearch/search/optimizers/evolutionary.hpp"

#include <algorithm>
#include <stdexcept>

namespace maze {

EvolutionarySearch::Settings::Settings(const Params& params, bool genetic)
    : breeding(params, genetic), archipelago(params, breeding.population()) {}

void EvolutionarySearch::Settings::check(const Target& target,
                                         const std::vector<Genome>& initial) const {
    breeding.check_target(target);
    check_initial(kind(), target, initial, false, false);
}

void EvolutionarySearch::begin(const Target&, const std::vector<Genome>& initial) {
    s_ = State{};
    s_.initial = initial;
    s_.islands.resize(set_.archipelago.islands());
}

Rng EvolutionarySearch::island_rng(std::size_t island, std::uint64_t k) const {
    // Island 0 draws from the streams a search without islands uses.
    if (island == 0) return proposal_rng(k);
    return Rng(derive_seed(common_.seed, {1, common_.step, k, island}));
}

void EvolutionarySearch::step(Evaluator& ev) {
    require_started(ev);
    if (ev.ledger().remaining() == 0) return;
    if (s_.islands.size() != set_.archipelago.islands())
        throw std::invalid_argument("checkpoint has " + std::to_string(s_.islands.size()) +
                                    " islands, the config " +
                                    std::to_string(set_.archipelago.islands()));
    const std::size_t n = s_.islands.size();
    const Topology& topo = ev.target().topology();
    // Each island: a fresh generation (at the start, after a restart) or children of its parents.
    std::vector<Breeding::Litter> litters;
    for (const Island& island : s_.islands) litters.push_back(set_.breeding.litter(island, ev));
    const std::size_t given = s_.initial.size();
    std::vector<std::size_t> drawn;
    // Each board from its own random stream: the boards of a generation are built in parallel,
    // and each is the same whichever thread builds it.
    auto got = ev.draw_groups(
        std::vector<std::size_t>(n, set_.breeding.population()),
        std::vector<std::size_t>(n, set_.breeding.max_tries()),
        [&](std::size_t i, std::uint64_t k) {
            if (litters[i].fresh && i == 0 && k < given)
                return s_.initial[static_cast<std::size_t>(k)];
            Rng rng = island_rng(i, k);
            return set_.breeding.propose(litters[i], rng, common_.genes, topo);
        },
        &drawn);
    // The given boards among the proposals used are used up.
    if (litters[0].fresh && given) {
        const std::size_t used = std::min(given, drawn[0]);
        s_.initial.erase(s_.initial.begin(),
                         s_.initial.begin() + static_cast<std::ptrdiff_t>(used));
    }
    ++common_.step;
    if (!settle(litters, got, ev)) return;
    const Archipelago::Moves moves =
        set_.archipelago.after_generation(s_.islands, ev, common_.seed, common_.step);
    s_.migrants_moved += moves.migrants;
    s_.local_searches += moves.searches;
    s_.local_improvements += moves.improvements;
    for (Island& island : s_.islands) set_.breeding.track_stagnation(island);
}

bool EvolutionarySearch::settle(std::vector<Breeding::Litter>& litters,
                                std::vector<std::vector<Scored>>& got, const Evaluator& ev) {
    bool any = false;
    for (std::size_t i = 0; i < s_.islands.size(); ++i) {
        if (got[i].empty()) {
            // The budget may have run out before this island's turn; that is no failure.
            if (ev.ledger().remaining() == 0) continue;
            const bool fresh = litters[i].fresh;
            throw std::runtime_error(
                kind() + (fresh ? ": no feasible board in " : ": no feasible child in ") +
                std::to_string(set_.breeding.max_tries()) +
                (fresh ? " draws (p_blocked too high?)" : " proposals (mutation too high?)"));
        }
        any = true;
        set_.breeding.settle(s_.islands[i], litters[i], std::move(got[i]));
    }
    return any;
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
    if (s.islands.size() != set_.archipelago.islands())
        throw std::invalid_argument(kind() + ": the checkpoint has " +
                                    std::to_string(s.islands.size()) + " islands, the config " +
                                    std::to_string(set_.archipelago.islands()));
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
