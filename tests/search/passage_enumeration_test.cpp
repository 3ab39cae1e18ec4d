#include <gtest/gtest.h>

#include <functional>

#include "mazesearch/models/passages/passage_tree.hpp"
#include "mazesearch/models/passages/passage_enumeration.hpp"
#include "walk_every_board.hpp"

namespace maze {
namespace {

using testing_support::enumerate_passages_by_walking;

EnumerationResult tree(int rows, int cols, int entrance, int exit, EnumerationOptions o = {}) {
    o.board_cap = 8;
    o.threads = 2;
    o.frontier = 64;
    return enumerate_boards(ModelId::Passages, rows, cols, {0, entrance},
                            {rows - 1, exit}, o);
}

void expect_same(const EnumerationResult& a, const EnumerationResult& b) {
    EXPECT_EQ(a.optimum, b.optimum);
    EXPECT_EQ(a.optimal_boards, b.optimal_boards);
    EXPECT_EQ(a.feasible, b.feasible);
    EXPECT_EQ(a.histogram, b.histogram);
    EXPECT_EQ(a.boards, b.boards);
}

TEST(PassageEnumeration, FourByFourOptimumIs86WithEntranceAndExitFree) {
    const EnumerationResult r = tree(4, 4, -1, -1);
    EXPECT_EQ(r.optimum, 86u);
    ASSERT_FALSE(r.boards.empty());
    // Each optimal board listed walks 86 moves under the reference walk.
    for (const std::string& text : r.boards)
        EXPECT_EQ(reference_counts(PassageBoard::parse(text)).moves, 86u) << text;
    // Every board of the grid is counted once: feasible ones here, the rest cut as infeasible.
    std::uint64_t sum = 0;
    for (const auto& [moves, boards] : r.histogram) sum += boards;
    EXPECT_EQ(sum, r.feasible);
    EXPECT_LT(r.feasible, std::uint64_t{16} << 24);
}

TEST(PassageEnumeration, EqualsWalkingEveryBoardForEveryEntranceAndExit) {
    for (auto [rows, cols] : {std::pair{1, 4}, {2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 5}}) {
        SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols));
        expect_same(tree(rows, cols, -1, -1), enumerate_passages_by_walking(rows, cols, -1, -1, 8));
        for (int a = 0; a < cols; ++a)
            for (int b = 0; b < cols; ++b)
                expect_same(tree(rows, cols, a, b),
                            enumerate_passages_by_walking(rows, cols, a, b, 8));
    }
    EnumerationOptions visits;
    visits.objective = WalkObjective::MaxVisits;
    expect_same(tree(3, 3, -1, -1, visits),
                enumerate_passages_by_walking(3, 3, -1, -1, 8, WalkObjective::MaxVisits));
}

TEST(PassageEnumeration, ShardsAndSlicesAddUpToTheWhole) {
    const EnumerationResult whole = tree(3, 4, -1, -1);
    EnumerationResult merged;
    for (int s = 0; s < 3; ++s) {
        EnumerationOptions o;
        o.shard = s;
        o.shards = 3;
        const EnumerationResult part =
            EnumerationResult::from_json(tree(3, 4, -1, -1, o).to_json());
        if (s == 0)
            merged = part;
        else
            merged.merge(part, 8);
    }
    expect_same(merged, whole);
    EXPECT_EQ(merged.leaves, whole.leaves);

    // Resume: slices of the work with a `done` list, as an interrupted run does.
    std::vector<std::uint8_t> done;
    EnumerationResult sliced;
    bool first = true;
    for (int round = 0; round < 100; ++round) {
        EnumerationOptions o;
        o.done = &done;
        o.limit = 7;
        const EnumerationResult part = tree(3, 4, -1, -1, o);
        if (first)
            sliced = part;
        else
            sliced.merge(part, 8);
        first = false;
        if (std::all_of(done.begin(), done.end(), [](auto d) { return d != 0; })) break;
    }
    expect_same(sliced, whole);
    EXPECT_EQ(done.size(), enumeration_tree(ModelId::Passages, 3, 4, {0, -1}, {2, -1}, 64)->subtrees());
}

