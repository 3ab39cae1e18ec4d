#include "mazesearch/experiments/sweep/sweep_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/run/report.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/experiments/stats/rank_compare.hpp"
#include "mazesearch/experiments/sweep/sweep_compare.hpp"
#include "mazesearch/experiments/sweep/sweep_runner.hpp"
#include "mazesearch/search/state_json.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

// d is a finished run folder (config.json and summary.json); ConfigError naming it otherwise.
void check_finished_run(const fs::path& dir) {
    const std::string d = dir.string();
    std::error_code ec;
    if (!fs::exists(dir, ec)) throw ConfigError(d + ": not a run folder (no such folder)");
    if (!fs::is_directory(dir, ec)) throw ConfigError(d + ": not a run folder (not a folder)");
    if (!fs::exists(dir / "config.json", ec))
        throw ConfigError(d + ": not a run folder (no config.json)");
    if (!fs::exists(dir / "summary.json", ec))
        throw ConfigError(d + ": not finished (status: " + RunFolder::status(dir) +
                          "); finish it with `mazesearch resume " + d + "`");
}

std::size_t count_past(const SweepGroup& g, double past) {
    return static_cast<std::size_t>(
        std::count_if(g.scores.begin(), g.scores.end(), [&](double v) { return v > past; }));
}

std::size_t count_reached(const SweepGroup& g, double score) {
    return static_cast<std::size_t>(
        std::count_if(g.scores.begin(), g.scores.end(), [&](double v) { return v >= score; }));
}

bool by_config(const GroupTable& t) {
    return std::find(t.keys.begin(), t.keys.end(), "config") != t.keys.end();
}

// A reference column: when the configs are swept (one config's figure is the `past` column).
bool any_reference(const GroupTable& t) {
    return by_config(t) && std::any_of(t.groups.begin(), t.groups.end(),
                                       [](const SweepGroup& g) { return g.reference.has_value(); });
}

double per_run(double total, std::size_t runs) {
    return runs ? total / static_cast<double>(runs) : std::numeric_limits<double>::quiet_NaN();
}

// A group's median of a measure, "" when none of its runs has it.
std::string median_measure(const SweepGroup& g, const std::string& name) {
    const auto it = g.measures.find(name);
    return it == g.measures.end() || it->second.empty() ? ""
                                                        : score_text(median_of_sorted(it->second));
}

}  // namespace

std::vector<std::string> measure_names(const GroupTable& t) {
    std::set<std::string> names;
    for (const SweepGroup& g : t.groups)
        for (const auto& [name, values] : g.measures) names.insert(name);
    return {names.begin(), names.end()};
}

RunFigures read_run_figures(const fs::path& dir) {
    check_finished_run(dir);
    const nlohmann::json s = read_json_file(dir / "summary.json");
    const nlohmann::json cfg = read_json_file(dir / "config.json");
    RunFigures f;
    std::vector<nlohmann::json> runs;
    try {
        if (s.contains("runs"))
            for (const auto& r : s.at("runs")) runs.push_back(r);
        else
            runs.push_back(s);
        for (const auto& r : runs) {
            // A number, or "inf"/"-inf" for a target that rates boards so; null: none.
            if (!r.at("best_score").is_null()) f.scores.push_back(r.at("best_score").get<Real>());
            f.evals += r.at("evaluations").get<double>();
            f.secs += r.at("seconds").get<double>();
            if (r.contains("measures"))
                for (const auto& [name, value] : r.at("measures").items())
                    f.measures[name].push_back(value.get<Real>());
        }
        if (!cfg.is_object()) throw ConfigError("config.json: not an object");
    } catch (const std::exception& e) {
        throw ConfigError(dir.string() + ": not the summary of a run: " + e.what());
    }
    std::sort(f.scores.begin(), f.scores.end());
    for (auto& [name, values] : f.measures) std::sort(values.begin(), values.end());
    f.runs = runs.size();
    return f;
}

