#include "mazesearch/experiments/sweep/sweep_driver.hpp"

#include <chrono>
#include <deque>
#include <list>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/interrupt.hpp"
#include "mazesearch/experiments/run/report.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/experiments/run/time_to_go.hpp"  // duration_text
#include "mazesearch/experiments/sweep/point_lock.hpp"
#include "mazesearch/experiments/sweep/point_process.hpp"
#include "mazesearch/experiments/sweep/sweep_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_opening.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

using Clock = std::chrono::steady_clock;

// The command line of point p: `run` of its pinned config, or `resume` once its run folder has
// its config.json. `run` is given the hash of the bytes the sweep checked: a copy edited after
// this process looked at it is refused by the point's own process too.
std::vector<std::string> point_args(const SweepSpec& s, const SweepPoint& p, const fs::path& dir,
                                    const Sharing& share) {
    const fs::path folder = dir / p.folder;
    if (fs::exists(folder / "config.json")) return {"-q", "resume", folder.string()};
    std::vector<std::string> args = {"-q", "run", "--config-hash",
                                     fnv1a64_hex(s.config_texts[s.config_index(p)]),
                                     point_config_path(s, dir, p).string()};
    for (const std::string& o : s.overrides_of(p)) args.push_back(o);
    args.push_back("output=" + folder.string());
    if (share.threads > 0) args.push_back("threads=" + std::to_string(share.threads));
    return args;
}

// A point this process runs: its process, and its lock, let go once its exit is logged.
struct Live {
    int point;
    PointProcess process;
    PointLock lock;
};

class Driver {
  public:
    Driver(const SweepSpec& s, const fs::path& dir, const std::vector<int>& todo,
           const Sharing& share, bool quiet)
        : s_(s),
          dir_(dir),
          share_(share),
          quiet_(quiet),
          todo_(todo.size()),
          queue_(todo.begin(), todo.end()),
          runs_(dir, s) {}

    int run() {
        while ((!stopping_ && refusal_.empty() && !queue_.empty()) || !live_.empty()) {
            if (guard_.requested() && !stopping_) {
                stopping_ = true;
                for (const Live& l : live_) l.process.interrupt();
            }
            try {
                launch();
                if (reap()) write_sweep_index(dir_, s_);
            } catch (const ConfigError& e) {
                refuse(e.what());
            }
            if (!live_.empty() || !queue_.empty())
                std::this_thread::sleep_for(std::chrono::milliseconds(live_.empty() ? 200 : 50));
        }
        if (!refusal_.empty()) throw ConfigError(refusal_);
        if (stopping_ || interrupted_) return kExitInterrupted;
        return failed_ ? 1 : 0;
    }

  private:
    // Starts queued points while there is room. A point another process holds goes to the back
    // of the queue, tried again once that process has let go of it; one it finished is done.
    void launch() {
        for (std::size_t tries = queue_.size();
             !stopping_ && refusal_.empty() && tries > 0 && !queue_.empty() &&
             static_cast<int>(live_.size()) < share_.jobs;
             --tries) {
            const SweepPoint& p = s_.points[queue_.front()];
            queue_.pop_front();
            std::optional<PointLock> lock = PointLock::try_take(sweep_log_path(dir_, p));
            if (!lock) {
                queue_.push_back(p.id);
                if (waited_.insert(p.id).second && !quiet_)
                    diag().info("sweep: {} is in use by another process; waiting for it", p.folder);
                continue;
            }
            // Under the lock its folder is as its last runner left it: its run the point's own,
            // and its config still the bytes this process checked.
            runs_.check(p);
            if (RunFolder::status(dir_ / p.folder) == "finished") {
                ++ended_;
                if (!quiet_) diag().info("sweep: {} was finished by another process", p.folder);
                continue;
            }
            check_pinned_config(s_, dir_, p);
            const std::vector<std::string> args = point_args(s_, p, dir_, share_);
            std::string line = "== mazesearch";
            for (const std::string& a : args) line += " " + a;
            lock->append(line);
            PointProcess process(args, lock->fd());
            live_.push_back({p.id, process, std::move(*lock)});
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
            it->lock.append("exit status " + std::to_string(*st));
            it = live_.erase(it);  // lets go of the point: what it is now is on disk
            ++ended_;
            changed = true;
            const std::string status = point_state(dir_, runs_, p).status;
            failed_ += status == "failed";
            interrupted_ += status == "interrupted";
            if (!quiet_) say_ended(p, status, *st);
        }
        return changed;
    }

    void say_ended(const SweepPoint& p, const std::string& status, int exit) const {
        const PointState ps = point_state(dir_, runs_, p);
        const double secs = std::chrono::duration<double>(Clock::now() - t0_).count();
        const std::size_t left = todo_ - ended_;
        const std::string best = ps.best ? ", best " + score_text(*ps.best) : "";
        std::string what = status;
        if (status == "failed")
            what = "FAILED (exit status " + std::to_string(exit) + ", see " +
                   sweep_log_path(dir_, p).string() + ")";
        diag().info(
            "sweep: {} {}{}; {} of {} ended this session, {} running, {} failed{}",
            describe_point(p), what, best, ended_, todo_, live_.size(), failed_,
            left && !stopping_ ? ", about " + duration_text(secs / ended_ * left) + " to go" : "");
    }

    // What stops the sweep's points from starting: a point's folder that holds another run, a
    // config edited while the sweep runs. Said at once; the points running end as they would.
    void refuse(const std::string& why) {
        if (!refusal_.empty()) return;
        refusal_ = why;  // the sweep's error once the points running have ended
        if (!live_.empty())
            diag().error("sweep: {}; no more points start, waiting for the {} running", why,
                         live_.size());
    }

    const SweepSpec& s_;
    const fs::path& dir_;
    const Sharing& share_;
    const bool quiet_;
    const std::size_t todo_;
    std::deque<int> queue_;
    InterruptGuard guard_;
    std::list<Live> live_;
    std::set<int> waited_;
    std::size_t ended_ = 0;
    int failed_ = 0, interrupted_ = 0;
    bool stopping_ = false;
    std::string refusal_;
    const PointRuns runs_;
    const Clock::time_point t0_ = Clock::now();
};

}  // namespace

std::string describe_point(const SweepPoint& p) {
    std::string s = p.folder;
    for (std::size_t i = 0; i < p.overrides.size(); ++i)
        s += (i ? " " : " (") + p.overrides[i].first + "=" + p.overrides[i].second;
    return p.overrides.empty() ? s : s + ")";
}

int drive_points(const SweepSpec& s, const fs::path& dir, const std::vector<int>& todo,
                 const Sharing& share, bool quiet) {
    return Driver(s, dir, todo, share, quiet).run();
}

}  // namespace maze::experiments
