// Google Benchmark targets for the mouse walk. Items processed = moves, so the reported
// items_per_second is moves per second.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/models/passages/passage_walk.hpp"
#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/board_sampler.hpp"

using namespace maze;

namespace {

// The longest board of the bench set.
Board longest_bench_board() {
    const std::vector<Board> set = BenchSample<Board>::boards();
    std::vector<std::uint64_t> moves(set.size());
    evaluate_batch_serial(set, moves);
    return set[static_cast<size_t>(std::max_element(moves.begin(), moves.end()) - moves.begin())];
}

std::vector<Board> bench_batch(std::uint64_t& total) {
    const std::vector<Board> set = BenchSample<Board>::boards();
    std::vector<std::uint64_t> moves(set.size());
    evaluate_batch_serial(set, moves);
    std::vector<Board> batch;
    for (int i = 0; i < 16; ++i) batch.insert(batch.end(), set.begin(), set.end());
    total = 16 * std::accumulate(moves.begin(), moves.end(), std::uint64_t{0});
    return batch;
}

void BM_WalkLongest(benchmark::State& state) {
    const Board b = longest_bench_board();
    MouseWalk w;
    std::uint64_t moves = 0;
    for (auto _ : state) {
        moves += w.run(b);
        benchmark::DoNotOptimize(moves);
    }
    state.SetItemsProcessed(static_cast<int64_t>(moves));
}
BENCHMARK(BM_WalkLongest);

void BM_BatchSerial(benchmark::State& state) {
    std::uint64_t total = 0;
    const std::vector<Board> batch = bench_batch(total);
    std::vector<std::uint64_t> out(batch.size());
    for (auto _ : state) {
        evaluate_batch_serial(batch, out);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(static_cast<int64_t>(total * state.iterations()));
}
BENCHMARK(BM_BatchSerial);

void BM_BatchInterleaved(benchmark::State& state) {
    std::uint64_t total = 0;
    const std::vector<Board> batch = bench_batch(total);
    std::vector<std::uint64_t> out(batch.size());
    for (auto _ : state) {
        evaluate_batch(batch, out);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(static_cast<int64_t>(total * state.iterations()));
}
BENCHMARK(BM_BatchInterleaved);

// Random 13x13 boards (p = 0.25 blocked), as an optimizer's first generation sees them:
// feasibility check plus mostly short walks. Items = boards.
void BM_EvaluateRandom13(benchmark::State& state) {
    Rng rng(1);
    std::vector<Board> batch;
    for (int i = 0; i < 4096; ++i) batch.push_back(random_board(BoardShape{}, 0.25, rng));
    std::vector<std::uint64_t> out(batch.size());
    for (auto _ : state) {
        evaluate_batch(batch, out);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(static_cast<int64_t>(batch.size() * state.iterations()));
}
BENCHMARK(BM_EvaluateRandom13);

// The timed loop of the two benchmarks below: moves only (arg 0) or with max visits (arg 1).
void walk_feasible_loop(benchmark::State& state, const std::vector<Board>& batch) {
    std::vector<std::uint64_t> out(batch.size()), most(batch.size());
    for (auto _ : state) {
        if (state.range(0))
            walk_feasible_batch(batch, out, most);
        else
            walk_feasible_batch(batch, out);
        benchmark::DoNotOptimize(out.data());
        benchmark::DoNotOptimize(most.data());
    }
}

// The search's walker on feasible boards, moves only (arg 0) or with each walk's max visits
// (arg 1, the max-visits objective): the bench set (long walks, items = moves) ...
void BM_WalkFeasibleBench(benchmark::State& state) {
    std::uint64_t total = 0;
    const std::vector<Board> batch = bench_batch(total);
    walk_feasible_loop(state, batch);
    state.SetItemsProcessed(static_cast<int64_t>(total * state.iterations()));
}
BENCHMARK(BM_WalkFeasibleBench)->Arg(0)->Arg(1);

// ... and feasible random 13x13 boards (p = 0.25 blocked: mostly short walks, where the scan of
// the keys after each walk costs the most; items = boards).
void BM_WalkFeasibleRandom13(benchmark::State& state) {
    Rng rng(1);
    std::vector<Board> batch;
    while (batch.size() < 4096) {
        const Board b = random_board(BoardShape{}, 0.25, rng);
        if (feasible(b)) batch.push_back(b);
    }
    walk_feasible_loop(state, batch);
    state.SetItemsProcessed(static_cast<int64_t>(batch.size() * state.iterations()));
}
BENCHMARK(BM_WalkFeasibleRandom13)->Arg(0)->Arg(1);

void BM_Feasible13(benchmark::State& state) {
    Rng rng(2);
    std::vector<Board> batch;
    for (int i = 0; i < 4096; ++i) batch.push_back(random_board(BoardShape{}, 0.35, rng));
    size_t n = 0;
    for (auto _ : state) {
        for (const Board& b : batch) n += feasible(b);
        benchmark::DoNotOptimize(n);
    }
    state.SetItemsProcessed(static_cast<int64_t>(batch.size() * state.iterations()));
}
BENCHMARK(BM_Feasible13);

// Passage boards (Mouse Maze 2): the bench sample of 32 random 13x13 mazes (`bench --passages`),
// 16 copies, one board at a time and interleaved (items = moves, the move in and out counted),
// and its feasibility check alone (items = boards).
std::vector<PassageBoard> passage_batch() {
    const std::vector<PassageBoard> set = BenchSample<PassageBoard>::boards();
    std::vector<PassageBoard> batch;
    for (int i = 0; i < 16; ++i) batch.insert(batch.end(), set.begin(), set.end());
    return batch;
}

void BM_PassageBatchSerial(benchmark::State& state) {
    const std::vector<PassageBoard> batch = passage_batch();
    std::vector<std::uint64_t> out(batch.size());
    for (auto _ : state) {
        evaluate_batch_serial(batch, out);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(static_cast<int64_t>(16 * BenchSample<PassageBoard>::signature * state.iterations()));
}
BENCHMARK(BM_PassageBatchSerial);

void BM_PassageBatchInterleaved(benchmark::State& state) {
    const std::vector<PassageBoard> batch = passage_batch();
    std::vector<std::uint64_t> out(batch.size());
    for (auto _ : state) {
        evaluate_batch(batch, out);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(static_cast<int64_t>(16 * BenchSample<PassageBoard>::signature * state.iterations()));
}
BENCHMARK(BM_PassageBatchInterleaved);

void BM_PassageFeasible(benchmark::State& state) {
    const std::vector<PassageBoard> batch = passage_batch();
    size_t n = 0;
    for (auto _ : state) {
        for (const PassageBoard& b : batch) n += feasible(b);
        benchmark::DoNotOptimize(n);
    }
    state.SetItemsProcessed(static_cast<int64_t>(batch.size() * state.iterations()));
}
BENCHMARK(BM_PassageFeasible);

// Random 13x13 passage boards, each passage open with probability 0.55 (most cut off from the
// exit, as many of a search's proposals are), through the feasibility check the passage target
// uses: items = boards. (The target's own row-sweep flood fill, which it used before, took 2.29x
// as long on these boards: median of 5 interleaved repetitions, 1,019.8 us against 444.6 us.)
void BM_PassageFeasibleRandom13(benchmark::State& state) {
    Rng rng(13);
    std::vector<PassageBoard> boards;
    int feasible_ones = 0;
    for (int i = 0; i < 4096; ++i) {
        PassageBoard b(13, 13);
        for (int s = 0; s < b.slots(); ++s) b.set_slot(s, rng.uniform() < 0.55);
        feasible_ones += feasible(b);
        boards.push_back(b);
    }
    size_t n = 0;
    for (auto _ : state) {
        for (const PassageBoard& b : boards) n += feasible(b);
        benchmark::DoNotOptimize(n);
    }
    state.counters["feasible_share"] = static_cast<double>(feasible_ones) / 4096.0;
    state.SetItemsProcessed(static_cast<int64_t>(boards.size() * state.iterations()));
}
BENCHMARK(BM_PassageFeasibleRandom13);

}  // namespace

BENCHMARK_MAIN();
