#include "mazesearch/experiments/sweep/sweep_runner.hpp"

#include <algorithm>
#include <cstdlib>
#include <thread>

#include "mazesearch/experiments/cluster/world.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/experiments/runner.hpp"
#include "mazesearch/experiments/sweep/sweep_driver.hpp"
#include "mazesearch/experiments/sweep/sweep_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_opening.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

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

// Reads and checks every point's config (the pinned bytes) as `mazesearch run` would, before
// anything is written; an error names the point and its values. Returns how the points share
// the cores.
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
            const RunConfig c =
                load_config_text(s.config_texts[s.config_index(p)], s.config_of(p), ov);
            check_experiment(c);
            widest = std::max(widest, c.threads == 0 ? cores : c.threads);
        } catch (const ConfigError& e) {
            throw ConfigError(describe_point(p) + ": " + e.what());
        } catch (const ParamError& e) {
            throw ConfigError(describe_point(p) + ": " + e.what());
        }
    }
    if (threads_set && o.jobs <= 0 && o.only_point < 0) share.jobs = std::max(1, cores / widest);
    return share;
}

// The points this process runs: not finished, on this rank, or the one asked for.
// Every point's run is its own: its folder's states are read before any point runs
// (PointRuns::check, a ConfigError naming the first point folder that holds another run).
std::vector<int> points_to_run(const SweepSpec& s, const fs::path& dir, const SweepOptions& o) {
    const PointRuns runs(dir, s);
    std::vector<int> todo;
    for (const SweepPoint& p : s.points) {
        const bool mine =
            o.only_point >= 0 ? p.id == o.only_point : p.id % world().size() == world().rank();
        if (point_state(dir, runs, p).status != "finished" && mine) todo.push_back(p.id);
    }
    return todo;
}

// The sweep's last word: where its results are, or what is missing and how to finish it.
void say_sweep_end(const fs::path& dir, const SweepSpec& s, int status, int only_point) {
    std::size_t finished = 0, failed = 0, running = 0;
    std::string failures;
    const PointRuns runs(dir, s);
    for (const SweepPoint& p : s.points) {
        const std::string st = point_state(dir, runs, p).status;
        finished += st == "finished";
        running += st == "running";
        if (st == "failed") {
            ++failed;
            if (failed <= 5) failures += (failures.empty() ? "" : ", ") + p.folder;
        }
    }
    diag().info(
        "sweep: {} of {} points finished, {} failed{}{} in {}", finished, s.points.size(), failed,
        failures.empty() ? "" : " (" + failures + ", logs in " + (dir / "logs").string() + ")",
        running ? ", " + std::to_string(running) + " running in other processes" : "",
        dir.string());
    if (finished == s.points.size())
        diag().info("sweep: results: {} (and summary.csv, summary.json, index.csv)",
                    (dir / "summary.md").string());
    else if (status == kExitInterrupted || (only_point < 0 && running == 0))
        diag().info("sweep: `mazesearch resume {}` runs what is missing", dir.string());
}

// Sets the output folder when the spec has none, checks every point and says how they share the
// cores.
Sharing prepare(SweepSpec& s, const SweepOptions& o) {
    // Without it each task of an array would make a sweep folder of its own, named by its time.
    if (s.output.empty() && o.only_point >= 0)
        throw ConfigError("--point " + std::to_string(o.only_point) +
                          ": give the sweep folder (output=DIR), the one every task of the sweep "
                          "shares");
    if (s.output.empty()) {
        const RunConfig base = load_config_text(s.config_texts.front(), s.config, s.fixed);
        s.output = RunFolder::default_path(base.name).string();
        s.output.insert(s.output.rfind('/') + 1, "sweep-");
    }
    if (o.only_point >= static_cast<int>(s.points.size()))
        throw ConfigError("--point " + std::to_string(o.only_point) + ": the sweep has " +
                          std::to_string(s.points.size()) + " points (0 to " +
                          std::to_string(s.points.size() - 1) + ")");
    return check_points(s, s.output, o);
}

// Makes or joins the sweep folder: rank 0 does (each --point task on its own), the other ranks
// wait for it. Every process then runs the points from the folder's pinned configs. Returns how
// this process came to it (Joined on ranks other than 0).
Opening open_folder(SweepSpec& s, const fs::path& dir, const SweepOptions& o) {
    std::string why;
    Opening opening = Opening::Joined;
    if (world().rank() == 0 || o.only_point >= 0) try {
            opening = open_sweep_folder(s, dir);
        } catch (const std::exception& e) {
            why = e.what();
        }
    if (o.only_point < 0 && world().any(!why.empty()) && why.empty())
        throw ConfigError("the sweep folder " + dir.string() +
                          " could not be made (rank 0 says why)");
    if (!why.empty()) throw ConfigError(why);
    const fs::path spec_file = dir / "sweep.json";
    const SweepSpec there = SweepSpec::from_json(read_json_file(spec_file), spec_file.string());
    // A rank that read the config after an edit holds another sweep than the one made.
    if (!there.same_sweep(s))
        throw ConfigError(dir.string() + ": holds another sweep than this process planned (was " +
                          s.config + " edited while the sweep started?)");
    s.pinned = there.pinned;  // a folder made before configs were pinned has none
    return opening;
}

}  // namespace

void check_sweep(SweepSpec& s, const SweepOptions& o) {
    prepare(s, o);
}

int run_sweep(SweepSpec s, const SweepOptions& o) {
    const Sharing share = prepare(s, o);
    const fs::path dir(s.output);
    const Opening opening = open_folder(s, dir, o);
    std::optional<FolderLock> lock;
    if (o.only_point < 0 && world().rank() == 0) lock.emplace(dir, "a sweep");
    const std::vector<int> todo = points_to_run(s, dir, o);
    if (!o.quiet && world().rank() == 0)
        diag().info(
            "sweep: {} points in {} ({}); {} to run, {} at a time{}", s.points.size(), dir.string(),
            opening == Opening::Made ? "a new sweep folder" : "it holds this sweep already",
            todo.size(), std::clamp<std::size_t>(todo.size(), 1, share.jobs),
            share.threads ? " with " + std::to_string(share.threads) + " thread(s) each" : "");
    int status = drive_points(s, dir, todo, share, o.quiet);
    if (o.only_point < 0) {
        if (world().any(status == kExitInterrupted))
            status = std::max(status, kExitInterrupted);
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
    read_pinned_configs(s, dir);
    s.output = dir.string();
    return run_sweep(std::move(s), o);
}

}  // namespace maze::experiments
