#include "mazesearch/experiments/enumeration/enumerate_job.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "mazesearch/experiments/cluster/file_rank.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/enumeration/enumerate_files.hpp"
#include "mazesearch/experiments/enumeration/enumerate_mpi.hpp"
#include "mazesearch/experiments/exit_status.hpp"
#include "mazesearch/experiments/interrupt.hpp"
#include "mazesearch/search/enumeration/enumeration_models.hpp"
#include "mazesearch/models/passages/passage_enumeration.hpp"
#include "mazesearch/search/enumeration/segmented_run.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

Cell parse_cell(const std::string& text, const std::string& what, int rows, int cols) {
    int r = -1, c = -1;
    char comma = 0;
    std::istringstream in(text);
    char extra = 0;
    if (!(in >> r >> comma >> c) || comma != ',' || (in >> extra) || r < 0 || r >= rows || c < 0 ||
        c >= cols)
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

}  // namespace

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

std::unique_ptr<EnumerationTree> cut_tree(const EnumerateOptions& o, const EnumerationResult& job) {
    try {
        return enumeration_model(job.model).tree(o.rows, o.cols, job.start, job.exit, o.frontier);
    } catch (const std::invalid_argument& e) {
        throw ConfigError(std::string("enumerate: ") + e.what());
    }
}

EnumerationResult parse_job(const EnumerateOptions& o) {
    if (o.rows < 1 || o.cols < 1) throw ConfigError("--rows and --cols are required");
    EnumerationResult job;
    job.rows = o.rows;
    job.cols = o.cols;
    job.at_least = o.at_least;
    job.frontier = o.frontier;
    const EnumerationModel* model = enumeration_model_named(o.model);
    if (!model)
        throw ConfigError("--model: expected " + enumeration_model_names(false) + ", got '" +
                          o.model + "'");
    job.model = model->model;
    try {
        model->check_size(o.rows, o.cols);
    } catch (const std::invalid_argument& e) {
        throw ConfigError("enumerate: " + std::to_string(o.rows) + "x" + std::to_string(o.cols) +
                          std::string(model->label) + " is too large: " + e.what());
    }
    if (o.at_least > 0 && !model->takes_at_least)
        throw ConfigError("--at-least: --model " + std::string(model_name(model->model)) +
                          " counts every board; the floor is for --model " +
                          enumeration_model_names(false, [](const EnumerationModel& m) {
                              return m.takes_at_least;
                          }));
    if (model->by_columns) {
        // The entrance above the top row and the exit below the bottom row, as columns.
        if (!o.start.empty())
            throw ConfigError("--start: --model " + std::string(model_name(model->model)) +
                              " has an entrance column (--entrance)");
        job.start = {0, parse_column(o.entrance, "--entrance", o.cols)};
        job.exit = {o.rows - 1, parse_column(o.exit, "--exit", o.cols)};
    } else {
        if (!o.entrance.empty())
            throw ConfigError("--entrance: for an entrance column (--model " +
                              enumeration_model_names(false, [](const EnumerationModel& m) {
                                  return m.by_columns;
                              }) +
                              "); --model " + std::string(model_name(model->model)) + " has --start");
        job.start = parse_cell(o.start.empty() ? "0,0" : o.start, "--start", o.rows, o.cols);
        job.exit =
            o.exit.empty() ? Cell{o.rows - 1, 0} : parse_cell(o.exit, "--exit", o.rows, o.cols);
    }
    const std::optional<WalkObjective> objective = objective_from_name(o.objective);
    if (!objective)
        throw ConfigError("--objective: expected moves or max-visits, got '" + o.objective + "'");
    job.objective = *objective;
    // Digits, a slash, digits: nothing before, between or after ("1/2x", "1/2/3" and "1/2 " were
    // taken as 1/2).
    const std::size_t slash = o.shard.find('/');
    int shard = 0;
    auto number = [&](std::string_view digits, int& to) {
        if (digits.empty() || digits.size() > 9 ||
            digits.find_first_not_of("0123456789") != std::string_view::npos)
            return false;
        to = std::stoi(std::string(digits));
        return true;
    };
    const std::string_view text(o.shard);
    if (slash == std::string::npos || !number(text.substr(0, slash), shard) ||
        !number(text.substr(slash + 1), job.shards) || job.shards < 1 || shard >= job.shards)
        throw ConfigError("--shard: expected i/N with 0 <= i < N, got '" + o.shard + "'");
    job.held = {shard};
    if (o.estimate && (!o.out.empty() || o.resume || o.shard != "0/1"))
        throw ConfigError(
            std::string("--estimate: only estimates the whole tree and writes nothing; ") +
            (o.resume         ? "--resume"
             : !o.out.empty() ? "--out"
                              : "--shard") +
            " is for an enumeration");
    if (o.resume && o.out.empty())
        throw ConfigError("--resume needs --out FILE (the progress is FILE.progress)");
    return job;
}

