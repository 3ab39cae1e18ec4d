// mazesearch: the command-line front end of the engine.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <new>
#include <vector>

#include "mazesearch/engine/board.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/cluster/world.hpp"
#include "mazesearch/experiments/commands/commands.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/search/params.hpp"

namespace {

using namespace maze::cli;

// Says why the command failed and returns its exit status: 2 for what the user can fix (a config,
// a parameter, a board or input file, a bad path), 1 for the environment (a full disk, an I/O
// error, memory) and for anything unforeseen (an internal error).
int report_failure(const std::exception& e) {
    const bool bad_input =
        dynamic_cast<const ConfigError*>(&e) || dynamic_cast<const maze::ParamError*>(&e) ||
        dynamic_cast<const maze::BoardError*>(&e) || dynamic_cast<const maze::InputError*>(&e);
    if (bad_input) {
        diag().error("{}", e.what());
        return kExitBadInput;
    }
    if (const auto* f = dynamic_cast<const FileError*>(&e)) {
        diag().error("{}", f->what());
        return f->bad_path() ? kExitBadInput : kExitInternal;
    }
    if (const auto* f = dynamic_cast<const std::filesystem::filesystem_error*>(&e)) {
        const FileError as_file(f->path1(), "use the path", f->code().value());
        diag().error("{}", as_file.what());
        return as_file.bad_path() ? kExitBadInput : kExitInternal;
    }
    if (dynamic_cast<const std::bad_alloc*>(&e)) {
        diag().error("out of memory");
        return kExitInternal;
    }
    diag().error("internal error: {}", e.what());
    return kExitInternal;
}

// Results go to standard output; a command that could not write them all (a full device, a
// closed descriptor) has failed, whatever it returned.
int finish_standard_output(int status) {
    std::cout.flush();
    errno = 0;
    const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout.good();
    if (!failed) return status;
    int err = errno;
    // The failed write may have been an earlier one, its errno long gone: a one-byte probe on the
    // descriptor (its output is lost already) says why (a full device, a closed descriptor).
    if (err == 0 && ::write(STDOUT_FILENO, "\n", 1) < 0) err = errno;
    diag().error("standard output: cannot write the results{}{}", err ? ": " : "",
                 err ? std::strerror(err) : "");
    return status == kExitOk ? kExitInternal : status;
}

int run_command(int argc, char** argv);

}  // namespace

// Under mpirun every rank runs this same main: MPI is started first (only when launched by an MPI
// launcher) and finished last; a rank that fails ends the whole job, so that no rank is left
// waiting for it in a collective step.
int main(int argc, char** argv) {
    start_world(argc, argv);
    const int status = run_command(argc, argv);
    if (distributed() && status != kExitOk && status != 130) world().abort(status);
    finish_world();
    return status;
}

namespace {

int run_command(int argc, char** argv) {
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
    commands.push_back(add_make_graph(app));
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
    int status = kExitInternal;
    try {
        for (const Command& c : commands)
            if (c.sub->parsed()) {
                status = c.run();
                break;
            }
    } catch (const std::exception& e) {
        std::fflush(stdout);
        return report_failure(e);
    }
    return finish_standard_output(status);
}

}  // namespace
