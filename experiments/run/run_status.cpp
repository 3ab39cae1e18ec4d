#include "mazesearch/experiments/run/run_status.hpp"

#include <optional>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_spec.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

// `path` without a trailing separator or `.`: its last part names the folder.
fs::path named(const fs::path& path) {
    fs::path p = fs::absolute(path).lexically_normal();
    if (p.filename().empty()) p = p.parent_path();
    return p;
}

// The point of the sweep above `run` whose folder `run` is, when it is one.
std::optional<SweepPoint> point_of(const fs::path& run) {
    const fs::path sweep = run.parent_path();
    if (!is_sweep_folder(sweep)) return std::nullopt;
    const fs::path file = sweep / "sweep.json";
    const SweepSpec spec = SweepSpec::from_json(read_json_file(file), file.string());
    for (const SweepPoint& p : spec.points)
        if (p.folder == run.filename().string()) return p;
    return std::nullopt;
}

// The status file of `dir`, `running` believed only while the lock of `run` is held.
std::string believed(const fs::path& run, const fs::path& dir) {
    const std::string written = written_status(dir);
    if (written != "running" || FolderLock::held(run)) return written;
    // Read again: a run that wrote `finished` and ended after the first read let go of its lock.
    return RunFolder::at_rest(written_status(dir));
}

}  // namespace

std::string written_status(const fs::path& dir) {
    const std::string s = RunFolder::status(dir);
    for (const char* word : {"", "running", "interrupted", "finished", "failed"})
        if (s == word) return s;
    throw ConfigError((dir / "status").string() + ": '" + s +
                      "' is not a status (running, interrupted, finished, failed)");
}

std::string run_status_now(const fs::path& run, bool look_above) {
    const fs::path r = named(run);
    written_status(r);  // a point's too: point_state takes any word
    if (look_above)
        if (const std::optional<SweepPoint> p = point_of(r))
            return point_state(r.parent_path(), *p).status;
    return believed(r, r);
}

std::string repeat_status_now(const fs::path& run, const fs::path& dir) {
    return believed(named(run), dir);
}

}  // namespace maze::experiments
