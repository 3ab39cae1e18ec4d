#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>

#include "mazesearch/search/enumeration/decision_tree.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"
#include "mazesearch/search/rng.hpp"

namespace maze {

using namespace enumeration;

TreeEstimate estimate_tree(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                           std::uint64_t seed) {
    const Board shape(rows, cols, start, exit);
    if (rows * cols > kMaxEnumerationCells || (rows + 2) * (cols + 2) > kMaxPadded)
        throw std::invalid_argument("enumeration handles grids of at most 64 cells");
    const Grid g(rows, cols, start, exit);
    Rng rng(seed);
    double sum = 0, sum_sq = 0, fsum = 0, fsum_sq = 0, ssum = 0, ssum_sq = 0;
    for (std::uint64_t i = 0; i < probes; ++i) {
        Node n = root(g);
        double weight = 1;
        double steps = 0;  // this probe's estimate of the moves simulated over the tree
        for (;;) {
            int cell = 0;
            const std::uint32_t before = n.moves;
            const Status st = advance(g, n, cell);
            steps += weight * (n.moves - before);
            if (st == Status::Leaf) break;
            Node blocked = n;
            decide(g, blocked, cell, false);
            const bool can_block = exit_reachable(g, blocked);
            if (can_block) {
                weight *= 2;
                if (rng.below(2)) {
                    n = blocked;
                    continue;
                }
            }
            decide(g, n, cell, true);
        }
        const double boards =
            weight * std::ldexp(1.0, std::popcount(g.all & ~(n.open | n.blocked)));
        sum += weight;
        sum_sq += weight * weight;
        fsum += boards;
        fsum_sq += boards * boards;
        ssum += steps;
        ssum_sq += steps * steps;
    }
    TreeEstimate e;
    e.probes = probes;
    if (probes) {
        const double p = static_cast<double>(probes);
        e.leaves = sum / p;
        e.feasible = fsum / p;
        e.leaves_error = std::sqrt(std::max(0.0, sum_sq / p - e.leaves * e.leaves) / p);
        e.feasible_error = std::sqrt(std::max(0.0, fsum_sq / p - e.feasible * e.feasible) / p);
        e.steps = ssum / p;
        e.steps_error = std::sqrt(std::max(0.0, ssum_sq / p - e.steps * e.steps) / p);
    }
    return e;
}

}  // namespace maze
