// mazesearch enumerate: every board of a small grid, exactly (search/enumeration/exhaustive.hpp),
// for the moves or the max-visits objective, with shards, progress, checkpoints and resume;
// mazesearch merge: shard results into one answer.
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "mazesearch/cli/command_options.hpp"
#include "mazesearch/cli/commands.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/enumeration/enumerate_files.hpp"
#include "mazesearch/experiments/enumeration/enumerate_job.hpp"
#include "mazesearch/experiments/enumeration/enumerate_mpi.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/search/enumeration/enumeration_models.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

// What the optimum of a result counts.
const char* value_unit(const EnumerationResult& r) {
    if (r.objective == WalkObjective::MaxVisits)
        return "max-visits (visits of the most-visited cell)";
    return r.model == ModelId::Passages ? "moves (the move in and the move out counted)"
                                                : "moves (paper convention)";
}

void print_result(const EnumerationResult& r, bool json) {
    if (json) {
        std::printf("%s\n", r.to_json().dump().c_str());
        return;
    }
    if (r.at_least > 0 && r.feasible == 0) {
        std::printf(
            "%s: no board worth %llu or more (%llu leaves, %llu subtrees cut by the "
            "bound; %.2f s)\n",
            describe_grid(r).c_str(), static_cast<unsigned long long>(r.at_least),
            static_cast<unsigned long long>(r.leaves), static_cast<unsigned long long>(r.cuts),
            r.seconds);
        return;
    }
    std::printf(
        "%s%s: optimum %llu %s, "
        "%llu optimal board%s; %llu feasible boards%s; %llu leaves; %.2f s\n",
        describe_grid(r).c_str(), r.shards > 1 ? (" " + r.shards_text()).c_str() : "",
        static_cast<unsigned long long>(r.optimum), value_unit(r),
        static_cast<unsigned long long>(r.optimal_boards), r.optimal_boards == 1 ? "" : "s",
        static_cast<unsigned long long>(r.feasible),
        r.at_least > 0 ? (" worth " + std::to_string(r.at_least) + " or more (" +
                          std::to_string(r.cuts) + " subtrees cut by the bound)")
                             .c_str()
                       : "",
        static_cast<unsigned long long>(r.leaves), r.seconds);
    // The histogram, value:boards from the smallest value, wrapped at 100 columns.
    std::string line = "histogram (value:boards):";
    for (const auto& [value, n] : r.histogram) {
        const std::string item = " " + std::to_string(value) + ":" + std::to_string(n);
        if (line.size() + item.size() > 100) {
            std::printf("%s\n", line.c_str());
            line = " ";
        }
        line += item;
    }
    std::printf("%s\n", line.c_str());
    for (const std::string& b : r.boards) std::printf("\n%s", b.c_str());
}

// The end of an enumeration: the result written to --out (its progress files removed) and
// printed.
int finish_enumeration(const EnumerateOptions& o, const EnumerationResult& total) {
    const fs::path progress_path = o.out.empty() ? fs::path() : fs::path(o.out + ".progress");
    const fs::path previous_path = o.out.empty() ? fs::path() : fs::path(o.out + ".progress.prev");
    if (!o.out.empty()) {
        try {
            write_file_atomically(o.out, total.to_json().dump(2) + "\n");
        } catch (const std::exception&) {
            print_result(total, o.json);  // the answer is not lost with the file
            throw;
        }
        std::error_code ec;
        fs::remove(progress_path, ec);
        fs::remove(previous_path, ec);
        fs::remove(o.out + ".progress.log", ec);
        fs::remove(o.out + ".lock", ec);
    }
    print_result(total, o.json);
    if (!o.out.empty() && !o.json) std::printf("result: %s\n", o.out.c_str());
    return kExitOk;
}

// The job, one process or every rank of an MPI job; rank 0 writes and prints the answer.
int run_enumerate(const EnumerateOptions& o) {
    EnumerationJob job(o);
    if (o.estimate) return print_estimate(job.job(), o.probes, o.threads, o.json);
    if (!job.open()) return kExitOk;
    const int status = job.run();
    if (status != kExitOk || !job.files_here()) return status;
    return finish_enumeration(o, job.total());
}

}  // namespace

