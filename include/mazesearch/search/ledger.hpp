// What a search has found and spent, the part of it a checkpoint keeps: the feasible
// evaluations and the rejected (infeasible, never walked) boards counted as the paper counts
// them, the best board and when it last improved, the archive, the running statistics of the
// current step, the time over every session, and the budget they are held to. pagmo keeps this in
// its population, ParadisEO in eoEvalFuncCounter and eoEvalKeepBest; here the evaluator
// (evaluator.hpp) scores the boards and the ledger records them, in the order they were proposed.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "mazesearch/search/budget.hpp"
#include "mazesearch/search/genome.hpp"
#include "mazesearch/search/state_json.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

struct Archived {
    Genome genome;
    Real value;
    std::uint64_t evaluation = 0;  // the feasible evaluation that found it (1 = the first)
    MAZESEARCH_DEFINE_STATE(Archived, genome, value, evaluation)
};

// Statistics of the feasible scores of one step (a generation or a report interval).
struct StepStats {
    std::uint64_t count = 0;
    double mean = 0, std = 0, min = 0, max = 0;
};

class Ledger {
  public:
    Ledger(const Target& target, Budget budget, ArchiveSpec archive);

    // Boards found infeasible (never scored).
    void reject(std::uint64_t n) { s_.rejected += n; }
    // One feasible board scored `value`: counted, then offered as the best, to the archive and to
    // the step's statistics.
    void record(const Genome& g, double value) {
        ++s_.evaluations;
        consider(g, value);
    }
    // For an optimizer that scores boards by itself: `evaluated` feasible and `rejected`
    // infeasible boards it covered, and its best genome with its value (offered before the count:
    // the improvement dates from there).
    void account(std::uint64_t evaluated, std::uint64_t rejected, const Genome* best, double value);

    // An empty ledger for one part of a step that runs apart (Evaluator::run_apart): the same
    // target and archive, no budget.
    Ledger tally() const { return Ledger(target_, Budget{}, archive_spec_); }
    // Records what a tally recorded as if its evaluations came after this ledger's: the counts
    // add up, its best and its archived boards are offered, dated by their place in it, and the
    // step's statistics take in its scores.
    void merge(const Ledger& part);

    // Feasible evaluations left under the evaluation budget (max if unlimited).
    std::uint64_t remaining() const;
    // True when any budget limit is reached; stop_reason() says which.
    bool exhausted() const { return !stop_reason().empty(); }
    std::string stop_reason() const;

    std::uint64_t evaluations() const { return s_.evaluations; }
    std::uint64_t rejected() const { return s_.rejected; }
    bool has_best() const { return s_.has_best; }
    double best_score() const { return s_.best_score; }
    const Genome& best() const { return s_.best; }
    // The archive, the best board first (ties: the earlier one).
    const std::vector<Archived>& archive() const { return s_.archive; }
    double seconds() const;  // elapsed, including earlier sessions
    const Budget& budget() const { return budget_; }

    // Statistics since the previous call.
    StepStats take_step_stats();

    // Counters, best, archive, elapsed time and the step's running sums, for checkpoints.
    nlohmann::json save() const;
    // The inverse of save(); std::invalid_argument, with nothing changed, for JSON that is not a
    // ledger's (an evaluator's) state or whose boards do not fit the target (sizes), a NaN score,
    // an archive larger than this one's or not best first, counters that contradict each other,
    // and scores that are not their boards' when scored again: rescore(boards, values) scores
    // them (the best and the archive's boards, as one batch; the ledger scores nothing itself).
    using Rescore = std::function<void(std::span<const Genome>, std::span<double>)>;
    void restore(const nlohmann::json& j, const Rescore& rescore);

    // The state as it is (mark) and a return to it (rewind), for a step that is dropped when it
    // is cut short (experiments/run/step_gate.hpp): what the step counted and found is undone, the
    // time it took stays spent. Unlike restore(), nothing is checked or scored again.
    class Mark;
    Mark mark() const;
    void rewind(const Mark& m);

  private:
    // What a checkpoint keeps; seconds are those of earlier sessions (of all sessions, in a
    // saved copy).
    struct State {
        std::uint64_t evaluations = 0;
        std::uint64_t rejected = 0;
        std::uint64_t last_improvement = 0;  // evaluations when the best last improved
        bool has_best = false;
        Real best_score;
        Genome best;
        double seconds = 0;
        // Running sums of the current step.
        std::uint64_t step_count = 0;
        Real step_sum, step_sum_sq, step_min, step_max;
        std::vector<Archived> archive;
        MAZESEARCH_DEFINE_STATE(State, evaluations, rejected, last_improvement, has_best,
                                best_score, best, seconds, step_count, step_sum, step_sum_sq,
                                step_min, step_max, archive)
    };

  public:
    class Mark {
        friend class Ledger;
        State s;
    };

  private:
    void consider(const Genome& g, double value);
    void offer_to_archive(const Genome& g, double value);
    void check(const State& s, const Rescore& rescore) const;

    const Target& target_;
    Budget budget_;
    ArchiveSpec archive_spec_;
    State s_;
    std::chrono::steady_clock::time_point started_;
};

}  // namespace maze
