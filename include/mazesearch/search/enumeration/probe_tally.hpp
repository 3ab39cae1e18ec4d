// The sums of Knuth's random probes (estimate_tree of every model; exhaustive.hpp,
// TreeEstimate), written once for the cell tree and the passage forest: each probe of a tree adds
// its path's weight (its leaves), its boards and its moves; at the end of a tree its means go into
// the estimate, and the estimates of several trees (a forest) add up, their errors in quadrature.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze {

class ProbeTally {
  public:
    explicit ProbeTally(std::uint64_t probes) { estimate_.probes = probes; }

    // One probe of the current tree.
    void probe(double leaves, double boards, double steps) {
        leaves_.add(leaves);
        feasible_.add(boards);
        steps_.add(steps);
    }

    // The current tree's means and their variances into the estimate; the next probes are
    // another tree's.
    void end_tree() {
        if (estimate_.probes == 0) return;
        const double p = static_cast<double>(estimate_.probes);
        leaves_.end(p, estimate_.leaves);
        feasible_.end(p, estimate_.feasible);
        steps_.end(p, estimate_.steps);
    }

    // The estimate of the trees ended so far.
    TreeEstimate estimate() const {
        TreeEstimate e = estimate_;
        e.leaves_error = std::sqrt(leaves_.var);
        e.feasible_error = std::sqrt(feasible_.var);
        e.steps_error = std::sqrt(steps_.var);
        return e;
    }

  private:
    struct Sums {
        double sum = 0, sum_sq = 0;  // of the current tree
        double var = 0;              // of the means of the trees ended
        void add(double x) {
            sum += x;
            sum_sq += x * x;
        }
        void end(double p, double& mean) {
            const double m = sum / p;
            mean += m;
            var += std::max(0.0, sum_sq / p - m * m) / p;
            sum = sum_sq = 0;
        }
    };
    TreeEstimate estimate_;
    Sums leaves_, feasible_, steps_;
};

}  // namespace maze
