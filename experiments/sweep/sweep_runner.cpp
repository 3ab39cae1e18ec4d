#include "mazesearch/experiments/sweep/sweep_runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <sstream>
#include <thread>

#include "mazesearch/experiments/cluster/world.hpp"
#include "mazesearch/experiments/commands/enumerate_mpi.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/interrupt.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/experiments/runner.hpp"
#include "mazesearch/experiments/sweep/point_process.hpp"
#include "mazesearch/experiments/sweep/sweep_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

using Clock = std::chrono::steady_clock;

std::string describe_point(const SweepPoint& p) {
    std::string s = p.folder;
    for (std::size_t i = 0; i < p.overrides.size(); ++i)
        s += (i ? " " : " (") + p.overrides[i].first + "=" + p.overrides[i].second;
    return p.overrides.empty() ? s : s + ")";
}

// The cores this process may use: the machine's, shared by the ranks an MPI launcher put on it.
int cores_here() {
    int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (const char* local = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE"))
        cores = std::max(1, cores / std::max(1, std::atoi(local)));
    return cores;
}

bool sets_key(const SweepSpec& s, const std::string& key) {
    for (const std::string& f : s.fixed)
        if (f.rfind(key + "=", 0) == 0) return true;
    return std::any_of(s.axes.begin(), s.axes.end(), [&](const SweepAxis& a) {
        return std::find(a.keys.begin(), a.keys.end(), key) != a.keys.end();
    });
}

// How the points share the cores: `jobs` side by side, each with `threads` (0: the threads its
// config says, when the sweep sets them).
struct Sharing {
    int jobs = 1;
    int threads = 0;
};

// Reads and checks every point's config as `mazesearch run` would, before anything is written;
// an error names the point and its values. Returns how the points share the cores.
Sharing check_points(const SweepSpec& s, const fs::path& dir, const SweepOptions& o) {
    const int cores = cores_here();
    const bool threads_set = sets_key(s, "threads");
    Sharing share;
    // A point run alone (a Slurm array task) has the cores to itself.
    share.jobs = o.jobs > 0 ? o.jobs : o.only_point >= 0 ? 1 : cores;
    if (!threads_set) share.threads = std::max(1, cores / share.jobs);
    int widest = 1;
    for (const SweepPoint& p : s.points) {
        std::vector<std::string> ov = s.overrides_of(p);
        ov.push_back("output=" + (dir / p.folder).string());
        try {
            const RunConfig c = load_config(s.config_of(p), ov);
            check_experiment(c);
            widest = std::max(widest, c.threads == 0 ? cores : c.threads);
        } catch (const ConfigError& e) {
            throw ConfigError(describe_point(p) + ": " + e.what());
        } catch (const ParamError& e) {
            throw ConfigError(describe_point(p) + ": " + e.what());
        }
    }
    if (threads_set && o.jobs <= 0) share.jobs = std::max(1, cores / widest);
    return share;
}

// Makes the sweep folder, or takes it back when it holds this same sweep.
void open_folder(const SweepSpec& s, const fs::path& dir) {
    const fs::path spec_file = dir / "sweep.json";
    if (fs::exists(spec_file)) {
        const SweepSpec before = SweepSpec::from_json(read_json_file(spec_file), spec_file);
        if (!before.same_sweep(s))
            throw ConfigError(dir.string() + ": holds another sweep (its config, the config's " +
                              "bytes, its overrides or its points differ); continue it with " +
                              "`mazesearch resume " + dir.string() + "` or give another output=");
        return;
    }
    if (fs::exists(dir) && !(fs::is_directory(dir) && fs::is_empty(dir)))
        throw ConfigError(dir.string() +
                          ": exists and is not an empty folder; give another "
                          "output= for the sweep");
    make_folder(dir / "logs");
    write_file_atomically(spec_file, s.to_json().dump(2) + "\n");
}

std::vector<std::string> point_args(const SweepSpec& s, const SweepPoint& p, const fs::path& dir,
                                    const Sharing& share) {
    const fs::path folder = dir / p.folder;
    if (fs::exists(folder / "config.json")) return {"-q", "resume", folder.string()};
    std::vector<std::string> args = {"-q", "run", s.config_of(p)};
    for (const std::string& o : s.overrides_of(p)) args.push_back(o);
    args.push_back("output=" + folder.string());
    if (share.threads > 0) args.push_back("threads=" + std::to_string(share.threads));
    return args;
}

void append_log(const fs::path& log, const std::string& line) {
    std::ofstream out(log, std::ios::app);
    out << line << "\n";
}

struct Live {
    int point;
    PointProcess process;
};

// True while another process holds the point's run folder: a point of a sweep that was killed
// (it checkpoints and ends on the SIGTERM its sweep's death sent it) or of another task.
bool point_in_use(const fs::path& folder) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) return false;
    try {
        FolderLock probe(folder, "a run");
        return false;
    } catch (const ConfigError&) {
        return true;
    } catch (const FileError&) {
        return false;  // the run itself will say what is wrong with the folder
    }
}