std::vector<SweepGroup> group_sweep(const fs::path& dir, const SweepSpec& spec,
                                    const std::vector<std::string>& keys, ConfigFiles files) {
    std::vector<std::string> swept;
    for (const SweepAxis& a : spec.axes) swept.insert(swept.end(), a.keys.begin(), a.keys.end());
    for (const std::string& k : keys)
        if (std::find(swept.begin(), swept.end(), k) == swept.end()) {
            std::string names;
            for (const std::string& s : swept) names += (names.empty() ? "" : ", ") + s;
            throw ConfigError("--by " + k + ": not a swept key of " + dir.string() +
                              " (swept: " + (names.empty() ? "none" : names) + ")");
        }
    std::vector<SweepGroup> groups;
    std::map<std::vector<std::string>, std::size_t> index;
    const PointRuns runs(dir, spec, files);
    for (const SweepPoint& p : spec.points) {
        const PointState st = point_state(dir, runs, p);
        std::vector<std::string> values;
        for (const std::string& k : keys)
            for (const auto& [key, value] : p.overrides)
                if (key == k) values.push_back(value);
        const auto [it, fresh] = index.emplace(values, groups.size());
        if (fresh) groups.push_back(SweepGroup{values, {}, 0, {}, 0, 0, 0, {}, std::nullopt, {}});
        SweepGroup& g = groups[it->second];
        g.points.push_back(p.id);
        if (g.label.empty() && fs::exists(dir / p.folder / "config.json")) {
            const nlohmann::json cfg = read_json_file(dir / p.folder / "config.json");
            g.label = cfg.value("label", cfg.value("name", p.folder));
            if (cfg.contains("reference") && cfg["reference"].is_number())
                g.reference = cfg["reference"].get<double>();
        }
        if (st.status != "finished") continue;
        ++g.finished;
        const RunFigures f = read_run_figures(dir / p.folder);
        g.scores.insert(g.scores.end(), f.scores.begin(), f.scores.end());
        g.runs += f.runs;
        g.evals += f.evals;
        g.secs += f.secs;
        for (const auto& [name, values] : f.measures)
            g.measures[name].insert(g.measures[name].end(), values.begin(), values.end());
    }
    for (SweepGroup& g : groups) {
        std::sort(g.scores.begin(), g.scores.end());
        for (auto& [name, values] : g.measures) std::sort(values.begin(), values.end());
    }
    return groups;
}

std::string group_table_markdown(const GroupTable& t) {
    std::string head = "|", rule = "|";
    for (const std::string& k : t.keys) {
        head.append(" ").append(markdown_cell(k)).append(" |");
        rule += " --- |";
    }
    if (by_config(t)) {
        head += " label |";
        rule += " --- |";
    }
    if (any_reference(t)) {
        head += " reference |";
        rule += " ---: |";
    }
    head += " points finished | runs | best | median | worst |";
    rule += " ---: | ---: | ---: | ---: | ---: |";
    if (t.past) {
        head += " past " + score_text(*t.past) + " |";
        rule += " ---: |";
    }
    if (t.reached) {
        head += " reached " + score_text(*t.reached) + " |";
        rule += " ---: |";
    }
    const std::vector<std::string> measures = measure_names(t);
    for (const std::string& m : measures) {
        head.append(" median ").append(markdown_cell(m)).append(" |");
        rule += " ---: |";
    }
    std::string out =
        head + " evaluations per run | seconds per run |\n" + rule + " ---: | ---: |\n";
    for (const SweepGroup& g : t.groups) {
        std::string row = "|";
        // (Appended in parts: GCC 12 warns of " " + a returned string, -Wrestrict.)
        for (const std::string& v : g.values) row.append(" ").append(markdown_cell(v)).append(" |");
        if (by_config(t)) row.append(" ").append(markdown_cell(g.label)).append(" |");
        if (any_reference(t))
            row.append(" ").append(g.reference ? score_text(*g.reference) : "").append(" |");
        const bool any = !g.scores.empty();
        row.append(" ").append(std::to_string(g.finished) + " of " +
                               std::to_string(g.points.size()) + " | " + std::to_string(g.runs) +
                               " | " + (any ? score_text(g.scores.back()) : "") + " | " +
                               (any ? score_text(median_of_sorted(g.scores)) : "") + " | " +
                               (any ? score_text(g.scores.front()) : "") + " |");
        if (t.past)
            row.append(" ").append(std::to_string(count_past(g, *t.past)) + " of " +
                                   std::to_string(g.scores.size()) + " |");
        if (t.reached)
            row.append(" ").append(std::to_string(count_reached(g, *t.reached)) + " of " +
                                   std::to_string(g.scores.size()) + " |");
        for (const std::string& m : measures)
            row.append(" ").append(median_measure(g, m)).append(" |");
        row.append(" ")
            .append(g.runs ? table_number(std::round(per_run(g.evals, g.runs))) : "")
            .append(" | ")
            .append(g.runs ? table_number(per_run(g.secs, g.runs)) : "")
            .append(" |\n");
        out += row;
    }
    return out;
}

