// Exhaustive enumeration of every board of a small grid (docs/rules.md, "Exhaustive
// enumeration"), for the moves or the max-visits objective.
//
// The boards are not walked one by one. A cell can change the walk only once the mouse looks at
// it, so the enumeration walks once and decides a cell (open or blocked) only when the mouse
// first looks at it, branching there. A leaf of that decision tree is a finished walk; the cells
// it never looked at are free, so the leaf stands for 2^(undecided cells) boards with one and the
// same walk. A branch that blocks the last way to the exit is cut at once (all its boards are
// infeasible). Start and exit are always open. The value of a leaf's boards is its walk's moves
// or, for max-visits, the largest visit count of its walk: either is the same for all of them.
//
// The tree is cut at a fixed depth into "frontier" subtrees in a canonical order; a shard i/N
// takes every N-th of them, so shards are deterministic and their results add up exactly.
// Subtrees are explored in parallel with TBB.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/search/enumeration/enumeration_result.hpp"

namespace maze {

struct EnumerationOptions {
    WalkObjective objective = WalkObjective::Moves;  // the value of a board
    int threads = 0;                                 // 0: every core
    int shard = 0;                                   // this shard ...
    int shards = 1;                                  // ... of this many
    std::size_t board_cap = 64;                      // optimal boards listed at most
    std::size_t frontier = kDefaultFrontier;         // subtrees to cut the tree into (at least)
    // Called now and then from the enumerating threads with (subtrees done, subtrees of this
    // shard, best so far); may be empty.
    std::function<void(std::uint64_t, std::uint64_t, std::uint64_t)> progress;
    // When set and true, the enumeration stops early; the result then covers only the subtrees
    // listed in `done` (see below).
    const std::atomic<bool>* stop = nullptr;
    // Subtrees (frontier indices) already done, to skip (resume); filled in as subtrees finish.
    std::vector<std::uint8_t>* done = nullptr;
    // When > 0, only the first `limit` subtrees of this shard not yet done (in canonical order)
    // are explored: a deterministic slice of the work.
    std::size_t limit = 0;
    // When > 0, only boards worth at least this much are counted, and subtrees a bound proves
    // unable to reach it are cut (the passage enumeration; the cell enumeration refuses it).
    std::uint64_t at_least = 0;
    // A hand-out of subtrees (the distributed enumeration, experiments/enumeration/enumerate_mpi.cpp):
    // when `next` is set, each worker asks it for a subtree (a frontier index) until it says
    // none, explores that subtree alone and hands the subtree's own result to `finished`; both are
    // called from several threads at once, and `next` may wait for work. Shard, done, limit and
    // stop are then not consulted (the hand-out decides), and the returned result is empty.
    std::function<std::optional<std::size_t>()> next;
    std::function<void(std::size_t, EnumerationResult&&)> finished;

    // The next subtree of the hand-out, checked against the tree's `subtrees` (a hand-out for
    // another tree, another --frontier, is an error); none when the hand-out says so.
    std::optional<std::size_t> next_subtree(std::size_t subtrees) const {
        const std::optional<std::size_t> i = next();
        if (i && *i >= subtrees)
            throw std::invalid_argument("subtree " + std::to_string(*i) +
                                        " handed out; this tree has " + std::to_string(subtrees));
        return i;
    }
};

// One grid's decision tree cut into its frontier subtrees, once: a job that enumerates it in
// slices (checkpoint segments, the exhaustive optimizer's steps, resumed work) runs the same
// tree again and again without cutting it again (cutting a 6x6 tree into 16,384 subtrees takes
// as long as enumerating a few hundred of them).
class EnumerationTree {
  public:
    virtual ~EnumerationTree() = default;
    // The frontier asked for, and the subtrees it gave (at least that many, unless the whole tree
    // has fewer leaves): the length of a `done` list, the unit of shards and hand-outs.
    std::size_t frontier() const { return frontier_; }
    std::size_t subtrees() const { return subtrees_; }
    // Enumerates the subtrees `options` selects (options.frontier must be this tree's).
    virtual EnumerationResult run(const EnumerationOptions& options) const = 0;

  protected:
    // `grid`: the empty result of the tree's grid (EnumerationResult::of).
    EnumerationTree(std::size_t frontier, std::size_t subtrees, EnumerationResult grid)
        : frontier_(frontier), subtrees_(subtrees), grid_(std::move(grid)) {}

    // The empty result of a run of `options`: the tree's grid and frontier, the run's shard,
    // objective and floor.
    EnumerationResult empty_result(const EnumerationOptions& options) const;

    // The subtrees a run of `options` explores, in canonical order: those of its shard not marked
    // in `done` (sized to the tree when empty), at most `limit`. std::invalid_argument for options
    // of another tree (frontier, done) or a shard past the shards.
    std::vector<std::size_t> selected(const EnumerationOptions& options) const;

  private:
    std::size_t frontier_, subtrees_;
    EnumerationResult grid_;
};

// The tree of every board of the rows x cols grid with start and exit open.
std::unique_ptr<EnumerationTree> cell_enumeration_tree(
    int rows, int cols, Cell start, Cell exit,
    std::size_t frontier = EnumerationOptions{}.frontier);

// Enumerates every board of the rows x cols grid with start and exit open (cuts the tree for
// this call alone: slices of one job go through cell_enumeration_tree).
EnumerationResult enumerate_boards(int rows, int cols, Cell start, Cell exit,
                                   const EnumerationOptions& options);

// The expected size of each frontier subtree (in the order and number enumerate_boards cuts the
// tree into for `frontier`): the mouse moves simulated below it, by `probes` random probes from
// its root (as estimate_tree). The distributed enumeration hands out the largest first, so that
// no rank is left with a large subtree at the end. Deterministic for a given seed. With
// parts > 1 only the subtrees i with i mod parts == part are probed (the others are 0), so that
// the ranks can share the probing.
std::vector<double> estimate_subtrees(int rows, int cols, Cell start, Cell exit,
                                      std::size_t frontier, std::uint64_t probes,
                                      std::uint64_t seed, int threads, std::size_t part = 0,
                                      std::size_t parts = 1);

// Knuth's random-probe estimate of the decision tree: each probe dives from the root taking a
// random child at every branch, and the product of the branching factors along its path is an
// unbiased estimate of the number of leaves (and, weighted by 2^undecided, of feasible boards).
struct TreeEstimate {
    std::uint64_t probes = 0;
    double leaves = 0, leaves_error = 0;  // mean and standard error
    double feasible = 0, feasible_error = 0;
    double steps = 0, steps_error = 0;  // mouse moves simulated over the whole tree
};
TreeEstimate estimate_tree(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                           std::uint64_t seed);

}  // namespace maze