// Runs the points `todo`, `share.jobs` at a time: run() returns 130 when interrupted (the sweep,
// or a point on its own: a signal sent to it alone), 1 when a point failed, else 0.
class Driver {
  public:
    Driver(const SweepSpec& s, const fs::path& dir, const std::vector<int>& todo,
           const Sharing& share, bool quiet)
        : s_(s),
          dir_(dir),
          share_(share),
          quiet_(quiet),
          todo_(todo.size()),
          queue_(todo.begin(), todo.end()) {}

    int run() {
        while ((!stopping_ && !queue_.empty()) || !live_.empty()) {
            if (guard_.requested() && !stopping_) {
                stopping_ = true;
                for (const Live& l : live_) l.process.interrupt();
            }
            launch();
            if (reap()) write_sweep_index(dir_, s_, running_);
            if (!live_.empty() || !queue_.empty())
                std::this_thread::sleep_for(std::chrono::milliseconds(live_.empty() ? 200 : 50));
        }
        if (stopping_ || interrupted_) return 130;
        return failed_ ? 1 : 0;
    }

  private:
    // Starts queued points while there is room; a point whose folder another process holds goes
    // to the back of the queue, tried again once that process has let go of it.
    void launch() {
        for (std::size_t tries = queue_.size(); !stopping_ && tries > 0 && !queue_.empty() &&
                                                static_cast<int>(live_.size()) < share_.jobs;
             --tries) {
            const SweepPoint& p = s_.points[queue_.front()];
            queue_.pop_front();
            if (point_in_use(dir_ / p.folder)) {
                queue_.push_back(p.id);
                if (waited_.insert(p.id).second && !quiet_)
                    diag().info("sweep: {} is in use by another process; waiting for it", p.folder);
                continue;
            }
            if (point_state(dir_, p).status == "finished") {
                ++ended_;  // finished by that other process
                continue;
            }
            const std::vector<std::string> args = point_args(s_, p, dir_, share_);
            std::string line = "== mazesearch";
            for (const std::string& a : args) line += " " + a;
            append_log(sweep_log_path(dir_, p), line);
            live_.push_back({p.id, PointProcess(args, sweep_log_path(dir_, p))});
            running_.insert(p.id);
        }
    }

    // Records the points that ended; true if any did.
    bool reap() {
        bool changed = false;
        for (auto it = live_.begin(); it != live_.end();) {
            const std::optional<int> st = it->process.poll();
            if (!st) {
                ++it;
                continue;
            }
            const SweepPoint& p = s_.points[it->point];
            append_log(sweep_log_path(dir_, p), "exit status " + std::to_string(*st));
            running_.erase(p.id);
            ++ended_;
            changed = true;
            if (*st != 0 && *st != 130) ++failed_;
            if (*st == 130) ++interrupted_;
            if (!quiet_) say_ended(p, *st);
            it = live_.erase(it);
        }
        return changed;
    }

    void say_ended(const SweepPoint& p, int st) const {
        const PointState ps = point_state(dir_, p, running_);
        const double secs = std::chrono::duration<double>(Clock::now() - t0_).count();
        const std::size_t left = todo_ - ended_;
        const std::string best = ps.best ? ", best " + format_score(*ps.best) : "";
        std::string what = st == 0 ? "finished" : st == 130 ? "interrupted" : "FAILED";
        if (st != 0 && st != 130)
            what += " (exit status " + std::to_string(st) + ", see " +
                    sweep_log_path(dir_, p).string() + ")";
        diag().info(
            "sweep: {} {}{}; {} of {} ended this session, {} running, {} failed{}",
            describe_point(p), what, best, ended_, todo_, live_.size() - 1, failed_,
            left && !stopping_ ? ", about " + duration_text(secs / ended_ * left) + " to go" : "");
    }

    const SweepSpec& s_;
    const fs::path& dir_;
    const Sharing& share_;
    const bool quiet_;
    const std::size_t todo_;
    std::deque<int> queue_;
    InterruptGuard guard_;
    std::vector<Live> live_;
    std::set<int> running_, waited_;
    std::size_t ended_ = 0;
    int failed_ = 0, interrupted_ = 0;
    bool stopping_ = false;
    const Clock::time_point t0_ = Clock::now();
};