std::string group_table_csv(const GroupTable& t) {
    std::string out;
    for (const std::string& k : t.keys) out += csv_field(k) + ",";
    out +=
        "label,reference,points,finished,runs,best,median,worst,past,runs_past,reached,"
        "runs_reached,evaluations_per_run,seconds_per_run";
    const std::vector<std::string> measures = measure_names(t);
    for (const std::string& m : measures) out.append(",").append(csv_field(m + "_median"));
    out += "\n";
    for (const SweepGroup& g : t.groups) {
        for (const std::string& v : g.values) out += csv_field(v) + ",";
        out += csv_field(g.label) + "," + (g.reference ? score_text(*g.reference) : "") + ",";
        const bool any = !g.scores.empty();
        char line[512];
        std::snprintf(line, sizeof line, "%zu,%zu,%zu,%s,%s,%s,%s,%s,%s,%s,%s,%s\n",
                      g.points.size(), g.finished, g.runs,
                      any ? score_text(g.scores.back()).c_str() : "",
                      any ? score_text(median_of_sorted(g.scores)).c_str() : "",
                      any ? score_text(g.scores.front()).c_str() : "",
                      t.past ? score_text(*t.past).c_str() : "",
                      t.past ? std::to_string(count_past(g, *t.past)).c_str() : "",
                      t.reached ? score_text(*t.reached).c_str() : "",
                      t.reached ? std::to_string(count_reached(g, *t.reached)).c_str() : "",
                      g.runs ? score_text(per_run(g.evals, g.runs)).c_str() : "",
                      g.runs ? score_text(per_run(g.secs, g.runs)).c_str() : "");
        out += line;
        out.pop_back();  // the line's end, after the measures
        for (const std::string& m : measures) out.append(",").append(median_measure(g, m));
        out += "\n";
    }
    return out;
}

nlohmann::json group_table_json(const GroupTable& t) {
    nlohmann::json rows = nlohmann::json::array();
    for (const SweepGroup& g : t.groups) {
        nlohmann::json values = nlohmann::json::object();
        for (std::size_t i = 0; i < t.keys.size(); ++i) values[t.keys[i]] = g.values[i];
        nlohmann::json scores = nlohmann::json::array();
        for (double v : g.scores) scores.push_back(score_json(v));
        nlohmann::json row = {{"values", values}, {"points", g.points}, {"finished", g.finished},
                              {"runs", g.runs},   {"scores", scores},   {"evaluations", g.evals},
                              {"seconds", g.secs}};
        // The totals above, and the means a run that the Markdown and CSV tables show.
        if (g.runs) {
            row["evaluations_per_run"] = per_run(g.evals, g.runs);
            row["seconds_per_run"] = per_run(g.secs, g.runs);
        }
        if (!g.scores.empty()) {
            row["best"] = score_json(g.scores.back());
            row["median"] = score_json(median_of_sorted(g.scores));
            row["worst"] = score_json(g.scores.front());
        }
        for (const auto& [name, values] : g.measures) {
            nlohmann::json all = nlohmann::json::array();
            for (double v : values) all.push_back(score_json(v));
            row["measures"][name] = {{"values", all},
                                     {"median", score_json(median_of_sorted(values))}};
        }
        if (t.past) row["runs_past"] = count_past(g, *t.past);
        if (t.reached) row["runs_reached"] = count_reached(g, *t.reached);
        row["label"] = g.label;
        if (g.reference) row["reference"] = score_json(*g.reference);
        rows.push_back(row);
    }
    nlohmann::json j = {{"keys", t.keys}, {"groups", rows}};
    if (t.past) j["past"] = score_json(*t.past);
    if (t.reached) j["reached"] = score_json(*t.reached);
    return j;
}

bool all_points_finished(const fs::path& dir, const SweepSpec& spec) {
    const PointRuns runs(dir, spec);
    return std::all_of(spec.points.begin(), spec.points.end(), [&](const SweepPoint& p) {
        return point_state(dir, runs, p).status == "finished";
    });
}

void write_sweep_tables(const fs::path& dir, const SweepSpec& spec) {
    GroupTable t{spec.group_keys, group_sweep(dir, spec, spec.group_keys), std::nullopt,
                 std::nullopt};
    // One config: its reference is the score to beat. Several: each row shows its own.
    const bool configs_swept = !spec.group_keys.empty() && spec.group_keys[0] == "config";
    if (!spec.points.empty() && !configs_swept) {
        const nlohmann::json cfg = read_json_file(dir / spec.points.front().folder / "config.json");
        if (cfg.contains("reference") && cfg["reference"].is_number())
            t.past = cfg["reference"].get<double>();
    }
    write_file_atomically(dir / "summary.md", group_table_markdown(t), Sync::No);
    write_file_atomically(dir / "summary.csv", group_table_csv(t), Sync::No);
    write_file_atomically(dir / "summary.json", group_table_json(t).dump(2) + "\n", Sync::No);
}

}  // namespace maze::experiments
