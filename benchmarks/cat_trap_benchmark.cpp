// The cat trap: the full AND-tree proof on the side-20 board (M = 20), one trapper reply, and the
// exact solver on a small board and on a late position of the side-20 games.
#include <benchmark/benchmark.h>

#include <optional>
#include <vector>

#include "mazesearch/engine/games/cat_trap.hpp"

namespace {

void BM_CatTrapProofSide20(benchmark::State& state) {
    for (auto _ : state) {
        const maze::CatTrapProof p = maze::prove_cat_trapper(20, 20);
        if (!p.proven) state.SkipWithError("the proof failed");
        benchmark::DoNotOptimize(p.nodes);
    }
}
BENCHMARK(BM_CatTrapProofSide20)->Unit(benchmark::kMillisecond);

// The reply to the cat's first step (it fixes the board's rotation).
void BM_CatTrapStrategyMove(benchmark::State& state) {
    const maze::HexBoard board(20);
    maze::CatTrapGame game(board);
    maze::CatTrapper trapper(board);
    game.move_cat(board.index({1, -1}));
    for (auto _ : state) {
        maze::CatTrapper t = trapper;
        benchmark::DoNotOptimize(t.respond(game));
    }
}
BENCHMARK(BM_CatTrapStrategyMove)->Unit(benchmark::kMicrosecond);

// A whole game on the side-20 board: the cat's moves (one BFS each) and the trapper's replies.
void BM_CatTrapStrategyGame(benchmark::State& state) {
    const maze::HexBoard board(20);
    for (auto _ : state) {
        maze::CatTrapGame game(board);
        maze::CatTrapper trapper(board);
        std::vector<int> moves;
        while (game.cat_options(moves) == maze::CatStatus::Moves) {
            game.move_cat(moves.back());
            game.block(trapper.respond(game));
        }
        benchmark::DoNotOptimize(game.blocks_used());
    }
}
BENCHMARK(BM_CatTrapStrategyGame)->Unit(benchmark::kMicrosecond);

// Side 5 from the start: the solver proves that the cat always escapes.
void BM_CatTrapSolverSide5(benchmark::State& state) {
    const maze::HexBoard board(5);
    for (auto _ : state) {
        maze::CatTrapSolver solver(board);
        const auto r = solver.least_blocks(maze::CatTrapGame(board), 30);
        if (!r.never) state.SkipWithError("unexpected result");
        benchmark::DoNotOptimize(r.nodes);
    }
}
BENCHMARK(BM_CatTrapSolverSide5)->Unit(benchmark::kMillisecond);

// Side-20 positions of the trapper's games after block 15 (least blocks 3) and 14 (least 4).
void BM_CatTrapSolverLateSide20(benchmark::State& state) {
    const int used = static_cast<int>(state.range(0));
    const maze::HexBoard board(20);
    std::optional<maze::CatTrapGame> late;
    maze::prove_cat_trapper(board, 20, [&](const maze::CatTrapGame& g) {
        if (!late && g.blocks_used() == used) late = g;
    });
    for (auto _ : state) {
        maze::CatTrapSolver solver(board);
        const auto r = solver.least_blocks(*late, 20 - used);
        if (r.blocks != 18 - used) state.SkipWithError("unexpected result");
        benchmark::DoNotOptimize(r.nodes);
    }
}
BENCHMARK(BM_CatTrapSolverLateSide20)->Arg(15)->Arg(14)->Unit(benchmark::kMillisecond);

}  // namespace
