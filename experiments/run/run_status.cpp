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

// The sweep above `run` and its point whose folder `run` is, when it is one.
struct PointOf {
    SweepSpec spec;
    std::size_t index = 0;
};
std::optional<PointOf> point_of(const fs::path& run) {
    const fs::path sweep = run.parent_path();
    if (!is_sweep_folder(sweep)) return std::nullopt;
    const fs::path file = sweep / "sweep.json";
    PointOf found{SweepSpec::from_json(read_json_file(file), file.string())};
    for (; found.index < found.spec.points.size(); ++found.index)
        if (found.spec.points[found.index].folder == run.filename().string()) return found;
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

std::string run_status_now(const fs::path& run, Above above) {
    const fs::path r = named(run);
    written_status(r);  // a point's too: point_state takes any word
    if (above != Above::not_read)
        if (const std::optional<PointOf> p = point_of(r))
            return point_state(r.parent_path(), p->spec, p->spec.points[p->index],
                               above == Above::sweep_folder_only ? ConfigFiles::pinned_only
                                                                 : ConfigFiles::named_too)
                .status;
    return believed(r, r);
}

std::string repeat_status_now(const fs::path& run, const fs::path& dir) {
    return believed(named(run), dir);
}

}  // namespace maze::experiments
