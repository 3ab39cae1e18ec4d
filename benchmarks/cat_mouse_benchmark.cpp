// Cat and Mouse: the retrograde solver on a 13x13 maze, on a random sparse graph of 5,000 nodes
// (50 million positions) and on a dense graph of 200 nodes; and the fitness target's batch
// scoring of 6x6 boards.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/engine/games/cat_mouse.hpp"
#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/targets/cat_mouse_target.hpp"

namespace {

using maze::AdjacencyLists;
using maze::CatMouseGraph;

// A random tree plus n/2 random extra edges: average degree about 3, connected.
const CatMouseGraph& sparse_graph() {
    static const CatMouseGraph g = [] {
        const int n = 5000;
        maze::Rng rng(913);
        AdjacencyLists l(n);
        auto has = [&](int a, int b) {
            const auto& x = l[static_cast<std::size_t>(a)];
            return std::find(x.begin(), x.end(), b) != x.end();
        };
        auto edge = [&](int a, int b) {
            l[static_cast<std::size_t>(a)].push_back(b);
            l[static_cast<std::size_t>(b)].push_back(a);
        };
        for (int v = 1; v < n; ++v)
            edge(static_cast<int>(rng.below(static_cast<std::uint64_t>(v))), v);
        for (int k = 0; k < n / 2;) {
            const int a = static_cast<int>(rng.below(n)), b = static_cast<int>(rng.below(n));
            if (a == b || has(a, b)) continue;
            edge(a, b);
            ++k;
        }
        return CatMouseGraph(l);
    }();
    return g;
}

const CatMouseGraph& dense_graph() {
    static const CatMouseGraph g = [] {
        const int n = 200;
        maze::Rng rng(2018);
        AdjacencyLists l(n);
        for (int a = 0; a < n; ++a)
            for (int b = a + 1; b < n; ++b)
                if (rng.bernoulli(0.5)) {
                    l[static_cast<std::size_t>(a)].push_back(b);
                    l[static_cast<std::size_t>(b)].push_back(a);
                }
        return CatMouseGraph(l);
    }();
    return g;
}

// The first bench board (a 13x13 maze of long mouse walks) with the cat in the top right.
const maze::CatMouseTarget& maze_target() {
    static const maze::CatMouseTarget t(13, 13, {0, 0}, {12, 0}, {0, 12},
                                        maze::CatMouseTarget::Objective::DecisivePlies);
    return t;
}

void BM_CatMouseMaze13x13(benchmark::State& state) {
    const maze::Board b = maze::BenchSample<maze::Board>::boards().front();
    for (auto _ : state) benchmark::DoNotOptimize(maze_target().solve(b));
}
BENCHMARK(BM_CatMouseMaze13x13)->Unit(benchmark::kMicrosecond);

// threads 0: every core (the default of the command); 1: the serial percolation, for the ratio.
void BM_CatMouseSparse5000Table(benchmark::State& state) {
    const CatMouseGraph& g = sparse_graph();
    const bool plies = state.range(0) != 0;
    const int threads = static_cast<int>(state.range(1));
    for (auto _ : state)
        benchmark::DoNotOptimize(maze::solve_cat_mouse_table(g, 0, plies, threads));
    state.counters["positions"] = 2.0 * g.nodes() * g.nodes();
}
BENCHMARK(BM_CatMouseSparse5000Table)
    ->ArgNames({"plies", "threads"})
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3)
    ->UseRealTime();

void BM_CatMouseDense200Table(benchmark::State& state) {
    const CatMouseGraph& g = dense_graph();
    for (auto _ : state) benchmark::DoNotOptimize(maze::solve_cat_mouse_table(g, 0, true));
}
BENCHMARK(BM_CatMouseDense200Table)->Unit(benchmark::kMillisecond);

void BM_CatMouseTargetScore6x6(benchmark::State& state) {
    const maze::CatMouseTarget t(6, 6, {0, 0}, {5, 0}, {0, 5},
                                 maze::CatMouseTarget::Objective::CatWinPlies);
    maze::Rng rng(6);
    std::vector<maze::Genome> boards(256, maze::Genome(t.genes()));
    for (auto& g : boards)
        for (std::size_t i = 0; i < g.size(); ++i) g.set(i, rng.bernoulli(0.25));
    std::vector<double> values(boards.size());
    for (auto _ : state) {
        t.score(boards, values);
        benchmark::DoNotOptimize(values.data());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(boards.size()));
}
BENCHMARK(BM_CatMouseTargetScore6x6)->Unit(benchmark::kMicrosecond);

}  // namespace
