// The exhaustive enumeration of hexagonal boards (models/hex/hex_tree.hpp) against walking every
// board one by one; its shards, resumption and estimates as the cell tree's; its optimal boards
// walk the same as graph files.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <vector>

#include "enumeration_support.hpp"
#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/models/hex/hex_model.hpp"
#include "mazesearch/models/hex/hex_tree.hpp"
#include "walk_every_board.hpp"

using namespace maze;
using maze::testing_support::expect_same_result;
using maze::testing_support::tally_board;

namespace {

// Every one of the 2^(cells - 2) hexagonal boards, walked by the reference walk.
EnumerationResult hex_by_walking(int rows, int cols, Cell start, Cell exit,
                                 WalkObjective objective = WalkObjective::Moves) {
    EnumerationResult r = EnumerationResult::of(ModelId::Hex, rows, cols, start, exit, objective);
    std::vector<Cell> free_cells;
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j)
            if (!(Cell{i, j} == start) && !(Cell{i, j} == exit)) free_cells.push_back(Cell{i, j});
    for (std::uint64_t m = 0; m < (std::uint64_t{1} << free_cells.size()); ++m) {
        HexCellBoard b(rows, cols, start, exit);
        for (std::size_t k = 0; k < free_cells.size(); ++k)
            if (m >> k & 1) b.set_open(free_cells[k], false);
        const WalkCounts w = reference_counts(b);
        if (!w.feasible) continue;
        const std::uint64_t value = objective == WalkObjective::MaxVisits
                                        ? *std::max_element(w.visits.begin(), w.visits.end())
                                        : w.moves;
        tally_board(r, value, b.to_text(), 8);
    }
    trim_boards(r.boards, 8);
    r.leaves = r.feasible;
    return r;
}

EnumerationResult tree(int rows, int cols, Cell start, Cell exit, EnumerationOptions o = {}) {
    o.board_cap = 8;
    return enumerate_boards(ModelId::Hex, rows, cols, start, exit, o);
}

}  // namespace

// Every grid of at least 2 rows and at most 18 cells that the tree takes, for both objectives
// (its counts are laid out with each row shifted by half the rows above it, so that 13x1 to 16x1
// do not fit, and are refused).
TEST(HexEnumeration, AgreesWithWalkingEveryBoardOnAllSmallGrids) {
    int grids = 0;
    for (int rows = 2; rows <= kMaxSide; ++rows)
        for (int cols = 1; rows * cols <= 18; ++cols) {
            if (rows >= 13) {
                EXPECT_THROW(enumeration::HexGrid::check_size(rows, cols), std::invalid_argument);
                continue;
            }
            const Cell s{0, 0}, e{rows - 1, 0};
            const std::string what = std::to_string(rows) + "x" + std::to_string(cols);
            for (const WalkObjective objective : {WalkObjective::Moves, WalkObjective::MaxVisits}) {
                EnumerationOptions o;
                o.objective = objective;
                const EnumerationResult t = tree(rows, cols, s, e, o);
                expect_same_result(t, hex_by_walking(rows, cols, s, e, objective), what);
                EXPECT_LE(t.leaves, t.feasible) << what;
            }
            ++grids;
        }
    EXPECT_EQ(grids, 34);  // R = 2..12, C >= 1, R * C <= 18
    // The rules' reference: the 3x3 optimum is the open board's 11 moves, and no other.
    const EnumerationResult three = tree(3, 3, {0, 0}, {2, 0});
    EXPECT_EQ(three.optimum, 11u);
    EXPECT_EQ(three.boards, (std::vector<std::string>{HexCellBoard(3, 3).to_text()}));
}

TEST(HexEnumeration, OtherStartAndExitCellsToo) {
    for (const auto& [s, e] : std::vector<std::pair<Cell, Cell>>{
             {{1, 1}, {3, 2}}, {{0, 3}, {0, 0}}, {{3, 3}, {0, 0}}, {{2, 0}, {2, 3}}})
        expect_same_result(tree(4, 4, s, e), hex_by_walking(4, 4, s, e), "4x4");
}

