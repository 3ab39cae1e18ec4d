// The optimizers' only door to a target: scores batches in order, counts feasible evaluations
// and rejected (infeasible, never walked) boards as the paper does, keeps the best genome, and
// enforces the budget. Whatever the thread count, the same batches give the same counts.
#pragma once

#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mazesearch/search/genome.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

// Whichever limit is reached first ends the run; 0 (or empty) means no limit of that kind.
struct Budget {
    std::uint64_t evaluations = 0;  // feasible evaluations
    double seconds = 0;             // wall time, over all sessions of a resumed run
    std::optional<double> target;   // stop once the best score reaches this
    std::uint64_t stagnation = 0;   // feasible evaluations without a new best
};

// Statistics of the feasible scores of one step (a generation or a report interval).
struct StepStats {
    std::uint64_t count = 0;
    double mean = 0, std = 0, min = 0, max = 0;
};

class Evaluator {
  public:
    Evaluator(const Target& target, Budget budget, int threads);

    // Scores genomes in order. An infeasible genome is rejected (counted, not walked); a
    // feasible one is evaluated while the evaluation budget lasts; past it, the rest are
    // skipped. Rejected and skipped genomes get Score{feasible=false, -inf}.
    void evaluate(std::span<const Genome> genomes, std::span<Score> out);
    Score evaluate_one(const Genome& g);
    // evaluate() for genomes whose feasibility the caller already knows (feasible[i]), so that
    // the flood fill is not run twice.
    void evaluate_known(std::span<const Genome> genomes, std::span<const bool> feasible,
                        std::span<Score> out);

    // For an optimizer that scores boards by itself (exhaustive enumeration walks whole classes
    // of boards at once): counts `evaluated` feasible and `rejected` infeasible boards it
    // covered, and offers its best genome with its value. Not bounded by the evaluation budget.
    void account(std::uint64_t evaluated, std::uint64_t rejected, const Genome* best, double value);

    // Feasible evaluations left under the evaluation budget (max if unlimited).
    std::uint64_t remaining() const;
    // True when any budget limit is reached; stop_reason() says which.
    bool exhausted() const;
    std::string stop_reason() const;

    std::uint64_t evaluations() const { return evaluations_; }
    std::uint64_t rejected() const { return rejected_; }
    bool has_best() const { return has_best_; }
    double best_score() const { return best_score_; }
    const Genome& best() const { return best_; }
    double seconds() const;  // elapsed, including earlier sessions
    const Target& target() const { return target_; }
    int threads() const { return threads_; }
    const Budget& budget() const { return budget_; }

    // Statistics since the previous call.
    StepStats take_step_stats();

    // Counters, best and elapsed time, for checkpoints.
    nlohmann::json save() const;
    void restore(const nlohmann::json& j);

  private:
    void consider(const Genome& g, double value);

    const Target& target_;
    Budget budget_;
    int threads_;
    std::uint64_t evaluations_ = 0;
    std::uint64_t rejected_ = 0;
    std::uint64_t last_improvement_ = 0;  // evaluations_ when the best last improved
    bool has_best_ = false;
    double best_score_ = 0;
    Genome best_;
    double earlier_seconds_ = 0;
    std::chrono::steady_clock::time_point started_;
    // Running sums of the current step.
    std::uint64_t step_count_ = 0;
    double step_sum_ = 0, step_sum_sq_ = 0, step_min_ = 0, step_max_ = 0;
    // Scratch buffers reused between batches.
    std::vector<Genome> walk_;
    std::vector<std::size_t> walk_index_;
    std::vector<double> values_;
};

}  // namespace maze
