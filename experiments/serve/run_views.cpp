// ServedFolder's views of runs and sweeps: what /api/runs, /api/run, /api/logbook and /api/sweep
// answer, read from the run folders as they are on disk.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/experiments/serve/served_folder.hpp"
#include "mazesearch/experiments/serve/walk_answer.hpp"
#include "mazesearch/experiments/sweep/sweep_compare.hpp"
#include "mazesearch/experiments/sweep/sweep_runner.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace maze::experiments {

namespace {

constexpr std::size_t kRowsPerCall = 5000;
constexpr std::size_t kSeriesPoints = 200;
// A run whose files have not changed for this long is not running any more, whatever its status
// file says (its process was killed).
constexpr double kSilentSeconds = 300;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

json read_json_or_null(const fs::path& p) {
    std::error_code ec;
    if (!fs::is_regular_file(p, ec)) return nullptr;
    try {
        return json::parse(slurp(p));
    } catch (const std::exception&) {
        return nullptr;  // being rewritten: the next poll reads the whole file
    }
}

double seconds_since(const fs::file_time_type& t) {
    return std::chrono::duration<double>(fs::file_time_type::clock::now() - t).count();
}

// Seconds since 1970 of a file time; 0 for none (min()).
double unix_seconds(fs::file_time_type t) {
    if (t == fs::file_time_type::min()) return 0;
    return std::chrono::duration<double>(std::chrono::file_clock::to_sys(t).time_since_epoch())
        .count();
}

// A logbook's complete rows: the header's columns and each row's numbers (null for an empty
// cell). A last line without its newline is still being written and is left out.
struct Logbook {
    std::vector<std::string> columns;
    std::vector<std::vector<json>> rows;
};

std::vector<std::string> split_csv_line(const std::string& line) {
    std::vector<std::string> cells(1);
    for (char c : line) {
        if (c == ',')
            cells.emplace_back();
        else if (c != '\r')
            cells.back() += c;
    }
    return cells;
}

Logbook read_logbook(const fs::path& p) {
    Logbook book;
    std::string text = slurp(p);
    const std::size_t end = text.rfind('\n');
    if (end == std::string::npos) return book;
    text.resize(end + 1);
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line)) return book;
    book.columns = split_csv_line(line);
    while (std::getline(in, line)) {
        const std::vector<std::string> cells = split_csv_line(line);
        if (cells.size() != book.columns.size()) continue;
        std::vector<json> row;
        for (const std::string& c : cells) {
            char* stop = nullptr;
            const double v = std::strtod(c.c_str(), &stop);
            row.push_back(c.empty() || *stop ? json(nullptr) : json(v));
        }
        book.rows.push_back(std::move(row));
    }
    return book;
}

// The value of `column` in a logbook's row, or none.
std::optional<double> cell(const Logbook& b, const std::vector<json>& row, const std::string& col) {
    const auto it = std::find(b.columns.begin(), b.columns.end(), col);
    if (it == b.columns.end()) return std::nullopt;
    const json& v = row[static_cast<std::size_t>(it - b.columns.begin())];
    return v.is_number() ? std::optional<double>(v.get<double>()) : std::nullopt;
}

// One repeat (or a run without repeats) as it stands: from summary.json when finished, else
// from the logbook's last row.
struct RepeatNow {
    std::string folder, status;
    std::optional<double> best;
    double evaluations = 0, seconds = 0;
    fs::file_time_type modified = fs::file_time_type::min();
};

RepeatNow repeat_now(const fs::path& run, const std::string& folder) {
    RepeatNow r;
    r.folder = folder;
    const fs::path dir = folder == "." ? run : run / folder;
    r.status = RunFolder::status(dir);
    std::error_code ec;
    for (const char* f : {"logbook.csv", "status", "checkpoint.json"})
        if (const auto t = fs::last_write_time(dir / f, ec); !ec)
            r.modified = std::max(r.modified, t);
    const json s = read_json_or_null(dir / "summary.json");
    if (r.status == "finished" && s.is_object() && !s.contains("runs")) {
        if (s.value("best_score", json()).is_number()) r.best = s["best_score"].get<double>();
        r.evaluations = s.value("evaluations", 0.0);
        r.seconds = s.value("seconds", 0.0);
        return r;
    }
    const Logbook b = read_logbook(dir / "logbook.csv");
    if (!b.rows.empty()) {
        const auto& last = b.rows.back();
        r.best = cell(b, last, "best");
        r.evaluations = cell(b, last, "evals").value_or(0);
        r.seconds = cell(b, last, "seconds").value_or(0);
    }
    if (r.status == "running" && seconds_since(r.modified) > kSilentSeconds)
        r.status = "interrupted";
    return r;
}

std::vector<std::string> repeat_folders(const json& config) {
    const int repeats = config.value("repeats", 1);
    if (repeats <= 1) return {"."};
    std::vector<std::string> out;
    for (int i = 0; i < repeats; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "repeat-%03d", i);
        out.push_back(name);
    }
    return out;
}

