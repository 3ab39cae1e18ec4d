// mazesearch enumerate: every board of a small grid, exactly (search/enumeration/exhaustive.hpp),
// for the moves or the max-visits objective, with shards, progress, checkpoints and resume;
// mazesearch merge: shard results into one answer.
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
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

#include "mazesearch/experiments/cluster/file_rank.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/commands/commands.hpp"
#include "mazesearch/experiments/commands/enumerate_files.hpp"
#include "mazesearch/experiments/commands/enumerate_job.hpp"
#include "mazesearch/experiments/commands/enumerate_mpi.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/interrupt.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"
#include "mazesearch/search/enumeration/passages.hpp"
#include "mazesearch/search/enumeration/segmented_run.hpp"

namespace fs = std::filesystem;

namespace maze::cli {

namespace {

// What the optimum of a result counts.
const char* value_unit(const EnumerationResult& r) {
    if (r.objective == WalkObjective::MaxVisits)
        return "max-visits (visits of the most-visited cell)";
    return r.model == BoardModel::Passages ? "moves (the move in and the move out counted)"
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

int finish_enumeration(const EnumerateOptions& o, const EnumerationResult& total);

// The progress line of a job in one process: live on a terminal, a log line every 10 s
// elsewhere; the rate of this session's subtrees gives the time to go.
class ProgressLine {
  public:
    ProgressLine(const EnumerateOptions& o, const EnumerationResult& job)
        : o_(o),
          job_(job),
          tty_(live_progress()),
          t0_(std::chrono::steady_clock::now()),
          last_(t0_) {}
    ~ProgressLine() {
        if (tty_) std::fprintf(stderr, "\r\033[K");
    }

    void operator()(const SegmentProgress& p) {
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - last_).count() < (tty_ ? 0.2 : 10.0)) return;
        last_ = now;
        const double elapsed = std::chrono::duration<double>(now - t0_).count();
        const double rate = static_cast<double>(p.session) / std::max(elapsed, 1e-9);
        const double left = rate > 0 ? static_cast<double>(p.of - p.done) / rate : 0;
        char line[256];
        std::snprintf(line, sizeof line,
                      "%dx%d%s shard %d/%d: %5.1f%% of %llu subtrees, %.1f subtrees/s, best %llu, "
                      "%s to go",
                      o_.rows, o_.cols, job_.model == BoardModel::Passages ? " passages" : "",
                      job_.held[0], job_.shards,
                      100.0 * static_cast<double>(p.done) /
                          static_cast<double>(std::max<std::uint64_t>(p.of, 1)),
                      static_cast<unsigned long long>(p.of), rate,
                      static_cast<unsigned long long>(p.best), duration_text(left).c_str());
        show_progress_line(line, tty_);
    }

