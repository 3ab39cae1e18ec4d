#include "mazesearch/engine/bench_boards.hpp"

#include <numeric>
#include <random>
#include <string>
#include <utility>

#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"

namespace maze {

namespace {

// 13x13 boards found by this engine's own hill climbing (long walks dominate the timing), then
// the paper's reference boards.
const char* const kBoards[] = {
    // 5512 moves (hill climbing, seed 4).
    "S#......#....\n"
    ".#...#....#.#\n"
    ".#....####...\n"
    "..#.#.#...##.\n"
    "#.##......#..\n"
    "....#.#...##.\n"
    ".#...#..#.#..\n"
    ".#.##.##...#.\n"
    ".#....#.#.##.\n"
    "..#.#.....#..\n"
    ".#.##.#..#...\n"
    ".#..##.##....\n"
    "E#...........\n",
    // 4314 moves (hill climbing, seed 1).
    "S##....#..#.#\n"
    "...#..#.#....\n"
    "...##.....##.\n"
    ".##...#.#.#..\n"
    "..#....###..#\n"
    ".##...#..##..\n"
    "..#..#.#....#\n"
    "..##.#...#...\n"
    "......##..#.#\n"
    "#.##.#.#.#...\n"
    "###.#....##..\n"
    "......#.#....\n"
    "E#...#...#...\n",
    // 3630 moves (hill climbing, seed 2).
    "S.#..........\n"
    "#.##.#.##....\n"
    "..#..##..#.#.\n"
    ".#.#..#.#.#..\n"
    ".#...#.....#.\n"
    ".#..#..#.#...\n"
    ".#...#.##...#\n"
    "..#..#.##....\n"
    "#.##.#..#.#.#\n"
    "....#..#....#\n"
    ".#...#..###..\n"
    ".#.#.#.#....#\n"
    "E##.....##...\n",
    // 2730 moves (hill climbing, seed 3).
    "S.#..........\n"
    "..##...###...\n"
    "#.#.#.###.#..\n"
    "..#.....#.##.\n"
    ".#..#.#....#.\n"
    "..#..#.##..#.\n"
    "#.#.#......#.\n"
    "...#...#.##..\n"
    ".#..##.##....\n"
    ".#..#...#...#\n"
    ".#..#..#.....\n"
    ".#.#..##..#..\n"
    "E#......#....\n",
    // The paper's Figure 1: one block, 180 moves.
    "S............\n#............\n.............\n.............\n.............\n"
    ".............\n.............\n.............\n.............\n.............\n"
    ".............\n.............\nE............\n",
    // 6x6 optimum, 115 moves.
    "S.....\n#.##..\n..#..#\n...#..\n#...#.\nE..#..\n",
    // 5x5 optimum, 52 moves.
    "S..#.\n.#...\n##...\n.....\nE#.##\n",
};

}  // namespace

std::vector<Board> BenchSample<Board>::boards() {
    std::vector<Board> out;
    for (const char* text : kBoards) out.push_back(Board::parse(text, "bench board"));
    return out;
}

std::uint64_t bench_signature(std::span<const Board> boards) {
    std::vector<std::uint64_t> moves(boards.size());
    evaluate_batch_serial(boards, moves);
    std::uint64_t total = 0;
    for (std::uint64_t m : moves) total += m;
    return total;
}

std::vector<PassageBoard> BenchSample<PassageBoard>::boards() {
    constexpr int kSide = 13;
    constexpr int kCount = 32;
    // The standard's mt19937_64, raw output only (the same numbers on every standard library,
    // unlike its distributions), not the project's Rng: these boards and their signature, 4,264
    // moves, are pinned (docs/reference-numbers.md), and another generator would change them.
    std::mt19937_64 rng(20260412);
    // Below n, from the raw output (the tiny bias of the modulo does not matter for a sample).
    auto below = [&](std::uint64_t n) { return static_cast<int>(rng() % n); };
    std::vector<PassageBoard> out;
    for (int i = 0; i < kCount; ++i) {
        PassageBoard b(kSide, kSide, below(kSide), below(kSide));
        // Extra passages at 0%, 2%, .., 14% of the slots the tree leaves closed: from perfect
        // mazes with long dead ends to mazes with a few loops.
        const std::uint64_t extra_per_mille = static_cast<std::uint64_t>(20 * (i % 8));
        std::vector<int> order(static_cast<size_t>(b.slots()));
        std::iota(order.begin(), order.end(), 0);
        for (size_t k = order.size(); k > 1; --k)
            std::swap(order[k - 1], order[static_cast<size_t>(below(k))]);
        // Kruskal's method: a slot joining two parts of the tree so far is opened.
        open_spanning_tree(
            b, order, [&] { return static_cast<std::uint64_t>(below(1000)) < extra_per_mille; });
        out.push_back(b);
    }
    return out;
}

}  // namespace maze
