#include "mazesearch/experiments/runner.hpp"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/experiments/cluster/file_rank.hpp"
#include "mazesearch/experiments/cluster/world.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/interrupt.hpp"
#include "mazesearch/experiments/run/progress.hpp"
#include "mazesearch/experiments/run/repeat.hpp"
#include "mazesearch/experiments/run/report.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/experiments/target_factory.hpp"
#include "mazesearch/search/optimizer.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

// The target, its view and the initial boards of a run, every one checked.
struct Prepared {
    TargetAndView made;
    std::vector<Genome> initial;
    std::optional<CheckedOptimizer> optimizer;
};

Prepared prepare(const RunConfig& config, const ExternalObjective* objective) {
    Prepared p;
    p.made = make_target(config.target, objective);
    if (!config.initial.empty()) {
        std::optional<Genome> g = p.made.view->read_board(config.initial);
        if (!g) throw ConfigError(config.source + ": initial: this target takes no board file");
        if (!p.made.target->feasible(*g))
            throw ConfigError(config.source + ": initial: " + config.initial +
                              ": the board is infeasible for this target (no way from the start "
                              "to the exit); a search starts from a feasible board");
        p.initial.push_back(std::move(*g));
    }
    // Everything the search checks of its parameters, of the target (exhaustive needs a grid it
    // can enumerate) and of the budget (an annealing schedule needs a length) is found before
    // anything is written, once, without an optimizer: the repeats then make theirs from it.
    try {
        p.optimizer = check_optimizer(config.optimizer, *p.made.target, config.budget, p.initial);
    } catch (const ParamError& e) {
        // Said with the config it is about, when the key's own line is not known.
        const std::string what = e.what();
        if (what.rfind(config.source, 0) == 0) throw;
        throw ConfigError(config.source + ": " + what);
    }
    return p;
}

class Experiment {
  public:
    Experiment(RunConfig config, fs::path dir, const RunOptions& options)
        : config_(std::move(config)), folder_(std::move(dir)), options_(options) {
        Prepared p = prepare(config_, options_.objective);
        made_ = std::move(p.made);
        initial_ = std::move(p.initial);
        optimizer_ = std::move(p.optimizer);
        live_ = !options_.quiet && live_progress() && files_.here();
        if (!files_.here()) options_.quiet = true;
    }

    // Under mpirun rank 0 alone creates and writes the run folder (docs/cluster.md).
    void create() {
        if (files_.here()) folder_.create(config_);
    }

    // Runs the experiment; after any failure the run's status says `failed` and its log why.
    int run() {
        // A resumed run that fails before it takes a step (both checkpoints unusable, say) changed
        // nothing: its status stays what it was (interrupted), not failed.
        const std::string before = files_.here() ? RunFolder::status(folder_.root()) : "";
        open_log();
        try {
            return run_logged();
        } catch (const std::exception& e) {
            if (!files_.here()) throw;
            // Into log.txt only: main says it on standard error.
            spdlog::logger("run", file_sink_).error("failed: {}", e.what());
            RunFolder::record_failure(folder_.root(), before, session_steps_.load() > 0);
            throw;
        }
    }

  private:
    int run_logged() {
        if (files_.here()) {
            remove_stale_temporaries(folder_.root());
            RunFolder::set_status(folder_.root(), "running");
        }
        log_->info("run {} ({}): target {}, optimizer {}, seed {}, {} repeat(s), output {}",
                   config_.name, config_.source, made_.target->name(),
                   config_.optimizer.get_string("kind", "?"), config_.seed, config_.repeats,
                   folder_.root().string());
        if (distributed())
            log_->info(
                "on {} ({} thread(s) each); each generation's islands are shared out "
                "among the ranks",
                world().describe(), WorkerTeam::resolve(config_.threads));
        RunProgress progress(config_, live_, options_.quiet || live_ ? nullptr : log_.get());
        std::atomic<bool> stop{false};
        const RepeatContext ctx{config_,        *made_.target,
                                *made_.view,    initial_,
                                *optimizer_,    *log_,
                                progress,
                                stop,           options_.interrupt_after_steps,
                                session_steps_, options_.on_step ? &on_step_ : nullptr,
                                options_.cancel};
        std::vector<RepeatOutcome> outcomes(static_cast<std::size_t>(config_.repeats));
        const int threads = WorkerTeam::resolve(config_.threads);
        // Under mpirun every repeat is spread over the ranks, one repeat after the other.
        // A target that is not thread-safe (an outside function) scores its repeats one by one.
        if (config_.repeats > 1 && config_.repeats >= threads && threads > 1 && !distributed() &&
            made_.target->thread_safe())
            run_side_by_side(ctx, outcomes, threads, stop);
        else
            run_one_by_one(ctx, outcomes, threads);
        progress.clear();

        bool interrupted = false;
        std::vector<nlohmann::json> summaries;
        for (const RepeatOutcome& o : outcomes) {
            interrupted = interrupted || !o.finished;
            if (!o.summary.is_null()) summaries.push_back(o.summary);
        }
        if (!files_.here()) return interrupted ? 130 : 0;
        if (interrupted) {
            RunFolder::set_status(folder_.root(), "interrupted");
            log_->warn("interrupted; checkpoint written. Continue with: mazesearch resume {}",
                       folder_.root().string());
            return 130;
        }
        if (config_.repeats > 1)
            write_file_atomically(
                folder_.root() / "summary.json",
                aggregate_summary(config_, *made_.view, summaries).dump(2) + "\n");
        RunFolder::set_status(folder_.root(), "finished");
        if (!options_.quiet) print_report(config_, *made_.view, folder_.root(), summaries);
        return 0;
    }

