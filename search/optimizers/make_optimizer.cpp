// make_optimizer and check_optimizer: the one place that maps a kind name to an optimizer class.
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/optimizers/annealing.hpp"
#include "mazesearch/search/optimizers/evolutionary.hpp"
#include "mazesearch/search/optimizers/exhaustive_search.hpp"
#include "mazesearch/search/optimizers/hamming_search.hpp"
#include "mazesearch/search/optimizers/hill_climbing.hpp"
#include "mazesearch/search/optimizers/map_elites.hpp"
#include "mazesearch/search/optimizers/population_annealing.hpp"
#include "mazesearch/search/optimizers/random_search.hpp"
#include "mazesearch/search/optimizers/replica_exchange.hpp"
#include "mazesearch/search/optimizers/window_search.hpp"

namespace maze {

namespace {

// Calls visit(type_identity<Optimizer class>, extra arguments of its constructor after the
// params) for the kind params names; ParamError when it names none.
template <typename Visit>
decltype(auto) with_kind(const Params& params, Visit&& visit) {
    const std::vector<std::string> kinds = {
        "random",           "hill-climbing", "annealing", "population-annealing",
        "replica-exchange", "evolutionary",  "genetic",   "hamming",
        "exhaustive",       "window",        "map-elites"};
    if (!params.has("kind")) {
        std::string list;
        for (const auto& k : kinds) list += (list.empty() ? "" : ", ") + k;
        throw ParamError("kind", "", "missing; expected one of " + list);
    }
    const std::string kind = params.get_choice("kind", "", kinds);
    if (kind == "random") return visit(std::type_identity<RandomSearch>{});
    if (kind == "hill-climbing") return visit(std::type_identity<HillClimbing>{});
    if (kind == "annealing") return visit(std::type_identity<Annealing>{});
    if (kind == "population-annealing") return visit(std::type_identity<PopulationAnnealing>{});
    if (kind == "replica-exchange") return visit(std::type_identity<ReplicaExchange>{});
    if (kind == "evolutionary") return visit(std::type_identity<EvolutionarySearch>{}, false);
    if (kind == "genetic") return visit(std::type_identity<EvolutionarySearch>{}, true);
    if (kind == "hamming") return visit(std::type_identity<HammingSearch>{});
    if (kind == "window") return visit(std::type_identity<WindowSearch>{});
    if (kind == "map-elites") return visit(std::type_identity<MapElites>{});
    return visit(std::type_identity<ExhaustiveSearch>{});
}

}  // namespace

std::unique_ptr<Optimizer> make_optimizer(const Params& params) {
    std::unique_ptr<Optimizer> opt =
        with_kind(params, [&]<typename O>(std::type_identity<O>, auto... extra) {
            return std::unique_ptr<Optimizer>(std::make_unique<O>(params, extra...));
        });
    params.reject_unused("optimizer");
    return opt;
}

CheckedOptimizer check_optimizer(const Params& params, const Target& target, const Budget& budget,
                                 const std::vector<Genome>& initial) {
    CheckedOptimizer checked;
    checked.make_ = with_kind(params, [&]<typename O>(std::type_identity<O>, auto... extra) {
        auto settings = std::make_shared<const typename O::Settings>(params, extra...);
        params.reject_unused("optimizer");
        if constexpr (requires { settings->check_budget(budget); }) settings->check_budget(budget);
        settings->check(target, initial);
        return std::function<std::unique_ptr<Optimizer>()>(
            [settings] { return std::unique_ptr<Optimizer>(std::make_unique<O>(*settings)); });
    });
    Optimizer::count_check();
    return checked;
}

std::unique_ptr<Optimizer> CheckedOptimizer::make() const {
    std::unique_ptr<Optimizer> opt = make_();
    opt->checked_ = true;
    return opt;
}

}  // namespace maze
