#include "mazesearch/experiments/sweep/point_runs.hpp"

#include <algorithm>
#include <set>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/sweep/sweep_opening.hpp"
#include "mazesearch/experiments/yaml_tree.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

// Whether the sweep gives every point its thread count itself (a fixed or a swept override).
bool sets_threads(const SweepSpec& s) {
    for (const std::string& f : s.fixed)
        if (f.rfind("threads=", 0) == 0) return true;
    return std::any_of(s.axes.begin(), s.axes.end(), [](const SweepAxis& a) {
        return std::find(a.keys.begin(), a.keys.end(), "threads") != a.keys.end();
    });
}

// The keys (in order, dotted) at which `there` and `want` differ, each said for a message, at
// most `limit` of them. `all`: every key of both; else only the keys `want` has.
void differences(const nlohmann::json& there, const nlohmann::json& want, const std::string& prefix,
                 bool all, std::vector<std::string>& out) {
    if (!there.is_object() || !want.is_object()) {
        if (there != want)
            out.push_back((prefix.empty() ? "the config" : prefix) + " is " + there.dump() +
                          " there, " + want.dump() + " for the point");
        return;
    }
    std::set<std::string> keys;
    for (const auto& [k, v] : want.items()) keys.insert(k);
    if (all)
        for (const auto& [k, v] : there.items()) keys.insert(k);
    for (const std::string& k : keys) {
        const std::string key = prefix.empty() ? k : prefix + "." + k;
        if (!there.contains(k))
            out.push_back(key + " is not set there, " + want[k].dump() + " for the point");
        else if (!want.contains(k))
            out.push_back(key + " is " + there[k].dump() + " there, not set for the point");
        else
            differences(there[k], want[k], key, all, out);
    }
}

}  // namespace

PointRuns::PointRuns(fs::path dir, const SweepSpec& spec, ConfigFiles files)
    : dir_(std::move(dir)), spec_(spec), threads_set_(sets_threads(spec)), files_(files) {}

const std::optional<std::vector<nlohmann::json>>& PointRuns::configs() const {
    if (loaded_) return configs_;
    loaded_ = true;
    std::vector<std::string> texts = spec_.config_texts;
    if (texts.empty()) {
        // A folder made before configs were pinned, read by one who may not open its config
        // files: compared at what the point's overrides set.
        if (spec_.pinned.empty() && files_ == ConfigFiles::pinned_only) return configs_;
        try {
            texts = sweep_config_texts(spec_, dir_);
        } catch (const std::exception&) {
            if (!spec_.pinned.empty()) throw;  // a pinned copy that changed: refused by name
            return configs_;  // the config file changed or is gone: compare what can be
        }
    }
    configs_.emplace();
    for (std::size_t i = 0; i < texts.size(); ++i) {
        Marks ignored;
        configs_->push_back(yaml_to_json(texts[i], spec_.config_files()[i], ignored));
    }
    return configs_;
}

void PointRuns::check(const SweepPoint& p) const {
    const fs::path folder = dir_ / p.folder;
    std::error_code ec;
    if (!fs::exists(folder / "config.json", ec)) return;
    nlohmann::json there = read_json_file(folder / "config.json");
    const auto& all = configs();
    nlohmann::json want = resolve_config(
        all ? (*all)[spec_.config_index(p)] : nlohmann::json::object(), spec_.overrides_of(p));
    for (nlohmann::json* j : {&there, &want})
        if (j->is_object()) {
            j->erase("output");
            if (!threads_set_) j->erase("threads");
        }
    std::vector<std::string> diffs;
    differences(there, want, "", all.has_value(), diffs);
    if (diffs.empty()) return;
    std::string said;
    for (std::size_t i = 0; i < std::min<std::size_t>(diffs.size(), 3); ++i)
        said += (i ? "; " : "") + diffs[i];
    if (diffs.size() > 3) said += "; and " + std::to_string(diffs.size() - 3) + " more";
    throw ConfigError(folder.string() +
                      ": holds a run that is not this point's (its config.json: " + said +
                      "); the sweep leaves it as it is: move it out of the sweep folder, " +
                      "and `mazesearch resume " + dir_.string() + "` runs the point");
}

}  // namespace maze::experiments