// The points this process runs: not finished, on this rank, or the one asked for.
std::vector<int> points_to_run(const SweepSpec& s, const fs::path& dir, const SweepOptions& o) {
    std::vector<int> todo;
    for (const SweepPoint& p : s.points) {
        if (o.only_point >= 0 ? p.id != o.only_point : p.id % world().size() != world().rank())
            continue;
        if (point_state(dir, p).status != "finished") todo.push_back(p.id);
    }
    return todo;
}

// The sweep's last word: where its results are, or what is missing and how to finish it.
void say_sweep_end(const fs::path& dir, const SweepSpec& s, int status, int only_point) {
    std::size_t finished = 0, failed = 0;
    std::string failures;
    for (const SweepPoint& p : s.points) {
        const std::string st = point_state(dir, p).status;
        finished += st == "finished";
        if (st == "failed") {
            ++failed;
            if (failed <= 5) failures += (failures.empty() ? "" : ", ") + p.folder;
        }
    }
    diag().info(
        "sweep: {} of {} points finished, {} failed{} in {}", finished, s.points.size(), failed,
        failures.empty() ? "" : " (" + failures + ", logs in " + (dir / "logs").string() + ")",
        dir.string());
    if (finished == s.points.size())
        diag().info("sweep: results: {} (and summary.csv, summary.json, index.csv)",
                    (dir / "summary.md").string());
    else if (status == 130 || only_point < 0)
        diag().info("sweep: `mazesearch resume {}` runs what is missing", dir.string());
}

}  // namespace

namespace {

// Sets the output folder when the spec has none, checks every point and says how they share the
// cores.
Sharing prepare(SweepSpec& s, const SweepOptions& o) {
    if (s.output.empty()) {
        const RunConfig base = load_config(s.config, s.fixed);
        s.output = RunFolder::default_path(base.name).string();
        s.output.insert(s.output.rfind('/') + 1, "sweep-");
    }
    if (o.only_point >= static_cast<int>(s.points.size()))
        throw ConfigError("--point " + std::to_string(o.only_point) + ": the sweep has " +
                          std::to_string(s.points.size()) + " points (0 to " +
                          std::to_string(s.points.size() - 1) + ")");
    return check_points(s, s.output, o);
}

}  // namespace

void check_sweep(SweepSpec& s, const SweepOptions& o) {
    prepare(s, o);
}

int run_sweep(SweepSpec s, const SweepOptions& o) {
    const Sharing share = prepare(s, o);
    const fs::path dir(s.output);
    // Rank 0 makes the folder (an array task of its own when --point); the others wait for it.
    std::string why;
    if (world().rank() == 0 || o.only_point >= 0) try {
            open_folder(s, dir);
        } catch (const std::exception& e) {
            why = e.what();
        }
    if (o.only_point < 0 && world().any(!why.empty()) && why.empty())
        throw ConfigError("the sweep folder " + dir.string() +
                          " could not be made (rank 0 says "
                          "why)");
    if (!why.empty()) throw ConfigError(why);
    std::optional<FolderLock> lock;
    if (o.only_point < 0 && world().rank() == 0) lock.emplace(dir, "a sweep");
    const std::vector<int> todo = points_to_run(s, dir, o);
    if (!o.quiet && world().rank() == 0)
        diag().info(
            "sweep: {} points in {}; {} to run, {} at a time{}", s.points.size(), dir.string(),
            todo.size(), share.jobs,
            share.threads ? " with " + std::to_string(share.threads) + " thread(s) each" : "");
    int status = Driver(s, dir, todo, share, o.quiet).run();
    if (o.only_point < 0) {
        if (world().any(status == 130))
            status = std::max(status, 130);
        else if (world().any(status != 0))
            status = std::max(status, 1);
    }
    if (world().rank() == 0 || o.only_point >= 0) {
        write_sweep_index(dir, s);
        if (status == 0 && all_points_finished(dir, s)) write_sweep_tables(dir, s);
    }
    if (!o.quiet && world().rank() == 0) say_sweep_end(dir, s, status, o.only_point);
    return status;
}

int resume_sweep(const fs::path& dir, const SweepOptions& o) {
    SweepSpec s =
        SweepSpec::from_json(read_json_file(dir / "sweep.json"), (dir / "sweep.json").string());
    if (s.hash_configs() != s.config_hash)
        throw ConfigError(s.config +
                          (s.group_keys.empty() || s.group_keys[0] != "config"
                               ? ""
                               : " (or another of its configs)") +
                          ": changed since the sweep in " + dir.string() +
                          " began; its points must all run the config they were checked with "
                          "(restore it, or start a new sweep)");
    s.output = dir.string();
    return run_sweep(std::move(s), o);
}

}  // namespace maze::experiments
