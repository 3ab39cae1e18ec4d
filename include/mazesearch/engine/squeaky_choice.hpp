// Squeaky's rule, written once for every board model: of the neighbours of the cell he stands on,
// listed in the model's order of preference, he steps to the first with the fewest visits. A
// model gives the list (how many neighbours, in its order, and what each one counts); the rule,
// and each form it takes for speed, is here and nowhere else.
//
// - first_least: the rule with branches, over a list (the graph walks, the passage tree, the
//   k-mod walk and tree, the hexagonal tree) or unrolled over a fixed number of neighbours
//   (the cell tree, and the plain walks of the grid models through walk_steps.hpp).
// - least_ranked: the same rule without a branch, for the batch walks of the grid models
//   (walk_steps.hpp): each neighbour's count is scaled and its place in the order added to it,
//   so that the smallest key is the first least.
//
// The forms agree on every order of counts (tests/engine/test_squeaky_choice.cpp), and each
// model's walks and trees are checked against its reference walk, first_least over its graph.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace maze {

// The first of the neighbours [first, last), in the order of preference, with the least count,
// count(w) being neighbour w's. A closed neighbour counts more than every open one (the largest
// value of its type, or any value above the open ones'), so it never wins while an open one
// exists: a walk checked feasible always stands next to one. Returns the neighbour itself (not
// where it is listed: the walk's next step then waits on no further load), or `none` for an
// empty list. The first neighbour starts the race: one comparison fewer than starting from the
// largest value, which cost the hexagonal tree 4% (the 6x6 hexagonal enumeration, interleaved).
template <class It, class Count, class Neighbour>
inline Neighbour first_least(It first, It last, Count count, Neighbour none) {
    if (first == last) return none;
    Neighbour chosen = *first;
    auto least = count(chosen);
    for (++first; first != last; ++first) {
        const Neighbour w = *first;
        const auto c = count(w);
        if (c < least) {
            least = c;
            chosen = w;
        }
    }
    return chosen;
}

// The same over the neighbours numbered 0 .. n - 1 (count(i) the i-th's, n >= 1): the index of
// the one chosen.
template <class Count>
inline int first_least(int n, Count count) {
    auto least = count(0);
    int chosen = 0;
    for (int i = 1; i < n; ++i) {
        const auto c = count(i);
        if (c < least) {
            least = c;
            chosen = i;
        }
    }
    return chosen;
}

// The rule unrolled over the n neighbours numbered 0 .. n - 1, known at compile time: count(d) and
// where(d) are called with d a std::integral_constant<int, _>, so that a model can index its
// tables with it; returns where(chosen), the neighbour as its caller steps to it (so that the next
// step waits on no load of a table). A tournament in the order of preference: the first against
// the second, the winner against each later one (ties to the earlier). Every contest is hinted to
// keep the earlier neighbour: that keeps GCC from turning them into cmovs, which make every move
// wait for all its loads and compares before the next one's loads start, while predicted branches
// let them start at once (the mouse's path, along corridors and back over its trail, predicts
// well). Measured against the forms each model had before (studies/records/compare_builds.sh):
// the cell walk one board at a time 1.7x as fast, the hexagonal one 1.3x, the passage one 7%
// slower, the cell tree's 6x6 enumeration the same.
template <int N, class Count, class Where>
inline auto first_least(Count count, Where where) {
    static_assert(N >= 2);
    auto least = count(std::integral_constant<int, 0>{});
    auto chosen = where(std::integral_constant<int, 0>{});
    [&]<int... I>(std::integer_sequence<int, I...>) {
        (
            [&] {
                constexpr int d = I + 1;
                const auto c = count(std::integral_constant<int, d>{});
                if (__builtin_expect(c < least, 0)) {
                    least = c;
                    chosen = where(std::integral_constant<int, d>{});
                }
            }(),
            ...);
    }
    (std::make_integer_sequence<int, N - 1>{});
    return chosen;
}

// The rule without a branch. A walk that keeps each cell's count as a key, count << kRankBits
// (closed ones above every open one), reads its n neighbours' keys each with its place in the
// order added, key(d, d) for d = 0 .. n - 1 (key(d, r) is neighbour d's key plus r, d a
// std::integral_constant<int, _>): the smallest of these is the first least, and its low kRankBits
// bits say which. Returns that smallest key; the pairs are taken in a tree (min of 0 and 1, of 2
// and 3, ..., then of those), so that the compares do not wait on one another.
namespace squeaky_detail {
template <std::size_t N>
constexpr std::uint32_t pairwise_min(const std::array<std::uint32_t, N>& a) {
    if constexpr (N == 1) {
        return a[0];
    } else {
        std::array<std::uint32_t, (N + 1) / 2> b{};
        for (std::size_t i = 0; i + 1 < N; i += 2) b[i / 2] = a[i + 1] < a[i] ? a[i + 1] : a[i];
        if constexpr (N % 2 == 1) b[N / 2] = a[N - 1];
        return pairwise_min(b);
    }
}
}  // namespace squeaky_detail

template <int kRankBits, int N, class Key>
inline std::uint32_t least_ranked(Key key) {
    static_assert(N <= (1 << kRankBits), "every place in the order needs a rank of its own");
    const auto keys = [&]<int... I>(std::integer_sequence<int, I...>) {
        return std::array<std::uint32_t, N>{
            key(std::integral_constant<int, I>{}, static_cast<std::uint32_t>(I))...};
    }
    (std::make_integer_sequence<int, N>{});
    return squeaky_detail::pairwise_min(keys);
}

}  // namespace maze