TEST(HexEnumeration, ShardsThroughJsonAndAResumedRunAddUpToTheWhole) {
    const EnumerationResult whole = tree(5, 4, {0, 0}, {4, 0});
    for (int shards : {2, 5}) {
        EnumerationResult merged;
        for (int i = 0; i < shards; ++i) {
            EnumerationOptions o;
            o.shard = i;
            o.shards = shards;
            o.frontier = 64;
            const EnumerationResult part = EnumerationResult::from_json(
                enumerate_boards(ModelId::Hex, 5, 4, {0, 0}, {4, 0}, o).to_json());
            EXPECT_EQ(part.model, ModelId::Hex);
            if (i == 0)
                merged = part;
            else
                merged.merge(part, 8);
        }
        expect_same_result(merged, whole, "shards " + std::to_string(shards));
    }
    std::vector<std::uint8_t> done;
    std::atomic<bool> stop{false};
    EnumerationOptions o;
    o.threads = 1;
    o.frontier = 256;
    o.done = &done;
    o.stop = &stop;
    o.progress = [&](std::uint64_t finished, std::uint64_t, std::uint64_t) {
        if (finished >= 30) stop = true;
    };
    EnumerationResult first = tree(5, 4, {0, 0}, {4, 0}, o);
    EXPECT_LT(std::count(done.begin(), done.end(), 1), static_cast<long>(done.size()));
    stop = false;
    o.progress = nullptr;
    first.merge(tree(5, 4, {0, 0}, {4, 0}, o), 8);
    expect_same_result(first, whole, "resumed");
}

TEST(HexEnumeration, KnuthsEstimateIsCloseToTheTrueTree) {
    const EnumerationResult five = tree(5, 5, {0, 0}, {4, 0});
    const TreeEstimate e = estimate_tree(ModelId::Hex, 5, 5, {0, 0}, {4, 0}, 20000, 7);
    EXPECT_NEAR(e.leaves, static_cast<double>(five.leaves), 5 * e.leaves_error + 1);
    EXPECT_NEAR(e.feasible, static_cast<double>(five.feasible), 5 * e.feasible_error + 1);
    const std::vector<double> costs = estimate_subtrees(ModelId::Hex, 5, 5, {0, 0}, {4, 0}, 64, 50, 1, 1);
    EXPECT_EQ(costs.size(), enumeration_tree(ModelId::Hex, 5, 5, {0, 0}, {4, 0}, 64)->subtrees());
}

// The optimal boards of every grid up to 16 cells walk their optimum as graph files too
// (make-graph board), and a result naming a board of another model or grid is refused.
TEST(HexEnumeration, ItsOptimaAreTheGraphFilesOptimaAndItsResultsAreChecked) {
    for (int rows = 2; rows <= 4; ++rows)
        for (int cols = 2; cols <= 4; ++cols) {
            const EnumerationResult t = tree(rows, cols, {0, 0}, {rows - 1, 0});
            ASSERT_FALSE(t.boards.empty());
            for (const std::string& text : t.boards) {
                const GraphFile g = grid_graph_file(HexCellBoard::parse(text));
                EXPECT_EQ(reference_walk(g.graph).moves, t.optimum) << text;
            }
        }
    nlohmann::json j = tree(3, 3, {0, 0}, {2, 0}).to_json();
    EXPECT_EQ(j["model"], "hex");
    EXPECT_EQ(j["convention"], "paper");
    j["boards"] = {"S..\n...\nE..\n"};  // a cell board
    EXPECT_THROW(EnumerationResult::from_json(j), std::invalid_argument);
    EXPECT_THROW(enumerate_boards(ModelId::Hex, 8, 8, {0, 0}, {7, 0}, EnumerationOptions{}),
                 std::invalid_argument);
}
