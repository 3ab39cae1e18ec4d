// The exhaustive enumeration of the board models whose boards are sets of open cells, written once
// over the model's grid: the square cell boards (decision_tree.hpp, Grid; enumerate.cpp) and the
// hexagonal boards (models/hex/hex_tree.hpp, HexGrid). A grid type G gives, beside itself:
//
//   root(g) -> Node                     the root: start and exit open, the mouse on the start
//   advance<kCols>(g, n, cell) -> Status  walk on to the exit (Leaf) or an undecided cell
//   decide(g, n, cell, open)            fix that cell
//   exit_reachable<kCols>(g, open, blocked), exit_reachable(g, n)
//   max_visits(g, n)                    the largest count of the walk so far
//   g.rows, g.cols, g.all, g.padded, g.bit(pad), g.board_text(cells) (the text of a board from
//   its cells' characters, row-major), G::kWidthSpecialised (whether advance<kCols> has a walk
//   compiled for each width; kCols 0 reads the width at run time)
//
// and the tree, its frontier, its collector and Knuth's estimate are the same for all of them.
// A model's step rule stays in its grid's advance(); everything else about a leaf (its boards'
// count, value and texts) is here.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mazesearch/engine/rng.hpp"
#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/search/enumeration/decision_tree.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"
#include "mazesearch/search/enumeration/probe_tally.hpp"
#include "mazesearch/search/enumeration/subtree_driver.hpp"

namespace maze::enumeration {

// Cuts the tree into at least `want` subtrees (or all of them, if fewer), in canonical order:
// level by level, a node's open child before its blocked child.
template <class G>
std::vector<Node> frontier(const G& g, std::size_t want) {
    std::vector<Node> level{root(g)};
    for (;;) {
        std::vector<Node> next;
        bool branched = false;
        for (Node& n : level) {
            int cell = 0;
            Node probe = n;
            if (advance(g, probe, cell) == Status::Leaf || level.size() >= want) {
                next.push_back(n);
                continue;
            }
            branched = true;
            Node opened = probe;
            decide(g, opened, cell, true);
            next.push_back(opened);
            decide(g, probe, cell, false);
            if (exit_reachable(g, probe)) next.push_back(probe);
        }
        level.swap(next);
        if (!branched || level.size() >= want) return level;
    }
}

// Board texts of the completions of a leaf (its undecided cells free), up to `cap`, in text order.
template <class G>
void leaf_boards(const G& g, const Node& n, Cell start, Cell exit, std::size_t cap,
                 std::vector<std::string>& out) {
    const std::uint64_t undecided = g.all & ~(n.open | n.blocked);
    std::vector<int> free_bits;
    for (std::uint64_t u = undecided; u; u &= u - 1) free_bits.push_back(std::countr_zero(u));
    const std::uint64_t count =
        free_bits.size() >= 63 ? ~std::uint64_t{0} : std::uint64_t{1} << free_bits.size();
    // In text order '#' < '.', so "blocked" first: iterate masks of open free cells from the
    // lowest, with the earliest cell as the most significant choice.
    const std::uint64_t wanted = std::min<std::uint64_t>(count, cap);
    for (std::uint64_t m = 0; m < wanted; ++m) {
        std::string cells;
        for (int r = 0; r < g.rows; ++r) {
            for (int c = 0; c < g.cols; ++c) {
                const int b = r * g.cols + c;
                char ch;
                if (Cell{r, c} == start)
                    ch = 'S';
                else if (Cell{r, c} == exit)
                    ch = 'E';
                else if (n.open >> b & 1)
                    ch = '.';
                else if (n.blocked >> b & 1)
                    ch = '#';
                else {
                    const auto it = std::find(free_bits.begin(), free_bits.end(), b);
                    const size_t k = static_cast<size_t>(it - free_bits.begin());
                    ch = (m >> (free_bits.size() - 1 - k) & 1) ? '.' : '#';
                }
                cells += ch;
            }
        }
        out.push_back(g.board_text(cells));
    }
}

template <class G>
struct Collector {
    const G* g;
    Cell start, exit;
    std::size_t cap;
    EnumerationResult r;  // r.objective says what a leaf is worth
    // Boards per value, indexed by the value: a leaf adds to it without the std::map lookup of
    // r.histogram, into which explore() folds it once per subtree.
    std::vector<std::uint64_t> counts = {};

    [[gnu::always_inline]] void leaf(const Node& n) {
        const int undecided = g->rows * g->cols - n.decided;
        const std::uint64_t boards = std::uint64_t{1} << undecided;
        const std::uint64_t value =
            r.objective == WalkObjective::MaxVisits ? max_visits(*g, n) : n.moves;
        ++r.leaves;
        r.feasible += boards;
        if (value >= counts.size()) counts.resize(value + 1, 0);
        counts[value] += boards;
        if (value >= r.optimum || r.optimal_boards == 0) best(n, value, boards);
    }

    // A leaf worth at least the best so far: the optimum and its boards. Out of line, so that
    // the common part of leaf() stays small enough to inline into the walk.
    [[gnu::noinline]] void best(const Node& n, std::uint64_t value, std::uint64_t boards) {
        if (r.raise_optimum(value, boards)) {
            leaf_boards(*g, n, start, exit, cap, r.boards);
            if (r.boards.size() > 2 * cap) trim_boards(r.boards, cap);
        }
    }

