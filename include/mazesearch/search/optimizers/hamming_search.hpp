// Exhaustive search of a Hamming ball (paper Section 4.4: the neighbourhood of radius 3 around
// M_36314). The centre is the given board or a random feasible one; it is scored first. Mode
// `report` scores every board at distance 1..radius once and ends. Mode `climb` moves the centre
// to the best strictly better board of the ball (the earliest in canonical order on ties) and
// searches again, and ends at a centre that nothing in its ball beats. One step is one batch of
// the ball (at most kHammingBatch boards, scored in parallel).
#pragma once

#include <cstdint>
#include <vector>

#include "mazesearch/search/hamming_ball.hpp"
#include "mazesearch/search/optimizer_support.hpp"

namespace maze {

constexpr std::size_t kHammingBatch = 4096;

class HammingSearch : public OptimizerBase {
  public:
    // What it reads of its keys: radius [1] (1..3), mode climb|report [climb], p_blocked
    // [0.25]; and what it checks before it starts (check_optimizer).
    struct Settings {
        explicit Settings(const Params& params);
        // A feasible centre, when one is given.
        void check(const Target& target, const std::vector<Genome>& initial) const;

        int radius;
        bool climb;
        double p_blocked;
    };
    explicit HammingSearch(const Params& params) : set_(params) {}
    // With settings already checked (CheckedOptimizer::make).
    explicit HammingSearch(const Settings& set) : set_(set) {}

    std::string kind() const override { return "hamming"; }
    MAZESEARCH_SEARCH_STEPS
    bool done() const override { return s_.done; }

    const Genome& centre() const { return s_.centre; }
    double centre_value() const { return s_.centre_value; }
    // Centres whose ball was searched completely.
    std::uint64_t balls() const { return s_.balls; }

  private:
    Settings set_;

    struct State {
        std::vector<Genome> initial;
        bool has_centre = false;
        Genome centre;
        Real centre_value;
        HammingBall ball{0, 1};
        bool has_better = false;  // climb: the best board of this ball that beats the centre
        Genome better;
        Real better_value;
        std::uint64_t balls = 0;
        bool done = false;
        MAZESEARCH_DEFINE_STATE(State, initial, has_centre, centre, centre_value, ball, has_better,
                                better, better_value, balls, done)
    };
    State s_;
};

}  // namespace maze
