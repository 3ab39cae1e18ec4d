#include "mazesearch/experiments/stats/rank_compare.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <utility>
#include <vector>

using maze::experiments::stats::mann_whitney;
using maze::experiments::stats::mann_whitney_null_counts;
using maze::experiments::stats::Method;
using maze::experiments::stats::middle_of;
using maze::experiments::stats::normal_quantile;
using maze::experiments::stats::shift_interval;

namespace {

using Sample = std::vector<double>;

// Reference numbers printed by SciPy 1.10.1; every p-value is compared to a relative 1e-12.
void expect_p(double got, double want) {
    EXPECT_NEAR(got, want, 1e-12 * want) << want;
}

// The null distribution of U by enumerating every split of the ranks 0..n+m-1 into n for a and m
// for b: U counts, for each rank of a, the ranks of b below it.
std::vector<double> brute_null(int n, int m) {
    std::vector<double> counts(static_cast<std::size_t>(n * m) + 1, 0.0);
    for (std::uint32_t mask = 0; mask < (1u << (n + m)); ++mask) {
        if (std::popcount(mask) != n) continue;
        int u = 0, b_below = 0;
        for (int r = 0; r < n + m; ++r) {
            const bool in_a = mask >> r & 1u;
            u += in_a ? b_below : 0;  // a value of a beats every value of b below it
            b_below += in_a ? 0 : 1;
        }
        counts[static_cast<std::size_t>(u)] += 1;
    }
    return counts;
}

// P(U <= u) from counts.
double cdf(const std::vector<double>& counts, int u) {
    double below = 0;
    for (int i = 0; i <= u; ++i) below += counts[static_cast<std::size_t>(i)];
    return below / std::accumulate(counts.begin(), counts.end(), 0.0);
}

// All differences a_i - b_j, unsorted.
Sample differences(const Sample& a, const Sample& b) {
    Sample d;
    for (double x : a)
        for (double y : b) d.push_back(x - y);
    return d;
}

// The k-th smallest of d (k from 1) by counting, without sorting: the x in d with fewer than k
// values below it and at least k values at or below it.
double kth_smallest(const Sample& d, std::size_t k) {
    for (double x : d) {
        std::size_t below = 0, at_or_below = 0;
        for (double y : d) {
            below += y < x;
            at_or_below += y <= x;
        }
        if (below < k && k <= at_or_below) return x;
    }
    ADD_FAILURE() << "no " << k << "-th smallest";
    return std::numeric_limits<double>::quiet_NaN();
}

double brute_median(const Sample& d) {
    const std::size_t n = d.size();
    return n % 2 ? kth_smallest(d, n / 2 + 1)
                 : (kth_smallest(d, n / 2) + kth_smallest(d, n / 2 + 1)) / 2;
}

// Distinct, irregular values for the shift tests.
Sample wobbly(int n, double scale, double offset) {
    Sample s;
    for (int i = 0; i < n; ++i) s.push_back(offset + scale * std::sin(1.7 * i + 0.3) + 0.001 * i);
    return s;
}

const Sample kA5 = {3.1, 7.4, 2.2, 9.8, 5.5};
const Sample kB6 = {1.0, 4.3, 6.6, 0.7, 2.9, 8.1};
const Sample kA10 = {12.5, 8.25, 15.0, 9.75, 11.0, 14.5, 7.5, 13.25, 10.5, 16.0};
const Sample kB10 = {6.0, 9.0, 5.5, 10.0, 7.0, 8.5, 11.5, 4.5, 6.5, 12.0};
// Integer scores with repeats, within and between the samples.
const Sample kTiedA = {3, 5, 5, 7, 8, 8, 8, 10, 12, 12};
const Sample kTiedB = {1, 2, 3, 3, 5, 6, 6, 7, 7, 9, 10, 11};

// 30 and 40 values, whole numbers with ties or with fractions added and no ties (the Python
// lists are in MannWhitney.LargeSamples).
std::pair<Sample, Sample> large(bool tied) {
    Sample a, b;
    for (int i = 0; i < 30; ++i) a.push_back((i * 37) % 53 + (tied ? 0.0 : 0.25));
    for (int j = 0; j < 40; ++j) b.push_back((j * 17) % 47 + (tied ? 5.0 : 0.5));
    return {a, b};
}

}  // namespace

