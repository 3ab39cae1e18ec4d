// The views that show each target's boards to a user: units, board texts, pictures, board files.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/engine/games/cat_trap.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/models/target_models.hpp"
#include "mazesearch/experiments/target_factory.hpp"
#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/search/targets/cat_mouse_target.hpp"
#include "mazesearch/search/targets/cat_trap_target.hpp"
#include "mazesearch/search/targets/kmod_target.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"
#include "mazesearch/search/targets/mousetrap_target.hpp"
#include "temp_dir.hpp"

namespace {

using maze::Board;
using maze::Cell;
using maze::Genome;
using maze::experiments::make_view;

TEST(BoardViews, MouseMazeShowsMovesVisitsAndReadsBoardFiles) {
    const maze::MouseMazeTarget paper(13, 13, {0, 0}, {12, 0},
                                      maze::MouseMazeTarget::Convention::Paper);
    const maze::MouseMazeTarget flash(13, 13, {0, 0}, {12, 0},
                                      maze::MouseMazeTarget::Convention::Flash);
    EXPECT_EQ(make_view(paper)->unit(), "moves (paper convention)");
    EXPECT_EQ(make_view(flash)->unit(), "moves (Flash convention)");

    Board b(13, 13);
    b.set_open(1, 0, false);  // the paper's Figure 1: 180 moves
    const std::string path = maze::testing_support::test_dir() + "/figure1.txt";
    b.save(path);
    const auto view = make_view(paper);
    const std::optional<Genome> g = view->read_board(path);
    ASSERT_TRUE(g.has_value());
    EXPECT_EQ(paper.to_board(*g), b);
    EXPECT_EQ(view->text(*g), b.to_text());
    const std::string svg = view->svg(*g, "figure 1: 180 <moves>");
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_NE(svg.find("figure 1: 180 &lt;moves&gt;"), std::string::npos);

    // A board of another shape is refused.
    const std::string small = maze::testing_support::test_dir() + "/small.txt";
    Board(5, 5).save(small);
    EXPECT_THROW(view->read_board(small), maze::BoardError);
}

TEST(BoardViews, CatMouseMarksTheCat) {
    // 3 x 2, mouse on S (0,0), hole E (2,0), cat on (1,1).
    const maze::CatMouseTarget t(3, 2, {0, 0}, {2, 0}, {1, 1},
                                 maze::CatMouseTarget::Objective::MouseWinPlies);
    const auto view = make_view(t);
    Genome g(3);
    g.set(0, true);
    g.set(2, true);
    EXPECT_EQ(view->text(g), "S#\n.C\nE#\n");
    EXPECT_NE(view->unit().find("mouse's forced win"), std::string::npos);
    const std::string svg = view->svg(g, "x");
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_NE(svg.find("cat at (1, 1)"), std::string::npos);
    EXPECT_FALSE(view->read_board("anything.txt").has_value());  // no board files
}

TEST(BoardViews, MousetrapAndKmodShowPlainBoards) {
    const maze::MousetrapTarget trap(3, 3, {0, 0}, {2, 0});
    const Board tree = Board::parse("S..\n.##\nE..\n");
    const Genome g = trap.to_genome(tree);
    const auto tv = make_view(trap);
    EXPECT_EQ(tv->unit(), "trapper operations");
    EXPECT_EQ(tv->text(g), tree.to_text());
    EXPECT_NE(tv->svg(g, "tree").find("<svg"), std::string::npos);

    const maze::KmodTarget k(3, 4, {0, 0}, {2, 0}, 3, maze::KmodTarget::Objective::TrapSmall);
    const auto kv = make_view(k);
    EXPECT_NE(kv->unit().find("3-mod mouse"), std::string::npos);
    const Board open(3, 4);
    EXPECT_EQ(kv->text(k.grid().to_genome(open)), open.to_text());
}

TEST(BoardViews, CatTrapDrawsHexagons) {
    const maze::CatTrapTarget t(4, maze::CatTrapTarget::Objective::Maximise, 8, 36, 100000);
    const maze::HexBoard b(4);
    Genome walled(36);
    for (int n : b.neighbours(b.centre()))
        walled.set(static_cast<std::size_t>(n > b.centre() ? n - 1 : n), true);
    const auto view = make_view(t);
    EXPECT_EQ(view->unit(), "trapper blocks");
    const std::string text = view->text(walled);
    EXPECT_NE(text.find('C'), std::string::npos);
    EXPECT_EQ(std::count(text.begin(), text.end(), '#'), 6);
    const std::string svg = view->svg(walled, "walled <in>");
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_EQ(static_cast<int>(std::count(svg.begin(), svg.end(), '\n')) > b.cells(), true);
    EXPECT_NE(svg.find("<polygon"), std::string::npos);
    EXPECT_NE(svg.find("walled &lt;in&gt;"), std::string::npos);
}

TEST(BoardViews, TheFactoryPairsEachTargetWithItsView) {
    for (const std::string kind :
         {"mouse-maze", "cat-mouse", "mousetrap", "cat-trap", "kmod-trap"}) {
        maze::Params p;
        p.set_section("target");
        p.set("kind", kind);
        const maze::experiments::TargetAndView made = maze::experiments::make_target(p);
        ASSERT_TRUE(made.target && made.view) << kind;
        EXPECT_EQ(made.target->name(), kind);
        EXPECT_FALSE(made.view->unit().empty()) << kind;
        const Genome open(made.target->genes());
        EXPECT_FALSE(made.view->text(open).empty()) << kind;
    }
}

// Every board model of models/board_models.def has an entry in the table of target models: its
// `kind:` makes its target with its view, each entry's view takes its own model's targets and no
// other's, a target of no board model (a game's) is refused, and a python target takes the
// models the table says it takes.
TEST(TargetModels, EachModelsKindMakesItsTargetWhichOnlyItsOwnViewTakes) {
    using namespace maze::experiments;
    std::size_t lines = 0;
#define MAZESEARCH_BOARD_MODEL(id, name, folder) ++lines;
#include "mazesearch/models/board_models.def"
#undef MAZESEARCH_BOARD_MODEL
    const std::vector<const TargetModel*>& models = target_models();
    ASSERT_EQ(models.size(), lines);
    std::vector<TargetAndView> made;
    for (const TargetModel* m : models) {
        const std::string keys =
            m->model == maze::ModelId::Graph
                ? std::string("file: ") + MAZESEARCH_SOURCE_DIR + "/configs/graphs/hex-4.json"
                : std::string("rows: 4\n  cols: 5");
        const RunConfig c = load_config_text(
            "name: t\ntarget:\n  kind: " + std::string(m->kind) + "\n  " + keys +
                "\noptimizer:\n  kind: random\nbudget:\n  evaluations: 10\n",
            "t.yaml", {});
        made.push_back(make_target(c.target));
        ASSERT_NE(made.back().view, nullptr) << m->kind;
        EXPECT_EQ(made.back().view->unit(), make_view(*made.back().target)->unit());
    }
    for (std::size_t i = 0; i < models.size(); ++i)
        for (std::size_t j = 0; j < made.size(); ++j)
            EXPECT_EQ(models[i]->view(*made[j].target) != nullptr, i == j)
                << models[i]->kind << " of " << made[j].target->name();
    const maze::MousetrapTarget trap(3, 3, {0, 0}, {2, 0});
    EXPECT_THROW((void)make_view(static_cast<const maze::Target&>(trap)), std::invalid_argument);
    for (const char* name : {"cells", "passages", "hex"})
        EXPECT_NE(python_target_model(name), nullptr) << name;
    EXPECT_EQ(python_target_model("graph"), nullptr);
}

}  // namespace
