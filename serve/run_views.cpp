// ServedFolder's views of runs: what /api/runs (and a run's row of it), /api/run and
// /api/logbook answer, read from the run folders as they are on disk.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/search/state_json.hpp"  // Real: "-inf" in summary.json
#include "mazesearch/serve/confined_file.hpp"
#include "mazesearch/serve/run_files.hpp"
#include "mazesearch/serve/served_folder.hpp"
#include "mazesearch/serve/walk_answer.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace maze::experiments {

namespace {

constexpr std::size_t kRowsPerCall = 5000;
// The boards of a run's archive, all told (a config may ask for 100,000).
constexpr std::size_t kMaxArchiveBytes = std::size_t{16} << 20;

std::string shown(const fs::path& root, const fs::path& p) {
    return p.lexically_relative(root).generic_string();
}

// One repeat (or a run without repeats) as it stands: from summary.json when finished, else
// from the logbook's last row.
struct RepeatNow {
    std::string folder, status;
    std::optional<double> best;
    double evaluations = 0, seconds = 0;
    double modified = 0;  // seconds since 1970; 0 for none
};

// summary.json's `key`: a number (a score may be "-inf", "inf" or "nan" as the file writes them);
// 0 or none when absent, RequestError 422 naming the file when it is something else.
double summary_number(const fs::path& root, const fs::path& file, const json& s, const char* key) {
    if (!s.contains(key)) return 0;
    if (!s[key].is_number())
        throw RequestError(
            422, shown(root, file) + ": " + key + ": expected a number, got " + s[key].dump());
    return s[key].get<double>();
}

std::optional<double> summary_score(const fs::path& root, const fs::path& file, const json& s) {
    if (!s.contains("best_score") || s["best_score"].is_null()) return std::nullopt;
    try {
        return s["best_score"].get<Real>().value();
    } catch (const std::exception&) {
        throw RequestError(422, shown(root, file) + ": best_score: expected a score, got " +
                                    s["best_score"].dump());
    }
}

// `run_status`: the run's own (a run of one repeat is its own repeat).
RepeatNow repeat_now(const fs::path& root, const fs::path& run, const std::string& folder,
                     const std::string& run_status) {
    RepeatNow r;
    r.folder = folder;
    const fs::path dir = folder == "." ? run : run / folder;
    r.status = folder == "." ? run_status : served_repeat_status(root, run, dir);
    for (const char* f : {"logbook.csv", "status", "checkpoint.json"})
        if (const auto st = stat_confined(root, dir / f))
            r.modified = std::max(r.modified, st->modified);
    const fs::path summary = dir / "summary.json";
    const json s = read_json_or_null(root, summary);
    if (r.status == "finished" && s.is_object() && !s.contains("runs")) {
        r.best = summary_score(root, summary, s);
        r.evaluations = summary_number(root, summary, s, "evaluations");
        r.seconds = summary_number(root, summary, s, "seconds");
        return r;
    }
    const LogbookView b = read_logbook_end(root, dir / "logbook.csv");
    if (b.rows() > 0) {
        const std::size_t last = b.rows() - 1;
        r.best = b.cell(last, "best");
        r.evaluations = b.cell(last, "evals").value_or(0);
        r.seconds = b.cell(last, "seconds").value_or(0);
    }
    return r;
}

// What a run's row and its view both read, so that a folder one of them refuses (RequestError:
// a link out, a FIFO, a file too large or not what it should be) the other refuses alike.
struct RunNow {
    json config, summary;
    std::string status;
    std::vector<RepeatNow> repeats;
};

RunNow run_now(const fs::path& root, const fs::path& dir) {
    RunNow n;
    n.config = read_json_or_null(root, dir / "config.json");
    if (n.config.is_null()) throw RequestError(404, shown(root, dir) + ": not a run folder");
    if (!n.config.is_object())
        throw RequestError(422, shown(root, dir / "config.json") + ": not a JSON object");
    check_confined(root, dir / "config.yaml", kMaxRunJsonBytes);
    n.summary = read_json_or_null(root, dir / "summary.json");
    n.status = served_run_status(root, dir);
    for (const std::string& f : repeat_folders(root, dir, n.config))
        n.repeats.push_back(repeat_now(root, dir, f, n.status));
    return n;
}

// The row of /api/runs for a run folder read so.
json row_of(const fs::path& root, const fs::path& dir, const RunNow& n) {
    const json budget = n.config.value("budget", json::object());
    const std::size_t planned = planned_repeats(n.config);
    std::optional<double> best;
    double evals = 0, seconds = 0, speed = 0;
    int running = 0, finished = 0;
    double modified = 0;
    for (const RepeatNow& r : n.repeats) {
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
    const auto text = [&](const char* part) {
        const json v = n.config.value(part, json::object());
        return v.is_object() ? v.value("kind", json("")) : json("");
    };
    json row = blank_table_row(shown(root, dir), "run",
                               n.config.value("name", json(dir.filename().string())));
    row["status"] = n.status;
    row["best"] = optional_number(best);
    row["evaluations"] = evals;
    row["budget_evaluations"] = budget.is_object() ? budget.value("evaluations", json()) : json();
    row["budget_seconds"] = budget.is_object() ? budget.value("seconds", json()) : json();
    row["seconds"] = seconds;
    if (running) row["speed"] = speed;
    row["repeats"] = planned;
    row["target"] = text("target");
    row["optimizer"] = text("optimizer");
    row["modified"] = modified;
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

// The row of a run or sweep folder whose files the server will not read: listed, with the reason
// its view gives, so that the table shows every folder the scan found.
json unreadable_row(const fs::path& root, const fs::path& dir, const char* kind,
                    const std::string& why) {
    json row = blank_table_row(shown(root, dir), kind, dir.filename().string());
    row["status"] = "unreadable";
    row["error"] = why;
    return row;
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
// many as kMaxArchiveBytes holds. A board the server will not read (a link out, a FIFO, too
// large) is listed with the reason and no board; an index it will not read leaves the archive
// empty and says why in `error`.
json archive_of(const fs::path& root, const fs::path& run, const fs::path& best_dir) {
    json archive = json::array();
    std::optional<std::string> text;
    try {
        text = read_confined(root, best_dir / "archive" / "index.csv", kMaxRunJsonBytes);
    } catch (const RequestError& e) {
        return {{"boards", archive}, {"error", e.what()}};
    }
    std::istringstream index(text.value_or(""));
    std::string line;
    std::getline(index, line);
    std::size_t bytes = 0;
    while (std::getline(index, line) && bytes < kMaxArchiveBytes) {
        const std::vector<std::string> c = plain_csv_cells(line);
        if (c.size() < 5 || c[4].empty() || c[4] == "." || c[4] == ".." ||
            c[4].find('/') != std::string::npos)
            continue;
        const fs::path file = best_dir / "archive" / c[4];
        json entry = {{"file", file.lexically_relative(run).generic_string()},
                      {"score", number_cell(c[1])},
                      {"board", nullptr},
                      {"error", nullptr}};
        try {
            const std::optional<std::string> board = read_confined(root, file, kMaxBoardFileBytes);
            if (!board) continue;
            bytes += board->size();
            entry["board"] = *board;
        } catch (const RequestError& e) {
            entry["error"] = e.what();
        }
        archive.push_back(std::move(entry));
    }
    return {{"boards", archive}, {"error", nullptr}};
}

// A map-elites run's archive (elites/axes.json's axes and index.csv: cell, a column a descriptor,
// value, file) without its boards, which the page asks for when a cell is clicked (/api/board):
// {axes: [{descriptor, bins, lo, hi}], cells: [{cell, value, file}]}; null without one. An index
// or axes the server will not read leave the cells empty and say why in `error`.
json elites_of(const fs::path& root, const fs::path& run, const fs::path& best_dir) {
    const fs::path folder = best_dir / "elites";
    json cells = json::array(), axes = json::array();
    try {
        const std::optional<std::string> text =
            read_confined(root, folder / "index.csv", kMaxRunJsonBytes);
        if (!text) return nullptr;
        const json file = read_json_or_null(root, folder / "axes.json");
        if (!file.is_object() || !file.contains("axes") || !file["axes"].is_array())
            throw RequestError(422, "elites/axes.json: no list of axes");
        axes = file["axes"];
        std::istringstream index(*text);
        std::string line;
        std::getline(index, line);
        const std::size_t width = axes.size() + 3;  // cell, the descriptors, value, file
        while (std::getline(index, line)) {
            const std::vector<std::string> c = plain_csv_cells(line);
            if (c.size() != width || c.back().empty() || c.back() == "." || c.back() == ".." ||
                c.back().find('/') != std::string::npos)
                continue;
            cells.push_back(
                {{"cell", number_cell(c[0])},
                 {"value", number_cell(c[width - 2])},
                 {"file", (folder / c.back()).lexically_relative(run).generic_string()}});
        }
    } catch (const RequestError& e) {
        return {{"axes", axes}, {"cells", json::array()}, {"error", e.what()}};
    }
    return {{"axes", axes}, {"cells", cells}, {"error", nullptr}};
}

}  // namespace

json ServedFolder::run_row(const fs::path& root, const fs::path& dir) {
    return row_of(root, dir, run_now(root, dir));
}

json ServedFolder::runs() {
    std::vector<fs::path> runs, sweeps;
    {
        std::lock_guard<std::mutex> hold(scan_mutex_);
        runs = scan().runs;
        sweeps = scan().sweeps;
    }
    // A folder whose files the server will not read is listed with the reason; one that could
    // not be read this time (a file changing under the read) waits for the next call.
    json list = json::array();
    for (const auto& [dirs, row_of, kind] :
         {std::tuple{&runs, &run_row, "run"}, std::tuple{&sweeps, &sweep_row, "sweep"}})
        for (const fs::path& d : *dirs) try {
                list.push_back(row_of(root_, d));
            } catch (const RequestError& e) {
                list.push_back(unreadable_row(root_, d, kind, e.what()));
            } catch (const std::exception&) {
            }
    return {{"root", root_.filename().string()}, {"runs", list}};
}

json ServedFolder::run(const std::string& path) const {
    const fs::path dir = inside(path);
    if (!stat_confined(root_, dir / "config.json"))
        throw RequestError(404, "path " + path + ": not a run folder");
    const RunNow n = run_now(root_, dir);
    json reps = json::array();
    std::optional<std::pair<double, std::string>> best;  // the best repeat
    for (const RepeatNow& r : n.repeats) {
        reps.push_back({{"folder", r.folder},
                        {"status", r.status},
                        {"best", optional_number(r.best)},
                        {"evaluations", r.evaluations},
                        {"seconds", r.seconds}});
        if (r.best && (!best || *r.best > best->first)) best = {*r.best, r.folder};
    }
    const fs::path best_dir = best ? (best->second == "." ? dir : dir / best->second) : dir;
    // The boards are parts of the view: one the server will not read is shown as missing, with
    // the reason, and the rest of the run as it is.
    json best_board = nullptr, best_board_error = nullptr;
    try {
        if (const auto text = read_confined(root_, best_dir / "best.txt", kMaxBoardFileBytes))
            best_board = *text;
    } catch (const RequestError& e) {
        best_board_error = e.what();
    }
    const json archive = archive_of(root_, dir, best_dir);
    const json now = row_of(root_, dir, n);  // its figures as the runs table gives them
    json answer = {{"path", now["path"]}, {"name", now["name"]}, {"status", now["status"]}};
    for (const char* k : {"best", "evaluations", "budget_evaluations", "budget_seconds", "seconds",
                          "speed", "time_to_go"})
        answer[k] = now[k];
    answer["config"] = n.config;
    answer["config_yaml"] =
        read_confined(root_, dir / "config.yaml", kMaxRunJsonBytes).value_or("");
    answer["summary"] = n.summary;
    answer["repeats"] = reps;
    answer["best_board"] = best_board;
    answer["best_board_error"] = best_board_error;
    answer["archive"] = archive["boards"];
    answer["archive_error"] = archive["error"];
    answer["elites"] = elites_of(root_, dir, best_dir);
    return answer;
}

json ServedFolder::logbook(const std::string& path, const std::string& repeat,
                           std::size_t from) const {
    const fs::path dir = inside(path);
    if (repeat != "." && !is_repeat_folder_name(repeat))
        throw RequestError(400, "repeat: expected . or repeat-NNN");
    // Named as the request names it: a link out is refused by the read, never resolved for the
    // message (which would say where it points).
    const fs::path folder = repeat == "." ? dir : dir / repeat;
    const fs::path file = folder / "logbook.csv";
    if ((repeat != "." && !confined_folder(root_, folder)) || !stat_confined(root_, file))
        throw RequestError(404, "path " + path + (repeat == "." ? "" : "/" + repeat) +
                                    "/logbook.csv: no such file");
    const LogbookView b = read_logbook(root_, file);
    json rows = json::array();
    std::size_t i = std::min(from, b.rows());
    for (; i < b.rows() && rows.size() < kRowsPerCall; ++i) rows.push_back(b.row(i));
    return {{"columns", b.columns()}, {"rows", rows}, {"next", i}};
}

}  // namespace maze::experiments
