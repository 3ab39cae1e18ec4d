#include "mazesearch/experiments/runner.hpp"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "mazesearch/engine/board.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/target_factory.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/rng.hpp"

namespace fs = std::filesystem;

namespace maze::cli {

namespace {

std::atomic<int> g_signal{0};

extern "C" void on_signal(int sig) {
    g_signal.store(sig);
}

// Installs SIGINT/SIGTERM handlers for the lifetime of a run; a second signal of the same kind
// after the first is left to the default action only once the run has returned.
class SignalGuard {
  public:
    SignalGuard() {
        g_signal.store(0);
        old_int_ = std::signal(SIGINT, on_signal);
        old_term_ = std::signal(SIGTERM, on_signal);
    }
    ~SignalGuard() {
        std::signal(SIGINT, old_int_);
        std::signal(SIGTERM, old_term_);
    }

  private:
    void (*old_int_)(int);
    void (*old_term_)(int);
};

std::string timestamp() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
    return buf;
}

std::string fmt_score(double v) {
    if (v == static_cast<double>(static_cast<long long>(v)))
        return std::to_string(static_cast<long long>(v));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string csv_number(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

struct RepeatResult {
    bool finished = false;
    nlohmann::json summary;
};

class Experiment {
  public:
    Experiment(RunConfig config, fs::path dir, const RunOptions& options)
        : config_(std::move(config)), dir_(std::move(dir)), options_(options) {
        made_ = make_target(config_.target);
        target_ = made_.target.get();
        view_ = made_.view.get();
        // Validate the optimizer's parameters before anything is written.
        make_optimizer(config_.optimizer);
        if (!config_.initial.empty()) {
            std::optional<Genome> g = view_->read_board(config_.initial);
            if (!g)
                throw ConfigError(config_.source + ": initial: this target takes no board file");
            initial_.push_back(std::move(*g));
        }
        tty_ = !options_.quiet && isatty(STDERR_FILENO);
    }

    void prepare_new() {
        fs::create_directories(dir_);
        if (fs::exists(dir_ / "config.json"))
            throw ConfigError(dir_.string() + ": already holds a run; use `mazesearch resume " +
                              dir_.string() + "` or another output folder");
        write_file_atomically(dir_ / "config.json", config_.resolved.dump(2) + "\n");
        write_file_atomically(dir_ / "config.yaml", to_yaml(config_.resolved));
        std::string ov;
        for (const auto& o : config_.overrides) ov += o + "\n";
        write_file_atomically(dir_ / "overrides.txt", ov);
    }

    int run() {
        open_log();
        write_file_atomically(dir_ / "status", "running\n");
        log_->info("run {} ({}): target {}, optimizer {}, seed {}, {} repeat(s), output {}",
                   config_.name, config_.source, target_->name(),
                   config_.optimizer.get_string("kind", "?"), config_.seed, config_.repeats,
                   dir_.string());
        std::vector<nlohmann::json> summaries;
        bool interrupted = false;
        for (int r = 0; r < config_.repeats && !interrupted; ++r) {
            const fs::path rdir = config_.repeats == 1 ? dir_ : dir_ / repeat_name(r);
            RepeatResult res = run_repeat(r, rdir);
            if (!res.finished) interrupted = true;
            summaries.push_back(res.summary);
        }
        if (interrupted) {
            write_file_atomically(dir_ / "status", "interrupted\n");
            log_->warn("interrupted; checkpoint written. Continue with: mazesearch resume {}",
                       dir_.string());
            std::fprintf(stderr, "interrupted; continue with: mazesearch resume %s\n",
                         dir_.string().c_str());
            return 130;
        }
        if (config_.repeats > 1)
            write_file_atomically(dir_ / "summary.json", aggregate(summaries).dump(2) + "\n");
        write_file_atomically(dir_ / "status", "finished\n");
        report(summaries);
        return 0;
    }

  private:
    static std::string repeat_name(int r) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "repeat-%03d", r);
        return buf;
    }

    void open_log() {
        auto file =
            std::make_shared<spdlog::sinks::basic_file_sink_mt>((dir_ / "log.txt").string());
        std::vector<spdlog::sink_ptr> sinks{file};
        if (!options_.quiet) {
            auto console = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
            // On a terminal the progress bar speaks; the console shows only warnings then.
            console->set_level(tty_ ? spdlog::level::warn : spdlog::level::info);
            sinks.push_back(console);
        }
        log_ = std::make_shared<spdlog::logger>("run", sinks.begin(), sinks.end());
        log_->set_pattern("[%Y-%m-%d %H:%M:%S] [%l] %v");
        log_->flush_on(spdlog::level::info);
    }

    RepeatResult run_repeat(int r, const fs::path& rdir) {
        fs::create_directories(rdir);
        const std::uint64_t seed = derive_seed(config_.seed, {static_cast<std::uint64_t>(r)});
        auto opt = make_optimizer(config_.optimizer);
        Evaluator ev(*target_, config_.budget, config_.threads);
        std::uint64_t step = 0;
        std::uint64_t rows = 0;
        const fs::path logbook = rdir / "logbook.csv";
        const fs::path checkpoint = rdir / "checkpoint.json";

        RepeatResult res;
        if (fs::exists(rdir / "summary.json") && read_status(rdir) == "finished") {
            res.finished = true;
            res.summary = nlohmann::json::parse(read_text_file(rdir / "summary.json"));
            return res;
        }
        if (fs::exists(checkpoint)) {
            const nlohmann::json cp = nlohmann::json::parse(read_text_file(checkpoint));
            opt->start(*target_, seed, initial_);
            opt->restore(cp.at("optimizer"));
            ev.restore(cp.at("evaluator"));
            step = cp.at("step").get<std::uint64_t>();
            rows = cp.at("logbook_rows").get<std::uint64_t>();
            truncate_logbook(logbook, rows);
            log_->info("repeat {}: resumed at step {} ({} evaluations)", r, step, ev.evaluations());
        } else {
            opt->start(*target_, seed, initial_);
            write_file_atomically(logbook, "gen,evals,rejected,best,mean,std,min,max,seconds\n");
        }
        if (config_.repeats > 1) write_file_atomically(rdir / "status", "running\n");

        std::ofstream book(logbook, std::ios::app);
        auto last_checkpoint = std::chrono::steady_clock::now();
        auto last_log = last_checkpoint;
        std::string reason;
        bool interrupted = false;
        for (;;) {
            reason = ev.stop_reason();
            if (!reason.empty()) break;
            if (opt->done()) {
                reason = "optimizer finished";
                break;
            }
            if (g_signal.load() || (options_.interrupt_after_steps &&
                                    session_steps_ >= options_.interrupt_after_steps)) {
                interrupted = true;
                break;
            }
            ++session_steps_;
            const std::uint64_t before = ev.evaluations() + ev.rejected();
            opt->step(ev);
            ++step;
            if (step % config_.logbook_every == 0) {
                write_row(book, step, ev);
                ++rows;
            }
            if (ev.evaluations() + ev.rejected() == before && !opt->done()) {
                reason = "stalled (a step proposed nothing)";
                break;
            }
            const auto now = std::chrono::steady_clock::now();
            if (std::chrono::duration<double>(now - last_checkpoint).count() >=
                config_.checkpoint_seconds) {
                book.flush();
                save_checkpoint(checkpoint, *opt, ev, step, rows);
                last_checkpoint = now;
            }
            progress(r, ev, now, last_log);
        }
        if (!interrupted && step % config_.logbook_every != 0) {
            write_row(book, step, ev);  // the last, partial interval
            ++rows;
        }
        book.flush();
        if (tty_) std::fprintf(stderr, "\r\033[K");
        save_checkpoint(checkpoint, *opt, ev, step, rows);
        if (interrupted) {
            if (config_.repeats > 1) write_file_atomically(rdir / "status", "interrupted\n");
            res.summary = summary(ev, seed, step, "interrupted", r);
            return res;
        }
        res.finished = true;
        res.summary = summary(ev, seed, step, reason, r);
        if (ev.has_best()) {
            write_file_atomically(rdir / "best.txt", view_->text(ev.best()));
            write_file_atomically(
                rdir / "best.svg",
                view_->svg(ev.best(), config_.name + ": best " + fmt_score(ev.best_score()) + " " +
                                          view_->unit()));
        }
        write_file_atomically(rdir / "summary.json", res.summary.dump(2) + "\n");
        if (config_.repeats > 1) write_file_atomically(rdir / "status", "finished\n");
        log_->info("repeat {}: {} after {} evaluations ({} rejected), best {} {}", r, reason,
                   ev.evaluations(), ev.rejected(),
                   ev.has_best() ? fmt_score(ev.best_score()) : "none", view_->unit());
        return res;
    }

    // One logbook row: the statistics of the steps since the previous row.
    static void write_row(std::ofstream& book, std::uint64_t step, Evaluator& ev) {
        const StepStats s = ev.take_step_stats();
        book << step << ',' << ev.evaluations() << ',' << ev.rejected() << ','
             << (ev.has_best() ? csv_number(ev.best_score()) : "") << ','
             << (s.count ? csv_number(s.mean) : "") << ',' << (s.count ? csv_number(s.std) : "")
             << ',' << (s.count ? csv_number(s.min) : "") << ','
             << (s.count ? csv_number(s.max) : "") << ',' << csv_number(ev.seconds()) << '\n';
    }

    static std::string read_status(const fs::path& rdir) {
        std::ifstream in(rdir / "status");
        std::string s;
        std::getline(in, s);
        return s;
    }

    static void truncate_logbook(const fs::path& logbook, std::uint64_t rows) {
        const std::string text = read_text_file(logbook);
        std::string kept;
        std::uint64_t lines = 0;
        size_t pos = 0;
        while (pos < text.size() && lines < rows + 1) {  // header + rows
            const size_t nl = text.find('\n', pos);
            if (nl == std::string::npos) break;
            kept += text.substr(pos, nl - pos + 1);
            pos = nl + 1;
            ++lines;
        }
        write_file_atomically(logbook, kept);
    }

    void save_checkpoint(const fs::path& path, const Optimizer& opt, const Evaluator& ev,
                         std::uint64_t step, std::uint64_t rows) {
        nlohmann::json cp;
        cp["version"] = 1;
        cp["step"] = step;
        cp["logbook_rows"] = rows;
        cp["optimizer"] = opt.save();
        cp["evaluator"] = ev.save();
        write_file_atomically(path, cp.dump() + "\n");
    }

    nlohmann::json summary(const Evaluator& ev, std::uint64_t seed, std::uint64_t steps,
                           const std::string& reason, int repeat) const {
        nlohmann::json j;
        j["name"] = config_.name;
        j["repeat"] = repeat;
        j["seed"] = seed;
        j["target"] = target_->name();
        j["optimizer"] = config_.optimizer.get_string("kind", "");
        j["convention"] = view_->unit();
        j["best_score"] = ev.has_best() ? nlohmann::json(ev.best_score()) : nlohmann::json(nullptr);
        j["best_board"] =
            ev.has_best() ? nlohmann::json(view_->text(ev.best())) : nlohmann::json(nullptr);
        j["evaluations"] = ev.evaluations();
        j["rejected"] = ev.rejected();
        j["steps"] = steps;
        j["stop_reason"] = reason;
        j["seconds"] = ev.seconds();
        return j;
    }

    nlohmann::json aggregate(const std::vector<nlohmann::json>& runs) const {
        std::vector<double> scores;
        for (const auto& s : runs)
            if (s["best_score"].is_number()) scores.push_back(s["best_score"].get<double>());
        std::sort(scores.begin(), scores.end());
        nlohmann::json j;
        j["name"] = config_.name;
        j["label"] = config_.label;
        j["reference"] =
            config_.reference ? nlohmann::json(*config_.reference) : nlohmann::json(nullptr);
        j["optimizer"] = config_.optimizer.get_string("kind", "");
        j["seed"] = config_.seed;
        j["repeats"] = runs.size();
        j["convention"] = view_->unit();
        if (!scores.empty()) {
            j["best_score"] = scores.back();
            j["median_score"] =
                scores.size() % 2 ? scores[scores.size() / 2]
                                  : (scores[scores.size() / 2 - 1] + scores[scores.size() / 2]) / 2;
            j["worst_score"] = scores.front();
        }
        std::uint64_t evals = 0, rejected = 0;
        double seconds = 0;
        for (const auto& s : runs) {
            evals += s["evaluations"].get<std::uint64_t>();
            rejected += s["rejected"].get<std::uint64_t>();
            seconds += s["seconds"].get<double>();
        }
        j["evaluations"] = evals;
        j["rejected"] = rejected;
        j["seconds"] = seconds;
        j["runs"] = runs;
        return j;
    }

    void progress(int r, const Evaluator& ev, std::chrono::steady_clock::time_point now,
                  std::chrono::steady_clock::time_point& last_log) {
        if (options_.quiet) return;
        double frac = 0;
        if (config_.budget.evaluations)
            frac = std::max(frac, double(ev.evaluations()) / double(config_.budget.evaluations));
        if (config_.budget.seconds > 0)
            frac = std::max(frac, ev.seconds() / config_.budget.seconds);
        frac = std::min(frac, 1.0);
        const std::string best = ev.has_best() ? fmt_score(ev.best_score()) : "-";
        const double interval = tty_ ? 0.1 : config_.log_seconds;
        if (std::chrono::duration<double>(now - last_log).count() < interval) return;
        last_log = now;
        if (tty_) {
            const int width = 30;
            const int filled = static_cast<int>(frac * width);
            std::fprintf(
                stderr, "\r\033[K%s%s [%s%s] %3.0f%%  evals %llu  rejected %llu  best %s  %.1fs",
                config_.repeats > 1 ? ("repeat " + std::to_string(r) + " ").c_str() : "",
                config_.name.c_str(), std::string(filled, '#').c_str(),
                std::string(width - filled, '.').c_str(), frac * 100,
                static_cast<unsigned long long>(ev.evaluations()),
                static_cast<unsigned long long>(ev.rejected()), best.c_str(), ev.seconds());
            std::fflush(stderr);
        } else {
            log_->info("repeat {}: {:.0f}% evals {} rejected {} best {} ({:.1f}s)", r, frac * 100,
                       ev.evaluations(), ev.rejected(), best, ev.seconds());
        }
    }

    void report(const std::vector<nlohmann::json>& summaries) const {
        if (options_.quiet) return;
        size_t best_i = 0;
        for (size_t i = 0; i < summaries.size(); ++i)
            if (summaries[i]["best_score"].is_number() &&
                (!summaries[best_i]["best_score"].is_number() ||
                 summaries[i]["best_score"].get<double>() >
                     summaries[best_i]["best_score"].get<double>()))
                best_i = i;
        const auto& s = summaries[best_i];
        if (!s["best_score"].is_number()) {
            std::printf("%s: no feasible board evaluated\n", config_.name.c_str());
            return;
        }
        const fs::path rdir =
            config_.repeats == 1 ? dir_ : dir_ / repeat_name(static_cast<int>(best_i));
        std::printf("%s: best %s %s after %llu evaluations (%llu rejected), %.1f s\n%s",
                    config_.name.c_str(), fmt_score(s["best_score"].get<double>()).c_str(),
                    view_->unit().c_str(),
                    static_cast<unsigned long long>(s["evaluations"].get<std::uint64_t>()),
                    static_cast<unsigned long long>(s["rejected"].get<std::uint64_t>()),
                    s["seconds"].get<double>(), s["best_board"].get<std::string>().c_str());
        std::printf("run directory: %s\npicture: %s\n", dir_.string().c_str(),
                    (rdir / "best.svg").string().c_str());
    }

    RunConfig config_;
    fs::path dir_;
    RunOptions options_;
    TargetAndView made_;
    const Target* target_ = nullptr;
    const BoardView* view_ = nullptr;
    std::vector<Genome> initial_;
    std::shared_ptr<spdlog::logger> log_;
    bool tty_ = false;
    std::uint64_t session_steps_ = 0;
};

}  // namespace

