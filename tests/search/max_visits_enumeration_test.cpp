// The exhaustive enumeration for the max-visits objective (the visits of the most-visited cell):
// the decision tree against walking every board, shards, JSON and the refusal to mix objectives.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "enumeration_support.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"
#include "walk_every_board.hpp"

using namespace maze;
using maze::testing_support::enumerate_by_walking;
using maze::testing_support::expect_same_result;

namespace {

EnumerationResult visits_tree(int rows, int cols, Cell start, Cell exit,
                              EnumerationOptions o = {}) {
    o.objective = WalkObjective::MaxVisits;
    return maze::testing_support::enumerate_capped(rows, cols, start, exit, o);
}

}  // namespace

// Every grid of 2 to 20 cells and sides up to 16 (1 x C and R x 1 included; 4x4, 3x5, 5x3,
// 4x5, 5x4 among them):
// the optimum, the optimal boards, the feasible count and the whole histogram of max visits
// agree exactly with walking all 2^(cells-2) boards one by one.
TEST(MaxVisitsEnumeration, AgreesWithWalkingEveryBoardOnAllSmallGrids) {
    int grids = 0;
    for (int rows = 1; rows <= kMaxSide; ++rows)
        for (int cols = 1; rows * cols <= 20 && cols <= kMaxSide; ++cols) {
            if (rows * cols < 2) continue;
            const Cell s{0, 0};
            const Cell e = rows > 1 ? Cell{rows - 1, 0} : Cell{0, cols - 1};
            const auto walked = enumerate_by_walking(rows, cols, s, e, 8, WalkObjective::MaxVisits);
            const auto lazy = visits_tree(rows, cols, s, e);
            expect_same_result(lazy, walked, std::to_string(rows) + "x" + std::to_string(cols));
            EXPECT_EQ(lazy.objective, WalkObjective::MaxVisits);
            ++grids;
        }
    EXPECT_EQ(grids, 57);  // the 42 grids of R >= 2 (as in the moves test) and 1x2 .. 1x16
    // The same boards and feasible counts as the moves enumeration, other values.
    const auto moves = enumerate_boards(4, 4, {0, 0}, {3, 0}, EnumerationOptions{});
    const auto visits = visits_tree(4, 4, {0, 0}, {3, 0});
    EXPECT_EQ(moves.feasible, visits.feasible);
    EXPECT_EQ(moves.leaves, visits.leaves);
    EXPECT_EQ(moves.optimum, 25u);
    EXPECT_EQ(visits.optimum, 5u);
}

TEST(MaxVisitsEnumeration, OtherStartAndExitCellsToo) {
    for (const auto& [s, e] : std::vector<std::pair<Cell, Cell>>{
             {{1, 1}, {3, 2}}, {{0, 3}, {0, 0}}, {{3, 3}, {0, 0}}, {{2, 0}, {2, 3}}}) {
        const auto walked = enumerate_by_walking(4, 4, s, e, 8, WalkObjective::MaxVisits);
        expect_same_result(visits_tree(4, 4, s, e), walked, "4x4");
    }
}

TEST(MaxVisitsEnumeration, ShardsMergeThroughJsonToTheWholeAnswer) {
    const auto whole = visits_tree(5, 4, {0, 0}, {4, 0});
    EnumerationResult merged;
    for (int i = 0; i < 3; ++i) {
        EnumerationOptions o;
        o.shard = i;
        o.shards = 3;
        o.frontier = 64;
        const auto part =
            EnumerationResult::from_json(visits_tree(5, 4, {0, 0}, {4, 0}, o).to_json());
        EXPECT_EQ(part.objective, WalkObjective::MaxVisits);
        if (i == 0)
            merged = part;
        else
            merged.merge(part, 8);
    }
    expect_same_result(merged, whole, "3 shards");
    const nlohmann::json j = whole.to_json();
    EXPECT_EQ(j.at("objective"), "max-visits");
    EXPECT_FALSE(j.contains("convention"));  // visits have no move convention
}

TEST(MaxVisitsEnumeration, MergeRefusesResultsOfDifferentObjectives) {
    const auto visits = visits_tree(3, 3, {0, 0}, {2, 0});
    const auto moves = enumerate_boards(3, 3, {0, 0}, {2, 0}, EnumerationOptions{});
    EnumerationResult a = moves;
    EXPECT_THROW(a.merge(visits, 8), std::invalid_argument);
    EnumerationResult b = visits;
    try {
        b.merge(moves, 8);
        FAIL() << "merged results of different objectives";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("objectives"), std::string::npos) << e.what();
    }
}

// Result files written before objectives existed are moves results; an unknown objective is
// refused.
TEST(MaxVisitsEnumeration, JsonWithoutObjectiveIsMovesAndUnknownIsRefused) {
    const auto moves = enumerate_boards(3, 3, {0, 0}, {2, 0}, EnumerationOptions{});
    nlohmann::json j = moves.to_json();
    EXPECT_EQ(j.at("objective"), "moves");
    EXPECT_EQ(j.at("convention"), "paper");
    j.erase("objective");
    EXPECT_EQ(EnumerationResult::from_json(j).objective, WalkObjective::Moves);
    j["objective"] = "most-moves";
    EXPECT_THROW(EnumerationResult::from_json(j), std::invalid_argument);
}

// A max-visits enumeration stopped part way and resumed (the `done` marks) adds up to the whole
// answer, as a moves enumeration does.
TEST(MaxVisitsEnumeration, AnInterruptedRunResumesToTheSameAnswer) {
    const auto whole = visits_tree(5, 4, {0, 0}, {4, 0});
    std::vector<std::uint8_t> done;
    std::atomic<bool> stop{false};
    EnumerationOptions o;
    o.threads = 1;
    o.frontier = 256;
    o.done = &done;
    o.stop = &stop;
    o.progress = [&](std::uint64_t finished, std::uint64_t, std::uint64_t) {
        if (finished >= 40) stop = true;
    };
    auto first = visits_tree(5, 4, {0, 0}, {4, 0}, o);
    std::size_t done_after_first = 0;
    for (auto d : done) done_after_first += d;
    EXPECT_GT(done_after_first, 0u);
    EXPECT_LT(done_after_first, done.size());
    stop = false;
    o.progress = nullptr;
    first.merge(visits_tree(5, 4, {0, 0}, {4, 0}, o), 8);
    expect_same_result(first, whole, "resumed");
}
