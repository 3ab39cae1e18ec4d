#include "mazesearch/search/hamming_ball.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/engine/rng.hpp"

namespace {

using maze::Genome;
using maze::HammingBall;

Genome random_genome(std::size_t n, std::uint64_t seed) {
    maze::Rng rng(seed);
    Genome g(n);
    for (std::size_t i = 0; i < n; ++i) g.set(i, rng.bernoulli(0.4));
    return g;
}

// Everything the ball hands out, batch by batch.
std::vector<Genome> enumerate(HammingBall& ball, const Genome& centre, std::size_t max) {
    std::vector<Genome> all, batch;
    while (ball.next_batch(centre, max, batch)) {
        EXPECT_LE(batch.size(), max);
        all.insert(all.end(), batch.begin(), batch.end());
    }
    EXPECT_TRUE(batch.empty());
    return all;
}

TEST(HammingBall, SizesAreSumsOfBinomials) {
    for (std::uint64_t n : {0, 1, 2, 3, 5, 14, 23, 34, 167}) {
        const std::uint64_t c1 = n, c2 = n * (n - (n > 0)) / 2,
                            c3 = n >= 3 ? n * (n - 1) * (n - 2) / 6 : 0;
        EXPECT_EQ(maze::hamming_ball_size(n, 1), c1) << n;
        EXPECT_EQ(maze::hamming_ball_size(n, 2), c1 + c2) << n;
        EXPECT_EQ(maze::hamming_ball_size(n, 3), c1 + c2 + c3) << n;
        EXPECT_EQ(HammingBall(n, 3).size(), c1 + c2 + c3) << n;
    }
    EXPECT_EQ(maze::hamming_ball_size(167, 3), 167u + 13861u + 762355u);  // the 13x13 board
    EXPECT_EQ(maze::hamming_ball_size(10, 0), 0u);
    EXPECT_EQ(maze::hamming_ball_size(4, 10), 15u);  // every non-empty subset of 4 genes
    EXPECT_EQ(maze::binomial(64, 32), 1832624140942590534ull);
    EXPECT_THROW(maze::binomial(200, 100), std::overflow_error);
}

// Batches of any size cover the ball exactly: every genome at distance 1..r, each once, in
// canonical order (by distance, then lexicographic flip sets), compared with a brute-force
// scan of all 2^n genomes.
TEST(HammingBall, BatchesCoverExactlyTheBall) {
    const std::size_t n = 10;
    const Genome centre = random_genome(n, 3);
    for (int r = 1; r <= 3; ++r) {
        std::set<std::string> expected;
        for (std::uint64_t bits = 0; bits < (1u << n); ++bits) {
            Genome g(n);
            g.words()[0] = bits;
            const std::size_t d = g.distance(centre);
            if (d >= 1 && d <= static_cast<std::size_t>(r)) expected.insert(g.to_string());
        }
        for (std::size_t max : {std::size_t{1}, std::size_t{7}, std::size_t{4096}}) {
            HammingBall ball(n, r);
            const std::vector<Genome> all = enumerate(ball, centre, max);
            EXPECT_TRUE(ball.finished());
            EXPECT_EQ(ball.position(), ball.size());
            ASSERT_EQ(all.size(), ball.size());
            std::set<std::string> got;
            std::size_t last_distance = 1;
            for (const Genome& g : all) {
                got.insert(g.to_string());
                const std::size_t d = g.distance(centre);
                EXPECT_GE(d, last_distance);  // by distance
                EXPECT_LE(d, static_cast<std::size_t>(r));
                last_distance = d;
            }
            EXPECT_EQ(got.size(), all.size());  // distinct
            EXPECT_EQ(got, expected);
        }
    }
}

TEST(HammingBall, FlipSetsAreLexicographicWithinADistance) {
    HammingBall ball(5, 3);
    std::vector<std::vector<std::size_t>> sets;
    while (!ball.finished()) {
        sets.push_back(ball.flips());
        ball.advance();
    }
    ASSERT_EQ(sets.size(), 5u + 10u + 10u);
    EXPECT_EQ(sets[0], (std::vector<std::size_t>{0}));
    EXPECT_EQ(sets[4], (std::vector<std::size_t>{4}));
    EXPECT_EQ(sets[5], (std::vector<std::size_t>{0, 1}));
    EXPECT_EQ(sets[14], (std::vector<std::size_t>{3, 4}));
    EXPECT_EQ(sets[15], (std::vector<std::size_t>{0, 1, 2}));
    EXPECT_EQ(sets[24], (std::vector<std::size_t>{2, 3, 4}));
    for (std::size_t i = 1; i < sets.size(); ++i)
        if (sets[i].size() == sets[i - 1].size()) {
            EXPECT_LT(sets[i - 1], sets[i]);
        }
}

// Seeking to any position resumes the same sequence (checkpoints store the position).
TEST(HammingBall, SeekResumesAnywhere) {
    const std::size_t n = 9;
    const Genome centre = random_genome(n, 5);
    HammingBall full(n, 3);
    const std::vector<Genome> all = enumerate(full, centre, 1000);
    for (std::uint64_t pos = 0; pos <= all.size(); ++pos) {
        HammingBall ball(n, 3);
        ball.seek(pos);
        EXPECT_EQ(ball.position(), pos);
        const std::vector<Genome> rest = enumerate(ball, centre, 13);
        ASSERT_EQ(rest.size(), all.size() - pos);
        for (std::size_t i = 0; i < rest.size(); ++i) ASSERT_EQ(rest[i], all[pos + i]) << pos;
    }
    HammingBall ball(n, 3);
    EXPECT_THROW(ball.seek(ball.size() + 1), std::out_of_range);
}

TEST(HammingBall, EdgeCases) {
    EXPECT_THROW(HammingBall(5, -1), std::invalid_argument);
    std::vector<Genome> out{Genome(3)};
    HammingBall empty(0, 3);
    EXPECT_TRUE(empty.finished());
    EXPECT_FALSE(empty.next_batch(Genome(0), 10, out));
    EXPECT_TRUE(out.empty());
    HammingBall ball(6, 2);
    EXPECT_FALSE(ball.next_batch(Genome(6), 0, out));
    EXPECT_EQ(ball.position(), 0u);
    EXPECT_THROW(ball.next_batch(Genome(5), 10, out), std::invalid_argument);
    // Radius past n: every non-empty flip set.
    HammingBall all(3, 3);
    EXPECT_EQ(enumerate(all, Genome(3), 100).size(), 7u);
}

}  // namespace
