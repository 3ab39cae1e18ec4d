// Rank statistics to compare two groups of search results, such as the best scores of independent
// runs of two configurations with different seeds. Nothing here assumes the scores are normally
// distributed: the tests look only at which of two values is the larger.
//
// - mann_whitney tests whether the two groups come from the same distribution (the Mann-Whitney U
//   test, two-sided), with the exact null distribution for small samples without ties and the
//   normal approximation otherwise, as SciPy's scipy.stats.mannwhitneyu computes them.
// - shift_interval estimates by how much group a lies above group b (the Hodges-Lehmann estimate,
//   the median of all differences a_i - b_j) with a distribution-free confidence interval.
//
// Both throw std::invalid_argument for an empty sample or a NaN value. Infinite values are data
// like any other (a target scores a board it cannot rate -inf): they rank below or above every
// finite value and tie with their equals.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace maze::experiments::stats {

// Samples whose n * m pairs are at most this many are tested and given intervals with the exact
// null distribution by default; it costs about (n * m)^2 / 4 additions.
inline constexpr std::size_t kExactPairsByDefault = 2500;
// Method::Exact is honoured up to this many pairs; beyond it the normal approximation is used.
inline constexpr std::size_t kExactPairsAtMost = 10000;

struct RankTest {
    double u = 0;            // Mann-Whitney U of sample a: #pairs (a_i > b_j) + 0.5 * #ties
    double p_two_sided = 1;  // probability, under "same distribution", of a U at least as far
                             // from n*m/2
    bool exact = false;      // true: exact null distribution; false: normal approximation
    double effect = 0.5;     // u / (n*m): the chance that a value of a beats one of b (ties half)
};

enum class Method {
    Auto,        // Exact without ties (within or between the samples) and n*m <= 2500
    Exact,       // Exact null distribution; Asymptotic instead with ties or n*m > 10000
    Asymptotic,  // Normal approximation with tie and continuity corrections
};

// The two-sided Mann-Whitney U test of a against b. With ties, or too many pairs, Method::Exact
// falls back to the normal approximation and the result says exact = false.
RankTest mann_whitney(std::span<const double> a, std::span<const double> b,
                      Method m = Method::Auto);

struct ShiftInterval {
    double estimate = 0;       // Hodges-Lehmann: the median of all differences a_i - b_j
    double low = 0, high = 0;  // distribution-free confidence interval for the shift a - b
    double confidence = 0;     // the confidence actually achieved (>= the one asked for when exact)
    bool exact = false;        // true: the interval comes from the exact null distribution
    std::size_t rank = 0;      // k: low and high are the k-th smallest and k-th largest difference
};

// The shift of a over b and a confidence interval for it, assuming the two distributions differ
// only by that shift. When the samples are too small for the confidence asked for, the interval is
// the whole range of differences and `confidence` (below the one asked for) says what it achieves.
// With infinities the differences are taken as the ranks see them: equal values (two -inf too)
// differ by 0, inf and -inf by inf; the estimate and the ends may then be infinite (the middle of
// -inf and inf is 0, middle_of). A confidence outside (0, 1) is refused (std::invalid_argument).
ShiftInterval shift_interval(std::span<const double> a, std::span<const double> b,
                             double confidence = 0.95);

// The midpoint of two sorted values, as the median of an even count takes it: -inf with anything
// but inf is -inf, inf with anything but -inf is inf, and -inf with inf is 0.
double middle_of(double low, double high);

// The null distribution of U for samples of sizes n and m without ties: element u (0 <= u <= n*m)
// counts the ways, among all C(n+m, n) splits of n+m distinct values, in which U equals u. The
// counts are doubles (exact integers while they stay below 2^53).
std::vector<double> mann_whitney_null_counts(std::size_t n, std::size_t m);

// The standard normal quantile: x with P(Z <= x) = p, for 0 < p < 1 (else std::invalid_argument).
double normal_quantile(double p);

}  // namespace maze::experiments::stats