  private:
    const EnumerateOptions& o_;
    const EnumerationResult& job_;
    bool tty_;
    std::chrono::steady_clock::time_point t0_, last_;
};

// The options of the tree's runs.
EnumerationOptions run_options(const EnumerateOptions& o, const EnumerationResult& job) {
    EnumerationOptions eo;
    eo.objective = job.objective;
    eo.threads = o.threads;
    eo.shard = job.held[0];
    eo.shards = job.shards;
    eo.board_cap = o.cap;
    eo.at_least = o.at_least;
    eo.frontier = o.frontier;
    return eo;
}

// The job in this process, in segments with a checkpoint between them: 0 complete, 130 stopped
// (its progress written).
int run_here(const EnumerateOptions& o, const EnumerationResult& job, const EnumerationTree& tree,
             EnumerationResult& total, std::vector<std::uint8_t>& done,
             const std::function<void()>& save_progress) {
    const InterruptGuard guard;
    ProgressLine line(o, job);
    SegmentedRun run;
    if (!o.out.empty()) {
        run.checkpoint_seconds = o.checkpoint_seconds;
        run.checkpoint = save_progress;
    }
    run.stop_requested = [] { return InterruptGuard::requested().load(); };
    if (verbosity() != Verbosity::Quiet) run.progress = std::ref(line);
    try {
        return run_in_segments(tree, run_options(o, job), total, done, run) ? kExitOk : 130;
    } catch (const std::invalid_argument& e) {
        throw ConfigError(o.out + ".progress: " + e.what());
    }
}

int run_enumerate(const EnumerateOptions& o) {
    const EnumerationResult job = parse_job(o);
    if (o.estimate) return print_estimate(job, o.probes, o.threads, o.json);
    const bool passages = job.model == BoardModel::Passages;
    EnumerationResult total = job;
    std::vector<std::uint8_t> done;
    // The tree cut into its subtrees, once for the whole job (every checkpoint segment runs it).
    std::unique_ptr<EnumerationTree> cut;
    const std::function<const EnumerationTree&()> tree = [&]() -> const EnumerationTree& {
        if (!cut) {
            const auto t = std::chrono::steady_clock::now();
            try {
                cut = passages
                          ? passage_enumeration_tree(o.rows, o.cols, job.start.c, job.exit.c,
                                                     o.frontier)
                          : cell_enumeration_tree(o.rows, o.cols, job.start, job.exit, o.frontier);
            } catch (const std::invalid_argument& e) {
                throw ConfigError(std::string("enumerate: ") + e.what());
            }
            diag().debug(
                "the tree cut into {} subtrees (--frontier {}) in {:.3f} s", cut->subtrees(),
                cut->frontier(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count());
        }
        return *cut;
    };
    const JobFiles files(o.out);
    std::optional<FolderLock> lock;
    // Under mpirun, rank 0 alone reads and writes files (the others only enumerate). Once it has
    // checked them, every rank learns whether there is work at all.
    const FileRank rank;
    if (rank.from_here([&] {
            return open_job_files(files, o.resume, o.cap, lock, tree, total, done) ? "finished"
                                                                                   : "go";
        }) != "go")
        return kExitOk;
    auto save_progress = [&] { files.save_progress(total, done); };
    const std::string where = o.out.empty() ? "(nowhere: no --out given)" : files.progress.string();
    std::string how = "continue with the same command and --resume";
    int status = 0;
    if (rank.spread()) {
        DistributedEnumeration d;
        d.passages = job.model == BoardModel::Passages;
        d.rows = o.rows;
        d.cols = o.cols;
        d.start = job.start;
        d.exit = job.exit;
        d.options = run_options(o, job);
        d.shard = job.held[0];
        d.shards = job.shards;
        d.total = &total;
        d.done = &done;
        d.save_progress = save_progress;
        if (!o.out.empty()) d.journal = files.journal.string();
        d.checkpoint_seconds = o.checkpoint_seconds;
        d.probes = o.order_probes;
        d.quiet = verbosity() == Verbosity::Quiet;
        status = enumerate_distributed(d);
        if (!rank.here()) return status;
        how += " (under mpirun or not)";
    } else {
        status = run_here(o, job, tree(), total, done, save_progress);
    }
    if (status == 130) {
        diag().warn("interrupted; progress in {}; {}", where, how);
        return 130;
    }
    return finish_enumeration(o, total);
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

}  // namespace

Command add_enumerate(CLI::App& app) {
    auto o = std::make_shared<EnumerateOptions>();
    CLI::App* sub = app.add_subcommand(
        "enumerate", "Every board of a small grid, exactly: optimum, optimal boards, histogram");
    sub->add_option("--model", o->model,
                    "cells (default: boards of open and blocked cells) or passages (Mouse Maze "
                    "2: every cell open, the passages between them decided)")
        ->check(CLI::IsMember({"cells", "passages"}));
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
    sub->add_option("--threads", o->threads, "Threads (0: every core)")->check(CLI::Range(0, 4096));
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

}  // namespace maze::cli