int run_experiment(const RunConfig& config, const RunOptions& options) {
    fs::path dir = config.output.empty() ? fs::path("runs") / config.name / timestamp()
                                         : fs::path(config.output);
    if (config.output.empty()) {
        const fs::path base = dir;
        for (int i = 2; fs::exists(dir); ++i) dir = base.string() + "-" + std::to_string(i);
    }
    Experiment e(config, dir, options);
    e.prepare_new();
    SignalGuard guard;
    return e.run();
}

int resume_experiment(const std::string& dir, const RunOptions& options) {
    const fs::path d(dir);
    if (!fs::exists(d / "config.json"))
        throw ConfigError(dir + ": not a run directory (no config.json)");
    const std::string text = read_text_file(d / "config.json");
    nlohmann::json resolved;
    try {
        resolved = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError((d / "config.json").string() + ": not valid JSON: " + e.what());
    }
    RunConfig config = config_from_json(resolved, (d / "config.json").string());
    {
        std::ifstream in(d / "status");
        std::string status;
        std::getline(in, status);
        if (status == "finished") {
            if (!options.quiet)
                std::printf("%s: already finished; results in %s\n", dir.c_str(),
                            (d / "summary.json").string().c_str());
            return 0;
        }
    }
    Experiment e(config, d, options);
    SignalGuard guard;
    return e.run();
}

}  // namespace maze::cli
