#include "mazesearch/engine/rng.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>

using maze::derive_seed;
using maze::Rng;

TEST(Rng, SameSeedSameStreamDifferentSeedDifferentStream) {
    Rng a(42);
    Rng b(42);
    Rng c(43);
    int differ = 0;
    for (int i = 0; i < 100; ++i) {
        const auto x = a.next();
        EXPECT_EQ(x, b.next());
        differ += x != c.next();
    }
    EXPECT_GT(differ, 95);
}

TEST(Rng, BelowIsInRangeAndRoughlyUniform) {
    Rng rng(7);
    std::array<int, 6> hist{};
    for (int i = 0; i < 60000; ++i) {
        const auto v = rng.below(6);
        ASSERT_LT(v, 6u);
        ++hist[v];
    }
    for (int h : hist) EXPECT_NEAR(h, 10000, 400);
}

TEST(Rng, UniformAndBernoulli) {
    Rng rng(9);
    int hits = 0;
    for (int i = 0; i < 100000; ++i) {
        const double u = rng.uniform();
        ASSERT_GE(u, 0.0);
        ASSERT_LT(u, 1.0);
        hits += rng.bernoulli(0.25);
    }
    EXPECT_NEAR(hits, 25000, 600);
}

TEST(Rng, DerivedSeedsDependOnEveryId) {
    // Pinned values, computed outside the engine from the documented definition: SplitMix64 of
    // the master seed, then for each id state = h ^ id * 0xD1B54A32D192ED03, h = SplitMix64(state).
    // Every run's seeds come from here, so a change breaks reproducing and resuming runs.
    std::uint64_t state = 0;
    EXPECT_EQ(maze::splitmix64(state), 0xE220A8397B1DCDAFull);  // SplitMix64's reference output
    EXPECT_EQ(derive_seed(1, {2, 3}), 0xC731522A95CFCC29ull);
    EXPECT_EQ(derive_seed(1, {3, 2}), 0xFBC4C731EB1E5AF5ull);
    EXPECT_EQ(derive_seed(2, {2, 3}), 0x7B7358A580C94D77ull);
    EXPECT_EQ(derive_seed(1, {0}), 0x5E41AB087439611Eull);
    EXPECT_EQ(derive_seed(1, {0, 0}), 0xB18A02F46D8D86C3ull);
    EXPECT_NE(derive_seed(1, {2, 3}), derive_seed(1, {3, 2}));
    EXPECT_NE(derive_seed(1, {2, 3}), derive_seed(2, {2, 3}));
    EXPECT_NE(derive_seed(1, {0}), derive_seed(1, {0, 0}));
}

TEST(Rng, StateRoundTrips) {
    Rng a(5);
    a.next();
    Rng b(0);
    b.set_state(a.state());
    for (int i = 0; i < 10; ++i) EXPECT_EQ(a.next(), b.next());
}