TEST(MannWhitneyNull, MatchesBruteForceEnumeration) {
    for (int n = 1; n <= 6; ++n)
        for (int m = 1; m <= 7; ++m) {
            const std::vector<double> got =
                mann_whitney_null_counts(static_cast<std::size_t>(n), static_cast<std::size_t>(m));
            EXPECT_EQ(got, brute_null(n, m)) << n << " x " << m;
        }
}

TEST(MannWhitneyNull, SymmetricAndSumsToBinomial) {
    const std::vector<double> c = mann_whitney_null_counts(12, 9);
    ASSERT_EQ(c.size(), 109u);
    double total = 0;
    for (std::size_t u = 0; u < c.size(); ++u) {
        EXPECT_EQ(c[u], c[108 - u]);
        total += c[u];
    }
    EXPECT_EQ(total, 293930.0);  // C(21, 9)
    EXPECT_EQ(c, mann_whitney_null_counts(9, 12));
    EXPECT_EQ(mann_whitney_null_counts(0, 4), std::vector<double>{1.0});
}

TEST(MannWhitney, ExactSmallFiveBySix) {
    // mannwhitneyu([3.1, 7.4, 2.2, 9.8, 5.5], [1.0, 4.3, 6.6, 0.7, 2.9, 8.1],
    //              alternative='two-sided', method='exact') -> (20.0, 0.42857142857142855)
    const auto t = mann_whitney(kA5, kB6);
    EXPECT_TRUE(t.exact);
    EXPECT_EQ(t.u, 20.0);
    expect_p(t.p_two_sided, 0.42857142857142855);
    EXPECT_DOUBLE_EQ(t.effect, 20.0 / 30.0);
    // Same call with method='asymptotic', use_continuity=True -> 0.41131379177625893.
    const auto asym = mann_whitney(kA5, kB6, Method::Asymptotic);
    EXPECT_FALSE(asym.exact);
    expect_p(asym.p_two_sided, 0.41131379177625893);
}

TEST(MannWhitney, ExactTenByTen) {
    // mannwhitneyu([12.5, 8.25, 15.0, 9.75, 11.0, 14.5, 7.5, 13.25, 10.5, 16.0],
    //              [6.0, 9.0, 5.5, 10.0, 7.0, 8.5, 11.5, 4.5, 6.5, 12.0],
    //              alternative='two-sided', method='exact') -> (83.0, 0.011496243694386109);
    //   the same with method='asymptotic' -> 0.014019277113959953
    const auto t = mann_whitney(kA10, kB10, Method::Exact);
    EXPECT_TRUE(t.exact);
    EXPECT_EQ(t.u, 83.0);
    expect_p(t.p_two_sided, 0.011496243694386109);
    EXPECT_EQ(mann_whitney(kA10, kB10).p_two_sided, t.p_two_sided);  // Auto chooses exact
    expect_p(mann_whitney(kA10, kB10, Method::Asymptotic).p_two_sided, 0.014019277113959953);
}

TEST(MannWhitney, ExactAgainstBruteForceTails) {
    // p = 2 * min(P(U <= u), P(U >= u)) from the enumeration, for every U that 4 by 5 can give.
    const std::vector<double> null = brute_null(4, 5);
    for (int u = 0; u <= 20; ++u) {
        // a beats exactly u pairs: its k-th value sits just above `above` of the values of b.
        Sample a, b = {10, 20, 30, 40, 50};
        int left = u;
        for (int k = 0; k < 4; ++k) {
            const int above = std::min(5, left);
            left -= above;
            a.push_back(10.0 * above + 5 + k * 0.01);
        }
        const auto t = mann_whitney(a, b);
        ASSERT_EQ(t.u, u);
        const double lo = cdf(null, u), hi = 1 - cdf(null, u - 1);
        EXPECT_NEAR(t.p_two_sided, std::min(1.0, 2 * std::min(lo, hi)), 1e-14) << u;
    }
}

TEST(MannWhitney, TiedIntegerScoresUseTheNormalApproximation) {
    // mannwhitneyu([3,5,5,7,8,8,8,10,12,12], [1,2,3,3,5,6,6,7,7,9,10,11],
    //              alternative='two-sided', method='asymptotic') -> (81.5, 0.16386574698904588)
    for (Method m : {Method::Auto, Method::Exact, Method::Asymptotic}) {
        const auto t = mann_whitney(kTiedA, kTiedB, m);
        EXPECT_FALSE(t.exact);
        EXPECT_EQ(t.u, 81.5);
        expect_p(t.p_two_sided, 0.16386574698904588);
    }
    // U by its definition: pairs won, plus half the pairs tied.
    double u = 0;
    for (double x : kTiedA)
        for (double y : kTiedB) u += x > y ? 1 : x == y ? 0.5 : 0;
    EXPECT_EQ(u, 81.5);
    EXPECT_EQ(mann_whitney(kTiedB, kTiedA).u, 120 - 81.5);
}

