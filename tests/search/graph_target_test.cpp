// The graph target (search/targets/graph_target.hpp): genes that delete vertices and/or edges of
// a graph file, scored by the fast graph walk, checked against walking what is left directly.
#include "mazesearch/models/graphs/graph_target.hpp"

#include <gtest/gtest.h>

#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/graphs/graph_examples.hpp"
#include "mazesearch/search/optimizers/crossover.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"

using namespace maze;

namespace {

Genome biased_genome(std::size_t n, double p, Rng& rng) {
    Genome g(n);
    for (std::size_t i = 0; i < n; ++i) g.set(i, rng.bernoulli(p));
    return g;
}

}  // namespace

TEST(GraphTarget, GenesAreTheDeletableVerticesAndOrTheEdges) {
    const GraphFile hex = hex_grid_graph(4);  // 37 cells, 90 edges
    EXPECT_EQ(GraphTarget(hex, GraphTarget::Delete::Vertices, WalkObjective::Moves).genes(), 35u);
    EXPECT_EQ(GraphTarget(hex, GraphTarget::Delete::Edges, WalkObjective::Moves).genes(), 90u);
    const GraphTarget both(hex, GraphTarget::Delete::Both, WalkObjective::Moves);
    EXPECT_EQ(both.genes(), 125u);
    EXPECT_EQ(both.gene_vertex(0), 1);  // vertex 0 is the start
    EXPECT_EQ(both.gene_edge(0), -1);
    EXPECT_EQ(both.gene_edge(35), 0);
    EXPECT_EQ(both.gene_vertex(35), -1);
    // Nothing to delete: two vertices, vertex genes only.
    MazeGraph two;
    two.neighbours = {{1}, {0}};
    EXPECT_THROW(
        GraphTarget(graph_file_from(two), GraphTarget::Delete::Vertices, WalkObjective::Moves),
        std::invalid_argument);
}

TEST(GraphTarget, ScoresEqualTheReferenceWalkOnWhatIsLeft) {
    // For random genomes on every example graph and gene kind: feasibility and the value equal
    // those of the reference walk on the remaining graph file, read back from its text.
    Rng rng(17);
    int feasible = 0;
    for (const GraphFile& graph :
         {hex_grid_graph(4), torus_graph(5, 6), grid3d_graph(3, 3, 2), lemma11_graph(4)})
        for (const auto what :
             {GraphTarget::Delete::Vertices, GraphTarget::Delete::Edges, GraphTarget::Delete::Both})
            for (const auto objective : {WalkObjective::Moves, WalkObjective::MaxVisits}) {
                const GraphTarget t(graph, what, objective, "x.json");
                for (int i = 0; i < 40; ++i) {
                    const Genome g = biased_genome(t.genes(), 0.4 * rng.uniform(), rng);
                    const GraphFile left =
                        parse_graph_file(graph_file_text(t.remaining(g)), "left.json");
                    const GraphWalkResult ref = reference_walk(left.graph);
                    ASSERT_EQ(t.feasible(g), ref.feasible);
                    if (!ref.feasible) continue;
                    ++feasible;
                    double value = 0;
                    t.score(std::span<const Genome>(&g, 1), std::span<double>(&value, 1));
                    const std::uint64_t most =
                        *std::max_element(ref.visits.begin(), ref.visits.end());
                    EXPECT_EQ(value, static_cast<double>(
                                         objective == WalkObjective::Moves ? ref.moves : most));
                    // The genome of the remaining file leaves the same graph.
                    EXPECT_EQ(graph_file_text(t.remaining(t.genome_of(left))),
                              graph_file_text(t.remaining(g)));
                }
            }
    EXPECT_GT(feasible, 300);
}

TEST(GraphTarget, AGridGraphWithVertexGenesScoresLikeTheMouseMaze) {
    // The 6x6 grid as a graph file: deleting vertex gene i blocks the same cell as the mouse
    // maze's gene i (both list the free cells in row-major order).
    const GraphTarget g(grid_graph_file(Board(6, 6)), GraphTarget::Delete::Vertices,
                        WalkObjective::Moves);
    const MouseMazeTarget m(6, 6, {0, 0}, {5, 0}, MouseMazeTarget::Convention::Paper);
    ASSERT_EQ(g.genes(), m.genes());
    Rng rng(3);
    for (int i = 0; i < 500; ++i) {
        const Genome x = biased_genome(g.genes(), 0.35, rng);
        ASSERT_EQ(g.feasible(x), m.feasible(x));
        if (!m.feasible(x)) continue;
        double a = 0, b = 0;
        g.score(std::span<const Genome>(&x, 1), std::span<double>(&a, 1));
        m.score(std::span<const Genome>(&x, 1), std::span<double>(&b, 1));
        ASSERT_EQ(a, b) << m.to_board(x).to_text();
    }
}

