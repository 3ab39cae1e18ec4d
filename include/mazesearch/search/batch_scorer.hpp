// The batch scorer: scoring's one home in the search. Every board an optimizer proposes is checked
// and walked here, through the target, on a thread team that it owns (as pagmo's batch fitness
// evaluator): batches of genomes, groups of proposals built in blocks, and blocks of work that run
// apart (chains), each scored on the thread that holds it. It sizes its chunks from what earlier
// batches cost: a batch too small to be worth sharing stays on the calling thread. It counts
// nothing and keeps nothing: the evaluator (evaluator.hpp) holds it to the budget and records
// what it scored in the ledger. Whatever the thread count, the same batches give the same
// results, bit for bit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/search/genome.hpp"
#include "mazesearch/search/ledger.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

class BatchScorer {
  public:
    // threads <= 0: every core. A target that is not thread_safe() gets a team of one.
    BatchScorer(const Target& target, int threads);

    const Target& target() const { return target_; }
    int threads() const { return team_.size(); }

    // Which genomes are feasible (Target::feasibility), in parallel chunks.
    void feasibility(std::span<const Genome> genomes, std::span<bool> out);
    // The values of genomes known to be feasible (Target::score), in parallel chunks.
    void score(std::span<const Genome> genomes, std::span<double> out);
    // The same with their behaviours (Target::score_described: `described` holds
    // behaviours().size() values a genome), in parallel chunks.
    void score_described(std::span<const Genome> genomes, std::span<double> out,
                         std::span<double> described);

    // Builds proposal k of group `group`; called from several threads at once, so it must be a
    // function of (group, k) alone.
    using GroupProposer = std::function<Genome(std::size_t group, std::uint64_t k)>;
    // Group g's first want[g] feasible proposals among propose(g, 0), propose(g, 1), ..., at
    // most max_tries[g] of them, with their values, into out[g] (out and drawn come sized to the
    // groups, empty and 0); drawn[g] receives how many proposals of the group were used (taken or
    // infeasible). Every group is built, checked and scored in one parallel loop; each group's
    // result is the same whatever the thread count.
    void draw_groups(std::span<const std::size_t> want, std::span<const std::size_t> max_tries,
                     const GroupProposer& propose, std::vector<std::vector<Scored>>& out,
                     std::vector<std::size_t>& drawn);

    // On the calling thread, for work that runs apart: whether one genome is feasible, and the
    // values of genomes known to be feasible, walked together (Target::feasible, Target::score).
    bool feasible_here(const Genome& g) const { return target_.feasible(g); }
    void score_here(std::span<const Genome> genomes, std::span<double> out) const {
        target_.score(genomes, out);
    }

    // Work that runs apart for a while (chains between two exchanges): items that each score
    // their own boards (score_here) and record them in their own tally, tallies[i] for item i.
    // work(items, tallies, scorer) runs a block of items on one thread; the blocks of `items`
    // (at least 8 items each: a walk batch's lanes; one per thread at most) run side by side on
    // the team. What a block throws is rethrown here.
    using ApartWork = std::function<void(std::span<const std::size_t> items,
                                         std::span<Ledger> tallies, const BatchScorer& scorer)>;
    void run_apart(std::span<const std::size_t> items, std::span<Ledger> tallies,
                   const ApartWork& work);

  private:
    // What one kind of per-genome work costs, learnt from the batches so far (nanoseconds).
    struct Cost {
        double ns_per_item = 0;  // 0: not measured yet
        void learn(double ns, std::size_t items);
    };
    // Calls work(lo, hi) over [0, n) in chunks, on the team when the batch is worth sharing.
    void for_chunks(std::size_t n, Cost& cost,
                    const std::function<void(std::size_t, std::size_t)>& work);

    // draw_groups' steps, a block at a time. The proposals (group, k) of the next block, each
    // unfinished group's share sized to hold about the feasible ones it still needs (need[g]);
    // returns the block's size, 0 when every group is finished.
    std::size_t plan_block(std::span<const std::size_t> want,
                           std::span<const std::size_t> max_tries,
                           const std::vector<std::vector<Scored>>& out,
                           std::span<const std::size_t> drawn, std::vector<std::size_t>& need);
    // Builds, checks and scores the block's proposals [lo, hi) (on a worker of the team), walking
    // no more than need[g] feasible proposals of group g.
    void build_chunk(std::size_t lo, std::size_t hi, std::span<const std::size_t> need,
                     const GroupProposer& propose);
    // Each group's first feasible proposals of the block, in order, until it has its want.
    void take_block(std::span<const std::size_t> want, std::vector<std::vector<Scored>>& out,
                    std::vector<std::size_t>& drawn);

    const Target& target_;
    WorkerTeam team_;
    Cost draw_cost_, feasibility_cost_, score_cost_;
    double feasible_rate_ = 1;  // of proposals, learnt from the draws so far
    // Scratch buffers of draw_groups, reused between blocks.
    std::vector<Genome> proposals_;
    std::vector<char> proposal_ok_;
    std::vector<double> proposal_value_;
    std::vector<std::size_t> proposal_group_;
    std::vector<std::uint64_t> proposal_k_;
};

}  // namespace maze
