// mazesearch: the command-line front end of the engine.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <new>
#include <thread>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/cluster/world.hpp"
#include "mazesearch/cli/command_names.hpp"
#include "mazesearch/cli/commands.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/search/params.hpp"

namespace {

using namespace maze::experiments;

// Says why the command failed and returns its exit status: 2 for what the user can fix (a config,
// a parameter, a board or input file, a bad path), 1 for the environment (a full disk, an I/O
// error, memory) and for anything unforeseen (an internal error).
// `echo`: a rank of an MPI job but rank 0, which says bad input to no one (rank 0 says it).
int report_failure(const std::exception& e, bool echo) {
    const bool bad_input =
        dynamic_cast<const ConfigError*>(&e) || dynamic_cast<const maze::ParamError*>(&e) ||
        dynamic_cast<const maze::BoardError*>(&e) || dynamic_cast<const maze::InputError*>(&e);
    if (bad_input) {
        if (!echo) diag().error("{}", e.what());
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

int run_command(int argc, char** argv, bool& spans_ranks);

}  // namespace

// Under mpirun every rank runs this same main: MPI is started first (only when launched by an MPI
// launcher) and finished last; a rank that fails ends the whole job, so that no rank is left
// waiting for it in a collective step.
int main(int argc, char** argv) {
    start_world(argc, argv);
    bool spans_ranks = false;
    const int status = run_command(argc, argv, spans_ranks);
    if (spans_ranks && distributed() && status != kExitOk && status != 130) {
        // Bad input is met by every rank alike; rank 0 says it and ends the job. The others
        // wait for that a moment first, so that the job ends once, not in one abort per rank
        // (Open MPI's own notes of several aborts at once came out garbled).
        if (world().rank() != 0 && status == kExitBadInput)
            std::this_thread::sleep_for(std::chrono::seconds(2));
        world().abort(status);
    }
    finish_world();
    return status;
}

namespace {

int run_command(int argc, char** argv, bool& spans_ranks) {
    // Under mpirun the other ranks say nothing of what rank 0 says too: a bad command line, a bad
    // config or file (every rank reads the same), the results of a command that runs on rank 0
    // alone. What only one rank meets (an internal error, the environment) each rank says.
    const bool echo = world().rank() != 0;
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
    commands.push_back(add_sweep(app));
    commands.push_back(add_serve(app));
    if (const auto unknown = unknown_command_message(app, argc, argv)) {
        if (!echo) diag().error("{}", *unknown);
        return kExitBadInput;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // Said as every other error is, with where to read what the command takes.
        std::string help = "mazesearch --help";
        for (const CLI::App* sub : app.get_subcommands())
            help = "mazesearch " + sub->get_name() + " --help";
        if (!echo) diag().error("{} (see {})", e.what(), help);
        return kExitBadInput;
    }
    set_verbosity(quiet ? Verbosity::Quiet : verbose ? Verbosity::Verbose : Verbosity::Normal);
    int status = kExitInternal;
    try {
        for (const Command& c : commands)
            if (c.sub->parsed()) {
                spans_ranks = c.spans_ranks;
                if (echo && !spans_ranks) return kExitOk;  // rank 0 runs it, as one process
                status = c.run();
                break;
            }
    } catch (const std::exception& e) {
        std::fflush(stdout);
        return report_failure(e, echo);
    }
    return finish_standard_output(status);
}

}  // namespace