TEST(GraphTarget, RelevantGenesCoverEveryGeneThatChangesTheScore) {
    const GraphTarget t(torus_graph(4, 5), GraphTarget::Delete::Both, WalkObjective::Moves);
    Rng rng(5);
    for (int i = 0; i < 40; ++i) {
        const Genome g = biased_genome(t.genes(), 0.2, rng);
        if (!t.feasible(g)) continue;
        double base = 0;
        t.score(std::span<const Genome>(&g, 1), std::span<double>(&base, 1));
        const Genome relevant = t.relevant_genes(g);
        for (std::size_t k = 0; k < t.genes(); ++k) {
            if (relevant.get(k)) continue;
            Genome flipped = g;
            flipped.flip(k);
            ASSERT_TRUE(t.feasible(flipped)) << k;
            double v = 0;
            t.score(std::span<const Genome>(&flipped, 1), std::span<double>(&v, 1));
            ASSERT_EQ(v, base) << "gene " << k << " is not marked relevant but changes the score";
        }
    }
}

TEST(GraphTarget, TopologyPlacesGenesForTheGridCrossovers) {
    const GraphTarget hex(hex_grid_graph(4), GraphTarget::Delete::Vertices, WalkObjective::Moves);
    const Topology& t = hex.topology();
    EXPECT_TRUE(has_grid(t, hex.genes()));
    EXPECT_EQ(t.rows, 7);  // the hexagon's rows
    // The genes of one hexagon row share a row of the topology.
    for (std::size_t i = 0; i < hex.genes(); ++i) {
        const std::string& id = hex.graph().ids[static_cast<std::size_t>(hex.gene_vertex(i))];
        EXPECT_EQ(t.row[i], std::stoi(id.substr(0, id.find(',')))) << id;
    }
    // Edges sit at their midpoints, between the rows of their vertices.
    const GraphTarget edges(torus_graph(4, 4), GraphTarget::Delete::Edges, WalkObjective::Moves);
    EXPECT_TRUE(has_grid(edges.topology(), edges.genes()));
    // No coordinates: rows are the distances from the start.
    MazeGraph path;
    path.neighbours = {{1}, {0, 2}, {1, 3}, {2}};
    path.exit = 3;
    const GraphTarget p(graph_file_from(path), GraphTarget::Delete::Both, WalkObjective::Moves);
    EXPECT_TRUE(has_grid(p.topology(), p.genes()));
    // v1 (distance 1), v2 (2), then the edges at 0.5, 1.5, 2.5: ranks of the distinct values.
    EXPECT_EQ(p.topology().row, (std::vector<int>{1, 3, 0, 2, 4}));
    // A block crossover runs on it.
    Rng rng(1);
    const Genome a(p.genes());
    Genome b(p.genes());
    for (std::size_t i = 0; i < b.size(); ++i) b.set(i, true);
    EXPECT_EQ(block_crossover(a, b, p.topology(), 2, rng).size(), p.genes());
}

TEST(GraphTarget, ABatchScoresAsItsGenomesOneByOne) {
    const GraphTarget t(grid3d_graph(3, 3, 3), GraphTarget::Delete::Both, WalkObjective::Moves);
    Rng rng(8);
    std::vector<Genome> genomes;
    for (int i = 0; i < 400; ++i) genomes.push_back(biased_genome(t.genes(), 0.25, rng));
    std::vector<double> one(genomes.size()), two(genomes.size());
    std::vector<char> ok(genomes.size());
    for (std::size_t i = 0; i < genomes.size(); ++i) ok[i] = t.feasible(genomes[i]);
    for (std::size_t i = 0; i < genomes.size(); ++i)
        if (ok[i]) t.score(std::span<const Genome>(&genomes[i], 1), std::span<double>(&one[i], 1));
    // The whole batch at once (one scratch layout reused across genomes) gives the same values.
    std::vector<Genome> feasible_ones;
    std::vector<double> expected;
    for (std::size_t i = 0; i < genomes.size(); ++i)
        if (ok[i]) {
            feasible_ones.push_back(genomes[i]);
            expected.push_back(one[i]);
        }
    std::vector<double> batch(feasible_ones.size());
    t.score(feasible_ones, batch);
    EXPECT_EQ(batch, expected);
    EXPECT_GT(feasible_ones.size(), 100u);
}