TEST(PassageEnumeration, JsonNamesTheModelAndRoundTrips) {
    const EnumerationResult r = tree(2, 3, 1, -1);
    const nlohmann::json j = r.to_json();
    EXPECT_EQ(j.at("model"), "passages");
    EXPECT_EQ(j.at("entrance"), 1);
    EXPECT_EQ(j.at("exit"), "any");
    EXPECT_EQ(j.at("convention"), "in-and-out");
    const EnumerationResult back = EnumerationResult::from_json(j);
    EXPECT_EQ(back.to_json(), j);
    // A cell result and a passage result do not merge.
    EnumerationResult cells = back;
    cells.model = ModelId::Cells;
    EXPECT_THROW(cells.merge(back, 8), std::invalid_argument);
    // A board of another entrance is refused.
    nlohmann::json wrong = j;
    wrong["entrance"] = 0;
    EXPECT_THROW(EnumerationResult::from_json(wrong), std::invalid_argument);
}

// The bound at every node of the tree is at least the best leaf below it.
std::uint32_t check_bound(const passages::Grid& g, passages::Node n, int& checked) {
    using namespace passages;
    std::uint32_t best = 0;
    std::vector<std::uint32_t> bounds;
    for (;;) {
        int slot = 0;
        if (advance(g, n, slot) == Status::Leaf) {
            best = std::max(best, leaf_moves(n));
            break;
        }
        bounds.push_back(moves_bound(g, n));
        Node opened = n;
        decide(g, opened, slot, true);
        // The open child's subtree is below this node; so is everything after it.
        const std::uint32_t below = check_bound(g, opened, checked);
        best = std::max(best, below);
        decide(g, n, slot, false);
        if (!exit_reachable(g, n)) break;
    }
    // Each bound taken on the way bounds every leaf found after it along this chain.
    for (std::uint32_t b : bounds) {
        EXPECT_GE(b, best);
        ++checked;
    }
    return best;
}

TEST(PassageEnumeration, TheBoundIsNeverBelowTheBestBoardOfItsSubtree) {
    int checked = 0;
    for (auto [rows, cols] : {std::pair{3, 3}, {3, 4}, {4, 3}, {2, 6}})
        for (int a = 0; a < cols; ++a)
            for (int b = 0; b < cols; ++b) {
                const passages::Grid g(rows, cols, a, b);
                check_bound(g, passages::root(g), checked);
            }
    EXPECT_GT(checked, 100000);
}

TEST(PassageEnumeration, AtLeastCountsTheBoardsFromThatValueExactly) {
    const EnumerationResult whole = tree(3, 4, -1, -1);
    for (std::uint64_t from : {whole.optimum, whole.optimum - 6, std::uint64_t{20}}) {
        EnumerationOptions o;
        o.at_least = from;
        const EnumerationResult r = tree(3, 4, -1, -1, o);
        std::map<std::uint64_t, std::uint64_t> expected;
        std::uint64_t feasible = 0;
        for (const auto& [v, n] : whole.histogram)
            if (v >= from) {
                expected[v] = n;
                feasible += n;
            }
        EXPECT_EQ(r.histogram, expected);
        EXPECT_EQ(r.feasible, feasible);
        EXPECT_EQ(r.optimum, whole.optimum);
        EXPECT_EQ(r.boards, whole.boards);
        EXPECT_EQ(r.at_least, from);
    }
}

TEST(PassageEnumeration, EstimateIsNearTheExactTreeSize) {
    const EnumerationResult exact = tree(3, 4, -1, -1);
    const TreeEstimate e = estimate_tree(ModelId::Passages, 3, 4, {0, -1}, {2, -1}, 20000, 3);
    EXPECT_NEAR(e.leaves, static_cast<double>(exact.leaves), 5 * e.leaves_error + 1);
    EXPECT_NEAR(e.feasible, static_cast<double>(exact.feasible), 5 * e.feasible_error + 1);

    // With a floor, the estimate is of the tree the bound leaves: near the leaves such an
    // enumeration walks, and below the whole tree's when the bound cuts.
    EnumerationOptions o;
    o.at_least = exact.optimum;
    const EnumerationResult pruned = tree(3, 4, -1, -1, o);
    ASSERT_GT(pruned.cuts, 0u);
    const TreeEstimate f = estimate_tree(ModelId::Passages, 3, 4, {0, -1}, {2, -1}, 20000, 3,
                                         exact.optimum);
    EXPECT_NEAR(f.leaves, static_cast<double>(pruned.leaves), 5 * f.leaves_error + 1);
    EXPECT_LT(pruned.leaves, exact.leaves);
}

}  // namespace
}  // namespace maze
