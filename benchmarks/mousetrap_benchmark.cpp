// Mousetrap (CEOI 2017) on million-room trees of each shape: the solve alone (the tree built in
// the fixture) and parse + solve from the CEOI text. Also the fitness target's batch scoring.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "mazesearch/engine/games/mousetrap.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/targets/mousetrap_target.hpp"

namespace {

using maze::MousetrapShape;

constexpr int kRooms = 1000000;

// Trees are built once per shape and kept: building a million-room tree costs more than solving.
const maze::MousetrapTree& tree(MousetrapShape shape) {
    static std::map<MousetrapShape, maze::MousetrapTree> cache;
    auto it = cache.find(shape);
    if (it == cache.end())
        it = cache.emplace(shape, maze::make_mousetrap_tree(shape, kRooms, 2017)).first;
    return it->second;
}

const std::string& text(MousetrapShape shape) {
    static std::map<MousetrapShape, std::string> cache;
    auto it = cache.find(shape);
    if (it == cache.end()) it = cache.emplace(shape, maze::mousetrap_text(tree(shape))).first;
    return it->second;
}

void BM_MousetrapSolve(benchmark::State& state, MousetrapShape shape) {
    const maze::MousetrapTree& t = tree(shape);
    maze::MousetrapSolver solver;  // buffers warm after the first iteration, as in a batch
    for (auto _ : state) benchmark::DoNotOptimize(solver.solve(t));
    state.SetItemsProcessed(state.iterations() * kRooms);
    state.counters["value"] = static_cast<double>(solver.solve(t));
}

void BM_MousetrapParseAndSolve(benchmark::State& state, MousetrapShape shape) {
    const std::string& s = text(shape);
    for (auto _ : state) {
        const maze::MousetrapTree t = maze::parse_mousetrap(s, "bench");
        benchmark::DoNotOptimize(maze::solve_mousetrap(t));
    }
    state.SetItemsProcessed(state.iterations() * kRooms);
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(s.size()));
}

#define MOUSETRAP_SHAPE(NAME, SHAPE)                                                  \
    BENCHMARK_CAPTURE(BM_MousetrapSolve, NAME, SHAPE)->Unit(benchmark::kMillisecond); \
    BENCHMARK_CAPTURE(BM_MousetrapParseAndSolve, NAME, SHAPE)->Unit(benchmark::kMillisecond)

MOUSETRAP_SHAPE(path, MousetrapShape::Path);
MOUSETRAP_SHAPE(star, MousetrapShape::Star);
MOUSETRAP_SHAPE(random, MousetrapShape::Random);
MOUSETRAP_SHAPE(caterpillar, MousetrapShape::Caterpillar);

// The target on 9x9 boards: feasibility of random boards and scoring of feasible ones, one
// thread, per board.
void BM_MousetrapTarget9x9(benchmark::State& state) {
    maze::Params p;
    p.set_section("target");
    p.set("rows", std::int64_t{9});
    p.set("cols", std::int64_t{9});
    const auto target = maze::make_mousetrap_target(p);
    maze::Rng rng(9);
    std::vector<maze::Genome> feasible_boards;
    while (feasible_boards.size() < 1000) {
        maze::Genome g(target->genes());
        for (std::size_t i = 0; i < g.size(); ++i) g.set(i, rng.bernoulli(0.5));
        bool f[1] = {};
        target->feasibility(std::span<const maze::Genome>(&g, 1), f);
        if (f[0]) feasible_boards.push_back(g);
    }
    std::vector<double> values(feasible_boards.size());
    std::unique_ptr<bool[]> feasible(new bool[feasible_boards.size()]);
    for (auto _ : state) {
        target->feasibility(feasible_boards,
                            std::span<bool>(feasible.get(), feasible_boards.size()));
        target->score(feasible_boards, values);
        benchmark::DoNotOptimize(values.data());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(feasible_boards.size()));
}
BENCHMARK(BM_MousetrapTarget9x9)->Unit(benchmark::kMicrosecond);

}  // namespace
