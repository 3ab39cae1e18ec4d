#include "mazesearch/search/enumeration/exhaustive.hpp"

#include <gtest/gtest.h>

#include "enumeration_support.hpp"

using namespace maze;
using maze::testing_support::expect_same_result;

namespace {

EnumerationResult lazy(int rows, int cols, Cell start, Cell exit, EnumerationOptions o = {}) {
    return maze::testing_support::enumerate_capped(rows, cols, start, exit, o);
}

}  // namespace

// Every grid with at least 2 rows and at most 20 cells (R x 1 included; boards have at most 16
// rows, so 17x1..20x1 are out): the decision tree agrees exactly with walking all 2^(cells-2)
// boards one by one.
TEST(Exhaustive, AgreesWithWalkingEveryBoardOnAllSmallGrids) {
    int grids = 0;
    for (int rows = 2; rows <= kMaxSide; ++rows)
        for (int cols = 1; rows * cols <= 20; ++cols) {
            const Cell s{0, 0};
            const Cell e{rows - 1, 0};
            const auto walked = enumerate_by_walking(rows, cols, s, e, 8);
            const auto tree = lazy(rows, cols, s, e);
            expect_same_result(tree, walked, std::to_string(rows) + "x" + std::to_string(cols));
            EXPECT_LE(tree.leaves, walked.feasible);
            ++grids;
        }
    EXPECT_EQ(grids, 42);  // R = 2..16, C >= 1, R * C <= 20
}

TEST(Exhaustive, OtherStartAndExitCellsToo) {
    for (const auto& [s, e] : std::vector<std::pair<Cell, Cell>>{
             {{1, 1}, {3, 2}}, {{0, 3}, {0, 0}}, {{3, 3}, {0, 0}}, {{2, 0}, {2, 3}}}) {
        const auto walked = enumerate_by_walking(4, 4, s, e, 8);
        expect_same_result(lazy(4, 4, s, e), walked, "4x4");
    }
}

TEST(Exhaustive, SpecValuesForFourAndFive) {
    const auto four = lazy(4, 4, {0, 0}, {3, 0});
    EXPECT_EQ(four.optimum, 25u);
    EXPECT_EQ(four.feasible, 5745u);
    const auto five = lazy(5, 5, {0, 0}, {4, 0});
    EXPECT_EQ(five.optimum, 52u);
    EXPECT_EQ(five.feasible, 1913846u);
    // The paper's 5x5 optimum is among the optimal boards.
    bool found = false;
    for (const auto& b : five.boards) found |= b == "S..#.\n.#...\n##...\n.....\nE#.##\n";
    EXPECT_TRUE(found || five.optimal_boards > five.boards.size());
    std::uint64_t total = 0;
    for (const auto& [m, n] : five.histogram) total += n;
    EXPECT_EQ(total, five.feasible);
}

TEST(Exhaustive, ShardsMergeToTheWholeAnswer) {
    const auto whole = lazy(5, 5, {0, 0}, {4, 0});
    for (int shards : {2, 3, 7}) {
        EnumerationResult merged;
        for (int i = 0; i < shards; ++i) {
            EnumerationOptions o;
            o.shard = i;
            o.shards = shards;
            o.frontier = 64;
            auto part = lazy(5, 5, {0, 0}, {4, 0}, o);
            // Through JSON, as shard files are.
            part = EnumerationResult::from_json(part.to_json());
            if (i == 0)
                merged = part;
            else
                merged.merge(part, 8);
        }
        expect_same_result(merged, whole, "shards " + std::to_string(shards));
        EXPECT_EQ(merged.leaves, whole.leaves);
    }
}

TEST(Exhaustive, AnInterruptedRunResumesToTheSameAnswer) {
    const auto whole = lazy(5, 4, {0, 0}, {4, 0});
    std::vector<std::uint8_t> done;
    std::atomic<bool> stop{false};
    EnumerationOptions o;
    o.threads = 1;
    o.frontier = 256;
    o.done = &done;
    o.stop = &stop;
    int calls = 0;
    o.progress = [&](std::uint64_t finished, std::uint64_t, std::uint64_t) {
        if (finished >= 40) stop = true;  // interrupt part way
        ++calls;
    };
    auto first = lazy(5, 4, {0, 0}, {4, 0}, o);
    std::size_t done_after_first = 0;
    for (auto d : done) done_after_first += d;
    EXPECT_GT(done_after_first, 0u);
    EXPECT_LT(done_after_first, done.size());
    stop = false;
    o.progress = nullptr;
    const auto rest = lazy(5, 4, {0, 0}, {4, 0}, o);
    first.merge(rest, 8);
    expect_same_result(first, whole, "resumed");
    EXPECT_GT(calls, 0);
}

TEST(Exhaustive, RejectsBadArguments) {
    EnumerationOptions o;
    o.shard = 3;
    o.shards = 3;
    EXPECT_THROW(enumerate_boards(4, 4, {0, 0}, {3, 0}, o), std::invalid_argument);
    EXPECT_THROW(enumerate_boards(9, 9, {0, 0}, {8, 0}, EnumerationOptions{}),
                 std::invalid_argument);
    EXPECT_THROW(enumerate_boards(16, 5, {0, 0}, {8, 0}, EnumerationOptions{}),
                 std::invalid_argument);
    EXPECT_THROW(enumerate_boards(3, 3, {0, 0}, {0, 0}, EnumerationOptions{}), BoardError);
}

TEST(Exhaustive, RandomProbeEstimateIsCloseToTheTrueTreeSize) {
    const auto five = lazy(5, 5, {0, 0}, {4, 0});
    const TreeEstimate e = estimate_tree(5, 5, {0, 0}, {4, 0}, 20000, 7);
    EXPECT_NEAR(e.leaves, static_cast<double>(five.leaves), 5 * e.leaves_error + 1);
    EXPECT_NEAR(e.feasible, static_cast<double>(five.feasible), 5 * e.feasible_error + 1);
    EXPECT_GT(e.leaves_error, 0.0);
}