    // Depth-first over the subtree below n (which it uses up); kCols is g->cols, or 0.
    template <int kCols>
    void walk(Node& n) {
        for (;;) {
            int cell = 0;
            const std::uint32_t before = n.moves;
            const Status st = advance<kCols>(*g, n, cell);
            r.steps += n.moves - before;
            if (st == Status::Leaf) {
                leaf(n);
                return;
            }
            // When blocking the cell cuts the exit off (every completion of that child is
            // infeasible), the open child is the only one and walks on in place: no copy.
            if (exit_reachable<kCols>(*g, n.open, n.blocked | g->bit(cell))) {
                Node opened;
                copy_node(opened, n, g->padded);  // only the grid's part of the counts
                decide(*g, opened, cell, true);
                walk<kCols>(opened);
                decide(*g, n, cell, false);
            } else {
                decide(*g, n, cell, true);
            }
        }
    }

    void flush() {}  // explore() folds its counts into r itself

    // The whole subtree below n (which it uses up), its histogram folded into r's.
    void explore(Node& n) {
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

// The tree of a grid, cut once into its frontier subtrees.
template <class G>
class CellSetTree final : public EnumerationTree {
  public:
    // `empty`: the empty result of the grid (EnumerationResult::of).
    CellSetTree(const G& g, Cell start, Cell exit, std::size_t want, EnumerationResult empty)
        : CellSetTree(g, start, exit, want, std::move(empty),
                      enumeration::frontier(g, std::max<std::size_t>(want, 1))) {}

    EnumerationResult run(const EnumerationOptions& options) const override {
        if (options.at_least > 0)
            throw std::invalid_argument("the cell enumeration counts every board (no at_least)");
        const std::vector<std::size_t> mine = selected(options);
        const EnumerationResult total = empty_result(options);
        return explore_subtrees(
            options, mine, nodes_.size(), total,
            [&] {
                return Collector<G>{&g_, start_, exit_, options.board_cap, total};
            },
            [&](Collector<G>& c, std::size_t i) {
                Node n = nodes_[i];
                c.explore(n);
            });
    }

  private:
    CellSetTree(const G& g, Cell start, Cell exit, std::size_t want, EnumerationResult empty,
                std::vector<Node> nodes)
        : EnumerationTree(std::max<std::size_t>(want, 1), nodes.size(), std::move(empty)),
          start_(start),
          exit_(exit),
          g_(g),
          nodes_(std::move(nodes)) {}

    Cell start_, exit_;
    G g_;
    std::vector<Node> nodes_;
};

// One random dive from n to a leaf: the product of the branching factors along the path,
// weighting the moves simulated at each depth, is an unbiased estimate of the moves simulated
// over the subtree below n. `leaf_weight` receives the path's weight (the leaves estimate) and
// `free_cells` the cells its leaf left undecided (2^free_cells boards).
template <class G>
double probe_steps(const G& g, Node n, Rng& rng, double& leaf_weight, int& free_cells) {
    double weight = 1;
    double steps = 0;
    for (;;) {
        int cell = 0;
        const std::uint32_t before = n.moves;
        const Status st = advance(g, n, cell);
        steps += weight * (n.moves - before);
        if (st == Status::Leaf) break;
        Node blocked = n;
        decide(g, blocked, cell, false);
        if (exit_reachable(g, blocked)) {
            weight *= 2;
            if (rng.below(2)) {
                n = blocked;
                continue;
            }
        }
        decide(g, n, cell, true);
    }
    leaf_weight = weight;
    free_cells = std::popcount(g.all & ~(n.open | n.blocked));
    return steps;
}

// The expected moves simulated below each frontier subtree (exhaustive.hpp, estimate_subtrees).
template <class G>
std::vector<double> estimate_subtrees_of(const G& g, std::size_t frontier_size,
                                         std::uint64_t probes, std::uint64_t seed, int threads,
                                         std::size_t part, std::size_t parts) {
    const std::vector<Node> nodes = frontier(g, std::max<std::size_t>(frontier_size, 1));
    std::vector<double> out(nodes.size(), 0);
    WorkerTeam team(threads);
    parts = std::max<std::size_t>(parts, 1);
    team.run(nodes.size(), [&](std::size_t i, int) {
        if (i % parts != part) return;
        // Each subtree's probes from a stream of its own: the same estimate whichever thread.
        Rng rng(derive_seed(seed, {7, i}));
        double sum = 0, weight = 0;
        int free_cells = 0;
        for (std::uint64_t p = 0; p < probes; ++p)
            sum += probe_steps(g, nodes[i], rng, weight, free_cells);
        out[i] = probes ? sum / static_cast<double>(probes) : 0;
    });
    return out;
}

// Knuth's random-probe estimate of the whole tree (exhaustive.hpp, estimate_tree).
template <class G>
TreeEstimate estimate_tree_of(const G& g, std::uint64_t probes, std::uint64_t seed) {
    Rng rng(seed);
    ProbeTally tally(probes);
    const Node top = root(g);
    for (std::uint64_t i = 0; i < probes; ++i) {
        double weight = 1;
        int free_cells = 0;
        const double steps = probe_steps(g, top, rng, weight, free_cells);
        tally.probe(weight, weight * std::ldexp(1.0, free_cells), steps);
    }
    tally.end_tree();
    return tally.estimate();
}

}  // namespace maze::enumeration
