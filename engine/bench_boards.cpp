#include "mazesearch/engine/bench_boards.hpp"

#include <string>
#include <utility>

#include "mazesearch/engine/bitboard.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/mouse_walk.hpp"

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

std::vector<Board> bench_boards() {
    std::vector<Board> out;
    for (const char* text : kBoards) out.push_back(Board::parse(text, "bench board"));
    return out;
}

std::vector<Board> load_bench_boards(const std::vector<std::string>& paths) {
    std::vector<Board> out;
    out.reserve(paths.size());
    for (const std::string& path : paths) {
        Board b = Board::load(path);
        if (!feasible(b))
            throw InputError(path, 0,
                             "infeasible board (the exit cannot be reached from the start); the "
                             "bench walks feasible boards only");
        out.push_back(std::move(b));
    }
    return out;
}

std::uint64_t bench_signature(std::span<const Board> boards) {
    std::vector<std::uint64_t> moves(boards.size());
    evaluate_batch_serial(boards, moves);
    std::uint64_t total = 0;
    for (std::uint64_t m : moves) total += m;
    return total;
}

}  // namespace maze