TEST(MannWhitney, LargeSamples) {
    // With ties: mannwhitneyu(a, b, alternative='two-sided', method='asymptotic') for
    // a = [float((i*37) % 53) for i in range(30)], b = [float((j*17) % 47 + 5) for j in
    // range(40)] -> (564.5, 0.6778072540924196)
    const auto [ta, tb] = large(true);
    const auto t = mann_whitney(ta, tb);
    EXPECT_FALSE(t.exact);
    EXPECT_EQ(t.u, 564.5);
    expect_p(t.p_two_sided, 0.6778072540924196);
    // Without ties: a = [(i*37) % 53 + 0.25 for i in range(30)], b = [(j*17) % 47 + 0.5 for j
    // in range(40)], method='exact' -> (667.0, 0.43243748054162506), method='asymptotic'
    // -> 0.42998939354735877. 30 * 40 <= 2500, so Auto is exact.
    const auto [a, b] = large(false);
    const auto e = mann_whitney(a, b);
    EXPECT_TRUE(e.exact);
    EXPECT_EQ(e.u, 667.0);
    expect_p(e.p_two_sided, 0.43243748054162506);
    expect_p(mann_whitney(a, b, Method::Asymptotic).p_two_sided, 0.42998939354735877);
}

TEST(MannWhitney, ExactBeyondItsLimitFallsBack) {
    const Sample a = wobbly(101, 10, 0), b = wobbly(100, 10, 0.5);
    const auto t = mann_whitney(a, b, Method::Exact);
    EXPECT_FALSE(t.exact);
    EXPECT_EQ(t.p_two_sided, mann_whitney(a, b, Method::Asymptotic).p_two_sided);
}

TEST(MannWhitney, IdenticalAndConstantSamples) {
    // mannwhitneyu([1,2,3,4,5], [1,2,3,4,5], alternative='two-sided', method='asymptotic')
    //   -> (12.5, 1.0)
    const Sample s = {1, 2, 3, 4, 5};
    const auto t = mann_whitney(s, s);
    EXPECT_FALSE(t.exact);
    EXPECT_EQ(t.u, 12.5);
    EXPECT_EQ(t.p_two_sided, 1.0);
    // mannwhitneyu([2.0]*3, [2.0]*4, alternative='two-sided', method='asymptotic')
    //   -> (6.0, 1.0): zero variance.
    const auto c = mann_whitney(Sample{2, 2, 2}, Sample{2, 2, 2, 2});
    EXPECT_EQ(c.u, 6.0);
    EXPECT_EQ(c.p_two_sided, 1.0);
}

TEST(MannWhitney, OneSampleEntirelyAbove) {
    // mannwhitneyu([10,11,12,13,14], [1,2,3,4,5], alternative='two-sided', method='exact')
    //   -> (25.0, 0.007936507936507936) = 2 / C(10, 5); swapped -> (0.0, same p);
    //   method='asymptotic' -> 0.012185780355344813
    const Sample hi = {10, 11, 12, 13, 14}, lo = {1, 2, 3, 4, 5};
    const auto t = mann_whitney(hi, lo);
    EXPECT_TRUE(t.exact);
    EXPECT_EQ(t.u, 25.0);
    EXPECT_EQ(t.effect, 1.0);
    expect_p(t.p_two_sided, 2.0 / 252.0);
    const auto swapped = mann_whitney(lo, hi);
    EXPECT_EQ(swapped.u, 0.0);
    expect_p(swapped.p_two_sided, 0.007936507936507936);
    expect_p(mann_whitney(hi, lo, Method::Asymptotic).p_two_sided, 0.012185780355344813);
}

TEST(MannWhitney, InfinitiesRankAsExtremes) {
    const double inf = std::numeric_limits<double>::infinity();
    const auto t = mann_whitney(Sample{inf, 3, -inf}, Sample{1, 2, 4});
    const auto same = mann_whitney(Sample{1e9, 3, -1e9}, Sample{1, 2, 4});
    EXPECT_EQ(t.u, same.u);
    EXPECT_EQ(t.p_two_sided, same.p_two_sided);
}

