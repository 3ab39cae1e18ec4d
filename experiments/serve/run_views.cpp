// ServedFolder's views of runs: what /api/runs (and a run's row of it), /api/run and
// /api/logbook answer, read from the run folders as they are on disk.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "mazesearch/engine/board.hpp"
#include "mazesearch/experiments/serve/confined_file.hpp"
#include "mazesearch/experiments/serve/run_files.hpp"
#include "mazesearch/experiments/serve/served_folder.hpp"
#include "mazesearch/experiments/serve/walk_answer.hpp"
#include "mazesearch/search/state_json.hpp"  // Real: "-inf" in summary.json

namespace fs = std::filesystem;
using nlohmann::json;

namespace maze::experiments {

namespace {

constexpr std::size_t kRowsPerCall = 5000;
// A run whose files have not changed for this long is not running any more, whatever its status
// file says (its process was killed).
constexpr double kSilentSeconds = 300;
// The boards of a run's archive, all told (a config may ask for 100,000).
constexpr std::size_t kMaxArchiveBytes = std::size_t{16} << 20;

// One repeat (or a run without repeats) as it stands: from summary.json when finished, else
// from the logbook's last row.
struct RepeatNow {
    std::string folder, status;
    std::optional<double> best;
    double evaluations = 0, seconds = 0;
    double modified = 0;  // seconds since 1970; 0 for none
};

RepeatNow repeat_now(const fs::path& root, const fs::path& run, const std::string& folder) {
    RepeatNow r;
    r.folder = folder;
    const fs::path dir = folder == "." ? run : run / folder;
    r.status = status_line(root, dir);
    for (const char* f : {"logbook.csv", "status", "checkpoint.json"})
        if (const auto st = stat_confined(root, dir / f))
            r.modified = std::max(r.modified, st->modified);
    const json s = read_json_or_null(root, dir / "summary.json");
    if (r.status == "finished" && s.is_object() && !s.contains("runs")) {
        // A number, or "-inf", "inf", "nan" as summary.json writes them.
        try {
            if (s.contains("best_score")) r.best = s["best_score"].get<Real>().value();
        } catch (const std::exception&) {
        }
        r.evaluations = s.value("evaluations", 0.0);
        r.seconds = s.value("seconds", 0.0);
        return r;
    }
    const LogbookView b = read_logbook_end(root, dir / "logbook.csv");
    if (b.rows() > 0) {
        const std::size_t last = b.rows() - 1;
        r.best = b.cell(last, "best");
        r.evaluations = b.cell(last, "evals").value_or(0);
        r.seconds = b.cell(last, "seconds").value_or(0);
    }
    if (r.status == "running" && unix_now() - r.modified > kSilentSeconds) r.status = "interrupted";
    return r;
}

// The cells of one line of a CSV file without quoted cells, a carriage return dropped.
std::vector<std::string> plain_csv_cells(const std::string& line) {
    std::vector<std::string> cells(1);
    for (char c : line) {
        if (c == ',')
            cells.emplace_back();
        else if (c != '\r')
            cells.back() += c;
    }
    return cells;
}

// The boards of a run's archive (its index.csv: rank,value,evaluation,distance_to_best,file), as
// many as kMaxArchiveBytes holds.
json archive_of(const fs::path& root, const fs::path& run, const fs::path& best_dir) {
    json archive = json::array();
    std::istringstream index(
        read_confined(root, best_dir / "archive" / "index.csv", kMaxRunJsonBytes).value_or(""));
    std::string line;
    std::getline(index, line);
    std::size_t bytes = 0;
    while (std::getline(index, line) && bytes < kMaxArchiveBytes) {
        const std::vector<std::string> c = plain_csv_cells(line);
        if (c.size() < 5 || c[4].empty() || c[4] == "." || c[4] == ".." ||
            c[4].find('/') != std::string::npos)
            continue;
        const fs::path file = best_dir / "archive" / c[4];
        const std::optional<std::string> board = read_confined(root, file, kMaxBoardFileBytes);
        if (!board) continue;
        bytes += board->size();
        archive.push_back({{"file", fs::relative(file, run).generic_string()},
                           {"score", std::strtod(c[1].c_str(), nullptr)},
                           {"board", *board}});
    }
    return archive;
}

}  // namespace

// The row of /api/runs for a run folder.
json ServedFolder::run_row(const fs::path& root, const fs::path& dir) {
    const json config = read_json_or_null(root, dir / "config.json");
    if (!config.is_object()) return nullptr;
    const json budget = config.value("budget", json::object());
    std::vector<RepeatNow> reps;
    for (const std::string& f : repeat_folders(root, dir, config))
        reps.push_back(repeat_now(root, dir, f));
    const std::size_t planned = planned_repeats(config);
    std::optional<double> best;
    double evals = 0, seconds = 0, speed = 0;
    int running = 0, finished = 0;
    double modified = 0;
    for (const RepeatNow& r : reps) {
        if (r.best) best = std::max(best.value_or(*r.best), *r.best);
        evals += r.evaluations;
        seconds = std::max(seconds, r.seconds);
        modified = std::max(modified, r.modified);
        finished += r.status == "finished";
        if (r.status == "running") {
            ++running;
            if (r.seconds > 0) speed += r.evaluations / r.seconds;
        }
    }
    std::string status = status_line(root, dir);
    if (status == "running" && running == 0 && finished < static_cast<int>(planned))
        status = "interrupted";
    json row = {{"path", fs::relative(dir, root).generic_string()},
                {"kind", "run"},
                {"name", config.value("name", dir.filename().string())},
                {"status", status},
                {"best", optional_number(best)},
                {"evaluations", evals},
                {"budget_evaluations", budget.value("evaluations", json())},
                {"budget_seconds", budget.value("seconds", json())},
                {"seconds", seconds},
                {"speed", running ? json(speed) : json(nullptr)},
                {"time_to_go", nullptr},
                {"repeats", planned},
                {"points", nullptr},
                {"points_finished", nullptr},
                {"target", config.value("target", json::object()).value("kind", "")},
                {"optimizer", config.value("optimizer", json::object()).value("kind", "")},
                {"modified", modified}};
    if (running && speed > 0 && row["budget_evaluations"].is_number()) {
        const double total = row["budget_evaluations"].get<double>() * static_cast<double>(planned);
        row["time_to_go"] = std::max(0.0, total - evals) / speed;
    } else if (running && row["budget_seconds"].is_number()) {
        // The repeats not started yet run after these, as many at a time as run now.
        const double waiting = static_cast<double>(planned) - running - finished;
        const double budget = row["budget_seconds"].get<double>();
        row["time_to_go"] = std::max(0.0, budget - seconds) + budget * std::ceil(waiting / running);
    }
    return row;
}

json ServedFolder::runs() {
    std::vector<fs::path> runs, sweeps;
    {
        std::lock_guard<std::mutex> hold(scan_mutex_);
        runs = scan().runs;
        sweeps = scan().sweeps;
    }
    // One folder that cannot be read (a link out, a FIFO, a file of the wrong shape) is left out
    // of the table; it does not take the table down.
    json list = json::array();
    for (const auto& [dirs, row_of] : {std::pair{&runs, &run_row}, std::pair{&sweeps, &sweep_row}})
        for (const fs::path& d : *dirs) try {
                if (json row = row_of(root_, d); !row.is_null()) list.push_back(std::move(row));
            } catch (const std::exception&) {
            }
    return {{"root", root_.filename().string()}, {"runs", list}};
}

json ServedFolder::run(const std::string& path) const {
    const fs::path dir = inside(path);
    const json config = read_json_or_null(root_, dir / "config.json");
    if (!config.is_object()) throw RequestError(404, "path " + path + ": not a run folder");
    json reps = json::array();
    std::optional<std::pair<double, std::string>> best;  // the best repeat
    for (const std::string& f : repeat_folders(root_, dir, config)) {
        const RepeatNow r = repeat_now(root_, dir, f);
        reps.push_back({{"folder", r.folder},
                        {"status", r.status},
                        {"best", optional_number(r.best)},
                        {"evaluations", r.evaluations},
                        {"seconds", r.seconds}});
        if (r.best && (!best || *r.best > best->first)) best = {*r.best, f};
    }
    const fs::path best_dir = best ? (best->second == "." ? dir : dir / best->second) : dir;
    const std::optional<std::string> best_board =
        read_confined(root_, best_dir / "best.txt", kMaxBoardFileBytes);
    const json now = run_row(root_, dir);  // its figures as the runs table gives them
    return {
        {"path", fs::relative(dir, root_).generic_string()},
        {"name", config.value("name", dir.filename().string())},
        {"status", now.value("status", status_line(root_, dir))},
        {"best", now.value("best", json())},
        {"evaluations", now.value("evaluations", json())},
        {"budget_evaluations", now.value("budget_evaluations", json())},
        {"budget_seconds", now.value("budget_seconds", json())},
        {"seconds", now.value("seconds", json())},
        {"speed", now.value("speed", json())},
        {"time_to_go", now.value("time_to_go", json())},
        {"config", config},
        {"config_yaml", read_confined(root_, dir / "config.yaml", kMaxRunJsonBytes).value_or("")},
        {"summary", read_json_or_null(root_, dir / "summary.json")},
        {"repeats", reps},
        {"best_board", best_board ? json(*best_board) : json(nullptr)},
        {"archive", archive_of(root_, dir, best_dir)}};
}

json ServedFolder::logbook(const std::string& path, const std::string& repeat,
                           std::size_t from) const {
    const fs::path dir = inside(path);
    if (repeat != "." && !is_repeat_folder_name(repeat))
        throw RequestError(400, "repeat: expected . or repeat-NNN");
    const fs::path file = inside(fs::relative(dir / repeat / "logbook.csv", root_).string());
    const LogbookView b = read_logbook(root_, file);
    json rows = json::array();
    std::size_t i = std::min(from, b.rows());
    for (; i < b.rows() && rows.size() < kRowsPerCall; ++i) rows.push_back(b.row(i));
    return {{"columns", b.columns()}, {"rows", rows}, {"next", i}};
}

}  // namespace maze::experiments
