// The lazy decision tree of the exhaustive enumeration, written once for every board model
// whose boards are decided one unit at a time (a cell open or blocked, a passage open or
// walled): the square cell boards (models/cells/cell_tree.hpp, Grid), the hexagonal boards
// (models/hex/hex_tree.hpp, HexGrid) and the passage boards of Mouse Maze 2
// (models/passages/passage_tree.hpp, Grid). A node holds the units decided so far and the walk
// up to the first unit the mouse looks at that is not decided; the tree branches there.
//
// A model's grid type G gives, found beside it by argument-dependent lookup (N is its node):
//
//   root(g) -> N                             nothing decided, the mouse at the start
//   advance<kCols>(g, n, unit) -> Status     walk on to the exit (Leaf) or an undecided unit
//   decide(g, n, unit, open)                 fix that unit
//   exit_reachable(g, n)                     can the mouse still reach the exit?
//   exit_reachable_without<kCols>(g, n, unit)  ... with `unit` closed as well
//   copy_node(to, from, g)                   the part of a node the grid uses
//   leaf_value(g, n, objective)              a finished walk's value
//   undecided_units(g, n)                    a leaf stands for 2^that boards
//   leaf_boards(g, n, cap, out)              the texts of a leaf's first `cap` boards, text order
//   G::kWidthSpecialised                     advance<kCols> has a walk per width (kCols 0: read
//                                            the width at run time)
//   moves_bound(g, n), optional              an upper bound on the moves of every board below n;
//                                            the models that have one take a floor (at_least)
//
// A job's grid may be a forest of such grids (the passage boards of every entrance and exit
// column); its subtrees are cut from all of them, entrance-major. The model's step rule stays in
// its grid's advance(); the frontier, the depth-first collector, the leaves' counts and boards
// and Knuth's estimates are here.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "mazesearch/engine/rng.hpp"
#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"
#include "mazesearch/search/enumeration/probe_tally.hpp"
#include "mazesearch/search/enumeration/subtree_driver.hpp"

namespace maze::enumeration {

enum class Status { Leaf, Branch };

template <class G>
using NodeOf = decltype(root(std::declval<const G&>()));

// Whether a model's tree has a bound, and so takes a floor.
template <class G>
concept BoundedTree = requires(const G& g, const NodeOf<G>& n) {
    { moves_bound(g, n) } -> std::convertible_to<std::uint64_t>;
};

// A subtree: the grid of the forest it grows from and its root.
template <class G>
struct Subtree {
    int grid;
    NodeOf<G> node;
};

// Cuts the forest into at least `want` subtrees (or all of them, if fewer), in canonical order:
// the roots grid by grid, then level by level, a node's open child before its closed child.
template <class G>
std::vector<Subtree<G>> frontier(const std::vector<G>& forest, std::size_t want) {
    std::vector<Subtree<G>> level;
    for (std::size_t i = 0; i < forest.size(); ++i)
        level.push_back({static_cast<int>(i), root(forest[i])});
    for (;;) {
        if (level.size() >= want) return level;
        std::vector<Subtree<G>> next;
        bool branched = false;
        for (Subtree<G>& t : level) {
            const G& g = forest[static_cast<std::size_t>(t.grid)];
            int unit = 0;
            NodeOf<G> probe = t.node;
            if (advance(g, probe, unit) == Status::Leaf || level.size() >= want) {
                next.push_back(t);
                continue;
            }
            branched = true;
            NodeOf<G> opened = probe;
            decide(g, opened, unit, true);
            next.push_back({t.grid, opened});
            decide(g, probe, unit, false);
            if (exit_reachable(g, probe)) next.push_back({t.grid, probe});
        }
        level.swap(next);
        if (!branched) return level;
    }
}

template <class G>
struct Collector {
    using N = NodeOf<G>;
    const G* g = nullptr;  // the grid of the subtree being explored
    std::size_t cap;
    std::uint64_t at_least;  // a floor: only the boards worth at least this count (BoundedTree)
    EnumerationResult r;     // r.objective says what a leaf is worth
    // Boards per value, indexed by the value: a leaf adds to it without the std::map lookup of
    // r.histogram, into which explore() folds it once per subtree.
    std::vector<std::uint64_t> counts = {};

