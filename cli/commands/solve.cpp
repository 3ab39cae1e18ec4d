// mazesearch solve GAME ... and mazesearch play GAME: the game solvers, each in its own file.
#include <vector>

#include "mazesearch/cli/commands.hpp"

namespace maze::experiments {

namespace {

Command dispatch(CLI::App* parent, std::vector<Command> games) {
    parent->require_subcommand(1);
    return {parent, [games = std::move(games)] {
                for (const Command& g : games)
                    if (g.sub->parsed()) return g.run();
                return kExitInternal;
            }};
}

}  // namespace

Command add_solve(CLI::App& app) {
    CLI::App* solve = app.add_subcommand(
        "solve", "Solve a game exactly: cat-mouse (a graph), mousetrap (a tree), kmod-trap");
    return dispatch(
        solve, {add_solve_cat_mouse(*solve), add_solve_mousetrap(*solve), add_solve_kmod(*solve)});
}

Command add_play(CLI::App& app) {
    CLI::App* play =
        app.add_subcommand("play", "Play an interactive game on stdin/stdout: cat-trap");
    return dispatch(play, {add_play_cat_trap(*play)});
}

}  // namespace maze::experiments
