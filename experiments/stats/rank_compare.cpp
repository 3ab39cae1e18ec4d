// The Mann-Whitney U test and the Hodges-Lehmann shift interval (see rank_compare.hpp). The
// asymptotic test follows scipy.stats.mannwhitneyu (SciPy 1.10) term by term, so that a p-value
// printed here can be checked against SciPy's.
#include "mazesearch/experiments/stats/rank_compare.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace maze::experiments::stats {

namespace {

// An empty sample or a NaN value has no ranks; say which sample and where, for the caller's log.
void check_sample(std::span<const double> s, const char* what, const char* name) {
    if (s.empty())
        throw std::invalid_argument(std::string(what) + ": sample " + name + " is empty");
    for (std::size_t i = 0; i < s.size(); ++i)
        if (std::isnan(s[i]))
            throw std::invalid_argument(std::string(what) + ": sample " + name +
                                        " has a NaN value (at index " + std::to_string(i) + ")");
}

// x - y, with equal values (equal infinities too, which the rank test counts as a tie) 0 apart.
double difference(double x, double y) {
    return x == y ? 0.0 : x - y;
}

// What the pooled, sorted samples tell: U of a, the ties, and the tie term sum(t^3 - t) over the
// groups of t equal values that the variance of the normal approximation subtracts.
struct Pooled {
    double u = 0;
    double tie_term = 0;
    bool ties = false;
};

Pooled pool(std::span<const double> a, std::span<const double> b) {
    // Each value with the sample it came from (true: a), smallest first.
    std::vector<std::pair<double, bool>> all;
    all.reserve(a.size() + b.size());
    for (double v : a) all.emplace_back(v, true);
    for (double v : b) all.emplace_back(v, false);
    std::sort(all.begin(), all.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    Pooled p;
    double b_below = 0;  // values of b smaller than the current group
    for (std::size_t i = 0; i < all.size();) {
        // The group [i, j) of equal values: each a in it beats the b below and ties the b in it.
        std::size_t j = i;
        double in_a = 0, in_b = 0;
        for (; j < all.size() && all[j].first == all[i].first; ++j)
            (all[j].second ? in_a : in_b) += 1;
        p.u += in_a * (b_below + 0.5 * in_b);
        const double t = static_cast<double>(j - i);
        p.tie_term += t * t * t - t;
        p.ties = p.ties || j - i > 1;
        b_below += in_b;
        i = j;
    }
    return p;
}

// The two-sided p-value of the normal approximation, as SciPy computes it: the larger of U and
// n*m - U, less 0.5 for continuity, over the tie-corrected standard deviation.
double asymptotic_p(const Pooled& p, std::size_t n_a, std::size_t n_b) {
    const double n1 = static_cast<double>(n_a), n2 = static_cast<double>(n_b);
    const double n = n1 + n2;
    const double var = n1 * n2 / 12 * ((n + 1) - p.tie_term / (n * (n - 1)));
    // All values equal: U is n*m/2 whatever the split, which is as likely as can be.
    if (!(var > 0)) return 1;
    const double z = (std::max(p.u, n1 * n2 - p.u) - n1 * n2 / 2 - 0.5) / std::sqrt(var);
    // 2 * P(Z >= z), which can exceed 1 when U is n*m/2.
    return std::min(1.0, std::erfc(z / std::numbers::sqrt2));
}

// The two-sided p-value from the exact null distribution: twice the smaller tail that includes u.
double exact_p(double u, std::size_t n, std::size_t m) {
    const std::vector<double> counts = mann_whitney_null_counts(n, m);
    const auto k = static_cast<std::size_t>(u);  // u is an integer without ties
    double below = 0, above = 0, total = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        if (i <= k) below += counts[i];
        if (i >= k) above += counts[i];
        total += counts[i];
    }
    return std::min(1.0, 2 * std::min(below, above) / total);
}

// The standard normal CDF, accurate in the lower tail.
double normal_cdf(double x) {
    return 0.5 * std::erfc(-x / std::numbers::sqrt2);
}

// Acklam's rational approximation of the normal quantile for 0 < p <= 0.5 (relative error below
// 1.2e-9), which normal_quantile then refines.
double acklam_lower(double p) {
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                   -2.759285104469687e+02, 1.383577518672690e+02,
                                   -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                   -1.556989798598866e+02, 6.680131188771972e+01,
                                   -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                   -2.400758277161838e+00, -2.549732539343734e+00,
                                   4.374664141464968e+00,  2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                   2.445134137142996e+00, 3.754408661907416e+00};
    if (p < 0.02425) {
        // The tail: a rational function of sqrt(-2 log p).
        const double q = std::sqrt(-2 * std::log(p));
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    // The central region: q times a rational function of q^2.
    const double q = p - 0.5, r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

// The rank k of the interval ends and the confidence they achieve, from the exact null
// distribution: k is the largest with P(U <= k-1) <= alpha/2, and at least 1.
std::pair<std::size_t, double> exact_rank(std::size_t n, std::size_t m, double alpha) {
    const std::vector<double> counts = mann_whitney_null_counts(n, m);
    const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
    // A tail whose exact probability is alpha/2 qualifies; the slack absorbs the rounding of the
    // sums and of alpha/2 * total.
    const double limit = alpha / 2 * total * (1 + 1e-12);
    std::size_t k = 1;
    double cum = 0;  // P(U <= u) * total
    for (std::size_t u = 0; u < counts.size(); ++u) {
        if (cum + counts[u] > limit) break;
        cum += counts[u];
        k = u + 1;  // P(U <= k-1) = P(U <= u) qualifies
    }
    // Never past the middle, so that the k-th smallest difference is not above the k-th largest.
    k = std::min(k, (n * m + 1) / 2);
    double tail = 0;  // P(U <= k-1) * total
    for (std::size_t u = 0; u < k; ++u) tail += counts[u];
    return {k, 1 - 2 * tail / total};
}

// The same from the normal approximation: k = floor(n*m/2 - z * sd), with the confidence that
// the approximation, corrected for continuity, gives the k-th differences.
std::pair<std::size_t, double> asymptotic_rank(std::size_t n, std::size_t m, double alpha) {
    const double nm = static_cast<double>(n) * static_cast<double>(m);
    const double sd = std::sqrt(nm * (static_cast<double>(n + m) + 1) / 12);
    const double z = -normal_quantile(alpha / 2);
    const double k_real = std::floor(nm / 2 - z * sd);
    std::size_t k = k_real < 1 ? 1 : static_cast<std::size_t>(k_real);
    k = std::min(k, (n * m + 1) / 2);
    // 1 - 2 * P(U <= k-1), with P(U <= k-1) read as P(Z <= (k - 1 + 0.5 - nm/2) / sd).
    const double conf =
        std::erf((nm / 2 - static_cast<double>(k) + 0.5) / (sd * std::numbers::sqrt2));
    return {k, conf};
}

}  // namespace

std::vector<double> mann_whitney_null_counts(std::size_t n, std::size_t m) {
    // U has the same distribution for sizes (n, m) and (m, n); fewer rows with the smaller first.
    const std::size_t small = std::min(n, m), big = std::max(n, m);
    // rows[i][u]: the splits of i values of one sample and j of the other (j grows in the loop)
    // with U = u. Splits with j = 0 have U = 0 only.
    std::vector<std::vector<double>> rows(small + 1);
    for (std::size_t i = 0; i <= small; ++i) {
        rows[i].assign(i * big + 1, 0.0);
        rows[i][0] = 1;
    }
    // The largest of i + j values is either from the second sample (U as without it) or from the
    // first (it beats all j, adding j to U): N(i, j)[u] = N(i, j-1)[u] + N(i-1, j)[u-j]. Rows are
    // updated in place, i ascending, so rows[i-1] already holds N(i-1, j).
    for (std::size_t j = 1; j <= big; ++j)
        for (std::size_t i = 1; i <= small; ++i)
            for (std::size_t u = j; u <= i * j; ++u) rows[i][u] += rows[i - 1][u - j];
    return rows[small];
}

double middle_of(double low, double high) {
    // -inf and inf balance: neither side is nearer (their mean is not a number).
    if (std::isinf(low) && std::isinf(high) && low < high) return 0;
    return std::midpoint(low, high);
}

double normal_quantile(double p) {
    if (!(p > 0 && p < 1))
        throw std::invalid_argument("normal_quantile: p must be in (0, 1), got " +
                                    std::to_string(p));
    // The upper half by symmetry: 1 - p is exact there, and the lower tail is where erfc is
    // accurate to the last bits.
    if (p > 0.5) return -normal_quantile(1 - p);
    const double x = acklam_lower(p);
    // One Halley step on Phi(x) - p brings the error to about the rounding of the last bits.
    const double e = normal_cdf(x) - p;
    const double u = e * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
    const double refined = x - u / (1 + x * u / 2);
    // Deep in the tail exp(x^2/2) overflows; Acklam's value is then the better one.
    return std::isfinite(refined) ? refined : x;
}

RankTest mann_whitney(std::span<const double> a, std::span<const double> b, Method m) {
    check_sample(a, "mann_whitney", "a");
    check_sample(b, "mann_whitney", "b");
    const Pooled p = pool(a, b);
    const std::size_t pairs = a.size() * b.size();
    // The exact null distribution holds only without ties; the default keeps its cost, about
    // pairs^2 / 4 additions, small.
    bool exact = false;
    if (m == Method::Auto) exact = !p.ties && pairs <= kExactPairsByDefault;
    if (m == Method::Exact) exact = !p.ties && pairs <= kExactPairsAtMost;
    RankTest t;
    t.u = p.u;
    t.exact = exact;
    t.p_two_sided = exact ? exact_p(p.u, a.size(), b.size()) : asymptotic_p(p, a.size(), b.size());
    t.effect = p.u / static_cast<double>(pairs);
    return t;
}

ShiftInterval shift_interval(std::span<const double> a, std::span<const double> b,
                             double confidence) {
    check_sample(a, "shift_interval", "a");
    check_sample(b, "shift_interval", "b");
    if (!(confidence > 0 && confidence < 1))
        throw std::invalid_argument("shift_interval: confidence must be in (0, 1), got " +
                                    std::to_string(confidence));
    std::vector<double> d;
    d.reserve(a.size() * b.size());
    for (double x : a)
        for (double y : b) d.push_back(difference(x, y));
    std::sort(d.begin(), d.end());
    const std::size_t nm = d.size();
    ShiftInterval s;
    s.estimate = nm % 2 ? d[nm / 2] : middle_of(d[nm / 2 - 1], d[nm / 2]);
    s.exact = nm <= kExactPairsByDefault;
    const double alpha = 1 - confidence;
    const auto [k, achieved] = s.exact ? exact_rank(a.size(), b.size(), alpha)
                                       : asymptotic_rank(a.size(), b.size(), alpha);
    // d_(k) and d_(nm+1-k), counted from 1.
    s.low = d[k - 1];
    s.high = d[nm - k];
    s.confidence = achieved;
    s.rank = k;
    return s;
}

}  // namespace maze::experiments::stats
