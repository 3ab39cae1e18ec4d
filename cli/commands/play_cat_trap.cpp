// mazesearch play cat-trap: the trapper's side of the interactive cat trap (CodeChef BEARTRAP),
// and --prove, the AND-tree proof that its trapper always wins.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "mazesearch/engine/games/cat_trap.hpp"
#include "mazesearch/cli/commands.hpp"

namespace maze::experiments {

namespace {

struct PlayOptions {
    int side = 20;
    bool prove = false;
    int turns = 20;
};

int play_games(const PlayOptions& o) {
    const HexBoard board(o.side);
    JudgeLines judge(std::cin, "<stdin>");
    play_cat_trap_protocol(board, judge, std::cout);
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

}  // namespace maze::experiments