TEST(MannWhitney, RefusesEmptySamplesAndNaN) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_THROW(mann_whitney(Sample{}, kB6), std::invalid_argument);
    EXPECT_THROW(mann_whitney(kA5, Sample{}), std::invalid_argument);
    EXPECT_THROW(mann_whitney(Sample{1, nan}, kB6), std::invalid_argument);
    EXPECT_THROW(mann_whitney(kA5, Sample{nan}, Method::Asymptotic), std::invalid_argument);
}

TEST(ShiftInterval, TextbookShiftOfTen) {
    // b = 1..5, a = b + 10: the differences are 10 + (i - j), with 10 + t occurring 5 - |t| times
    // (t = -4..4): sorted 6, 7, 7, 8, 8, 8, ..., 12, 12, 12, 13, 13, 14, median (13th of 25) 10.
    // For sizes 5 and 5 the null counts of U = 0..3 are 1, 1, 2, 3 of C(10, 5) = 252 splits, so
    // P(U <= 2) = 4/252 <= 0.025 < P(U <= 3) = 7/252 and k = 3 (the textbook critical U of 2 for
    // n = m = 5, 5% two-sided): [3rd smallest, 3rd largest] = [7, 13], confidence 1 - 8/252.
    const Sample b = {1, 2, 3, 4, 5}, a = {11, 12, 13, 14, 15};
    const auto s = shift_interval(a, b);
    EXPECT_TRUE(s.exact);
    EXPECT_EQ(s.estimate, 10.0);
    EXPECT_EQ(s.rank, 3u);
    EXPECT_EQ(s.low, 7.0);
    EXPECT_EQ(s.high, 13.0);
    EXPECT_NEAR(s.confidence, 1 - 8.0 / 252.0, 1e-15);
}

TEST(ShiftInterval, EstimateIsTheMedianOfDifferences) {
    const auto [la, lb] = large(true);
    const std::vector<std::pair<Sample, Sample>> cases = {
        {kA5, kB6}, {wobbly(7, 4, 1), wobbly(5, 3, 0)}, {kTiedA, kTiedB}, {la, lb}, {{4}, {1}}};
    for (const auto& [a, b] : cases) {
        const auto s = shift_interval(a, b, 0.9);
        EXPECT_EQ(s.estimate, brute_median(differences(a, b))) << a.size() << " x " << b.size();
        EXPECT_LE(s.low, s.estimate);
        EXPECT_LE(s.estimate, s.high);
    }
}

TEST(ShiftInterval, ExactEndsAndConfidenceFromBruteForceNull) {
    const std::vector<std::pair<int, int>> sizes = {{2, 3}, {3, 3}, {3, 4}, {4, 5},
                                                    {5, 5}, {6, 4}, {7, 6}, {8, 5}};
    for (const auto& [n, m] : sizes) {
        const Sample a = wobbly(n, 3, 0.4), b = wobbly(m, 3, 0);
        const Sample d = differences(a, b);
        const std::vector<double> null = brute_null(n, m);
        const double total = std::accumulate(null.begin(), null.end(), 0.0);
        // Confidence c in thousandths, so that P(U <= k-1) <= alpha/2 is decided in integers. A
        // tail of exactly alpha/2 counts.
        for (int per_mille : {500, 800, 900, 950, 990}) {
            // k: the largest with 2000 * #splits(U <= k-1) <= (1000 - c) * #splits; 0 if none.
            std::size_t k = 0;
            for (std::size_t kk = 1; kk <= null.size(); ++kk) {
                double splits = 0;  // with U <= kk-1
                for (std::size_t u = 0; u < kk; ++u) splits += null[u];
                if (2000 * splits <= (1000 - per_mille) * total) k = kk;
            }
            const bool enough = k >= 1;  // else the whole range, short of the confidence
            k = std::max<std::size_t>(k, 1);
            const auto s = shift_interval(a, b, per_mille / 1000.0);
            SCOPED_TRACE(testing::Message() << n << " x " << m << " at " << per_mille);
            EXPECT_TRUE(s.exact);
            ASSERT_EQ(s.rank, k);
            EXPECT_EQ(s.low, kth_smallest(d, k));
            EXPECT_EQ(s.high, kth_smallest(d, d.size() + 1 - k));
            EXPECT_NEAR(s.confidence, 1 - 2 * cdf(null, static_cast<int>(k) - 1), 1e-12);
            EXPECT_EQ(s.confidence >= per_mille / 1000.0 - 1e-12, enough);
        }
    }
}

