// The optimizers' only door to a target, and the home of the search's parallelism (as pagmo's
// batch evaluators): it scores batches in order, counts feasible evaluations and rejected
// (infeasible, never walked) boards as the paper does, keeps the best genome, and enforces the
// budget. The loops over a batch run on its WorkerTeam, in chunks that it sizes from what earlier
// batches cost: a batch too small to be worth sharing stays on the calling thread. Whatever the
// thread count, the same batches give the same results, bit for bit.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/search/budget.hpp"
#include "mazesearch/search/collective.hpp"
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

class Evaluator {
  public:
    // threads <= 0: every core. A target that is not thread_safe() is always scored on the
    // calling thread.
    Evaluator(const Target& target, Budget budget, int threads, ArchiveSpec archive = {});

    // Scores genomes in order. An infeasible genome is rejected (counted, not walked); a
    // feasible one is evaluated while the evaluation budget lasts; past it, the rest are
    // skipped. Rejected and skipped genomes get Score{feasible=false, -inf}.
    void evaluate(std::span<const Genome> genomes, std::span<Score> out);
    Score evaluate_one(const Genome& g);
    // evaluate() for genomes whose feasibility the caller already knows (feasible[i]), so that
    // the flood fill is not run twice.
    void evaluate_known(std::span<const Genome> genomes, std::span<const bool> feasible,
                        std::span<Score> out);

    // Builds proposal k of a step; called for k = 0, 1, 2, ... from several threads at once, so
    // it must be a function of k alone (its random numbers drawn from a stream derived from k).
    using Proposer = std::function<Genome(std::uint64_t k)>;
    // Proposals 0, 1, 2, ... until `want` of them are feasible or `max_tries` are drawn; the
    // infeasible ones among them are rejected, the feasible ones scored (at most remaining()).
    // Returns the scored ones in proposal order. Proposals are built, checked and scored in
    // parallel; the result is that of building them one by one.
    std::vector<Scored> draw(std::size_t want, std::size_t max_tries, const Proposer& propose);

    // draw() for several groups at once (the islands of a population search): group g takes its
    // first want[g] feasible proposals among propose(g, 0), propose(g, 1), ..., at most
    // max_tries[g] of them, and all groups are built, checked and scored in one parallel loop.
    // When the evaluation budget cannot cover every want, the wants are cut in group order
    // (the last groups first lose theirs). Returns each group's scored proposals in order;
    // every group's result is the same whatever the thread count. They are counted (and the best
    // and the archive updated) group by group, each in proposal order, as if built one by one.
    // When `drawn` is given, it
    // receives how many proposals of each group were used (taken or rejected).
    using GroupProposer = std::function<Genome(std::size_t group, std::uint64_t k)>;
    std::vector<std::vector<Scored>> draw_groups(std::span<const std::size_t> want,
                                                 std::span<const std::size_t> max_tries,
                                                 const GroupProposer& propose,
                                                 std::vector<std::size_t>* drawn = nullptr);

    // For an optimizer that scores boards by itself (exhaustive enumeration walks whole classes
    // of boards at once): counts `evaluated` feasible and `rejected` infeasible boards it
    // covered, and offers its best genome with its value. Not bounded by the evaluation budget.
    void account(std::uint64_t evaluated, std::uint64_t rejected, const Genome* best, double value);

    // Feasible evaluations left under the evaluation budget (max if unlimited).
    std::uint64_t remaining() const;
    // True when any budget limit is reached; stop_reason() says which.
    bool exhausted() const;
    std::string stop_reason() const;

    std::uint64_t evaluations() const { return s_.evaluations; }
    std::uint64_t rejected() const { return s_.rejected; }
    bool has_best() const { return s_.has_best; }
    double best_score() const { return s_.best_score; }
    const Genome& best() const { return s_.best; }
    // The archive, the best board first (ties: the earlier one).
    const std::vector<Archived>& archive() const { return s_.archive; }
    double seconds() const;  // elapsed, including earlier sessions
    const Target& target() const { return target_; }
    int threads() const { return team_.size(); }
    const Budget& budget() const { return budget_; }

    // Statistics since the previous call.
    StepStats take_step_stats();

    // The ranks this search is spread over (search/collective.hpp), or none (one process). With
    // more than one rank, draw_groups builds and scores each group on one rank (group g on rank
    // g mod size) with that rank's threads and then shares the results, so that every rank
    // counts and keeps the same boards in the same order: the optimizer's state stays the same
    // on every rank, step after step. Other batches are scored by every rank alike.
    void set_collective(Collective* c) { collective_ = c; }

    // Counters, best, elapsed time and the step's running statistics, for checkpoints.
    nlohmann::json save() const;
    // The inverse of save(); std::invalid_argument, with nothing changed, for JSON that is not an
    // evaluator's state or whose boards do not fit the target (sizes), a NaN score, an archive
    // larger than this evaluator's or not best first, and counters that contradict each other.
    void restore(const nlohmann::json& j);

  private:
    // What one kind of per-genome work costs, learnt from the batches so far (nanoseconds).
    struct Cost {
        double ns_per_item = 0;  // 0: not measured yet
        void learn(double ns, std::size_t items);
    };
    // Calls work(lo, hi) over [0, n) in chunks, on the team when the batch is worth sharing.
    void for_chunks(std::size_t n, Cost& cost,
                    const std::function<void(std::size_t, std::size_t)>& work);
    // Scores walk_[0, count) into values_, in parallel chunks.
    void score_walks(std::size_t count);
    void consider(const Genome& g, double value);
    // draw_groups' loop: each group's first feasible proposals, scored (counted by the caller).
    void draw_blocks(std::span<const std::size_t> want, std::span<const std::size_t> max_tries,
                     const GroupProposer& propose, std::vector<std::vector<Scored>>& out,
                     std::vector<std::size_t>& drawn);
    // draw_groups over the ranks of collective_.
    void draw_spread(std::span<const std::size_t> want, std::span<const std::size_t> max_tries,
                     const GroupProposer& propose, std::vector<std::vector<Scored>>& out,
                     std::vector<std::size_t>& drawn);
    void offer_to_archive(const Genome& g, double value);

    const Target& target_;
    Collective* collective_ = nullptr;
    Budget budget_;
    ArchiveSpec archive_spec_;
    WorkerTeam team_;
    Cost draw_cost_, feasibility_cost_, score_cost_;
    double feasible_rate_ = 1;  // of proposals, learnt from the draws so far
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
    // The score of one feasible board, scored again (to check what a checkpoint says of it).
    double rescore(const Genome& g) const;
    void check(const State& s) const;
    State s_;
    std::chrono::steady_clock::time_point started_;
    // Scratch buffers reused between batches.
    std::vector<Genome> walk_;
    std::vector<std::size_t> walk_index_;
    std::vector<double> values_;
    std::vector<Genome> proposals_;
    std::vector<char> proposal_ok_;
    std::vector<std::size_t> proposal_group_;
    std::vector<std::uint64_t> proposal_k_;
};

}  // namespace maze
