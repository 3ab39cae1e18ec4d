#include "mazesearch/experiments/sweep/sweep_folder.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/run/report.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

// The last "exit status N" a point's log records; none if it has none.
std::optional<int> logged_exit(const fs::path& log) {
    std::ifstream in(log);
    std::string line;
    std::optional<int> status;
    while (std::getline(in, line))
        if (line.rfind("exit status ", 0) == 0) status = std::atoi(line.c_str() + 12);
    return status;
}

}  // namespace

fs::path sweep_log_path(const fs::path& dir, const SweepPoint& p) {
    return dir / "logs" / (p.folder + ".txt");
}

PointState point_state(const fs::path& dir, const SweepPoint& p, const std::set<int>& running) {
    PointState st;
    const fs::path folder = dir / p.folder;
    const std::string status = RunFolder::status(folder);
    if (running.count(p.id)) {
        st.status = "running";
    } else if (status.empty()) {
        const std::optional<int> exit = logged_exit(sweep_log_path(dir, p));
        st.status = exit && *exit != 0 && *exit != 130 ? "failed" : "pending";
    } else {
        st.status = RunFolder::at_rest(status);
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

void write_sweep_index(const fs::path& dir, const SweepSpec& spec, const std::set<int>& running) {
    std::ostringstream out;
    out << "point,folder,status,best,evaluations,seconds";
    for (const SweepAxis& a : spec.axes)
        for (const std::string& k : a.keys) out << "," << csv_field(k);
    out << "\n";
    for (const SweepPoint& p : spec.points) {
        const PointState st = point_state(dir, p, running);
        out << p.id << "," << p.folder << "," << st.status << ","
            << (st.best ? format_score(*st.best) : "") << "," << format_score(st.evaluations) << ","
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
