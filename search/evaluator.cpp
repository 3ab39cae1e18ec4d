#include "mazesearch/search/evaluator.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "mazesearch/search/optimizer_support.hpp"

namespace maze {

Evaluator::Evaluator(const Target& target, Budget budget, int threads)
    : target_(target),
      budget_(budget),
      threads_(threads),
      started_(std::chrono::steady_clock::now()) {}

double Evaluator::seconds() const {
    return earlier_seconds_ +
           std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

std::uint64_t Evaluator::remaining() const {
    if (budget_.evaluations == 0) return std::numeric_limits<std::uint64_t>::max();
    return budget_.evaluations > evaluations_ ? budget_.evaluations - evaluations_ : 0;
}

bool Evaluator::exhausted() const {
    return !stop_reason().empty();
}

std::string Evaluator::stop_reason() const {
    if (budget_.evaluations && evaluations_ >= budget_.evaluations) return "evaluations";
    if (budget_.target && has_best_ && best_score_ >= *budget_.target) return "target";
    if (budget_.stagnation && evaluations_ - last_improvement_ >= budget_.stagnation)
        return "stagnation";
    if (budget_.seconds > 0 && seconds() >= budget_.seconds) return "seconds";
    return "";
}

void Evaluator::consider(const Genome& g, double value) {
    if (!has_best_ || value > best_score_) {
        has_best_ = true;
        best_score_ = value;
        best_ = g;
        last_improvement_ = evaluations_;
    }
    if (step_count_ == 0) {
        step_min_ = step_max_ = value;
    } else {
        step_min_ = std::min(step_min_, value);
        step_max_ = std::max(step_max_, value);
    }
    ++step_count_;
    step_sum_ += value;
    step_sum_sq_ += value * value;
}

void Evaluator::evaluate(std::span<const Genome> genomes, std::span<Score> out) {
    const std::size_t n = genomes.size();
    auto feasible = std::make_unique<bool[]>(n);
    target_.feasibility(genomes, std::span<bool>(feasible.get(), n));
    evaluate_known(genomes, std::span<const bool>(feasible.get(), n), out);
}

void Evaluator::evaluate_known(std::span<const Genome> genomes, std::span<const bool> feasible,
                               std::span<Score> out) {
    const std::size_t n = genomes.size();
    walk_.clear();
    walk_index_.clear();
    std::uint64_t left = remaining();
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = Score{};
        if (!feasible[i]) {
            ++rejected_;
            continue;
        }
        if (left == 0) continue;  // skipped: the evaluation budget is spent
        --left;
        walk_.push_back(genomes[i]);
        walk_index_.push_back(i);
    }
    values_.assign(walk_.size(), 0.0);
    target_.score(walk_, values_, threads_);
    // Counters and the best advance in batch order, so ties go to the earliest genome.
    for (std::size_t k = 0; k < walk_.size(); ++k) {
        ++evaluations_;
        out[walk_index_[k]] = Score{true, values_[k]};
        consider(walk_[k], values_[k]);
    }
}

Score Evaluator::evaluate_one(const Genome& g) {
    Score s;
    evaluate(std::span<const Genome>(&g, 1), std::span<Score>(&s, 1));
    return s;
}

void Evaluator::account(std::uint64_t evaluated, std::uint64_t rejected, const Genome* best,
                        double value) {
    rejected_ += rejected;
    if (best) consider(*best, value);  // before the count: the improvement dates from here
    evaluations_ += evaluated;
}

StepStats Evaluator::take_step_stats() {
    StepStats s;
    s.count = step_count_;
    if (step_count_) {
        s.mean = step_sum_ / static_cast<double>(step_count_);
        const double var = step_sum_sq_ / static_cast<double>(step_count_) - s.mean * s.mean;
        s.std = var > 0 ? std::sqrt(var) : 0;
        s.min = step_min_;
        s.max = step_max_;
    }
    step_count_ = 0;
    step_sum_ = step_sum_sq_ = 0;
    return s;
}

nlohmann::json Evaluator::save() const {
    nlohmann::json j;
    j["evaluations"] = evaluations_;
    j["rejected"] = rejected_;
    j["last_improvement"] = last_improvement_;
    j["has_best"] = has_best_;
    j["best_score"] = value_to_json(best_score_);
    j["best"] = best_.to_string();
    j["seconds"] = seconds();
    // The running statistics of the step (or logbook interval) in progress.
    j["step"] = {{"count", step_count_},
                 {"sum", value_to_json(step_sum_)},
                 {"sum_sq", value_to_json(step_sum_sq_)},
                 {"min", value_to_json(step_min_)},
                 {"max", value_to_json(step_max_)}};
    return j;
}

void Evaluator::restore(const nlohmann::json& j) {
    evaluations_ = j.at("evaluations").get<std::uint64_t>();
    rejected_ = j.at("rejected").get<std::uint64_t>();
    last_improvement_ = j.at("last_improvement").get<std::uint64_t>();
    has_best_ = j.at("has_best").get<bool>();
    best_score_ = value_from_json(j.at("best_score"));
    best_ = Genome::from_string(j.at("best").get<std::string>());
    earlier_seconds_ = j.at("seconds").get<double>();
    started_ = std::chrono::steady_clock::now();
    step_count_ = 0;
    step_sum_ = step_sum_sq_ = step_min_ = step_max_ = 0;
    if (j.contains("step")) {
        const auto& st = j.at("step");
        step_count_ = st.at("count").get<std::uint64_t>();
        step_sum_ = value_from_json(st.at("sum"));
        step_sum_sq_ = value_from_json(st.at("sum_sq"));
        step_min_ = value_from_json(st.at("min"));
        step_max_ = value_from_json(st.at("max"));
    }
}

}  // namespace maze
