// mazesearch: the command-line front end of the engine.
#include <cstdio>
#include <exception>
#include <vector>

#include "mazesearch/engine/board.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/commands/commands.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/search/params.hpp"

int main(int argc, char** argv) {
    using namespace maze::cli;
    CLI::App app{"mazesearch: search mazes that keep Squeaky the mouse inside as long as possible"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "mazesearch 0.1.0");
    // Accepted before or after the subcommand's name.
    app.fallthrough();
    bool quiet = false, verbose = false;
    app.add_flag(
        "-q,--quiet", quiet,
        "Say only errors and warnings on standard error (no progress, no report of a run)");
    app.add_flag("-v,--verbose", verbose, "Say more on standard error (details of the work)");
    std::vector<Command> commands = {add_eval(app),          add_render(app),    add_bench(app),
                                     add_run(app),           add_resume(app),    add_summarize(app),
                                     add_neighbourhood(app), add_enumerate(app), add_merge(app),
                                     add_solve(app),         add_play(app)};
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);  // prints the parser's message and usage hint
        return kExitBadInput;
    }
    set_verbosity(quiet ? Verbosity::Quiet : verbose ? Verbosity::Verbose : Verbosity::Normal);
    try {
        for (const Command& c : commands)
            if (c.sub->parsed()) return c.run();
    } catch (const std::exception& e) {
        // Bad input (a config, a parameter, a board file) is the user's to fix: status 2.
        const bool bad_input = dynamic_cast<const maze::cli::ConfigError*>(&e) ||
                               dynamic_cast<const maze::ParamError*>(&e) ||
                               dynamic_cast<const maze::BoardError*>(&e) ||
                               dynamic_cast<const maze::InputError*>(&e);
        std::fflush(stdout);
        if (bad_input) {
            diag().error("{}", e.what());
            return kExitBadInput;
        }
        diag().error("internal error: {}", e.what());
        return kExitInternal;
    }
    return kExitInternal;
}
