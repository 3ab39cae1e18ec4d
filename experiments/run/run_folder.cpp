#include "mazesearch/experiments/run/run_folder.hpp"

#include <cstdio>
#include <ctime>
#include <fstream>
#include <utility>
#include <vector>

#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/files.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

// The files a run reads besides its config, by the key that names them.
std::vector<std::pair<std::string, std::string>> input_paths(const RunConfig& config) {
    std::vector<std::pair<std::string, std::string>> out;
    const nlohmann::json& r = config.resolved;
    if (r.contains("target") && r["target"].is_object())
        // a graph file; a board whose cells are kept; the map of the cells searched
        for (const char* key : {"file", "keep", "free"})
            if (r["target"].contains(key) && r["target"][key].is_string())
                out.emplace_back(std::string("target.") + key, r["target"][key].get<std::string>());
    if (r.contains("initial") && r["initial"].is_string() &&
        !r["initial"].get<std::string>().empty())
        out.emplace_back("initial", r["initial"].get<std::string>());
    return out;
}

nlohmann::json describe_input(const std::string& path) {
    const std::string bytes = read_text_file(path);
    nlohmann::json j;
    j["path"] = path;
    j["bytes"] = bytes.size();
    j["fnv1a64"] = fnv1a64_hex(bytes);
    return j;
}

}  // namespace

fs::path RunFolder::default_path(const std::string& name) {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    const fs::path base = fs::path("runs") / name / stamp;
    fs::path dir = base;
    for (int i = 2; fs::exists(dir); ++i) dir = base.string() + "-" + std::to_string(i);
    return dir;
}

fs::path RunFolder::repeat_dir(int r, int repeats) const {
    if (repeats == 1) return root_;
    char name[32];
    std::snprintf(name, sizeof name, "repeat-%03d", r);
    return root_ / name;
}

void RunFolder::create(const RunConfig& config) {
    make_folder(root_);
    lock();
    // A process killed while it created this folder may have left the temporary of one of these
    // files (a sweep's point whose sweep was killed): the folder is still empty of anything else.
    for (const char* f : {"config.json", "config.yaml", "overrides.txt", "inputs.json"})
        remove_stale_temporaries(root_, f);
    if (fs::exists(root_ / "config.json"))
        throw ConfigError(root_.string() + ": already holds a run; use `mazesearch resume " +
                          root_.string() + "` or another output folder");
    if (!fs::is_empty(root_))
        throw ConfigError(root_.string() +
                          ": not empty, and not a run folder (no config.json); nothing was "
                          "written there: choose a new or empty output folder");
    write_file_atomically(root_ / "config.json", config.resolved.dump(2) + "\n");
    write_file_atomically(root_ / "config.yaml", to_yaml(config.resolved));
    std::string overrides;
    for (const auto& o : config.overrides) overrides += o + "\n";
    write_file_atomically(root_ / "overrides.txt", overrides);
    nlohmann::json inputs = nlohmann::json::object();
    for (const auto& [key, path] : input_paths(config)) inputs[key] = describe_input(path);
    write_file_atomically(root_ / "inputs.json", inputs.dump(2) + "\n");
}

void RunFolder::check_inputs(const RunConfig& config) const {
    const std::vector<std::pair<std::string, std::string>> inputs = input_paths(config);
    const fs::path pinned = root_ / "inputs.json";
    if (!fs::exists(pinned)) {
        if (!inputs.empty())
            diag().warn(
                "{}: no inputs.json (made before a run pinned its input files); its "
                "files are taken as they are now",
                root_.string());
        return;
    }
    const nlohmann::json was = read_json_file(pinned);
    for (const auto& [key, path] : inputs) {
        if (!was.contains(key) || !was[key].is_object())
            throw ConfigError(pinned.string() + ": " + key + ": not pinned");
        const nlohmann::json& w = was[key];
        if (!fs::exists(path))
            throw ConfigError(key + ": " + path + ": not found; the run was started with it (" +
                              pinned.string() + "): resume from the folder it was started in, " +
                              "or put the file back");
        const nlohmann::json now = describe_input(path);
        if (now["bytes"] != w["bytes"] || now["fnv1a64"] != w["fnv1a64"])
            throw ConfigError(key + ": " + path + ": changed since the run started (" +
                              w["bytes"].dump() + " bytes then, " + now["bytes"].dump() +
                              " now; the hashes in " + pinned.string() +
                              " differ): the run's checkpoints hold boards of the file as it "
                              "was. Put that file back, or start a new run (nothing was changed "
                              "in the run folder)");
    }
}

void RunFolder::lock() {
    if (!lock_) lock_.emplace(root_, "a run or resume");
}

std::string RunFolder::status(const fs::path& dir) {
    std::ifstream in(dir / "status");
    std::string s;
    std::getline(in, s);
    return s;
}

void RunFolder::set_status(const fs::path& dir, const std::string& status) {
    write_file_atomically(dir / "status", status + "\n");
}

void RunFolder::record_failure(const fs::path& dir, const std::string& before,
                               bool stepped) noexcept {
    try {
        set_status(dir, stepped || before.empty() ? "failed" : at_rest(before));
    } catch (...) {
        // The reason is on standard error all the same (main reports the exception).
    }
}

}  // namespace maze::experiments
