// ServedFolder's views of sweeps: a sweep's row of /api/runs and what /api/sweep answers, read
// from the sweep folder as it is on disk.
#include <algorithm>

#include "mazesearch/experiments/run/run_status.hpp"
#include "mazesearch/serve/confined_file.hpp"
#include "mazesearch/serve/run_files.hpp"
#include "mazesearch/serve/served_folder.hpp"
#include "mazesearch/serve/walk_answer.hpp"
#include "mazesearch/experiments/sweep/sweep_compare.hpp"
#include "mazesearch/experiments/sweep/sweep_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace maze::experiments {

namespace {

constexpr std::size_t kSeriesPoints = 200;

// The sweep library reads a point's files by their paths (point_state, group_sweep): each is
// checked first as read_confined would check it, so that a point folder or file that leads out of
// the root, a FIFO or an oversized file stops the request (RequestError) before it is opened.
void check_sweep_files(const fs::path& root, const fs::path& dir, const SweepSpec& spec) {
    check_pinned_configs(root, dir, spec.pinned);
    for (const SweepPoint& p : spec.points) {
        check_confined(root, sweep_log_path(dir, p), kMaxServedFileBytes);
        if (!confined_folder(root, dir / p.folder)) continue;
        check_confined(root, dir / p.folder / "status", kMaxStatusBytes);
        check_confined(root, dir / p.folder / "summary.json", kMaxRunJsonBytes);
        check_confined(root, dir / p.folder / "config.json", kMaxRunJsonBytes);
    }
}

// A sweep folder as its row and its view both read it, so that a folder one of them refuses
// (RequestError: a link out, a FIFO, a file too large or not what it should be) the other refuses
// alike: sweep.json, each point's state, config and repeat folders, and that its logbooks may be
// read (the view reads them for its series).
struct PointNow {
    PointState state;
    std::vector<std::string> repeats;  // its repeat folders ("." for one), none without a run
};

struct SweepNow {
    json spec_json;
    SweepSpec spec;
    std::vector<PointNow> points;
};

SweepNow sweep_now(const fs::path& root, const fs::path& dir) {
    SweepNow s;
    const fs::path file = dir / "sweep.json";
    const std::string shown = file.lexically_relative(root).generic_string();
    s.spec_json = read_json_or_null(root, file);
    if (s.spec_json.is_null())
        throw RequestError(404,
                           dir.lexically_relative(root).generic_string() + ": not a sweep folder");
    s.spec = reading_files(root, [&] { return SweepSpec::from_json(s.spec_json, shown); });
    check_sweep_files(root, dir, s.spec);
    // One reading of the sweep's configs for all its points; a point whose run is not its own
    // (another config's run in its folder) is refused by name, as every reader of sweeps does.
    const PointRuns runs(dir, s.spec, ConfigFiles::pinned_only);  // read when first asked
    for (const SweepPoint& p : s.spec.points) {
        PointNow n;
        n.state = reading_files(root, [&] {
            written_status(dir / p.folder);  // point_state takes any word
            return point_state(dir, runs, p);
        });
        const fs::path folder = dir / p.folder;
        const json config = read_json_or_null(root, folder / "config.json");
        if (!config.is_null() && !config.is_object())
            throw RequestError(422,
                               (folder / "config.json").lexically_relative(root).generic_string() +
                                   ": not a JSON object");
        if (config.is_object()) n.repeats = repeat_folders(root, folder, config);
        for (const std::string& f : n.repeats)
            check_confined(root, folder / f / "logbook.csv", kMaxServedFileBytes);
        s.points.push_back(std::move(n));
    }
    return s;
}

// The sweep's status from its points': running while one runs, finished when all are, failed
// when one failed, pending when none has started, else interrupted (some ran, and stopped).
std::string sweep_status(const std::vector<PointNow>& points) {
    const auto count = [&](const char* status) {
        return std::count_if(points.begin(), points.end(),
                             [&](const PointNow& p) { return p.state.status == status; });
    };
    const auto all = static_cast<std::ptrdiff_t>(points.size());
    if (count("running")) return "running";
    if (count("finished") == all) return "finished";
    if (count("failed")) return "failed";
    if (count("pending") == all) return "pending";
    return "interrupted";
}

// A point's best-so-far against evaluations, at most kSeriesPoints pairs (evenly thinned, the
// last kept).
json series_of(const fs::path& root, const fs::path& logbook) {
    const LogbookView b = read_logbook(root, logbook);
    json out = json::array();
    const std::size_t n = b.rows();
    const std::size_t stride = std::max<std::size_t>(1, (n + kSeriesPoints - 1) / kSeriesPoints);
    for (std::size_t i = 0; i < n; ++i) {
        if (i % stride != 0 && i + 1 != n) continue;
        const auto e = b.cell(i, "evals");
        const auto best = b.cell(i, "best");
        if (e && best) out.push_back({*e, score_json(*best)});  // -inf as "-inf", not null
    }
    return out;
}

}  // namespace

json ServedFolder::sweep_row(const fs::path& root, const fs::path& dir) {
    const SweepNow s = sweep_now(root, dir);
    std::size_t finished = 0;
    std::optional<double> best;
    double evals = 0;
    for (const PointNow& p : s.points) {
        finished += p.state.status == "finished";
        if (p.state.best) best = std::max(best.value_or(*p.state.best), *p.state.best);
        evals += p.state.evaluations;
    }
    const auto index = stat_confined(root, dir / "index.csv");
    json row = blank_table_row(
        dir.lexically_relative(root).generic_string(), "sweep",
        dir.filename().string() + " (" + fs::path(s.spec.config).stem().string() + ")");
    row["status"] = sweep_status(s.points);
    row["best"] = optional_number(best);
    row["evaluations"] = evals;
    row["points"] = s.spec.points.size();
    row["points_finished"] = finished;
    row["modified"] = index ? index->modified : 0.0;
    return row;
}

json ServedFolder::sweep(const std::string& path) const {
    const fs::path dir = inside(path);
    if (!stat_confined(root_, dir / "sweep.json"))
        throw RequestError(404, "path " + path + ": not a sweep folder");
    const SweepNow s = sweep_now(root_, dir);
    json points = json::array(), series = json::object();
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        const SweepPoint& p = s.spec.points[i];
        const PointState& st = s.points[i].state;
        json overrides = json::object();
        for (const auto& [k, v] : p.overrides) overrides[k] = v;
        points.push_back({{"id", p.id},
                          {"folder", p.folder},
                          {"status", st.status},
                          {"best", optional_number(st.best)},
                          {"evaluations", st.evaluations},
                          {"seconds", st.seconds},
                          {"overrides", overrides}});
        for (const std::string& f : s.points[i].repeats) {
            const std::string key = std::to_string(p.id) + (f == "." ? "" : "/" + f);
            series[key] = series_of(root_, dir / p.folder / f / "logbook.csv");
        }
    }
    const GroupTable t = reading_files(root_, [&] {
        return GroupTable{s.spec.group_keys,
                          group_sweep(dir, s.spec, s.spec.group_keys, ConfigFiles::pinned_only),
                          std::nullopt, std::nullopt};
    });
    return {{"path", dir.lexically_relative(root_).generic_string()},
            {"status", sweep_status(s.points)},
            {"spec", s.spec_json},
            {"points", points},
            {"table", group_table_json(t)},
            {"compare", t.groups.size() > 1 ? compare_groups_json(t) : json(nullptr)},
            {"series", series}};
}

}  // namespace maze::experiments
