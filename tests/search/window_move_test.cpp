// The exact window move (search/enumeration/window_move.cpp) against every setting of the window
// walked one by one with the reference walk.
#include "mazesearch/search/enumeration/window_move.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/grid_genes.hpp"
#include "mazesearch/search/optimizers/window_search.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/state_json.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"
#include "random_boards.hpp"

namespace window_move_test {

using maze::Board;
using maze::Cell;

// Every setting of the window: the most moves, the feasible settings, and whether any is.
struct Brute {
    bool feasible = false;
    std::uint64_t moves = 0;
    std::uint64_t settings = 0;
};

Brute brute_force(const Board& b, const std::vector<Cell>& window) {
    Brute out;
    for (std::uint64_t s = 0; s < (std::uint64_t{1} << window.size()); ++s) {
        Board x = b;
        for (std::size_t i = 0; i < window.size(); ++i) x.set_open(window[i], !((s >> i) & 1));
        if (!maze::feasible(x)) continue;
        ++out.settings;
        const std::uint64_t m = maze::reference_grid_walk(x).moves;
        if (!out.feasible || m > out.moves) out.moves = m;
        out.feasible = true;
    }
    return out;
}

void expect_agrees(const Board& b, const std::vector<Cell>& window) {
    const Brute want = brute_force(b, window);
    const maze::WindowMove got = maze::best_window_setting(b, window);
    ASSERT_EQ(got.feasible, want.feasible) << b.to_text();
    EXPECT_EQ(got.settings, want.settings) << b.to_text();
    if (!want.feasible) return;
    EXPECT_EQ(got.moves, want.moves) << b.to_text();
    // The board it gives is that good, differs from b only inside the window, and says how much.
    EXPECT_EQ(maze::reference_grid_walk(got.best).moves, got.moves) << got.best.to_text();
    int changed = 0;
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) {
            const Cell x{r, c};
            if (got.best.open(x) == b.open(x)) continue;
            bool inside = false;
            for (const Cell& w : window) inside = inside || w == x;
            EXPECT_TRUE(inside) << "cell " << r << "," << c << " changed outside the window";
            ++changed;
        }
    EXPECT_EQ(got.changed, changed);
    EXPECT_LE(got.leaves, got.settings);
}

TEST(WindowMove, EqualsEverySettingWalkedOnSquareWindows) {
    maze::Rng rng(17);
    int boards = 0;
    while (boards < 60) {
        Board b = maze::testing_support::random_mixed_board(rng);
        if (b.rows() < 3 || b.cols() < 3 || b.rows() * b.cols() > 64) continue;
        const int r = static_cast<int>(rng.below(static_cast<std::uint64_t>(b.rows() - 2)));
        const int c = static_cast<int>(rng.below(static_cast<std::uint64_t>(b.cols() - 2)));
        SCOPED_TRACE("board " + std::to_string(boards) + ", window at " + std::to_string(r) + "," +
                     std::to_string(c));
        expect_agrees(b, maze::square_window(b, r, c, 3));
        ++boards;
    }
}

// Windows of any shape: random cell sets of up to 10 cells, on boards up to 13x13.
TEST(WindowMove, EqualsEverySettingWalkedOnScatteredCells) {
    maze::Rng rng(5);
    for (int n = 0; n < 40; ++n) {
        const Board b = maze::testing_support::random_mixed_board(rng);
        std::vector<Cell> window;
        const int want = 1 + static_cast<int>(rng.below(10));
        for (int tries = 0; tries < 200 && static_cast<int>(window.size()) < want; ++tries) {
            const Cell x{static_cast<int>(rng.below(static_cast<std::uint64_t>(b.rows()))),
                         static_cast<int>(rng.below(static_cast<std::uint64_t>(b.cols())))};
            if (x == b.start() || x == b.exit()) continue;
            bool dup = false;
            for (const Cell& w : window) dup = dup || w == x;
            if (!dup) window.push_back(x);
        }
        SCOPED_TRACE("board " + std::to_string(n));
        expect_agrees(b, window);
    }
}

