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

#include "mazesearch/experiments/cluster/world.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/commands/commands.hpp"
#include "mazesearch/experiments/commands/enumerate_files.hpp"
#include "mazesearch/experiments/commands/enumerate_mpi.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/interrupt.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"
#include "mazesearch/search/enumeration/passages.hpp"

namespace fs = std::filesystem;

namespace maze::cli {

namespace {

struct EnumerateOptions {
    std::string model = "cells";
    int rows = 0, cols = 0;
    std::string start;     // default 0,0 (cells)
    std::string entrance;  // default any (passages)
    std::string exit;      // default: bottom left (cells), any (passages)
    std::uint64_t at_least = 0;
    std::string objective = "moves";
    int threads = 0;
    bool json = false;
    std::string shard = "0/1";
    std::string out;
    bool resume = false;
    bool estimate = false;
    std::uint64_t probes = 100000;
    std::size_t cap = 8;
    double checkpoint_seconds = 60;
    std::size_t frontier = EnumerationOptions{}.frontier;
    std::uint64_t order_probes = DistributedEnumeration{}.probes;
};

Cell parse_cell(const std::string& text, const std::string& what, int rows, int cols) {
    int r = -1, c = -1;
    char comma = 0;
    std::istringstream in(text);
    if (!(in >> r >> comma >> c) || comma != ',' || r < 0 || r >= rows || c < 0 || c >= cols)
        throw ConfigError(what + ": expected r,c inside the " + std::to_string(rows) + "x" +
                          std::to_string(cols) + " grid, got '" + text + "'");
    return Cell{r, c};
}

// A passage board's entrance or exit column: a number or "any" (-1).
int parse_column(const std::string& text, const std::string& what, int cols) {
    if (text.empty() || text == "any") return -1;
    int c = -1;
    std::istringstream in(text);
    char extra = 0;
    if (!(in >> c) || (in >> extra) || c < 0 || c >= cols)
        throw ConfigError(what + ": expected a column 0.." + std::to_string(cols - 1) +
                          " or 'any', got '" + text + "'");
    return c;
}

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

int run_enumerate(const EnumerateOptions& o) {
    if (o.rows < 1 || o.cols < 1) throw ConfigError("--rows and --cols are required");
    const bool passages = o.model == "passages";
    Cell start, exit;
    if (passages) {
        if (!o.start.empty())
            throw ConfigError("--start: passage boards have an entrance column (--entrance)");
        const int slots = o.rows * (o.cols - 1) + (o.rows - 1) * o.cols;
        if (slots > 64)
            throw ConfigError("enumerate: " + std::to_string(o.rows) + "x" +
                              std::to_string(o.cols) + " has " + std::to_string(slots) +
                              " passages; the passage enumeration takes at most 64 (6x6, 5x7, "
                              "4x9, ...)");
        start = {0, parse_column(o.entrance, "--entrance", o.cols)};
        exit = {o.rows - 1, parse_column(o.exit, "--exit", o.cols)};
    } else {
        if (!o.entrance.empty())
            throw ConfigError(
                "--entrance: for passage boards (--model passages); cells have "
                "--start");
        if (o.at_least > 0)
            throw ConfigError(
                "--at-least: the cell enumeration counts every board; it is for "
                "--model passages");
        if (o.rows * o.cols > kMaxEnumerationCells || (o.rows + 2) * (o.cols + 2) > 128)
            throw ConfigError("enumerate: " + std::to_string(o.rows) + "x" +
                              std::to_string(o.cols) +
                              " is too large: at most 64 cells with (rows + 2) * (cols + 2) <= "
                              "128 (8x8, 7x9, 16x4, ...)");
        start = parse_cell(o.start.empty() ? "0,0" : o.start, "--start", o.rows, o.cols);
        exit = o.exit.empty() ? Cell{o.rows - 1, 0} : parse_cell(o.exit, "--exit", o.rows, o.cols);
    }
    const std::optional<WalkObjective> objective = objective_from_name(o.objective);
    if (!objective)
        throw ConfigError("--objective: expected moves or max-visits, got '" + o.objective + "'");
    int shard = 0, shards = 1;
    {
        // Digits, a slash, digits: nothing before, between or after ("1/2x", "1/2/3" and "1/2 "
        // were taken as 1/2).
        const std::size_t slash = o.shard.find('/');
        auto number = [&](std::string_view digits, int& to) {
            if (digits.empty() || digits.size() > 9 ||
                digits.find_first_not_of("0123456789") != std::string_view::npos)
                return false;
            to = std::stoi(std::string(digits));
            return true;
        };
        const std::string_view text(o.shard);
        if (slash == std::string::npos || !number(text.substr(0, slash), shard) ||
            !number(text.substr(slash + 1), shards) || shards < 1 || shard >= shards)
            throw ConfigError("--shard: expected i/N with 0 <= i < N, got '" + o.shard + "'");
    }
    if (o.estimate && (!o.out.empty() || o.resume || o.shard != "0/1"))
        throw ConfigError(
            std::string("--estimate: only estimates the whole tree and writes nothing; ") +
            (o.resume         ? "--resume"
             : !o.out.empty() ? "--out"
                              : "--shard") +
            " is for an enumeration");
    if (o.estimate) {
        if (world().rank() != 0) return kExitOk;  // under mpirun, one estimate (rank 0's)
        const TreeEstimate e = passages ? estimate_passage_tree(o.rows, o.cols, start.c, exit.c,
                                                                o.probes, 1, o.at_least)
                                        : estimate_tree(o.rows, o.cols, start, exit, o.probes, 1);
        // The cost of a simulated move, measured on a sample tree (a fraction of a second: 6x5
        // cells, 4x4 passages) with the same threads.
        EnumerationOptions so;
        so.threads = o.threads;
        const EnumerationResult sample = passages ? enumerate_passage_boards(4, 4, -1, -1, so)
                                                  : enumerate_boards(6, 5, {0, 0}, {5, 0}, so);
        const double per_step = sample.seconds / static_cast<double>(sample.steps);
        nlohmann::json j;
        j["model"] = o.model;
        if (o.at_least > 0) j["at_least"] = o.at_least;
        j["rows"] = o.rows;
        j["cols"] = o.cols;
        j["probes"] = e.probes;
        j["leaves"] = e.leaves;
        j["leaves_error"] = e.leaves_error;
        j["feasible"] = e.feasible;
        j["feasible_error"] = e.feasible_error;
        j["steps"] = e.steps;
        j["steps_error"] = e.steps_error;
        j["seconds_estimate"] = e.steps * per_step;
        if (o.json) {
            std::printf("%s\n", j.dump().c_str());
        } else {
            std::printf(
                "%dx%d%s%s: about %.3g leaves (+- %.2g), %.3g feasible boards (+- %.2g) and %.3g "
                "simulated moves (+- %.2g), from %llu random probes;\nat %.2f ns a move "
                "(measured here on the %s tree, same threads) that is about %s\n",
                o.rows, o.cols, passages ? " passages" : "",
                o.at_least > 0 ? (" (the tree left by the bound for --at-least " +
                                  std::to_string(o.at_least) + ")")
                                     .c_str()
                               : "",
                e.leaves, e.leaves_error, e.feasible, e.feasible_error, e.steps, e.steps_error,
                static_cast<unsigned long long>(e.probes), per_step * 1e9,
                passages ? "4x4 passage" : "6x5", duration_text(e.steps * per_step).c_str());
        }
        return kExitOk;
    }

    // Checkpoints: the result so far and which subtrees are done, beside --out.
    const fs::path progress_path = o.out.empty() ? fs::path() : fs::path(o.out + ".progress");
    EnumerationResult total;
    total.model = passages ? BoardModel::Passages : BoardModel::Cells;
    total.at_least = o.at_least;
    total.rows = o.rows;
    total.cols = o.cols;
    total.start = start;
    total.exit = exit;
    total.held = {shard};
    total.shards = shards;
    total.frontier = o.frontier;
    total.objective = *objective;
    std::vector<std::uint8_t> done;
    // The tree cut into its subtrees, once for the whole job (every checkpoint segment runs it).
    std::unique_ptr<EnumerationTree> cut;
    auto tree = [&]() -> const EnumerationTree& {
        if (!cut) {
            const auto t = std::chrono::steady_clock::now();
            try {
                cut = passages
                          ? passage_enumeration_tree(o.rows, o.cols, start.c, exit.c, o.frontier)
                          : cell_enumeration_tree(o.rows, o.cols, start, exit, o.frontier);
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
    // The folder of --out is checked (and locked against a second enumeration of the same OUT)
    // before any work: a result that cannot be written is known at once, not after hours.
    std::optional<FolderLock> lock;
    const fs::path previous_path = o.out.empty() ? fs::path() : fs::path(o.out + ".progress.prev");
    const fs::path journal_path = o.out.empty() ? fs::path() : fs::path(o.out + ".progress.log");
    // Under mpirun, rank 0 alone reads and writes files (the others only enumerate).
    const bool files_here = world().rank() == 0;
    if (files_here && !o.out.empty()) {
        const fs::path out(o.out);
        if (fs::is_directory(out))
            throw ConfigError(o.out + ": is a folder; --out takes a file name (the result)");
        if (fs::exists(out) && !fs::is_regular_file(out))
            throw ConfigError(o.out +
                              ": is not a regular file (a device?); --out takes a file name that "
                              "the result, OUT.progress and OUT.lock can be written beside");
        const fs::path folder = out.parent_path().empty() ? fs::path(".") : out.parent_path();
        if (!fs::is_directory(folder)) throw FileError(folder, "write the result there", ENOENT);
        lock.emplace(FolderLock::file(o.out + ".lock", o.out, "an enumeration"));
        remove_stale_temporaries(out.parent_path(), out.filename().string());
    }
    if (o.resume && o.out.empty())
        throw ConfigError("--resume needs --out FILE (the progress is FILE.progress)");
    if (!files_here) {
        // Another rank of an MPI job: rank 0 checked the files.
    } else if (o.resume) {
        if (fs::exists(o.out) && !fs::exists(progress_path) && !fs::exists(previous_path) &&
            !fs::exists(journal_path)) {
            // Finished: but only if it is this job's, every subtree of it counted.
            read_finished_result(o.out, total, tree().subtrees());
            std::printf("%s: already finished\n", o.out.c_str());
            std::error_code ec;
            fs::remove(o.out + ".lock", ec);
            if (distributed()) world().broadcast("finished");  // the other ranks end too
            return kExitOk;
        }
        if (std::optional<ProgressFile> p =
                load_progress(progress_path, previous_path, total, tree().subtrees())) {
            total = std::move(p->result);
            done = std::move(p->done);
        } else if (!fs::exists(journal_path)) {
            diag().warn(
                "{}: no progress written yet (the enumeration stopped before its first "
                "checkpoint); starting it from the beginning",
                progress_path.string());
        }
        if (fs::exists(journal_path)) {
            if (done.empty()) done.assign(tree().subtrees(), 0);
            const std::size_t added = replay_journal(journal_path, total, done, o.cap);
            if (added)
                diag().info("{}: {} more subtrees finished after the last checkpoint",
                            journal_path.string(), added);
        }
    } else if (!o.out.empty() && (fs::exists(progress_path) || fs::exists(previous_path) ||
                                  fs::exists(journal_path))) {
        throw ConfigError(progress_path.string() + ": an unfinished enumeration; add --resume");
    } else if (!o.out.empty() && fs::exists(o.out)) {
        throw ConfigError(
            o.out + ": already exists (a finished result); remove it or choose another --out");
    }

    auto finish = [&](const EnumerationResult& result) { return finish_enumeration(o, result); };
    auto save_progress = [&] {
        if (o.out.empty()) return;
        nlohmann::json p;
        p["result"] = total.to_json();
        p["done"] = done_to_text(done);
        write_file_keeping_previous(progress_path, previous_path, p.dump() + "\n");
        // Everything in the journal is in the progress file now.
        std::error_code ec;
        if (fs::exists(journal_path, ec)) fs::resize_file(journal_path, 0, ec);
    };

    if (distributed()) {
        // Rank 0 has checked the files: every rank learns whether there is work at all.
        if (world().broadcast("go") != "go") return kExitOk;
        DistributedEnumeration job;
        job.passages = passages;
        job.rows = o.rows;
        job.cols = o.cols;
        job.start = start;
        job.exit = exit;
        job.options.objective = *objective;
        job.options.threads = o.threads;
        job.options.board_cap = o.cap;
        job.options.at_least = o.at_least;
        job.options.frontier = o.frontier;
        job.shard = shard;
        job.shards = shards;
        job.total = &total;
        job.done = &done;
        job.save_progress = save_progress;
        if (!o.out.empty()) job.journal = journal_path.string();
        job.checkpoint_seconds = o.checkpoint_seconds;
        job.probes = o.order_probes;
        job.quiet = verbosity() == Verbosity::Quiet;
        const int status = enumerate_distributed(job);
        if (!files_here) return status;
        if (status == 130) {
            diag().warn(
                "interrupted; progress in {}; continue with the same command and --resume (under "
                "mpirun or not)",
                progress_path.empty() ? "(nowhere: no --out given)" : progress_path.string());
            return 130;
        }
        return finish(total);
    }

    const InterruptGuard guard;
    const bool quiet = verbosity() == Verbosity::Quiet;
    const bool tty = live_progress();
    const auto t0 = std::chrono::steady_clock::now();
    std::atomic<bool> stop{false};
    std::mutex print_mutex;
    auto last_print = t0;
    // Subtrees of this shard already done when the current segment started, and done in earlier
    // segments of this session (for the rate).
    std::uint64_t done_at_segment = 0;
    std::uint64_t session_before_segment = 0;

    EnumerationOptions eo;
    eo.objective = *objective;
    eo.threads = o.threads;
    eo.shard = shard;
    eo.shards = shards;
    eo.board_cap = o.cap;
    eo.at_least = o.at_least;
    eo.frontier = o.frontier;
    eo.done = &done;
    eo.stop = &stop;
    auto segment_start = std::chrono::steady_clock::now();
    eo.progress = [&](std::uint64_t finished, std::uint64_t of, std::uint64_t best) {
        const auto now = std::chrono::steady_clock::now();
        if (InterruptGuard::requested().load()) stop = true;
        if (!o.out.empty() &&
            std::chrono::duration<double>(now - segment_start).count() >= o.checkpoint_seconds)
            stop = true;  // return to write a checkpoint, then go on
        if (quiet) return;
        std::lock_guard<std::mutex> lock(print_mutex);
        if (std::chrono::duration<double>(now - last_print).count() < (tty ? 0.2 : 10.0)) return;
        last_print = now;
        const double elapsed = std::chrono::duration<double>(now - t0).count();
        const std::uint64_t all = done_at_segment + of;
        const std::uint64_t now_done = done_at_segment + finished;
        const double frac =
            static_cast<double>(now_done) / static_cast<double>(std::max<std::uint64_t>(all, 1));
        const double rate =
            static_cast<double>(session_before_segment + finished) / std::max(elapsed, 1e-9);
        const double left = rate > 0 ? static_cast<double>(all - now_done) / rate : 0;
        char line[256];
        std::snprintf(
            line, sizeof line,
            "%dx%d%s shard %d/%d: %5.1f%% of %llu subtrees, %.1f subtrees/s, best %llu, %s to go",
            o.rows, o.cols, passages ? " passages" : "", shard, shards, frac * 100,
            static_cast<unsigned long long>(all), rate,
            static_cast<unsigned long long>(std::max<std::uint64_t>(best, total.optimum)),
            duration_text(left).c_str());
        if (tty) {
            std::fprintf(stderr, "\r\033[K%s", line);  // a live line on the terminal
            std::fflush(stderr);
        } else {
            diag().info("{}", line);
        }
    };

    const EnumerationTree& cut_tree = tree();
    bool interrupted = false;
    for (;;) {
        segment_start = std::chrono::steady_clock::now();
        stop = false;
        done_at_segment = 0;
        for (size_t i = static_cast<size_t>(shard); i < done.size();
             i += static_cast<size_t>(shards))
            done_at_segment += done[i];
        EnumerationResult part;
        try {
            part = cut_tree.run(eo);
        } catch (const std::invalid_argument& e) {
            throw ConfigError(progress_path.string() + ": " + e.what());
        }
        session_before_segment += part.subtrees;
        total.merge(part, o.cap);
        bool all = true;
        for (size_t i = static_cast<size_t>(shard); i < done.size();
             i += static_cast<size_t>(shards))
            all = all && done[i];
        if (all) break;
        save_progress();
        if (InterruptGuard::requested().load()) {
            interrupted = true;
            break;
        }
    }
    if (tty) std::fprintf(stderr, "\r\033[K");
    if (interrupted) {
        diag().warn("interrupted; progress in {}; continue with the same command and --resume",
                    progress_path.empty() ? "(nowhere: no --out given)" : progress_path.string());
        return 130;
    }
    return finish(total);
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
