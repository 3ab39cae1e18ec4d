// The tables of sweep folders as `mazesearch summarize` and the Python module make them: one
// sweep or several in one table (each row named by its sweep), grouped by --by or the sweeps' own
// keys, with --compare (on the best scores or, --measure, on a measure of the optimizer).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/sweep/sweep_compare.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

// The keys a sweep's table is grouped by: --by (comma-separated; "" groups nothing when given
// as --by ''), else the sweep's group keys.
std::vector<std::string> group_keys(const SweepTableOptions& o, const SweepSpec& spec,
                                    bool by_given) {
    if (!by_given) return spec.group_keys;
    std::vector<std::string> keys;
    std::string k;
    for (char c : o.by + ",")
        if (c == ',') {
            if (!k.empty()) keys.push_back(k);
            k.clear();
        } else {
            k += c;
        }
    return keys;
}

// The name of each sweep of one table: its folder's name, or, for folders of the same name
// (a/sw, b/sw), as many of the last parts of its path as tell it from the others.
std::vector<std::string> sweep_names(const std::vector<std::string>& dirs) {
    std::vector<std::vector<std::string>> parts;  // each path's parts, the last first
    for (const std::string& d : dirs) {
        std::error_code ec;
        fs::path p = fs::absolute(d, ec).lexically_normal();
        if (p.filename().empty()) p = p.parent_path();
        std::vector<std::string> rev;
        for (const fs::path& part : p) rev.insert(rev.begin(), part.string());
        parts.push_back(std::move(rev));
    }
    std::vector<std::size_t> used(dirs.size(), 1);
    const auto name = [&](std::size_t i) {
        std::string n;
        for (std::size_t k = std::min(used[i], parts[i].size()); k-- > 0;)
            n += (n.empty() || n == "/" ? "" : "/") + parts[i][k];
        return n;
    };
    std::vector<std::string> names(dirs.size());
    for (bool longer = true; longer;) {
        longer = false;
        for (std::size_t i = 0; i < dirs.size(); ++i) names[i] = name(i);
        // Every name two folders share grows by a part, together.
        for (std::size_t i = 0; i < dirs.size(); ++i)
            if (used[i] < parts[i].size() && std::count(names.begin(), names.end(), names[i]) > 1) {
                ++used[i];
                longer = true;
            }
    }
    return names;
}

// The combinations of one sweep, or of several in one table: then each row is also named by its
// sweep (sweep_names, the first column), and the sweeps must be grouped by the same keys.
GroupTable sweep_groups(const SweepTableOptions& o, const std::vector<std::string>& dirs,
                        bool by_given) {
    refuse_repeated_folders(dirs);
    const std::vector<std::string> names = sweep_names(dirs);
    GroupTable t;
    for (std::size_t i = 0; i < dirs.size(); ++i) {
        const std::string& d = dirs[i];
        std::filesystem::path dir(d);
        if (dir.filename().empty()) dir = dir.parent_path();  // "runs/x/"
        const SweepSpec spec =
            SweepSpec::from_json(read_json_file(dir / "sweep.json"), (dir / "sweep.json").string());
        const std::vector<std::string> keys = group_keys(o, spec, by_given);
        if (i == 0) {
            t.keys = keys;
            if (dirs.size() > 1) t.keys.insert(t.keys.begin(), "sweep");
        } else if (keys != std::vector<std::string>(t.keys.begin() + 1, t.keys.end())) {
            throw ConfigError("summarize: " + d + " is grouped by other keys than " + dirs.front() +
                              "; give --by KEYS (or --by '') to group them alike");
        }
        for (SweepGroup& g : group_sweep(dir, spec, keys)) {
            if (dirs.size() > 1) g.values.insert(g.values.begin(), names[i]);
            t.groups.push_back(std::move(g));
        }
    }
    return t;
}

}  // namespace

void refuse_repeated_folders(const std::vector<std::string>& dirs) {
    for (std::size_t i = 0; i < dirs.size(); ++i)
        for (std::size_t j = 0; j < i; ++j) {
            std::error_code ec;
            if (fs::equivalent(dirs[j], dirs[i], ec) && !ec)
                throw ConfigError("summarize: " + dirs[j] + " and " + dirs[i] +
                                  " are the same folder, given twice (its runs would be counted "
                                  "twice)");
        }
}

// The table whose groups' scores are their runs' values of `measure`, for --compare --measure;
// ConfigError when no group has it, naming those the groups have.
GroupTable measured(const GroupTable& t, const std::string& measure) {
    GroupTable m = t;
    bool any = false;
    for (SweepGroup& g : m.groups) {
        const auto it = g.measures.find(measure);
        g.scores = it == g.measures.end() ? std::vector<double>{} : it->second;
        any = any || it != g.measures.end();
    }
    if (!any) {
        std::string names;
        for (const std::string& n : measure_names(t)) names += (names.empty() ? "" : ", ") + n;
        throw ConfigError("summarize: --measure " + measure +
                          ": no run of the table measures it (" +
                          (names.empty() ? "they measure nothing but their best scores"
                                         : "they measure " + names) +
                          ")");
    }
    return m;
}

std::string sweep_table(const SweepTableOptions& o, const std::vector<std::string>& dirs,
                        bool by_given) {
    GroupTable t = sweep_groups(o, dirs, by_given);
    t.past = o.past;
    if (!std::isnan(o.optimum)) t.reached = o.optimum;
    const GroupTable compared = o.measure.empty() ? t : measured(t, o.measure);
    if (o.format == "csv") return group_table_csv(t);
    if (o.format == "json") {
        nlohmann::json j = group_table_json(t);
        if (o.compare) {
            j["compare"] = compare_groups_json(compared);
            j["compare"]["measure"] = o.measure.empty() ? "best" : o.measure;
        }
        return j.dump(2) + "\n";
    }
    std::string out = group_table_markdown(t);
    if (o.compare)
        out += "\n" +
               (o.measure.empty() ? std::string()
                                  : "Compared on " + o.measure +
                                        " at each run's end, not on the best scores.\n\n") +
               compare_groups_markdown(compared);
    return out;
}

}  // namespace maze::experiments
