// Google Benchmark targets for walks on graph files (models/graphs/csr_walk.hpp). Items = moves, so
// items_per_second is moves per second. The bench set's boards, as graph files, are walked by the
// compact-layout walk, by the plain reference walk, and (for scale) by the grid walk on the boards
// themselves; then the graph target's scoring (build what a genome leaves, walk it) on the
// example graphs.
#include <benchmark/benchmark.h>

#include <numeric>
#include <vector>

#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/models/graphs/csr_walk.hpp"
#include "mazesearch/models/graphs/graph_examples.hpp"
#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/engine/rng.hpp"
#include "mazesearch/models/graphs/graph_target.hpp"

using namespace maze;

namespace {

struct BenchGraphs {
    std::vector<Board> boards;
    std::vector<CsrGraph> csr;
    std::vector<MazeGraph> lists;
    std::uint64_t moves = 0;  // one pass over the set
};

const BenchGraphs& bench_graphs() {
    static const BenchGraphs g = [] {
        BenchGraphs b;
        b.boards = BenchSample<Board>::boards();
        for (const Board& board : b.boards) {
            const GraphFile f = grid_graph_file(board);
            b.lists.push_back(f.graph);
            b.csr.push_back(CsrGraph::from(f.graph));
            b.moves += evaluate(board).moves;
        }
        return b;
    }();
    return g;
}

void BM_GraphCsrWalk(benchmark::State& state) {
    const BenchGraphs& g = bench_graphs();
    CsrWalk walk;
    std::uint64_t moves = 0;
    for (auto _ : state)
        for (const CsrGraph& c : g.csr) {
            moves += walk.run(c);
            benchmark::DoNotOptimize(moves);
        }
    state.SetItemsProcessed(static_cast<int64_t>(moves));
}
BENCHMARK(BM_GraphCsrWalk);

void BM_GraphReferenceWalk(benchmark::State& state) {
    const BenchGraphs& g = bench_graphs();
    std::uint64_t moves = 0;
    for (auto _ : state)
        for (const MazeGraph& m : g.lists) {
            moves += reference_walk(m).moves;
            benchmark::DoNotOptimize(moves);
        }
    state.SetItemsProcessed(static_cast<int64_t>(moves));
}
BENCHMARK(BM_GraphReferenceWalk);

void BM_GridWalkSameBoards(benchmark::State& state) {
    const BenchGraphs& g = bench_graphs();
    MouseWalk walk;
    std::uint64_t moves = 0;
    for (auto _ : state)
        for (const Board& b : g.boards) {
            moves += walk.run(b);
            benchmark::DoNotOptimize(moves);
        }
    state.SetItemsProcessed(static_cast<int64_t>(moves));
}
BENCHMARK(BM_GridWalkSameBoards);

// The graph target's score() on 256 random feasible genomes (a quarter of the genes deleted) of
// an example graph: arg 0 the side-4 hexagon (vertices), 1 the 6x6 torus (edges), 2 the 3x3x3
// grid (both). Items = genomes.
void BM_GraphTargetScore(benchmark::State& state) {
    const int which = static_cast<int>(state.range(0));
    const GraphTarget t =
        which == 0
            ? GraphTarget(hex_grid_graph(4), GraphTarget::Delete::Vertices, WalkObjective::Moves)
        : which == 1
            ? GraphTarget(torus_graph(6, 6), GraphTarget::Delete::Edges, WalkObjective::Moves)
            : GraphTarget(grid3d_graph(3, 3, 3), GraphTarget::Delete::Both, WalkObjective::Moves);
    Rng rng(1);
    std::vector<Genome> genomes;
    while (genomes.size() < 256) {
        Genome g(t.genes());
        for (std::size_t i = 0; i < g.size(); ++i) g.set(i, rng.bernoulli(0.25));
        if (t.feasible(g)) genomes.push_back(g);
    }
    std::vector<double> values(genomes.size());
    for (auto _ : state) {
        t.score(genomes, values);
        benchmark::DoNotOptimize(values.data());
    }
    state.SetItemsProcessed(static_cast<int64_t>(genomes.size() * state.iterations()));
}
BENCHMARK(BM_GraphTargetScore)->Arg(0)->Arg(1)->Arg(2);

}  // namespace

BENCHMARK_MAIN();
