// The `mazesearch` subcommands. Each returns the process exit status: 0 success, 2 bad input
// or usage, 1 internal failure.
#pragma once

#include <CLI/CLI.hpp>

#include "mazesearch/experiments/exit_status.hpp"

namespace maze::experiments {

// Each registers its subcommand on `app` and returns it with the function that runs it once the
// command line is parsed (and returns the exit status).
struct Command {
    CLI::App* sub = nullptr;
    std::function<int()> run;
    // Under mpirun: the command spreads its work over the ranks (run, resume, enumerate). Any
    // other command runs on rank 0 alone, as one process; the other ranks end at once, silent.
    bool spans_ranks = false;
};

Command add_eval(CLI::App& app);
Command add_render(CLI::App& app);
Command add_bench(CLI::App& app);
Command add_run(CLI::App& app);
Command add_resume(CLI::App& app);
Command add_summarize(CLI::App& app);
Command add_sweep(CLI::App& app);
Command add_serve(CLI::App& app);
Command add_neighbourhood(CLI::App& app);
Command add_enumerate(CLI::App& app);
Command add_merge(CLI::App& app);
Command add_solve(CLI::App& app);  // solve cat-mouse | mousetrap | kmod-trap
Command add_play(CLI::App& app);   // play cat-trap
// make-graph: the example graph files (cli/commands/make_graph.cpp)
Command add_make_graph(CLI::App& app);

// The games, registered under `solve` or `play` (cli/commands/solve.cpp).
Command add_solve_cat_mouse(CLI::App& solve);
Command add_solve_mousetrap(CLI::App& solve);
Command add_solve_kmod(CLI::App& solve);
Command add_play_cat_trap(CLI::App& play);

}  // namespace maze::experiments