void JobFiles::save_progress(const EnumerationResult& total,
                             const std::vector<std::uint8_t>& done) const {
    if (out.empty()) return;
    nlohmann::json p;
    p["result"] = total.to_json();
    p["done"] = done_to_text(done);
    write_file_keeping_previous(progress, previous, p.dump() + "\n");
    std::error_code ec;
    if (fs::exists(journal, ec)) fs::resize_file(journal, 0, ec);
}

bool open_job_files(const JobFiles& f, bool resume, std::size_t cap,
                    std::optional<FolderLock>& lock,
                    const std::function<const EnumerationTree&()>& tree, EnumerationResult& total,
                    std::vector<std::uint8_t>& done) {
    const std::string out = f.out.string();
    if (!out.empty()) {
        if (fs::is_directory(f.out))
            throw ConfigError(out + ": is a folder; --out takes a file name (the result)");
        if (fs::exists(f.out) && !fs::is_regular_file(f.out))
            throw ConfigError(out +
                              ": is not a regular file (a device?); --out takes a file name that "
                              "the result, OUT.progress and OUT.lock can be written beside");
        const fs::path folder = f.out.parent_path().empty() ? fs::path(".") : f.out.parent_path();
        if (!fs::is_directory(folder)) throw FileError(folder, "write the result there", ENOENT);
        lock.emplace(FolderLock::file(out + ".lock", out, "an enumeration"));
        remove_stale_temporaries(f.out.parent_path(), f.out.filename().string());
    }
    const bool unfinished =
        !out.empty() && (fs::exists(f.progress) || fs::exists(f.previous) || fs::exists(f.journal));
    if (!resume) {
        if (unfinished)
            throw ConfigError(f.progress.string() + ": an unfinished enumeration; add --resume");
        if (!out.empty() && fs::exists(f.out))
            throw ConfigError(out +
                              ": already exists (a finished result); remove it or choose another "
                              "--out");
        return false;
    }
    if (fs::exists(f.out) && !unfinished) {
        // Finished: but only if it is this job's, every subtree of it counted.
        read_finished_result(f.out, total, tree().subtrees());
        std::printf("%s: already finished\n", out.c_str());
        std::error_code ec;
        fs::remove(out + ".lock", ec);
        return true;
    }
    if (std::optional<ProgressFile> p =
            load_progress(f.progress, f.previous, total, tree().subtrees())) {
        total = std::move(p->result);
        done = std::move(p->done);
    } else if (!fs::exists(f.journal)) {
        diag().warn(
            "{}: no progress written yet (the enumeration stopped before its first checkpoint); "
            "starting it from the beginning",
            f.progress.string());
    }
    if (fs::exists(f.journal)) {
        if (done.empty()) done.assign(tree().subtrees(), 0);
        const std::size_t added = replay_journal(f.journal, total, done, cap);
        if (added)
            diag().info("{}: {} more subtrees finished after the last checkpoint",
                        f.journal.string(), added);
    }
    return false;
}

namespace enumerate_job_steps {

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
                      o_.rows, o_.cols, std::string(enumeration_model(job_.model).label).c_str(),
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

}  // namespace enumerate_job_steps

using enumerate_job_steps::ProgressLine;

EnumerationJob::EnumerationJob(const EnumerateOptions& o)
    : o_(o), job_(parse_job(o)), total_(job_), files_(o.out) {}

const EnumerationTree& EnumerationJob::tree() {
    if (!cut_) {
        const auto t = std::chrono::steady_clock::now();
        cut_ = cut_tree(o_, job_);
        diag().debug("the tree cut into {} subtrees (--frontier {}) in {:.3f} s", cut_->subtrees(),
                     cut_->frontier(),
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count());
    }
    return *cut_;
}