// The 6x6 optimum (115 moves) is a local optimum for every 3x3 window: no window does better,
// and the best setting of each is the optimum's own (or one as good).
TEST(WindowMove, TheSixBySixOptimumIsBestInEveryThreeByThreeWindow) {
    const Board b = Board::parse("S.....\n#.##..\n..#..#\n...#..\n#...#.\nE..#..\n");
    for (int r = 0; r + 3 <= 6; ++r)
        for (int c = 0; c + 3 <= 6; ++c) {
            const maze::WindowMove m =
                maze::best_window_setting(b, maze::square_window(b, r, c, 3));
            ASSERT_TRUE(m.feasible);
            EXPECT_EQ(m.moves, 115u) << "window at " << r << "," << c;
        }
}

TEST(WindowMove, RefusesABadWindow) {
    const Board b(5, 5);
    EXPECT_THROW(maze::best_window_setting(b, std::vector<Cell>{b.start()}), std::invalid_argument);
    EXPECT_THROW(maze::best_window_setting(b, std::vector<Cell>{{1, 1}, {1, 1}}),
                 std::invalid_argument);
    EXPECT_THROW(maze::best_window_setting(b, std::vector<Cell>{{5, 0}}), std::invalid_argument);
    const Board six(6, 6);
    std::vector<Cell> many = maze::square_window(six, 0, 0, 6);  // 34 cells
    ASSERT_GT(many.size(), static_cast<std::size_t>(maze::kMaxWindowCells));
    EXPECT_THROW(maze::best_window_setting(six, many), std::invalid_argument);
}

// The window search (search/optimizers/window_search.cpp) from a random 7x7 board ends on a
// board that no 3x3 window improves, the best board of its run; stopped after any step and
// restored into a fresh optimizer, it ends the same.
struct SearchEnd {
    nlohmann::json state;
    double best = 0;
    std::uint64_t evaluations = 0, rejected = 0, steps = 0;
};

maze::Params window_params(std::vector<std::pair<std::string, std::int64_t>> keys) {
    maze::Params p;
    p.set("kind", std::string("window"));
    for (const auto& [key, value] : keys) p.set(key, value);
    return p;
}

SearchEnd window_search(const maze::MouseMazeTarget& t, std::uint64_t stop_after,
                        const maze::Params& p = window_params({{"size", 3}})) {
    maze::Budget b;
    b.evaluations = 1000000000;
    maze::Evaluator ev(t, b, 1);
    auto opt = std::make_unique<maze::WindowSearch>(p);
    opt->start(t, 9);
    SearchEnd end;
    while (!opt->done()) {
        if (end.steps == stop_after) {
            const nlohmann::json saved = opt->save();
            opt = std::make_unique<maze::WindowSearch>(p);
            opt->start(t, 9);
            opt->restore(saved);
        }
        opt->step(ev);
        ++end.steps;
    }
    end.state = opt->save();
    end.best = ev.ledger().best_score();
    end.evaluations = ev.ledger().evaluations();
    end.rejected = ev.ledger().rejected();
    return end;
}

TEST(WindowSearch, EndsOnABoardNoWindowImprovesAndResumesExactly) {
    const maze::MouseMazeTarget t(7, 7, Cell{0, 0}, Cell{6, 0},
                                  maze::MouseMazeTarget::Convention::Paper);
    const SearchEnd whole = window_search(t, ~std::uint64_t{0});
    ASSERT_GT(whole.steps, 25u);  // the start and at least one pass of 25 windows
    const double value = whole.state.at("current_value").get<double>();
    EXPECT_EQ(value, whole.best);
    EXPECT_GT(whole.state.at("improvements").get<std::uint64_t>(), 0u);
    const Board end = maze::GridGenes(7, 7, Cell{0, 0}, Cell{6, 0})
                          .to_board(whole.state.at("current").get<maze::Genome>());
    EXPECT_EQ(static_cast<double>(maze::reference_grid_walk(end).moves), value);
    for (int r = 0; r + 3 <= 7; ++r)
        for (int c = 0; c + 3 <= 7; ++c)
            EXPECT_EQ(static_cast<double>(
                          maze::best_window_setting(end, maze::square_window(end, r, c, 3)).moves),
                      value)
                << "window at " << r << "," << c;
    for (std::uint64_t k : {std::uint64_t{1}, whole.steps / 2, whole.steps - 1}) {
        const SearchEnd resumed = window_search(t, k);
        EXPECT_EQ(resumed.state, whole.state) << "stopped after step " << k;
        EXPECT_EQ(resumed.evaluations, whole.evaluations);
        EXPECT_EQ(resumed.rejected, whole.rejected);
    }
}