json optional_number(const std::optional<double>& v) {
    return v ? json(*v) : json(nullptr);
}

// The row of /api/runs for a run folder.
json run_row(const fs::path& root, const fs::path& dir) {
    const json config = read_json_or_null(dir / "config.json");
    if (!config.is_object()) return nullptr;
    const json budget = config.value("budget", json::object());
    std::vector<RepeatNow> reps;
    for (const std::string& f : repeat_folders(config)) reps.push_back(repeat_now(dir, f));
    std::optional<double> best;
    double evals = 0, seconds = 0, speed = 0;
    int running = 0, finished = 0;
    fs::file_time_type modified = fs::file_time_type::min();
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
    std::string status = RunFolder::status(dir);
    if (status == "running" && running == 0 && finished < static_cast<int>(reps.size()))
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
                {"repeats", reps.size()},
                {"points", nullptr},
                {"points_finished", nullptr},
                {"target", config.value("target", json::object()).value("kind", "")},
                {"optimizer", config.value("optimizer", json::object()).value("kind", "")},
                {"modified", unix_seconds(modified)}};
    if (running && speed > 0 && row["budget_evaluations"].is_number()) {
        const double total =
            row["budget_evaluations"].get<double>() * static_cast<double>(reps.size());
        row["time_to_go"] = std::max(0.0, total - evals) / speed;
    } else if (running && row["budget_seconds"].is_number()) {
        // The repeats not started yet run after these, as many at a time as run now.
        const double waiting = static_cast<double>(reps.size()) - running - finished;
        const double budget = row["budget_seconds"].get<double>();
        row["time_to_go"] = std::max(0.0, budget - seconds) + budget * std::ceil(waiting / running);
    }
    return row;
}

json sweep_row(const fs::path& root, const fs::path& dir) {
    const json spec_json = read_json_or_null(dir / "sweep.json");
    if (!spec_json.is_object()) return nullptr;
    SweepSpec spec;
    try {
        spec = SweepSpec::from_json(spec_json, (dir / "sweep.json").string());
    } catch (const std::exception&) {
        return nullptr;
    }
    std::size_t finished = 0, running = 0, failed = 0;
    std::optional<double> best;
    double evals = 0;
    for (const SweepPoint& p : spec.points) {
        const PointState st = point_state(dir, p);
        finished += st.status == "finished";
        running += st.status == "running";
        failed += st.status == "failed";
        if (st.best) best = std::max(best.value_or(*st.best), *st.best);
        evals += st.evaluations;
    }
    const std::string status = running                          ? "running"
                               : finished == spec.points.size() ? "finished"
                               : failed                         ? "failed"
                               : finished                       ? "interrupted"
                                                                : "";
    std::error_code ec;
    const auto t = fs::last_write_time(dir / "index.csv", ec);
    return {{"path", fs::relative(dir, root).generic_string()},
            {"kind", "sweep"},
            {"name", dir.filename().string() + " (" + fs::path(spec.config).stem().string() + ")"},
            {"status", status},
            {"best", optional_number(best)},
            {"evaluations", evals},
            {"budget_evaluations", nullptr},
            {"budget_seconds", nullptr},
            {"seconds", nullptr},
            {"speed", nullptr},
            {"time_to_go", nullptr},
            {"repeats", nullptr},
            {"points", spec.points.size()},
            {"points_finished", finished},
            {"target", ""},
            {"optimizer", ""},
            {"modified", ec ? 0.0 : unix_seconds(t)}};
}

// A point's best-so-far against evaluations, at most kSeriesPoints pairs (evenly thinned, the
// last kept).
json series_of(const fs::path& logbook) {
    const Logbook b = read_logbook(logbook);
    json out = json::array();
    const std::size_t n = b.rows.size();
    const std::size_t stride = std::max<std::size_t>(1, (n + kSeriesPoints - 1) / kSeriesPoints);
    for (std::size_t i = 0; i < n; ++i) {
        if (i % stride != 0 && i + 1 != n) continue;
        const auto e = cell(b, b.rows[i], "evals");
        const auto best = cell(b, b.rows[i], "best");
        if (e && best) out.push_back({*e, *best});
    }
    return out;
}

}  // namespace

json ServedFolder::runs() {
    std::vector<fs::path> runs, sweeps;
    {
        std::lock_guard<std::mutex> hold(scan_mutex_);
        runs = scan().runs;
        sweeps = scan().sweeps;
    }
    json list = json::array();
    for (const fs::path& d : runs)
        if (json row = run_row(root_, d); !row.is_null()) list.push_back(std::move(row));
    for (const fs::path& d : sweeps)
        if (json row = sweep_row(root_, d); !row.is_null()) list.push_back(std::move(row));
    return {{"root", root_.filename().string()}, {"runs", list}};
}