    [[gnu::always_inline]] void leaf(const N& n) {
        ++r.leaves;
        const std::uint64_t value = leaf_value(*g, n, r.objective);
        if constexpr (BoundedTree<G>)
            if (value < at_least) return;
        const std::uint64_t boards = std::uint64_t{1} << undecided_units(*g, n);
        r.feasible += boards;
        if (value >= counts.size()) counts.resize(value + 1, 0);
        counts[value] += boards;
        if (value >= r.optimum || r.optimal_boards == 0) best(n, value, boards);
    }

    // A leaf worth at least the best so far: the optimum and its boards. Out of line, so that
    // the common part of leaf() stays small enough to inline into the walk.
    [[gnu::noinline]] void best(const N& n, std::uint64_t value, std::uint64_t boards) {
        if (r.raise_optimum(value, boards)) {
            leaf_boards(*g, n, cap, r.boards);
            if (r.boards.size() > 2 * cap) trim_boards(r.boards, cap);
        }
    }

    // Depth-first over the subtree below n (which it uses up); kCols is g->cols, or 0.
    template <int kCols>
    void walk(N& n) {
        for (;;) {
            int unit = 0;
            const std::uint32_t before = n.moves;
            const Status st = advance<kCols>(*g, n, unit);
            r.steps += n.moves - before;
            if (st == Status::Leaf) {
                leaf(n);
                return;
            }
            // Moves bound max visits too, so the one bound serves both objectives.
            if constexpr (BoundedTree<G>)
                if (at_least > 0 && moves_bound(*g, n) < at_least) {
                    ++r.cuts;
                    return;
                }
            // When closing the unit cuts the exit off (every completion of that child is
            // infeasible), the open child is the only one and walks on in place: no copy.
            if (exit_reachable_without<kCols>(*g, n, unit)) {
                N opened;
                copy_node(opened, n, *g);
                decide(*g, opened, unit, true);
                walk<kCols>(opened);
                decide(*g, n, unit, false);
            } else {
                decide(*g, n, unit, true);
            }
        }
    }

    void flush() {}  // explore() folds its counts into r itself

    // The whole subtree below n on grid g (which it uses up), its histogram folded into r's.
    void explore(const G& grid, N& n) {
        g = &grid;
        if constexpr (G::kWidthSpecialised) {
            // The width as a compile-time constant: the walk's loads and the flood's shifts take
            // constant offsets. Every width a board can have (1 to kMaxSide = 16) has its own
            // walk; walk<0>, which reads the width at run time, is only a fallback.
            static constexpr auto walks = []<std::size_t... k>(std::index_sequence<k...>) {
                return std::array{&Collector::walk<static_cast<int>(k)>...};
            }
            (std::make_index_sequence<17>{});
            (this->*walks[g->cols < 17 ? static_cast<std::size_t>(g->cols) : 0])(n);
        } else {
            walk<0>(n);
        }
        for (std::size_t value = 0; value < counts.size(); ++value)
            if (counts[value]) {
                r.histogram[value] += counts[value];
                counts[value] = 0;
            }
    }
};

// The tree of a job's grid (a forest of one grid or more), cut once into its frontier subtrees.
template <class G>
class DecisionTree final : public EnumerationTree {
  public:
    // `empty`: the empty result of the job's grid (EnumerationResult::of).
    DecisionTree(std::vector<G> forest, std::size_t want, EnumerationResult empty)
        : DecisionTree(cut(std::move(forest), std::max<std::size_t>(want, 1)),
                       std::max<std::size_t>(want, 1), std::move(empty)) {}

    EnumerationResult run(const EnumerationOptions& options) const override {
        if constexpr (!BoundedTree<G>)
            if (options.at_least > 0)
                throw std::invalid_argument(
                    "this model's enumeration counts every board (it has no bound for at_least)");
        const std::vector<std::size_t> mine = selected(options);
        const EnumerationResult total = empty_result(options);
        return explore_subtrees(
            options, mine, subtrees_.size(), total,
            [&] {
                return Collector<G>{nullptr, options.board_cap, options.at_least, total};
            },
            [&](Collector<G>& c, std::size_t i) {
                const Subtree<G>& t = subtrees_[i];
                NodeOf<G> n = t.node;
                c.explore(forest_[static_cast<std::size_t>(t.grid)], n);
            });
    }