Command add_enumerate(CLI::App& app) {
    auto o = std::make_shared<EnumerateOptions>();
    CLI::App* sub = app.add_subcommand(
        "enumerate", "Every board of a small grid, exactly: optimum, optimal boards, histogram");
    sub->add_option("--model", o->model,
                    "cells (default: boards of open and blocked cells), passages (Mouse Maze "
                    "2: every cell open, the passages between them decided) or hex (hexagonal "
                    "boards of open and blocked cells)")
        ->check(CLI::IsMember([] {
            std::vector<std::string> names;
            for (const EnumerationModel* m : enumeration_models()) names.emplace_back(model_name(m->model));
            return names;
        }()));
    sub->add_option("--rows", o->rows, "Rows")->required()->check(CLI::Range(1, 16));
    sub->add_option("--cols", o->cols, "Columns")->required()->check(CLI::Range(1, 16));
    sub->add_option("--start", o->start, "Start cell r,c (default 0,0; cells)");
    sub->add_option("--entrance", o->entrance,
                    "Entrance column above the top row, or any (default; passages)");
    sub->add_option("--exit", o->exit,
                    "Exit cell r,c (cells; default bottom left), or exit column below the bottom "
                    "row or any (passages; default any)");
    sub->add_option("--at-least", o->at_least,
                    "Count only boards worth at least this much, cutting the subtrees a bound "
                    "proves below it (passages)");
    sub->add_option("--objective", o->objective,
                    "What a board is worth: moves (default) or max-visits (the visits of its "
                    "most-visited cell)")
        ->check(CLI::IsMember({"moves", "max-visits"}));
    sub->add_option("--threads", o->threads, "Threads (0: every core)")
        ->check(thread_count_option());
    sub->add_flag("--json", o->json, "Print one JSON object");
    sub->add_option("--shard", o->shard, "Enumerate the deterministic share i of N (i/N)");
    sub->add_option("--out", o->out, "Write the result (JSON) here; progress goes to OUT.progress");
    sub->add_flag("--resume", o->resume, "Continue from OUT.progress");
    sub->add_flag("--estimate", o->estimate,
                  "Only estimate the tree's size and time by random probes");
    sub->add_option("--probes", o->probes, "Random probes for --estimate")
        ->check(CLI::Range(1, 1000000000));
    sub->add_option("--cap", o->cap, "Optimal boards listed at most")->check(CLI::Range(0, 100000));
    sub->add_option("--checkpoint-seconds", o->checkpoint_seconds,
                    "Progress written this often (with --out)")
        ->check(finite_range(0.01, 1e9, "seconds"));
    sub->add_option("--frontier", o->frontier,
                    "Cut the tree into at least this many subtrees (the unit of shards, progress "
                    "and the MPI hand-out; a resumed enumeration needs the same)")
        ->check(CLI::Range(1, 1 << 26));
    sub->add_option("--order-probes", o->order_probes,
                    "Under mpirun: random probes of each subtree for the largest-first hand-out "
                    "(0: canonical order)")
        ->check(CLI::Range(0, 1000000));
    return {sub, [o] { return run_enumerate(*o); }, true};
}

Command add_merge(CLI::App& app) {
    auto files = std::make_shared<std::vector<std::string>>();
    auto json = std::make_shared<bool>(false);
    auto cap = std::make_shared<std::size_t>(8);
    CLI::App* sub = app.add_subcommand(
        "merge", "Combine shard results of `enumerate --out` into the whole answer");
    sub->add_option("files", *files, "Shard result files")->required();
    sub->add_flag("--json", *json, "Print one JSON object");
    sub->add_option("--cap", *cap, "Optimal boards listed at most");
    return {sub, [files, json, cap] {
                print_result(merge_result_files(*files, *cap), *json);
                return kExitOk;
            }};
}

}  // namespace maze::experiments
