// mazesearch play cat-trap: the trapper's side of the interactive cat trap (CodeChef BEARTRAP),
// and --prove, the AND-tree proof that its trapper always wins.
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "mazesearch/engine/games/cat_trap.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/commands/commands.hpp"

namespace maze::cli {

namespace {

struct PlayOptions {
    int side = 20;
    bool prove = false;
    int turns = 20;
};

// Reads the judge's lines, counting them for error messages.
class Judge {
  public:
    // False at the end of the input.
    bool next(std::string& line) {
        if (!std::getline(std::cin, line)) return false;
        ++number_;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return true;
    }
    [[noreturn]] void fail(const std::string& what) const {
        throw InputError("<stdin>", number_, what);
    }
    int line() const { return number_; }

  private:
    int number_ = 0;
};

// Whitespace-separated words of a line; a line with nothing else after its fields is required.
std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

bool parse_int(const std::string& text, long long lo, long long hi, long long& value) {
    std::size_t used = 0;
    try {
        value = std::stoll(text, &used);
    } catch (const std::exception&) {
        return false;
    }
    return used == text.size() && value >= lo && value <= hi;
}

// One game; false when the input ended inside it.
bool play_game(const HexBoard& board, long long turns, Judge& judge) {
    CatTrapGame game(board);
    CatTrapper trapper(board);
    std::string line;
    while (judge.next(line)) {
        const std::vector<std::string> w = words(line);
        if (w.size() == 1 && w[0] == "WIN") {
            std::vector<int> moves;
            if (game.cat_options(moves) != CatStatus::CutOff)
                judge.fail("WIN, but the cat at " + hex_text(board.hex(game.cat())) +
                           " can still reach the border");
            return true;
        }
        long long r = 0, c = 0;
        const long long big = 1'000'000'000;
        if (w.size() != 3 || w[0] != "CAT" || !parse_int(w[1], -big, big, r) ||
            !parse_int(w[2], -big, big, c))
            judge.fail("expected 'CAT r c' or 'WIN', got '" + line + "'");
        const Hex h{static_cast<int>(r), static_cast<int>(c)};
        const int cell = board.index(h);
        if (cell < 0)
            judge.fail("the cell " + hex_text(h) + " is not on the board of side " +
                       std::to_string(board.side()));
        const std::string why = game.illegal_cat_move(cell);
        if (!why.empty()) judge.fail("illegal cat move to " + hex_text(h) + ": " + why);
        if (game.blocks_used() >= turns)
            judge.fail("the cat is still free after all " + std::to_string(turns) +
                       " turns: the trapper lost");
        game.move_cat(cell);
        if (board.border(cell))
            judge.fail("the cat reached the border cell " + hex_text(h) +
                       " and escapes: the trapper lost");
        const int b = trapper.respond(game);
        if (!game.illegal_block(b).empty())
            throw std::logic_error("the trapper chose an illegal block");
        game.block(b);
        const Hex bh = board.hex(b);
        std::printf("BLOCK %d %d\n", bh.r, bh.c);
        std::fflush(stdout);
    }
    return false;
}

int play_games(const PlayOptions& o) {
    const HexBoard board(o.side);
    Judge judge;
    std::string line;
    if (!judge.next(line)) return kExitOk;
    const std::vector<std::string> w = words(line);
    long long games = 0, turns = 0;
    if (w.size() != 2 || !parse_int(w[0], 0, 1'000'000'000, games) ||
        !parse_int(w[1], 1, 1'000'000'000, turns))
        judge.fail("expected 'T M' (games, turns), got '" + line + "'");
    for (long long g = 0; g < games; ++g)
        if (!play_game(board, turns, judge)) return kExitOk;  // the input ended early
    while (judge.next(line))
        if (!words(line).empty())
            judge.fail("unexpected input after the last of " + std::to_string(games) + " games: '" +
                       line + "'");
    return kExitOk;
}

int prove(const PlayOptions& o) {
    const CatTrapProof p = prove_cat_trapper(o.side, o.turns);
    std::printf("side %d, at most %d blocks: %s\n", o.side, o.turns,
                p.proven ? "proven, the trapper wins against every cat" : "NOT proven");
    std::printf("nodes %llu, leaves %llu, most blocks on a line %d\n",
                static_cast<unsigned long long>(p.nodes), static_cast<unsigned long long>(p.leaves),
                p.max_blocks);
    if (!p.proven) {
        std::string text;
        for (std::size_t i = 0; i < p.line.size(); ++i)
            text += std::string(i % 2 ? " block" : " cat") + hex_text(p.line[i]);
        std::printf("failure: %s\nline:%s\n", p.failure.c_str(), text.c_str());
    }
    return p.proven ? kExitOk : kExitInternal;
}

}  // namespace

Command add_play_cat_trap(CLI::App& play) {
    auto opts = std::make_shared<PlayOptions>();
    CLI::App* sub = play.add_subcommand(
        "cat-trap", "Trap the cat on the hexagonal board: the trapper's side of the protocol");
    sub->add_option("--side", opts->side, "Side N of the hexagonal board")
        ->check(CLI::Range(2, HexBoard::kMaxSide));
    sub->add_flag("--prove", opts->prove,
                  "Instead of playing: explore every tie the cat can take and check that the "
                  "trapper always wins within --turns blocks");
    sub->add_option("--turns", opts->turns, "Block limit for --prove")
        ->check(CLI::Range(1, 100000));
    sub->footer(
        "Protocol on standard input/output: the first line is 'T M' (games, turns); in each game\n"
        "the judge sends 'CAT r c' (the cat's new cell, axial coordinates) and the program\n"
        "answers 'BLOCK r c', until the judge sends 'WIN'. The trapper is proven to win within\n"
        "18 blocks on the side-20 board (sides >= 20: N - 2 blocks); on smaller sides it plays a\n"
        "greedy block without guarantee.\n"
        "Exit status: 0 at the end of the input; 2 for a malformed or illegal line, a cat that\n"
        "escapes or a game that runs past M turns (the message names the line); --prove: 1 when\n"
        "the proof fails.");
    return {sub, [opts] { return opts->prove ? prove(*opts) : play_games(*opts); }};
}

}  // namespace maze::cli