bool EnumerationJob::open() {
    return rank_.from_here([&] {
        return open_job_files(
                   files_, o_.resume, o_.cap, lock_,
                   [this]() -> const EnumerationTree& { return tree(); }, total_, done_)
                   ? "finished"
                   : "go";
    }) == "go";
}

int EnumerationJob::run() {
    const int status = rank_.spread() ? run_on_ranks() : run_here();
    if (status == 130 && rank_.here()) {
        const std::string where =
            o_.out.empty() ? "(nowhere: no --out given)" : files_.progress.string();
        diag().warn("interrupted; progress in {}; continue with the same command and --resume{}",
                    where, rank_.spread() ? " (under mpirun or not)" : "");
    }
    return status;
}

// The job in this process, in segments with a checkpoint between them.
int EnumerationJob::run_here() {
    const InterruptGuard guard;
    ProgressLine line(o_, job_);
    SegmentedRun run;
    if (!o_.out.empty()) {
        run.checkpoint_seconds = o_.checkpoint_seconds;
        run.checkpoint = [this] { files_.save_progress(total_, done_); };
    }
    run.stop_requested = [] { return InterruptGuard::requested().load(); };
    if (verbosity() != Verbosity::Quiet) run.progress = std::ref(line);
    try {
        return run_in_segments(tree(), run_options(o_, job_), total_, done_, run) ? kExitOk : 130;
    } catch (const std::invalid_argument& e) {
        throw ConfigError(o_.out + ".progress: " + e.what());
    }
}

// The job handed out over the ranks; rank 0 keeps the files.
int EnumerationJob::run_on_ranks() {
    DistributedEnumeration d;
    d.model = job_.model;
    d.rows = o_.rows;
    d.cols = o_.cols;
    d.start = job_.start;
    d.exit = job_.exit;
    d.options = run_options(o_, job_);
    d.shard = job_.held[0];
    d.shards = job_.shards;
    d.total = &total_;
    d.done = &done_;
    d.save_progress = [this] { files_.save_progress(total_, done_); };
    if (!o_.out.empty()) d.journal = files_.journal.string();
    d.checkpoint_seconds = o_.checkpoint_seconds;
    d.probes = o_.order_probes;
    d.quiet = verbosity() == Verbosity::Quiet;
    return enumerate_distributed(d);
}

int print_estimate(const EnumerationResult& job, std::uint64_t probes, int threads, bool json) {
    if (!FileRank().here()) return kExitOk;  // under mpirun, one estimate (rank 0's)
    const EnumerationModel& model = enumeration_model(job.model);
    const TreeEstimate e =
        model.estimate(job.rows, job.cols, job.start, job.exit, probes, 1, job.at_least);
    // The cost of a simulated move, measured on a sample tree (a fraction of a second: 6x5 cells,
    // 4x4 passages, 5x5 hex) with the same threads.
    EnumerationOptions so;
    so.threads = threads;
    const EnumerationResult sample = model.sample(so);
    const double per_step = sample.seconds / static_cast<double>(sample.steps);
    if (json) {
        nlohmann::json j;
        j["model"] = model_name(job.model);
        if (job.at_least > 0) j["at_least"] = job.at_least;
        j["rows"] = job.rows;
        j["cols"] = job.cols;
        j["probes"] = e.probes;
        j["leaves"] = e.leaves;
        j["leaves_error"] = e.leaves_error;
        j["feasible"] = e.feasible;
        j["feasible_error"] = e.feasible_error;
        j["steps"] = e.steps;
        j["steps_error"] = e.steps_error;
        j["seconds_estimate"] = e.steps * per_step;
        std::printf("%s\n", j.dump().c_str());
        return kExitOk;
    }
    std::printf(
        "%dx%d%s%s: about %.3g leaves (+- %.2g), %.3g feasible boards (+- %.2g) and %.3g "
        "simulated moves (+- %.2g), from %llu random probes;\nat %.2f ns a move "
        "(measured here on the %s tree, same threads) that is about %s\n",
        job.rows, job.cols, std::string(model.label).c_str(),
        job.at_least > 0
            ? (" (the tree left by the bound for --at-least " + std::to_string(job.at_least) + ")")
                  .c_str()
            : "",
        e.leaves, e.leaves_error, e.feasible, e.feasible_error, e.steps, e.steps_error,
        static_cast<unsigned long long>(e.probes), per_step * 1e9,
        std::string(model.sample_text).c_str(),
        duration_text(e.steps * per_step).c_str());
    return kExitOk;
}

}  // namespace maze::experiments
