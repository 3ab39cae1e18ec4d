// The Metropolis rule the annealing methods share (search/optimizers/cooling.cpp) on known
// scores: the gain and the energy in both acceptances, and how often a loss is taken. The
// optimizers' own tests compare runs with runs, which agree however the rule weighs a move.
#include "mazesearch/search/optimizers/cooling.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace cooling_test {

using maze::Acceptance;

Acceptance rule(const std::string& acceptance) {
    maze::Params p;
    p.set("acceptance", acceptance);
    return Acceptance(p);
}

TEST(Acceptance, DifferencesWeighTheScoresThemselves) {
    const Acceptance a = rule("difference");
    EXPECT_EQ(a.gain(200, 150), -50);
    EXPECT_EQ(a.gain(150, 200), 50);
    EXPECT_EQ(a.gain(-100, -150), -50);
    EXPECT_EQ(a.fitness(150), 150);
    EXPECT_EQ(a.fitness(0.5), 0.5);
}

// A gain is the difference as a share of the score it is measured from (at least 1), so a board
// 5% worse is the same loss at any scale; the energy is ln(score), at least ln 1.
TEST(Acceptance, RelativeGainsAreSharesOfTheScore) {
    const Acceptance a = rule("relative");
    EXPECT_DOUBLE_EQ(a.gain(200, 150), -0.25);
    EXPECT_DOUBLE_EQ(a.gain(150, 200), 50.0 / 150);
    EXPECT_DOUBLE_EQ(a.gain(1000, 950), -0.05);
    EXPECT_DOUBLE_EQ(a.gain(10, 9.5), -0.05);
    EXPECT_DOUBLE_EQ(a.gain(-100, -150), -0.5);  // a share of |from|
    EXPECT_DOUBLE_EQ(a.gain(0.5, 0.2), -0.3);    // from below 1: a share of 1
    EXPECT_DOUBLE_EQ(a.fitness(150), std::log(150.0));
    EXPECT_EQ(a.fitness(0.5), 0);
    EXPECT_EQ(a.fitness(-3), 0);
}

// A gain >= 0 is taken without a random number; a loss g at temperature t with probability
// exp(g / t), here 1/e: 5% worse at T = 0.05 under relative acceptance.
TEST(Acceptance, ALossIsTakenWithProbabilityExpGainOverT) {
    maze::Rng rng(7), copy(7);
    EXPECT_TRUE(Acceptance::accept(0, 0.05, rng));
    EXPECT_TRUE(Acceptance::accept(3, 0.05, rng));
    EXPECT_EQ(rng.next(), copy.next());  // nothing drawn
    const double g = rule("relative").gain(1000, 950);
    int taken = 0;
    const int n = 20000;
    for (int i = 0; i < n; ++i) taken += Acceptance::accept(g, 0.05, rng);
    EXPECT_NEAR(static_cast<double>(taken) / n, std::exp(-1.0), 0.02);
    EXPECT_FALSE(Acceptance::accept(-50, 1e-3, rng));
}

}  // namespace cooling_test
