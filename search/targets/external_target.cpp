#include "mazesearch/search/targets/external_target.hpp"

#include <cmath>
#include <stdexcept>
#include <utility>

namespace maze {

ExternalTarget::ExternalTarget(std::unique_ptr<Target> model, BatchScore score, std::string name,
                               bool every_board_feasible)
    : model_(std::move(model)),
      score_(std::move(score)),
      name_(std::move(name)),
      every_board_feasible_(every_board_feasible) {
    if (!model_ || !score_) throw std::invalid_argument("ExternalTarget: a model and a function");
}

void ExternalTarget::feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const {
    if (!every_board_feasible_) {
        model_->feasibility(genomes, feasible);
        return;
    }
    for (std::size_t i = 0; i < genomes.size(); ++i) feasible[i] = true;
}

void ExternalTarget::score(std::span<const Genome> genomes, std::span<double> values) const {
    if (genomes.empty()) return;
    score_(genomes, values);
    for (std::size_t i = 0; i < values.size(); ++i)
        if (std::isnan(values[i]))
            throw std::runtime_error("the objective " + name_ + " gave NaN for board " +
                                     std::to_string(i) + " of a batch of " +
                                     std::to_string(values.size()) +
                                     "; expected a number (higher is better)");
}

}  // namespace maze