TEST(WindowMove, EqualsEverySettingWalkedOnRectangles) {
    maze::Rng rng(11);
    for (int n = 0; n < 12; ++n) {
        const Board b = maze::testing_support::random_mixed_board(rng);
        const int rows = 1 + static_cast<int>(rng.below(3));
        const int cols = 1 + static_cast<int>(rng.below(4));
        const int r = static_cast<int>(rng.below(static_cast<std::uint64_t>(b.rows())));
        const int c = static_cast<int>(rng.below(static_cast<std::uint64_t>(b.cols())));
        const std::vector<Cell> w = maze::rect_window(b, r, c, rows, cols);
        for (const Cell& x : w) {
            EXPECT_TRUE(x.r >= r && x.r < r + rows && x.c >= c && x.c < c + cols);
            EXPECT_TRUE(b.in_bounds(x.r, x.c) && x != b.start() && x != b.exit());
        }
        SCOPED_TRACE("board " + std::to_string(n));
        if (!w.empty()) expect_agrees(b, w);
    }
}

// With rows and cols the search's windows are rectangles: from a random 7x7 board, 1 x 7 windows
// (whole rows) end on a board that no row's re-setting improves, and it resumes exactly.
TEST(WindowSearch, RowWindowsEndOnABoardNoRowImproves) {
    const maze::MouseMazeTarget t(7, 7, Cell{0, 0}, Cell{6, 0},
                                  maze::MouseMazeTarget::Convention::Paper);
    const maze::Params rows = window_params({{"rows", 1}, {"cols", 7}});
    const SearchEnd whole = window_search(t, ~std::uint64_t{0}, rows);
    ASSERT_GT(whole.steps, 7u);  // the start and at least one pass of 7 rows
    const double value = whole.state.at("current_value").get<double>();
    EXPECT_EQ(value, whole.best);
    const Board end = maze::GridGenes(7, 7, Cell{0, 0}, Cell{6, 0})
                          .to_board(whole.state.at("current").get<maze::Genome>());
    EXPECT_EQ(static_cast<double>(maze::reference_grid_walk(end).moves), value);
    for (int r = 0; r < 7; ++r) {
        const Brute row = brute_force(end, maze::rect_window(end, r, 0, 1, 7));
        EXPECT_EQ(static_cast<double>(row.moves), value) << "row " << r;
    }
    const SearchEnd resumed = window_search(t, whole.steps / 2, rows);
    EXPECT_EQ(resumed.state, whole.state);
    EXPECT_EQ(resumed.evaluations, whole.evaluations);
}

TEST(WindowSearch, RefusesABadShapeByKey) {
    const maze::MouseMazeTarget t(7, 7, Cell{0, 0}, Cell{6, 0},
                                  maze::MouseMazeTarget::Convention::Paper);
    const auto message = [&](std::vector<std::pair<std::string, std::int64_t>> keys) {
        try {
            maze::WindowSearch w(window_params(std::move(keys)));
            w.start(t, 1);
        } catch (const maze::ParamError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(message({{"size", 3}, {"rows", 2}, {"cols", 2}}).find("not both"), std::string::npos);
    EXPECT_NE(message({{"rows", 2}}).find("optimizer.cols"), std::string::npos);
    EXPECT_NE(message({{"cols", 2}}).find("optimizer.rows"), std::string::npos);
    EXPECT_NE(message({{"rows", 5}, {"cols", 5}}).find("25 cells"), std::string::npos);
    EXPECT_NE(message({{"rows", 1}, {"cols", 1}}).find("1 cells"), std::string::npos);
    EXPECT_NE(message({{"rows", 8}, {"cols", 2}}).find("larger than the board"), std::string::npos);
    EXPECT_EQ(message({{"rows", 2}, {"cols", 7}}), "no error");
}

}  // namespace window_move_test
