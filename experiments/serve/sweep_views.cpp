// ServedFolder's views of sweeps: a sweep's row of /api/runs and what /api/sweep answers, read
// from the sweep folder as it is on disk.
#include <algorithm>

#include "mazesearch/experiments/serve/confined_file.hpp"
#include "mazesearch/experiments/serve/run_files.hpp"
#include "mazesearch/experiments/serve/served_folder.hpp"
#include "mazesearch/experiments/serve/walk_answer.hpp"
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
    const auto check = [&](const fs::path& file, std::size_t max_bytes) {
        if (const auto st = stat_confined(root, file); st && st->bytes > max_bytes)
            throw RequestError(413, file.lexically_relative(root).generic_string() +
                                        ": larger than the server reads");
    };
    for (const SweepPoint& p : spec.points) {
        check(sweep_log_path(dir, p), kMaxServedFileBytes);
        if (!confined_folder(root, dir / p.folder)) continue;
        check(dir / p.folder / "status", kMaxStatusBytes);
        check(dir / p.folder / "summary.json", kMaxRunJsonBytes);
        check(dir / p.folder / "config.json", kMaxRunJsonBytes);
    }
}

// The sweep.json of a sweep folder, read and checked with the files its points' states are read
// from; none when it is not a sweep's.
std::optional<SweepSpec> confined_sweep(const fs::path& root, const fs::path& dir,
                                        json& spec_json) {
    spec_json = read_json_or_null(root, dir / "sweep.json");
    if (!spec_json.is_object()) return std::nullopt;
    SweepSpec spec = SweepSpec::from_json(
        spec_json, (dir / "sweep.json").lexically_relative(root).generic_string());
    check_sweep_files(root, dir, spec);
    return spec;
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
    json spec_json;
    const std::optional<SweepSpec> spec = confined_sweep(root, dir, spec_json);
    if (!spec) return nullptr;
    std::size_t finished = 0, running = 0, failed = 0;
    std::optional<double> best;
    double evals = 0;
    const PointRuns runs(dir, *spec);
    for (const SweepPoint& p : spec->points) {
        const PointState st = point_state(dir, runs, p);
        finished += st.status == "finished";
        running += st.status == "running";
        failed += st.status == "failed";
        if (st.best) best = std::max(best.value_or(*st.best), *st.best);
        evals += st.evaluations;
    }
    const std::string status = running                           ? "running"
                               : finished == spec->points.size() ? "finished"
                               : failed                          ? "failed"
                               : finished                        ? "interrupted"
                                                                 : "";
    const auto index = stat_confined(root, dir / "index.csv");
    return {{"path", fs::relative(dir, root).generic_string()},
            {"kind", "sweep"},
            {"name", dir.filename().string() + " (" + fs::path(spec->config).stem().string() + ")"},
            {"status", status},
            {"best", optional_number(best)},
            {"evaluations", evals},
            {"budget_evaluations", nullptr},
            {"budget_seconds", nullptr},
            {"seconds", nullptr},
            {"speed", nullptr},
            {"time_to_go", nullptr},
            {"repeats", nullptr},
            {"points", spec->points.size()},
            {"points_finished", finished},
            {"target", ""},
            {"optimizer", ""},
            {"modified", index ? index->modified : 0.0}};
}

json ServedFolder::sweep(const std::string& path) const {
    const fs::path dir = inside(path);
    json spec_json;
    const std::optional<SweepSpec> spec = confined_sweep(root_, dir, spec_json);
    if (!spec) throw RequestError(404, "path " + path + ": not a sweep folder");
    json points = json::array(), series = json::object();
    const PointRuns runs(dir, *spec);
    for (const SweepPoint& p : spec->points) {
        const PointState st = point_state(dir, runs, p);
        json overrides = json::object();
        for (const auto& [k, v] : p.overrides) overrides[k] = v;
        points.push_back({{"id", p.id},
                          {"folder", p.folder},
                          {"status", st.status},
                          {"best", optional_number(st.best)},
                          {"evaluations", st.evaluations},
                          {"seconds", st.seconds},
                          {"overrides", overrides}});
        const json config = read_json_or_null(root_, dir / p.folder / "config.json");
        if (!config.is_object()) continue;
        for (const std::string& f : repeat_folders(root_, dir / p.folder, config)) {
            const std::string key = std::to_string(p.id) + (f == "." ? "" : "/" + f);
            series[key] = series_of(root_, dir / p.folder / f / "logbook.csv");
        }
    }
    GroupTable t{spec->group_keys, group_sweep(dir, *spec, spec->group_keys), std::nullopt,
                 std::nullopt};
    return {{"path", fs::relative(dir, root_).generic_string()},
            {"spec", spec_json},
            {"points", points},
            {"table", group_table_json(t)},
            {"compare", t.groups.size() > 1 ? compare_groups_json(t) : json(nullptr)},
            {"series", series}};
}

}  // namespace maze::experiments
