// The search's batch walk against a plain walker, by walk length (issue 25: no board mix may walk
// slower in the engine than one board at a time). Each band is a fixed batch of feasible 13x13
// boards whose walks are about 100, 340 or 1,500 moves long: mutants of a long board, drawn
// with a fixed seed, kept when feasible and inside the band. Items = moves.
//
//   BM_LengthEngine/band/n  walk_feasible_batch, the call MouseMazeTarget::score makes (moves),
//                           on batches of n boards: 8 (a round of population annealing's chains),
//                           200 (a GA generation), 2048 (one call for the whole band)
//   BM_LengthPlain/band     PlainWalk below: one board at a time, no interleaving (the baseline)
//   BM_LengthSingle/band    MouseWalk::run, the engine's own one-board walk (for reference)
//
// Compare them in one run, interleaved, e.g.
//   walk_length_benchmark --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true
//                         --benchmark_report_aggregates_only=true
// and read the ratios of the medians per band.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/board_sampler.hpp"

using namespace maze;

namespace walk_length {

// The honest baseline: a padded key array (visits * 4, blocked cells above every open key), one
// board at a time, the rule written out with plain comparisons (down, right, left, up on ties).
class PlainWalk {
  public:
    static constexpr int kStride = 15;  // 13 columns and a ring of padding

    std::uint64_t run(const Board& b) {
        key_.fill(kBlocked);
        for (int r = 0; r < b.rows(); ++r)
            for (int c = 0; c < b.cols(); ++c)
                if (b.open(r, c)) key_[at(r, c)] = 0;
        std::uint32_t* q = key_.data() + at(b.start().r, b.start().c);
        const std::uint32_t* e = key_.data() + at(b.exit().r, b.exit().c);
        std::uint64_t moves = 0;
        while (q != e) {
            ++moves;
            const std::uint32_t down = q[kStride], right = q[1], left = q[-1], up = q[-kStride];
            *q += 4;
            if (down <= right && down <= left && down <= up)
                q += kStride;
            else if (right <= left && right <= up)
                q += 1;
            else if (left <= up)
                q -= 1;
            else
                q -= kStride;
        }
        return moves;
    }

  private:
    static constexpr std::uint32_t kBlocked = 0xFFFFFFFCu;
    static int at(int r, int c) { return (r + 1) * kStride + c + 1; }
    std::array<std::uint32_t, kStride * kStride> key_{};
};

constexpr std::uint64_t kTargets[] = {100, 340, 1500};
constexpr std::size_t kBoards = 2048;

struct Band {
    std::vector<Board> boards;
    std::uint64_t moves = 0;  // the batch's total
};

// A walk's moves, or 0 for an infeasible board.
std::uint64_t moves_of(const Board& b) {
    return feasible(b) ? evaluate(b).moves : 0;
}

// One to most_flips random cells flipped (never the start or the exit).
Board mutant(const Board& parent, Rng& rng, std::uint64_t most_flips) {
    Board b = parent;
    const int flips = 1 + static_cast<int>(rng.below(most_flips));
    for (int f = 0; f < flips;) {
        const Cell x{static_cast<int>(rng.below(13)), static_cast<int>(rng.below(13))};
        if (x == b.start() || x == b.exit()) continue;
        b.set_open(x, !b.open(x));
        ++f;
    }
    return b;
}

// The longest board of the bench set (5,512 moves, found by hill climbing).
Board longest_bench_board() {
    const std::vector<Board> set = BenchSample<Board>::boards();
    return *std::max_element(set.begin(), set.end(), [](const Board& a, const Board& b) {
        return moves_of(a) < moves_of(b);
    });
}

// kBoards feasible boards whose walks are within 15% of `target` moves, as a search's proposals
// are: mutants of a long board, or of its mutants in the band.
Band make_band(const Board& parent, std::uint64_t target, Rng& rng) {
    const std::uint64_t lo = target * 85 / 100, hi = target * 115 / 100;
    Band band;
    while (band.boards.size() < kBoards) {
        const std::size_t k = rng.below(band.boards.size() + 1);
        const Board m = mutant(k == 0 ? parent : band.boards[k - 1], rng, 4);
        const std::uint64_t l = moves_of(m);
        if (l >= lo && l <= hi) band.boards.push_back(m);
    }
    for (const Board& x : band.boards) {
        const std::uint64_t l = moves_of(x);
        if (PlainWalk().run(x) != l) {
            std::fprintf(stderr, "PlainWalk disagrees with the engine\n");
            std::abort();
        }
        band.moves += l;
    }
    return band;
}

const Band& band(std::int64_t i) {
    static const std::array<Band, 3> bands = [] {
        Rng rng(25);
        const Board parent = longest_bench_board();
        return std::array<Band, 3>{make_band(parent, kTargets[0], rng),
                                   make_band(parent, kTargets[1], rng),
                                   make_band(parent, kTargets[2], rng)};
    }();
    return bands[static_cast<std::size_t>(i)];
}

void BM_LengthEngine(benchmark::State& state) {
    const Band& b = band(state.range(0));
    const std::size_t chunk = static_cast<std::size_t>(state.range(1));
    const std::span<const Board> all(b.boards);
    std::vector<std::uint64_t> out(b.boards.size());
    for (auto _ : state) {
        for (std::size_t lo = 0; lo < all.size(); lo += chunk) {
            const std::size_t n = std::min(chunk, all.size() - lo);
            walk_feasible_batch(all.subspan(lo, n), std::span(out).subspan(lo, n));
        }
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(b.moves * state.iterations()));
}

// A walker's run on the band's boards one at a time.
template <class Walker>
void BM_OneByOne(benchmark::State& state) {
    const Band& b = band(state.range(0));
    Walker walker;
    std::uint64_t moves = 0;
    for (auto _ : state) {
        for (const Board& x : b.boards) moves += walker.run(x);
        benchmark::DoNotOptimize(moves);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(b.moves * state.iterations()));
}

BENCHMARK(BM_LengthEngine)->ArgsProduct({{0, 1, 2}, {8, 200, 2048}});
BENCHMARK(BM_OneByOne<PlainWalk>)->Name("BM_LengthPlain")->DenseRange(0, 2);
BENCHMARK(BM_OneByOne<MouseWalk>)->Name("BM_LengthSingle")->DenseRange(0, 2);

}  // namespace walk_length

BENCHMARK_MAIN();
