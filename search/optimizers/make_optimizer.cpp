// make_optimizer: the one place that maps a kind name to an optimizer class.
#include <memory>
#include <string>

#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/optimizers/annealing.hpp"
#include "mazesearch/search/optimizers/evolutionary.hpp"
#include "mazesearch/search/optimizers/exhaustive_search.hpp"
#include "mazesearch/search/optimizers/hamming_search.hpp"
#include "mazesearch/search/optimizers/hill_climbing.hpp"
#include "mazesearch/search/optimizers/population_annealing.hpp"
#include "mazesearch/search/optimizers/random_search.hpp"
#include "mazesearch/search/optimizers/replica_exchange.hpp"
#include "mazesearch/search/optimizers/window_search.hpp"

namespace maze {

std::unique_ptr<Optimizer> make_optimizer(const Params& params) {
    const std::vector<std::string> kinds = {
        "random",       "hill-climbing", "annealing", "population-annealing", "replica-exchange",
        "evolutionary", "genetic",       "hamming",   "exhaustive",           "window"};
    if (!params.has("kind")) {
        std::string list;
        for (const auto& k : kinds) list += (list.empty() ? "" : ", ") + k;
        throw ParamError("kind", "", "missing; expected one of " + list);
    }
    const std::string kind = params.get_choice("kind", "", kinds);
    std::unique_ptr<Optimizer> opt;
    if (kind == "random")
        opt = std::make_unique<RandomSearch>(params);
    else if (kind == "hill-climbing")
        opt = std::make_unique<HillClimbing>(params);
    else if (kind == "annealing")
        opt = std::make_unique<Annealing>(params);
    else if (kind == "population-annealing")
        opt = std::make_unique<PopulationAnnealing>(params);
    else if (kind == "replica-exchange")
        opt = std::make_unique<ReplicaExchange>(params);
    else if (kind == "evolutionary")
        opt = std::make_unique<EvolutionarySearch>(params, false);
    else if (kind == "genetic")
        opt = std::make_unique<EvolutionarySearch>(params, true);
    else if (kind == "hamming")
        opt = std::make_unique<HammingSearch>(params);
    else if (kind == "window")
        opt = std::make_unique<WindowSearch>(params);
    else
        opt = std::make_unique<ExhaustiveSearch>(params);
    params.reject_unused("optimizer");
    return opt;
}

}  // namespace maze