TEST(ShiftInterval, TooFewRunsForTheConfidence) {
    // Sizes 3 and 3: P(U <= 0) = 1/C(6, 3) = 0.05 > 0.025, so no k reaches 95%; the whole range
    // of differences achieves 1 - 2 * 0.05 = 0.9. Sizes 2 and 2: 1 - 2/C(4, 2) = 2/3.
    const Sample a = {5, 6, 9}, b = {1, 2, 4};
    const auto s = shift_interval(a, b);
    EXPECT_EQ(s.rank, 1u);
    EXPECT_EQ(s.low, 1.0);   // 5 - 4
    EXPECT_EQ(s.high, 8.0);  // 9 - 1
    EXPECT_NEAR(s.confidence, 0.9, 1e-15);
    EXPECT_NEAR(shift_interval(Sample{3, 4}, Sample{1, 2}).confidence, 2.0 / 3.0, 1e-15);
}

TEST(ShiftInterval, LargeSamplesUseTheNormalApproximation) {
    Sample a = wobbly(60, 10, 2), b;
    for (int j = 0; j < 60; ++j) b.push_back((j * 23) % 59 * 0.3);
    const auto s = shift_interval(a, b);
    EXPECT_FALSE(s.exact);
    // numpy.floor(3600/2 - scipy.stats.norm.ppf(0.975) * numpy.sqrt(3600*121/12)) -> 1426.0
    ASSERT_EQ(s.rank, 1426u);
    const Sample d = differences(a, b);
    EXPECT_EQ(s.low, kth_smallest(d, 1426));
    EXPECT_EQ(s.high, kth_smallest(d, 3600 + 1 - 1426));
    EXPECT_GE(s.confidence, 0.95);
    // The approximate confidence is close to what the exact null distribution gives rank 1426.
    EXPECT_NEAR(s.confidence, 1 - 2 * cdf(mann_whitney_null_counts(60, 60), 1425), 2e-3);
}

TEST(ShiftInterval, SwappingTheSamplesNegates) {
    const std::vector<std::pair<Sample, Sample>> cases = {
        {kA5, kB6}, {kTiedA, kTiedB}, {kA10, kB10}, {wobbly(60, 10, 2), wobbly(55, 7, 0)}};
    for (const auto& [a, b] : cases) {
        const auto ab = shift_interval(a, b, 0.9), ba = shift_interval(b, a, 0.9);
        EXPECT_DOUBLE_EQ(ba.estimate, -ab.estimate);
        EXPECT_EQ(ba.low, -ab.high);
        EXPECT_EQ(ba.high, -ab.low);
        EXPECT_EQ(ba.rank, ab.rank);
        EXPECT_DOUBLE_EQ(ba.confidence, ab.confidence);
    }
}

TEST(ShiftInterval, RefusesBadInput) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_THROW(shift_interval(Sample{}, kB6), std::invalid_argument);
    EXPECT_THROW(shift_interval(kA5, Sample{}), std::invalid_argument);
    EXPECT_THROW(shift_interval(Sample{1, nan}, kB6), std::invalid_argument);
    for (double c : {0.0, 1.0, -0.5, 1.5, 95.0, nan})
        EXPECT_THROW(shift_interval(kA5, kB6, c), std::invalid_argument) << c;
}

