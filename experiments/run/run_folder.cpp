#include "mazesearch/experiments/run/run_folder.hpp"

#include <cstdio>
#include <ctime>
#include <fstream>

#include "mazesearch/experiments/files.hpp"

namespace fs = std::filesystem;

namespace maze::cli {

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

}  // namespace maze::cli
