#include "mazesearch/search/enumeration/exhaustive.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "enumeration_support.hpp"
#include "mazesearch/search/enumeration/enumeration_models.hpp"
#include "walk_every_board.hpp"

using namespace maze;
using maze::testing_support::enumerate_by_walking;
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
    // Exactly two optimal boards (results/exhaustive/results/5x5.json), both listed (the cap
    // is 8): the paper's 5x5 optimum and one more.
    EXPECT_EQ(five.optimal_boards, 2u);
    EXPECT_EQ(five.boards, (std::vector<std::string>{"S.#..\n#....\n..#..\n#..#.\nE....\n",
                                                     "S..#.\n.#...\n##...\n.....\nE#.##\n"}));
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

// Enumeration results and progress read from JSON are checked field by field: a float out of
// range for an int (undefined behaviour in the conversion before), a board of another grid (an
// exhaustive run resumed from it failed in a later step), a histogram value that is not a
// number, done marks other than 0 and 1 (found by tests/fuzz/fuzz_enumeration.cpp).
TEST(Exhaustive, ResultsFromJsonAreChecked) {
    const EnumerationResult r = lazy(3, 3, {0, 0}, {2, 0});
    const nlohmann::json good = r.to_json();
    EXPECT_EQ(EnumerationResult::from_json(good).to_json(), good);
    std::vector<std::pair<std::string, nlohmann::json>> bad;
    auto with = [&](const std::string& what, auto change) {
        nlohmann::json j = good;
        change(j);
        bad.emplace_back(what, j);
    };
    with("huge exit row", [](nlohmann::json& j) { j["exit"][0] = 5.5e66; });
    with("exit off the grid", [](nlohmann::json& j) { j["exit"] = {3, 0}; });
    with("start on the exit", [](nlohmann::json& j) { j["start"] = {2, 0}; });
    with("rows 0", [](nlohmann::json& j) { j["rows"] = 0; });
    with("cols 17", [](nlohmann::json& j) { j["cols"] = 17; });
    with("shard past shards", [](nlohmann::json& j) { j["shard"] = 1; });
    with("negative count", [](nlohmann::json& j) { j["feasible"] = -1; });
    with("fractional count", [](nlohmann::json& j) { j["leaves"] = 1.5; });
    with("board of another grid", [](nlohmann::json& j) { j["boards"][0] = "S..\n...\n.E.\n"; });
    with("not a board", [](nlohmann::json& j) { j["boards"][0] = "hello"; });
    with("histogram key", [](nlohmann::json& j) { j["histogram"]["-1"] = 3; });
    with("histogram word", [](nlohmann::json& j) { j["histogram"]["ten"] = 3; });
    with("seconds", [](nlohmann::json& j) { j["seconds"] = "soon"; });
    with("no optimum", [](nlohmann::json& j) { j.erase("optimum"); });
    with("not an object", [](nlohmann::json& j) { j = 3; });
    for (const auto& [what, j] : bad) {
        SCOPED_TRACE(what);
        EXPECT_THROW(EnumerationResult::from_json(j), std::invalid_argument);
    }
    EXPECT_EQ(done_from_text("0110"), (std::vector<std::uint8_t>{0, 1, 1, 0}));
    EXPECT_THROW(done_from_text("01x0"), std::invalid_argument);
}

// The table of enumerated models names each model once: its name reads back to it, a result of
// it writes and reads that name, and a name no model has is refused with the list of names.
TEST(EnumerationModels, EachNameReadsBackAndAnUnknownNameIsRefusedWithTheList) {
    ASSERT_EQ(enumeration_models().size(), 3u);
    for (const EnumerationModel* m : enumeration_models()) {
        ASSERT_EQ(enumeration_model_named(model_name(m->model)), m);
        EXPECT_EQ(model_named(model_name(m->model)), m->model);
        const int rows = 3, cols = 3;
        const Cell start = m->by_columns ? Cell{0, 1} : Cell{0, 0};
        const Cell exit = m->by_columns ? Cell{rows - 1, 1} : Cell{rows - 1, 0};
        const EnumerationResult r = enumerate_boards(m->model, rows, cols, start, exit, {});
        const nlohmann::json j = r.to_json();
        EXPECT_EQ(EnumerationResult::from_json(j).model, m->model);
        EXPECT_EQ(j.at("convention"), m->convention);
        EXPECT_NO_THROW(m->check_size(rows, cols));
        EXPECT_THROW(m->check_size(9, 9), std::invalid_argument);
        // Its listed boards are read back as its own: of the grid, worth the optimum; a board of
        // a wider grid is not of it.
        ASSERT_FALSE(r.boards.empty());
        EXPECT_TRUE(m->board_of_grid(r.boards[0], r));
        EXPECT_EQ(m->listed_walk(r.boards[0]).moves, r.optimum);
        const EnumerationResult wider = enumerate_boards(m->model, rows, cols + 1, start, exit, {});
        ASSERT_FALSE(wider.boards.empty());
        EXPECT_FALSE(m->board_of_grid(wider.boards[0], r));
    }
    EXPECT_EQ(enumeration_model_named("walls"), nullptr);
    // A listed board of another model is no board of this one.
    const EnumerationResult cells = enumerate_boards(ModelId::Cells, 3, 3, {0, 0}, {2, 0}, {});
    EXPECT_THROW((void)enumeration_model(ModelId::Passages).board_of_grid(cells.boards[0], cells),
                 BoardError);
    // A model that is registered but not enumerated (graph files) has no entry.
    EXPECT_EQ(enumeration_model_named("graph"), nullptr);
    EXPECT_THROW((void)enumeration_model(ModelId::Graph), std::invalid_argument);
    nlohmann::json bad = enumerate_boards(ModelId::Cells, 3, 3, {0, 0}, {2, 0}, {}).to_json();
    bad["model"] = "walls";
    try {
        (void)EnumerationResult::from_json(bad);
        FAIL() << "a model no table entry names was read";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("\"cells\", \"passages\" or \"hex\""), std::string::npos)
            << e.what();
    }
}