// A target scores a board it cannot rate -inf (a cat trap the trapper cannot win): a sweep of such
// runs made `summarize --compare` fail on "an infinite value". Infinities are data: the
// differences are taken as the ranks see them, and against finite stand-ins far out (+-1e300,
// where an infinity minus a score stays the stand-in) the differences keep their order, so each
// end and the estimate are the stand-ins', read back as infinities.
TEST(ShiftInterval, InfinitiesAreDataAsTheRanksSeeThem) {
    const double inf = std::numeric_limits<double>::infinity(), far = 1e300;
    const auto stand_in = [&](Sample s) {
        for (double& v : s)
            if (std::isinf(v)) v = v > 0 ? far : -far;
        return s;
    };
    const auto back = [&](double v) { return v > far / 10 ? inf : v < -far / 10 ? -inf : v; };
    const std::vector<std::pair<Sample, Sample>> cases = {
        {{-inf, -inf, 3, 5, 8}, {-inf, 2, 4, 6}},
        {{-inf, -inf, -inf, -inf}, {-inf, -inf, 1, 2, 3}},
        {{inf, 1, 2, -inf}, {-inf, 0, 3, inf, 7}},
        {{-inf, 9, 10, 11, 12, 13}, {-inf, -inf, -inf, 1, 2}},
        {kA5, {-inf, -inf, 4, 1}}};
    for (const auto& [a, b] : cases) {
        for (double c : {0.5, 0.9, 0.95}) {
            SCOPED_TRACE(testing::Message() << a.size() << " x " << b.size() << " at " << c);
            const auto s = shift_interval(a, b, c);
            const auto f = shift_interval(stand_in(a), stand_in(b), c);
            EXPECT_EQ(s.rank, f.rank);
            EXPECT_EQ(s.confidence, f.confidence);
            EXPECT_EQ(s.low, back(f.low));
            EXPECT_EQ(s.high, back(f.high));
            EXPECT_EQ(s.estimate, back(f.estimate));
            EXPECT_LE(s.low, s.estimate);
            EXPECT_LE(s.estimate, s.high);
        }
        // The rank test sees the same ranks in both.
        EXPECT_EQ(mann_whitney(a, b).u, mann_whitney(stand_in(a), stand_in(b)).u);
        EXPECT_EQ(mann_whitney(a, b).p_two_sided,
                  mann_whitney(stand_in(a), stand_in(b)).p_two_sided);
    }
    // Equal infinities are ties, 0 apart: every run of both at -inf is no shift at all.
    const auto all_lost = shift_interval(Sample{-inf, -inf, -inf}, Sample{-inf, -inf});
    EXPECT_EQ(all_lost.estimate, 0);
    EXPECT_EQ(all_lost.low, 0);
    EXPECT_EQ(all_lost.high, 0);
    EXPECT_EQ(mann_whitney(Sample{-inf, -inf, -inf}, Sample{-inf, -inf}).p_two_sided, 1);
    // Half the differences -inf and half inf: the middle of the two is 0.
    const auto split = shift_interval(Sample{-inf, inf}, Sample{0, 0});
    EXPECT_EQ(split.estimate, 0);
    EXPECT_EQ(split.low, -inf);
    EXPECT_EQ(split.high, inf);
}

TEST(MiddleOf, TheMedianOfTwoSortedValuesWithInfinities) {
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_EQ(middle_of(2, 5), 3.5);
    EXPECT_EQ(middle_of(-inf, 5), -inf);
    EXPECT_EQ(middle_of(5, inf), inf);
    EXPECT_EQ(middle_of(-inf, -inf), -inf);
    EXPECT_EQ(middle_of(inf, inf), inf);
    EXPECT_EQ(middle_of(-inf, inf), 0);
}

TEST(NormalQuantile, KnownValues) {
    // scipy.stats.norm.ppf(p) for each p.
    const std::vector<std::pair<double, double>> known = {
        {0.975, 1.959963984540054},  {0.995, 2.5758293035489004},   {0.025, -1.9599639845400545},
        {0.01, -2.3263478740408408}, {0.02425, -1.972961051311885}, {0.3, -0.5244005127080409},
        {0.7, 0.5244005127080407},   {0.9, 1.2815515655446004},     {1e-10, -6.361340902404056},
        {1e-300, -37.0470962993612}, {0.999999, 4.753424308817087}};
    for (const auto& [p, x] : known)
        EXPECT_NEAR(normal_quantile(p), x, 1e-14 * std::max(1.0, std::abs(x))) << p;
    EXPECT_EQ(normal_quantile(0.5), 0.0);
}

TEST(NormalQuantile, InvertsTheNormalCdf) {
    // Phi(x) = erfc(-x / sqrt 2) / 2, to a relative 1e-13 of the smaller tail.
    for (double p = 1e-15; p < 0.5; p *= 1.7) {
        const double x = normal_quantile(p);
        EXPECT_NEAR(0.5 * std::erfc(-x / std::sqrt(2.0)), p, 1e-13 * p) << p;
        EXPECT_EQ(normal_quantile(1 - p), -normal_quantile(1 - (1 - p))) << p;
    }
    for (double p : {0.0, 1.0, -0.1, 1.1, std::numeric_limits<double>::quiet_NaN()})
        EXPECT_THROW(normal_quantile(p), std::invalid_argument) << p;
}
