// Squeaky's rule in each of its forms (squeaky_choice.hpp) against the plain statement of it: the
// first neighbour, in the order given, with the fewest visits (std::min_element keeps the first of
// equal ones). Every tuple of counts over a few values, a closed neighbour among them, for the
// square grid's four neighbours and the hexagonal grid's six.
#include "mazesearch/engine/squeaky_choice.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

namespace {

constexpr std::uint32_t kClosed = 0xFFFFFFFFu;  // more than any open neighbour's count

// Calls f on every array of N counts drawn from {0, 1, .., values - 2, kClosed}, at least one open.
template <int N, class F>
void for_every_tuple(int values, F f) {
    std::array<std::uint32_t, N> counts{};
    std::array<int, N> digit{};
    for (;;) {
        for (int i = 0; i < N; ++i)
            counts[static_cast<std::size_t>(i)] =
                digit[static_cast<std::size_t>(i)] == values - 1
                    ? kClosed
                    : static_cast<std::uint32_t>(digit[static_cast<std::size_t>(i)]);
        if (std::count(counts.begin(), counts.end(), kClosed) < N) f(counts);
        int i = 0;
        while (i < N && ++digit[static_cast<std::size_t>(i)] == values)
            digit[static_cast<std::size_t>(i++)] = 0;
        if (i == N) return;
    }
}

template <int N>
std::string said(const std::array<std::uint32_t, N>& counts) {
    std::string s;
    for (const std::uint32_t c : counts) s += c == kClosed ? "x " : std::to_string(c) + " ";
    return s;
}

template <int N, int kRankBits>
int check_every_form(int values) {
    int tuples = 0;
    for_every_tuple<N>(values, [&](const std::array<std::uint32_t, N>& counts) {
        ++tuples;
        const int expected =
            static_cast<int>(std::min_element(counts.begin(), counts.end()) - counts.begin());
        std::array<int, N> places{};
        for (int i = 0; i < N; ++i) places[static_cast<std::size_t>(i)] = i;
        const auto count = [&](auto d) { return counts[static_cast<std::size_t>(d)]; };

        EXPECT_EQ(maze::first_least(places.begin(), places.end(), count, -1), expected)
            << said<N>(counts);
        EXPECT_EQ(maze::first_least(N, count), expected) << said<N>(counts);
        // Unrolled: the neighbour returned as its caller steps to it (here 10 * its place + 7).
        EXPECT_EQ(maze::first_least<N>(count, [](auto d) { return 10 * int{d} + 7; }),
                  10 * expected + 7)
            << said<N>(counts);
        // Branch-free: keys count << kRankBits, a closed one all ones but its rank bits.
        const std::uint32_t least = maze::least_ranked<kRankBits, N>([&](auto d, std::uint32_t r) {
            const std::uint32_t c = counts[static_cast<std::size_t>(d)];
            return (c == kClosed ? kClosed << kRankBits : c << kRankBits) + r;
        });
        EXPECT_EQ(static_cast<int>(least & ((1u << kRankBits) - 1)), expected) << said<N>(counts);
        EXPECT_EQ(least >> kRankBits, counts[static_cast<std::size_t>(expected)] == kClosed
                                          ? kClosed >> kRankBits
                                          : counts[static_cast<std::size_t>(expected)]);
    });
    return tuples;
}

}  // namespace

TEST(SqueakyChoice, EveryFormChoosesTheFirstLeastOfFourSquareNeighbours) {
    // counts 0..3 and closed: 5^4 tuples less the one all closed
    EXPECT_EQ((check_every_form<4, 2>(5)), 624);
}

TEST(SqueakyChoice, EveryFormChoosesTheFirstLeastOfSixHexagonalNeighbours) {
    // counts 0..2 and closed: 4^6 tuples less the one all closed
    EXPECT_EQ((check_every_form<6, 3>(4)), 4095);
}
