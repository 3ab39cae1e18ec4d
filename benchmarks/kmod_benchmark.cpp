// k-mod mice: the exact trap detector on one board, and the decision-tree search for the
// smallest trapping grids.
#include <benchmark/benchmark.h>

#include "mazesearch/engine/games/kmod_trap.hpp"

namespace {

using namespace maze;

// A 3x7 board that traps a 6-mod mouse (the smallest grid with the default placement of
// docs/games.md, 'k-mod mice'), found by `mazesearch solve kmod-trap --k 6 --max-cells 21`; and
// the open 13x13 board, which it escapes.
void BM_KmodWalkTrap(benchmark::State& state) {
    const Board b = Board::parse("S......\n#..#.#.\nE..##..\n");
    for (auto _ : state) benchmark::DoNotOptimize(kmod_walk(b, 6).trapped);
}
BENCHMARK(BM_KmodWalkTrap);

void BM_KmodTrapTree3x7(benchmark::State& state) {
    for (auto _ : state)
        benchmark::DoNotOptimize(kmod_trap_tree(3, 7, {0, 0}, {2, 0}, 6).trapped_leaves);
}
BENCHMARK(BM_KmodTrapTree3x7)->Unit(benchmark::kMillisecond);

void BM_KmodSmallestAnyPlacement(benchmark::State& state) {
    const int k = static_cast<int>(state.range(0));
    for (auto _ : state) benchmark::DoNotOptimize(smallest_kmod_traps(k, 16, true).cells);
}
BENCHMARK(BM_KmodSmallestAnyPlacement)->Arg(2)->Arg(6)->Unit(benchmark::kMillisecond);

}  // namespace
