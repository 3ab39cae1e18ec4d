#include "mazesearch/experiments/sweep/sweep_folder.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/run/report.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/experiments/sweep/point_lock.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

// The exit status of the point's last session, as its log records it: the last
// "exit status N" after the last "== mazesearch ..." line; none if that session has none (it
// runs, or its sweep died before it ended) or the log has no session.
std::optional<int> last_session_exit(const fs::path& log) {
    std::ifstream in(log);
    std::string line;
    std::optional<int> status;
    while (std::getline(in, line)) {
        if (line.rfind("== ", 0) == 0) status.reset();
        if (line.rfind("exit status ", 0) == 0) status = std::atoi(line.c_str() + 12);
    }
    return status;
}

// The lock under which index.csv is made and written: of several processes of one sweep, the
// last to write it read the points after the others (a blocking flock, held for one rewrite).
class IndexLock {
  public:
    explicit IndexLock(const fs::path& dir) {
        const fs::path file = dir / "logs" / "index.lock";
        fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd_ < 0) throw FileError(file, "open the lock file", errno);
        while (::flock(fd_, LOCK_EX) != 0)
            if (errno != EINTR) {
                const int err = errno;
                ::close(fd_);
                throw FileError(file, "lock", err);
            }
    }
    IndexLock(const IndexLock&) = delete;
    IndexLock& operator=(const IndexLock&) = delete;
    ~IndexLock() { ::close(fd_); }

  private:
    int fd_ = -1;
};

}  // namespace

fs::path sweep_log_path(const fs::path& dir, const SweepPoint& p) {
    return dir / "logs" / (p.folder + ".txt");
}

PointState point_state(const fs::path& dir, const SweepSpec& spec, const SweepPoint& p,
                       ConfigFiles files) {
    return point_state(dir, PointRuns(dir, spec, files), p);
}

PointState point_state(const fs::path& dir, const PointRuns& runs, const SweepPoint& p) {
    runs.check(p);  // a run another config or command wrote there is not the point's
    PointState st;
    const fs::path folder = dir / p.folder;
    const fs::path log = sweep_log_path(dir, p);
    const std::string status = RunFolder::status(folder);
    const std::optional<int> exit = last_session_exit(log);
    if (point_held(log)) {
        st.status = "running";
    } else if (status == "finished") {
        st.status = "finished";
    } else if (exit && failed_exit(*exit)) {
        st.status = "failed";  // whatever its run folder says: a crash, a kill, a bad input
    } else {
        st.status = status.empty() ? "pending" : RunFolder::at_rest(status);
    }
    if (status == "finished" && fs::exists(folder / "summary.json")) {
        const RunFigures f = read_run_figures(folder);
        st.scores = f.scores;
        if (!f.scores.empty()) st.best = f.scores.back();
        st.evaluations = f.evals;
        st.seconds = f.secs;
    }
    return st;
}

void write_sweep_index(const fs::path& dir, const SweepSpec& spec) {
    const IndexLock lock(dir);
    std::ostringstream out;
    out << "point,folder,status,best,evaluations,seconds";
    for (const SweepAxis& a : spec.axes)
        for (const std::string& k : a.keys) out << "," << csv_field(k);
    out << "\n";
    const PointRuns runs(dir, spec);
    for (const SweepPoint& p : spec.points) {
        const PointState st = point_state(dir, runs, p);
        out << p.id << "," << p.folder << "," << st.status << ","
            << (st.best ? score_text(*st.best) : "") << "," << score_text(st.evaluations) << ","
            << st.seconds;
        for (const auto& kv : p.overrides) out << "," << csv_field(kv.second);
        out << "\n";
    }
    write_file_atomically(dir / "index.csv", out.str(), Sync::No);
}

bool is_sweep_folder(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / "sweep.json", ec);
}

}  // namespace maze::experiments
