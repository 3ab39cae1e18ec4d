// Google Benchmark targets for the exact enumerations, one thread each so that the figure is the
// cost of the tree walk itself. Items processed = leaves of the decision tree, so the reported
// items_per_second is leaves per second; the counters pin the answer, so a faster run that
// enumerated something else would show at once.
#include <benchmark/benchmark.h>

#include "mazesearch/search/enumeration/exhaustive.hpp"
#include "mazesearch/models/passages/passage_enumeration.hpp"

using namespace maze;

namespace {

// One enumeration per iteration on one thread: items = the tree's leaves; the answer pinned in
// the counters.
template <typename Enumerate>
void measure(benchmark::State& state, Enumerate enumerate) {
    EnumerationOptions options;
    options.threads = 1;
    EnumerationResult r;
    for (auto _ : state) {
        r = enumerate(options);
        benchmark::DoNotOptimize(r.optimum);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(r.leaves) * state.iterations());
    state.counters["optimum"] = static_cast<double>(r.optimum);
    state.counters["leaves"] = static_cast<double>(r.leaves);
}

// Every cell board of a grid, start in the top left corner and exit in the bottom left corner
// (the defaults of `mazesearch enumerate`).
void BM_CellEnumeration(benchmark::State& state) {
    const int rows = static_cast<int>(state.range(0));
    const int cols = static_cast<int>(state.range(1));
    measure(state, [&](const EnumerationOptions& o) {
        return enumerate_boards(rows, cols, Cell{0, 0}, Cell{rows - 1, 0}, o);
    });
}
BENCHMARK(BM_CellEnumeration)->Args({5, 5})->Args({6, 5})->Unit(benchmark::kMillisecond);

// Every Mouse Maze 2 board of a grid, entrance and exit columns free (the table's runs).
void BM_PassageEnumeration(benchmark::State& state) {
    const int rows = static_cast<int>(state.range(0));
    const int cols = static_cast<int>(state.range(1));
    measure(state, [&](const EnumerationOptions& o) {
        return enumerate_boards(ModelId::Passages, rows, cols, {0, -1}, {rows - 1, -1}, o);
    });
}
BENCHMARK(BM_PassageEnumeration)->Args({4, 4})->Args({3, 6})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
