#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>

#include "mazesearch/engine/rng.hpp"
#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/search/enumeration/decision_tree.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"
#include "mazesearch/search/enumeration/probe_tally.hpp"

namespace maze {

using namespace enumeration;

namespace {

// One random dive from n to a leaf: the product of the branching factors along the path,
// weighting the moves simulated at each depth, is an unbiased estimate of the moves simulated
// over the subtree below n. `leaf_weight` receives the path's weight (the leaves estimate) and
// `free_cells` the cells its leaf left undecided (2^free_cells boards).
double probe_steps(const Grid& g, Node n, Rng& rng, double& leaf_weight, int& free_cells) {
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

}  // namespace

std::vector<double> estimate_subtrees(int rows, int cols, Cell start, Cell exit,
                                      std::size_t frontier_size, std::uint64_t probes,
                                      std::uint64_t seed, int threads, std::size_t part,
                                      std::size_t parts) {
    const Board shape(rows, cols, start, exit);
    if (rows * cols > kMaxEnumerationCells || (rows + 2) * (cols + 2) > kMaxPadded)
        throw std::invalid_argument("enumeration handles grids of at most 64 cells");
    const Grid g(rows, cols, start, exit);
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

TreeEstimate estimate_tree(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                           std::uint64_t seed) {
    const Board shape(rows, cols, start, exit);
    if (rows * cols > kMaxEnumerationCells || (rows + 2) * (cols + 2) > kMaxPadded)
        throw std::invalid_argument("enumeration handles grids of at most 64 cells");
    const Grid g(rows, cols, start, exit);
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

}  // namespace maze
