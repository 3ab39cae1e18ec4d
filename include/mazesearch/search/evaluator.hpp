// The optimizers' only door to a target (as pagmo's problem with its batch evaluator, ParadisEO's
// eoEvalFunc with its counters), with one job: it holds the search to its budget and keeps what it
// found. Boards are checked and walked in one place, its batch scorer (batch_scorer.hpp; spread
// over ranks by spread_scorer.hpp); the evaluator cuts each request to the budget, hands it there,
// and records what came back in its ledger (ledger.hpp) in order: feasible evaluations and
// rejected (infeasible, never walked) boards counted as the paper does, the best genome, the
// archive. Whatever the thread count, the same requests give the same results, bit for bit.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mazesearch/search/batch_scorer.hpp"
#include "mazesearch/search/budget.hpp"
#include "mazesearch/search/collective.hpp"
#include "mazesearch/search/genome.hpp"
#include "mazesearch/search/ledger.hpp"
#include "mazesearch/search/spread_scorer.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

class Evaluator {
  public:
    // threads <= 0: every core. A target that is not thread_safe() is always scored on the
    // calling thread.
    Evaluator(const Target& target, Budget budget, int threads, ArchiveSpec archive = {});

    // Given boards, in order. An infeasible genome is rejected (counted, not walked); a feasible
    // one is evaluated while the evaluation budget lasts; past it, the rest are skipped. Rejected
    // and skipped genomes get Score{feasible=false, -inf}. `feasible`, when given, says which are
    // feasible (found by the caller as it drew them), so that the flood fill is not run twice.
    void evaluate(std::span<const Genome> genomes, std::span<Score> out,
                  std::span<const bool> feasible = {});
    // The same, with the behaviours of each board walked (Target::score_described):
    // described[i * k + j] is behaviour j of genome i, k = target().behaviours().size(); a
    // rejected or skipped genome's are left as they are. Counted as evaluate() counts.
    void evaluate_described(std::span<const Genome> genomes, std::span<Score> out,
                            std::span<double> described);

    // Independent proposals, in groups (the islands of a population search; one group for a
    // batch of random boards): group g takes its first want[g] feasible proposals among
    // propose(g, 0), propose(g, 1), ..., at most max_tries[g] of them; the infeasible ones among
    // them are rejected, the feasible ones scored. propose(g, k) is called from several threads
    // at once, so it must be a function of g and k alone (its random numbers drawn from a stream
    // derived from them); all groups are built, checked and scored in one parallel loop.
    // When the evaluation budget cannot cover every want, the wants are cut in group order
    // (the last groups first lose theirs). Returns each group's scored proposals in order;
    // every group's result is the same whatever the thread count. They are counted (and the best
    // and the archive updated) group by group, each in proposal order, as if built one by one.
    // When `drawn` is given, it receives how many proposals of each group were used (taken or
    // rejected).
    using GroupProposer = BatchScorer::GroupProposer;
    std::vector<std::vector<Scored>> draw_groups(std::span<const std::size_t> want,
                                                 std::span<const std::size_t> max_tries,
                                                 const GroupProposer& propose,
                                                 std::vector<std::size_t>* drawn = nullptr);

    // For chains that run apart for a while (population annealing's sweeps, replica exchange
    // between two swaps): items [0, n), each scoring its own boards through the scorer it is
    // handed (BatchScorer::score_here) and recording them in its own tally (Ledger::tally),
    // tallies[i] for item i. work(items, tallies, scorer) runs a block of items on one thread;
    // the blocks run side by side on the team (BatchScorer::run_apart; with ranks, item i on rank
    // i mod size, SpreadScorer::run_apart). Afterwards every tally is merged into the ledger in
    // item order, as if the items had run one after the other, so the result is the same
    // whatever the blocks. With ranks, pack(i) gives item i's result as bytes and
    // unpack(i, bytes) takes another rank's, so every rank ends with every item's. The work must
    // keep to the budget (remaining()) by itself; an exception thrown by an item is rethrown
    // here, on every rank.
    using ApartWork = BatchScorer::ApartWork;
    void run_apart(std::size_t n, const ApartWork& work,
                   const std::function<std::string(std::size_t)>& pack,
                   const std::function<void(std::size_t, const std::string&)>& unpack);

    // For an optimizer that scores boards by itself (exhaustive enumeration walks whole classes
    // of boards at once): counts `evaluated` feasible and `rejected` infeasible boards it
    // covered, and offers its best genome with its value. Not bounded by the evaluation budget.
    void account(std::uint64_t evaluated, std::uint64_t rejected, const Genome* best, double value);

    // What the search has found and spent (search/ledger.hpp), read there and only there: the
    // counts, the best board, the archive, the budget's state (remaining, exhausted,
    // stop_reason), the step's statistics; and the budget itself, held there alone
    // (check_optimizer checked it once; the optimizers ask it, ledger().budget()).
    const Ledger& ledger() const { return ledger_; }
    // The target it scores through: its genes, their places, those that can matter to a board.
    const Target& target() const { return target_; }
    int threads() const { return scorer_.threads(); }
    StepStats take_step_stats() { return ledger_.take_step_stats(); }

    // The ranks this search is spread over (search/collective.hpp), or none (one process): with
    // ranks, draw_groups goes through a SpreadScorer (spread_scorer.hpp), which builds and scores
    // each group on one rank and shares the results, so that every rank counts and keeps the
    // same boards in the same order. Other batches are scored by every rank alike.
    void set_collective(Collective* c);

    // The ledger's state, for checkpoints, and its inverse (Ledger::save, Ledger::restore: the
    // boards it holds are scored again here, in parallel).
    nlohmann::json save() const { return ledger_.save(); }
    void restore(const nlohmann::json& j);
    // The ledger's state kept as it is and gone back to (Ledger::mark, Ledger::rewind).
    Ledger::Mark mark() const { return ledger_.mark(); }
    void rewind(const Ledger::Mark& m) { ledger_.rewind(m); }

  private:
    const Target& target_;
    Ledger ledger_;
    BatchScorer scorer_;
    std::optional<SpreadScorer> spread_;
    Collective* ranks_ = nullptr;
    // Scratch buffers of evaluate, reused between batches.
    std::vector<Genome> walk_;
    std::vector<std::size_t> walk_index_;
    std::vector<double> values_;
    std::vector<double> described_;
    // evaluate()'s choice of what to walk: the feasible genomes the budget still covers, into
    // walk_ and walk_index_; the rest rejected or skipped (out[i] = Score{}).
    void choose_walks(std::span<const Genome> genomes, std::span<Score> out,
                      std::span<const bool> feasible);
    // Records the walked genomes' values into out and the ledger, in batch order.
    void record_walks(std::span<Score> out);
};

// For single-point searches, built on Evaluator::evaluate. One board, scored (or rejected, or
// skipped past the budget).
Score evaluate_one(Evaluator& ev, const Genome& g);
// For methods whose every proposal depends on the one before: takes proposals next(), next(),
// ... one by one on the calling thread until `want` of them are feasible (checked with the
// target, no walk) or `max_tries` are drawn, then has them evaluated as one batch, the infeasible
// ones rejected. Returns the scored ones in draw order. Callers keep want <= remaining(), so
// nothing is skipped. Independent proposals go through Evaluator::draw_groups, which builds them
// in parallel.
std::vector<Scored> draw_in_turn(Evaluator& ev, std::size_t want, std::size_t max_tries,
                                 const std::function<Genome()>& next);

}  // namespace maze