    // Every repeat with `threads` threads for its batches, one after the other.
    void run_one_by_one(const RepeatContext& ctx, std::vector<RepeatOutcome>& outcomes,
                        int threads) {
        for (int r = 0; r < config_.repeats; ++r) {
            auto& o = outcomes[static_cast<std::size_t>(r)];
            o = run_repeat(ctx, r, folder_.repeat_dir(r, config_.repeats), threads);
            if (!o.finished) break;
        }
    }

    // Whole repeats side by side, one thread each, taken in order (each thread takes the next
    // repeat not yet started, so a long run of many repeats finishes them from the first on). A
    // repeat that fails stops the others at their next step (they write their checkpoints); its
    // error is then rethrown.
    void run_side_by_side(const RepeatContext& ctx, std::vector<RepeatOutcome>& outcomes,
                          int threads, std::atomic<bool>& stop) {
        WorkerTeam team(std::min(threads, config_.repeats));
        std::mutex error_mutex;
        std::exception_ptr error;
        std::atomic<std::size_t> next{0};
        team.run(static_cast<std::size_t>(team.size()), [&](std::size_t, int) {
            for (;;) {
                if (stop.load() || InterruptGuard::requested().load() ||
                    (options_.cancel && options_.cancel->load()))
                    return;  // the rest are not started: a later resume starts them
                const std::size_t r = next.fetch_add(1);
                if (r >= outcomes.size()) return;
                try {
                    const int i = static_cast<int>(r);
                    outcomes[r] = run_repeat(ctx, i, folder_.repeat_dir(i, config_.repeats), 1);
                } catch (...) {
                    std::lock_guard lock(error_mutex);
                    if (!error) error = std::current_exception();
                    stop.store(true);
                }
            }
        });
        if (error) std::rethrow_exception(error);
    }

    void open_log() {
        if (!files_.here()) {
            // The other ranks of an MPI job say nothing (rank 0 speaks for the job).
            log_ = std::make_shared<spdlog::logger>("run");
            return;
        }
        const fs::path path = folder_.root() / "log.txt";
        {
            // spdlog's own error would not say why; open it once here to have the system's reason.
            std::FILE* f = std::fopen(path.c_str(), "ae");
            if (!f) throw FileError(path, "open the log", errno);
            std::fclose(f);
        }
        file_sink_ = std::make_shared<spdlog::sinks::basic_file_sink_mt>(path.string());
        std::vector<spdlog::sink_ptr> sinks{file_sink_};
        sinks.front()->set_pattern("[%Y-%m-%d %H:%M:%S] [%l] %v");
        // On a terminal the live progress line speaks; the console shows only warnings then.
        if (!options_.quiet)
            sinks.push_back(console_sink(live_ ? spdlog::level::warn : spdlog::level::info));
        log_ = std::make_shared<spdlog::logger>("run", sinks.begin(), sinks.end());
        log_->flush_on(spdlog::level::info);
        // A line that cannot be written (a full disk) is said on standard error, not thrown.
        log_->set_error_handler([path](const std::string& msg) {
            diag().warn("{}: cannot write: {}", path.string(), msg);
        });
    }

    RunConfig config_;
    RunFolder folder_;
    RunOptions options_;
    TargetAndView made_;
    std::vector<Genome> initial_;
    std::optional<CheckedOptimizer> optimizer_;  // the settings, checked once (prepare)
    std::shared_ptr<spdlog::logger> log_;
    spdlog::sink_ptr file_sink_;  // log.txt
    bool live_ = false;
    FileRank files_;  // under mpirun rank 0 alone writes the run folder
    std::atomic<std::uint64_t> session_steps_{0};  // steps taken by this process, all repeats
    std::mutex on_step_mutex_;
    // options_.on_step, one call at a time.
    const StepHook on_step_ = [this](const StepReport& s) {
        std::lock_guard lock(on_step_mutex_);
        options_.on_step(s);
    };
};

}  // namespace

void check_experiment(const RunConfig& config, const ExternalObjective* objective) {
    prepare(config, objective);
}

int run_experiment(const RunConfig& config, const RunOptions& options) {
    const fs::path dir =
        config.output.empty() ? RunFolder::default_path(config.name) : fs::path(config.output);
    Experiment e(config, dir, options);
    e.create();
    std::optional<InterruptGuard> guard;
    if (options.catch_signals) guard.emplace();
    return e.run();
}

int resume_experiment(const std::string& dir, const RunOptions& options) {
    const fs::path d(dir);
    const FileRank files;
    std::optional<FolderLock> lock;
    // Under mpirun the other ranks take the config rank 0 read (or learn that there is nothing:
    // empty).
    const std::string config_text = files.from_here([&]() -> std::string {
        if (!fs::is_directory(d))
            throw ConfigError(dir + ": not a run folder (not a folder at all)");
        if (!fs::exists(d / "config.json"))
            throw ConfigError(dir + ": not a run folder (no config.json)");
        // Held until the run ends: a second resume (or a run still going on) is refused.
        lock.emplace(d, "a run or resume");
        if (RunFolder::status(d) == "finished") {
            if (!options.quiet)
                diag().info("{}: already finished; results in {}", dir,
                            (d / "summary.json").string());
            return "";
        }
        return read_json_file(d / "config.json").dump();
    });
    if (config_text.empty()) return 0;
    RunConfig config =
        config_from_json(nlohmann::json::parse(config_text), (d / "config.json").string());
    if (files.here()) RunFolder(d).check_inputs(config);  // before any of them is read
    Experiment e(config, d, options);
    std::optional<InterruptGuard> guard;
    if (options.catch_signals) guard.emplace();
    return e.run();
}

}  // namespace maze::experiments
