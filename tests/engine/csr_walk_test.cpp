// The fast graph walk (models/graphs/csr_walk.hpp) against the plain reference walk on random graphs,
// and against the grid walks on grid-shaped graph files.
#include "mazesearch/models/graphs/csr_walk.hpp"

#include <gtest/gtest.h>

#include <map>

#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/graphs/graph_examples.hpp"
#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "random_boards.hpp"

using namespace maze;

namespace {

// A random simple graph: 2..max_n vertices, each pair joined with a probability drawn per
// graph, every preference list shuffled, start and exit distinct and random.
MazeGraph random_graph(Rng& rng, int max_n) {
    const int n = 2 + static_cast<int>(rng.below(static_cast<std::uint64_t>(max_n - 1)));
    const double p = 0.05 + 0.6 * rng.uniform();
    MazeGraph g;
    g.neighbours.resize(static_cast<std::size_t>(n));
    for (int u = 0; u < n; ++u)
        for (int v = u + 1; v < n; ++v)
            if (rng.bernoulli(p)) {
                g.neighbours[static_cast<std::size_t>(u)].push_back(v);
                g.neighbours[static_cast<std::size_t>(v)].push_back(u);
            }
    for (auto& list : g.neighbours)
        for (std::size_t i = list.size(); i > 1; --i)
            std::swap(list[i - 1], list[static_cast<std::size_t>(rng.below(i))]);
    g.start = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
    do g.exit = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
    while (g.exit == g.start);
    return g;
}

}  // namespace

TEST(CsrWalk, EqualsTheReferenceWalkOnRandomGraphs) {
    Rng rng(2024);
    CsrWalk walk;
    int feasible = 0;
    for (int i = 0; i < 4000; ++i) {
        const MazeGraph g = random_graph(rng, i % 4 == 0 ? 120 : 25);
        const CsrGraph c = CsrGraph::from(g);
        const GraphWalkResult ref = reference_walk(g);
        const CsrWalkResult fast = walk.evaluate(c, true);
        ASSERT_EQ(fast.feasible, ref.feasible) << i;
        if (!ref.feasible) continue;
        ++feasible;
        ASSERT_EQ(fast.moves, ref.moves) << i;
        ASSERT_EQ(fast.visits, ref.visits) << i;
        ASSERT_EQ(fast.max_visits, *std::max_element(ref.visits.begin(), ref.visits.end()));
        ASSERT_FALSE(fast.reference);
    }
    EXPECT_GT(feasible, 2000);  // the check covered walks, not just infeasible graphs
}

TEST(CsrWalk, LayoutRoundTripsAndRejectsMalformedGraphs) {
    Rng rng(7);
    const MazeGraph g = random_graph(rng, 30);
    const CsrGraph c = CsrGraph::from(g);
    EXPECT_EQ(c.vertices(), static_cast<std::uint32_t>(g.vertices()));
    const MazeGraph back = c.to_maze_graph();
    EXPECT_EQ(back.neighbours, g.neighbours);
    EXPECT_EQ(back.start, g.start);
    EXPECT_EQ(back.exit, g.exit);
    MazeGraph bad;
    bad.neighbours = {{1}, {}};  // listed one way only
    EXPECT_THROW(CsrGraph::from(bad), std::invalid_argument);
}

TEST(CsrWalk, AWalkPastTheLimitIsFinishedByTheReferenceWalk) {
    // The 13x13 board of the paper's Figure 1 (180 moves) as a graph, walked with a limit of 50
    // moves: the fast walk stops, and the 64-bit reference walk gives the exact answer.
    Board b(13, 13);
    b.set_open(1, 0, false);
    const CsrGraph c = CsrGraph::from(grid_graph_file(b).graph);
    CsrWalk walk;
    EXPECT_EQ(walk.run(c, 50), kWalkOverflow);
    EXPECT_EQ(walk.run(c, 180), 180u);  // exactly at the limit: still the fast walk's answer
    const CsrWalkResult r = walk.evaluate(c, true, 50);
    EXPECT_TRUE(r.reference);
    EXPECT_EQ(r.moves, 180u);
    const CsrWalkResult full = walk.evaluate(c, true);
    EXPECT_FALSE(full.reference);
    EXPECT_EQ(r.visits, full.visits);
    EXPECT_EQ(r.max_visits, full.max_visits);
}

TEST(CsrWalk, GridShapedGraphFilesWalkLikeTheGridWalks) {
    // Each board becomes a graph file (open cells "r,c", lists down, right, left, up), is written
    // as text and read back, and walked: moves equal the fast grid walk's and every cell's visits
    // equal the grid reference walk's.
    Rng rng(99);
    MouseWalk grid_walk;
    CsrWalk walk;
    int walked = 0;
    for (int i = 0; i < 800; ++i) {
        const Board b = testing_support::random_mixed_board(rng);
        const GraphFile f = parse_graph_file(graph_file_text(grid_graph_file(b)), "grid.json");
        const CsrWalkResult r = walk.evaluate(CsrGraph::from(f.graph), true);
        ASSERT_EQ(r.feasible, feasible(b)) << b.to_text();
        if (!r.feasible) continue;
        ++walked;
        ASSERT_EQ(r.moves, evaluate(b, grid_walk).moves) << b.to_text();
        const GraphWalkResult ref = reference_grid_walk(b);
        for (int v = 0; v < f.vertices(); ++v) {
            const std::string& id = f.ids[static_cast<std::size_t>(v)];
            const int rr = std::stoi(id.substr(0, id.find(','))),
                      cc = std::stoi(id.substr(id.find(',') + 1));
            ASSERT_EQ(r.visits[static_cast<std::size_t>(v)],
                      ref.visits[static_cast<std::size_t>(rr * b.cols() + cc)])
                << b.to_text() << id;
        }
    }
    EXPECT_GT(walked, 250);
    // The paper's numbers, through graph files.
    Board fig1(13, 13);
    fig1.set_open(1, 0, false);
    EXPECT_EQ(walk.evaluate(CsrGraph::from(grid_graph_file(fig1).graph)).moves, 180u);
    const Board opt6 = Board::parse("S.....\n#.##..\n..#..#\n...#..\n#...#.\nE..#..\n");
    EXPECT_EQ(walk.evaluate(CsrGraph::from(grid_graph_file(opt6).graph)).moves, 115u);
}

TEST(CsrWalk, ExampleGraphsAgreeWithTheReferenceWalk) {
    CsrWalk walk;
    for (const GraphFile& g :
         {hex_grid_graph(4), torus_graph(6, 6), grid3d_graph(3, 3, 3), lemma11_graph(3)}) {
        const GraphWalkResult ref = reference_walk(g.graph);
        const CsrWalkResult fast = walk.evaluate(CsrGraph::from(g.graph), true);
        ASSERT_TRUE(ref.feasible);
        EXPECT_EQ(fast.moves, ref.moves) << g.description;
        EXPECT_EQ(fast.visits, ref.visits) << g.description;
        EXPECT_LT(static_cast<double>(ref.moves), theorem8_bound(g.graph));
    }
    // Lemma 11: the ordinary mouse escapes, the k-mod mouse is trapped, for k = 2..6.
    for (int k = 2; k <= 6; ++k) {
        const GraphFile g = lemma11_graph(k);
        EXPECT_TRUE(reference_walk(g.graph, k).trapped) << k;
        EXPECT_FALSE(reference_walk(g.graph).trapped) << k;
        EXPECT_TRUE(walk.evaluate(CsrGraph::from(g.graph)).feasible);
    }
}