json ServedFolder::run(const std::string& path) const {
    const fs::path dir = inside(path);
    const json config = read_json_or_null(dir / "config.json");
    if (!config.is_object()) throw RequestError(404, "path " + path + ": not a run folder");
    json reps = json::array();
    std::optional<std::pair<double, std::string>> best;  // the best repeat
    for (const std::string& f : repeat_folders(config)) {
        const RepeatNow r = repeat_now(dir, f);
        reps.push_back({{"folder", r.folder},
                        {"status", r.status},
                        {"best", optional_number(r.best)},
                        {"evaluations", r.evaluations},
                        {"seconds", r.seconds}});
        if (r.best && (!best || *r.best > best->first)) best = {*r.best, f};
    }
    const fs::path best_dir = best ? (best->second == "." ? dir : dir / best->second) : dir;
    json archive = json::array();
    std::istringstream index(slurp(best_dir / "archive" / "index.csv"));
    std::string line;
    std::getline(index, line);  // rank,value,evaluation,distance_to_best,file
    while (std::getline(index, line)) {
        const std::vector<std::string> c = split_csv_line(line);
        if (c.size() < 5 || c[4].find('/') != std::string::npos) continue;
        archive.push_back(
            {{"file", fs::relative(best_dir / "archive" / c[4], dir).generic_string()},
             {"score", std::strtod(c[1].c_str(), nullptr)},
             {"board", slurp(best_dir / "archive" / c[4])}});
    }
    std::error_code ec;
    const bool has_best = fs::is_regular_file(best_dir / "best.txt", ec);
    const json now = run_row(root_, dir);  // its figures as the runs table gives them
    return {{"path", fs::relative(dir, root_).generic_string()},
            {"name", config.value("name", dir.filename().string())},
            {"status", now.value("status", RunFolder::status(dir))},
            {"best", now.value("best", json())},
            {"evaluations", now.value("evaluations", json())},
            {"budget_evaluations", now.value("budget_evaluations", json())},
            {"budget_seconds", now.value("budget_seconds", json())},
            {"seconds", now.value("seconds", json())},
            {"speed", now.value("speed", json())},
            {"time_to_go", now.value("time_to_go", json())},
            {"config", config},
            {"config_yaml", slurp(dir / "config.yaml")},
            {"summary", read_json_or_null(dir / "summary.json")},
            {"repeats", reps},
            {"best_board", has_best ? json(slurp(best_dir / "best.txt")) : json(nullptr)},
            {"archive", archive}};
}

json ServedFolder::logbook(const std::string& path, const std::string& repeat,
                           std::size_t from) const {
    const fs::path dir = inside(path);
    if (repeat != "." && (repeat.rfind("repeat-", 0) != 0 || repeat.find('/') != std::string::npos))
        throw RequestError(400, "repeat: expected . or repeat-NNN");
    const fs::path file = inside(fs::relative(dir / repeat / "logbook.csv", root_).string());
    const Logbook b = read_logbook(file);
    json rows = json::array();
    std::size_t i = std::min(from, b.rows.size());
    for (; i < b.rows.size() && rows.size() < kRowsPerCall; ++i) rows.push_back(b.rows[i]);
    return {{"columns", b.columns}, {"rows", rows}, {"next", i}};
}

json ServedFolder::sweep(const std::string& path) const {
    const fs::path dir = inside(path);
    const json spec_json = read_json_or_null(dir / "sweep.json");
    if (!spec_json.is_object()) throw RequestError(404, "path " + path + ": not a sweep folder");
    const SweepSpec spec = SweepSpec::from_json(spec_json, path + "/sweep.json");
    json points = json::array(), series = json::object();
    for (const SweepPoint& p : spec.points) {
        const PointState st = point_state(dir, p);
        json overrides = json::object();
        for (const auto& [k, v] : p.overrides) overrides[k] = v;
        points.push_back({{"id", p.id},
                          {"folder", p.folder},
                          {"status", st.status},
                          {"best", optional_number(st.best)},
                          {"evaluations", st.evaluations},
                          {"seconds", st.seconds},
                          {"overrides", overrides}});
        const json config = read_json_or_null(dir / p.folder / "config.json");
        if (!config.is_object()) continue;
        for (const std::string& f : repeat_folders(config)) {
            const std::string key = std::to_string(p.id) + (f == "." ? "" : "/" + f);
            series[key] = series_of(dir / p.folder / f / "logbook.csv");
        }
    }
    GroupTable t{spec.group_keys, group_sweep(dir, spec, spec.group_keys), std::nullopt,
                 std::nullopt};
    return {{"path", fs::relative(dir, root_).generic_string()},
            {"spec", spec_json},
            {"points", points},
            {"table", group_table_json(t)},
            {"compare", t.groups.size() > 1 ? compare_groups_json(t) : json(nullptr)},
            {"series", series}};
}

}  // namespace maze::experiments