  private:
    using Cut = std::pair<std::vector<G>, std::vector<Subtree<G>>>;
    static Cut cut(std::vector<G> forest, std::size_t want) {
        std::vector<Subtree<G>> subtrees = enumeration::frontier(forest, want);
        return {std::move(forest), std::move(subtrees)};
    }
    DecisionTree(Cut cut, std::size_t want, EnumerationResult empty)
        : EnumerationTree(want, cut.second.size(), std::move(empty)),
          forest_(std::move(cut.first)),
          subtrees_(std::move(cut.second)) {}

    std::vector<G> forest_;
    std::vector<Subtree<G>> subtrees_;
};

// One random dive from n to a leaf: the product of the branching factors along the path,
// weighting the moves simulated at each depth, is an unbiased estimate of the moves simulated
// over the subtree below n. `leaf_weight` receives the path's weight (the leaves estimate; 0 when
// the floor `at_least` cut the path) and `free_units` the units its leaf left undecided
// (2^free_units boards).
template <class G>
double probe_steps(const G& g, NodeOf<G> n, Rng& rng, double& leaf_weight, int& free_units,
                   std::uint64_t at_least = 0) {
    double weight = 1;
    double steps = 0;
    for (;;) {
        int unit = 0;
        const std::uint32_t before = n.moves;
        const Status st = advance(g, n, unit);
        steps += weight * (n.moves - before);
        if (st == Status::Leaf) break;
        if constexpr (BoundedTree<G>)
            if (at_least > 0 && moves_bound(g, n) < at_least) {
                weight = 0;  // cut: no leaf below
                break;
            }
        NodeOf<G> closed = n;
        decide(g, closed, unit, false);
        if (exit_reachable(g, closed)) {
            weight *= 2;
            if (rng.below(2)) {
                n = closed;
                continue;
            }
        }
        decide(g, n, unit, true);
    }
    leaf_weight = weight;
    free_units = static_cast<int>(undecided_units(g, n));
    return steps;
}

// The expected moves simulated below each frontier subtree (exhaustive.hpp, estimate_subtrees).
template <class G>
std::vector<double> estimate_subtrees_of(const std::vector<G>& forest, std::size_t frontier_size,
                                         std::uint64_t probes, std::uint64_t seed, int threads,
                                         std::size_t part, std::size_t parts) {
    const std::vector<Subtree<G>> subtrees =
        frontier(forest, std::max<std::size_t>(frontier_size, 1));
    std::vector<double> out(subtrees.size(), 0);
    WorkerTeam team(threads);
    parts = std::max<std::size_t>(parts, 1);
    team.run(subtrees.size(), [&](std::size_t i, int) {
        if (i % parts != part) return;
        // Each subtree's probes from a stream of its own: the same estimate whichever thread.
        Rng rng(derive_seed(seed, {7, i}));
        double sum = 0, weight = 0;
        int free_units = 0;
        const G& g = forest[static_cast<std::size_t>(subtrees[i].grid)];
        for (std::uint64_t p = 0; p < probes; ++p)
            sum += probe_steps(g, subtrees[i].node, rng, weight, free_units);
        out[i] = probes ? sum / static_cast<double>(probes) : 0;
    });
    return out;
}

// Knuth's random-probe estimate of the whole forest (exhaustive.hpp, estimate_tree): each tree
// from all the probes, one stream, the trees' estimates summed; the tree a floor cuts, for the
// models with a bound.
template <class G>
TreeEstimate estimate_tree_of(const std::vector<G>& forest, std::uint64_t probes,
                              std::uint64_t seed, std::uint64_t at_least = 0) {
    Rng rng(seed);
    ProbeTally tally(probes);
    for (const G& g : forest) {
        const NodeOf<G> top = root(g);
        for (std::uint64_t i = 0; i < probes; ++i) {
            double weight = 1;
            int free_units = 0;
            const double steps = probe_steps(g, top, rng, weight, free_units, at_least);
            tally.probe(weight, weight * std::ldexp(1.0, free_units), steps);
        }
        tally.end_tree();
    }
    return tally.estimate();
}

}  // namespace maze::enumeration
