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
    // Keys: radius [1] (1..3), mode climb|report [climb], p_blocked [0.25].
    explicit HammingSearch(const Params& params);

    std::string kind() const override { return "hamming"; }
    void start(const Target& target, std::uint64_t seed,
               const std::vector<Genome>& initial = {}) override;
    void step(Evaluator& ev) override;
    bool done() const override { return done_; }
    nlohmann::json save() const override;
    void restore(const nlohmann::json& state) override;

    const Genome& centre() const { return centre_; }
    double centre_value() const { return centre_value_; }
    // Centres whose ball was searched completely.
    std::uint64_t balls() const { return balls_; }

  private:
    int radius_;
    bool climb_;
    double p_blocked_;

    std::vector<Genome> initial_;
    bool has_centre_ = false;
    Genome centre_;
    double centre_value_ = 0;
    HammingBall ball_{0, 1};
    bool has_better_ = false;  // climb: the best board of this ball that beats the centre
    Genome better_;
    double better_value_ = 0;
    std::uint64_t balls_ = 0;
    bool done_ = false;
};

}  // namespace maze
