// How `mazesearch serve` reads the files of a run folder: each through the confined reads
// (confined_file.hpp), with what one request may read of it. Used by the views of runs and of
// sweeps (run_views.cpp, sweep_views.cpp).
#pragma once

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/experiments/config.hpp"  // ConfigError
#include "mazesearch/serve/logbook_view.hpp"
#include "mazesearch/serve/walk_answer.hpp"  // RequestError

namespace maze::experiments {

// What one request may read: a run's JSON files, config.yaml and archive index, its status line,
// and the repeat folders (the most a config may ask for) among the entries of its folder.
inline constexpr std::size_t kMaxRunJsonBytes = std::size_t{16} << 20;
inline constexpr std::size_t kMaxStatusBytes = 4096;
inline constexpr std::size_t kMaxRepeats = 100000;
inline constexpr std::size_t kMaxFolderEntries = 200000;

// The JSON file `p`; null when it is not there. RequestError 422 naming it when it is not JSON
// (run files are written whole and renamed into place: one that does not parse stays so).
nlohmann::json read_json_or_null(const std::filesystem::path& root, const std::filesystem::path& p);

// A row of the runs table (GET /api/runs) with every column, none of them known yet: figures null,
// the target and optimizer "", no error. Each kind of row (a run, a sweep, a folder the server will
// not read) sets what it knows, so that every row has the same columns.
nlohmann::json blank_table_row(const std::string& path, const char* kind, nlohmann::json name);

// RequestError (403, 413) unless the sweep's pinned config copies (SWEEP/configs/NNN-NAME) may be
// read: the readers of a point read them (PointRuns) by path.
void check_pinned_configs(const std::filesystem::path& root, const std::filesystem::path& sweep,
                          const std::vector<std::string>& pinned);

// `text` (a message of the library, which names files by their full paths) with the files under
// `root` named relative to it, as the requests name them.
std::string relative_to_root(const std::filesystem::path& root, std::string text);

// The library's readers of run and sweep folders (point_state, group_sweep, run_status_now) read
// files by their paths, checked first by the server: what they refuse (ConfigError: a file that is
// not what it should be) is 422 naming the file, relative to the root.
template <class Work>
auto reading_files(const std::filesystem::path& root, Work&& work) -> decltype(work()) {
    try {
        return work();
    } catch (const ConfigError& e) {
        throw RequestError(422, relative_to_root(root, e.what()));
    }
}
// The first line of the run folder's status file, as RunFolder::status reads it.
std::string status_line(const std::filesystem::path& root, const std::filesystem::path& dir);
// Checks `file` as read_confined would before the library opens it by its path: RequestError
// 403 for a link out or a file that is not a regular file, 413 for one over `max_bytes`.
void check_confined(const std::filesystem::path& root, const std::filesystem::path& file,
                    std::size_t max_bytes);
// The status of the run folder `dir`, and of its repeat folder `dir`, as every reader shows it
// (run_status.hpp), the files read on the way checked first.
std::string served_run_status(const std::filesystem::path& root, const std::filesystem::path& dir);
std::string served_repeat_status(const std::filesystem::path& root,
                                 const std::filesystem::path& run,
                                 const std::filesystem::path& dir);
LogbookView read_logbook(const std::filesystem::path& root, const std::filesystem::path& p);
// The same with only its header and its last rows (at least the last whole one): what the runs
// table needs of a long run's logbook, polled every two seconds by every browser.
LogbookView read_logbook_end(const std::filesystem::path& root, const std::filesystem::path& p);

// The repeats a run's config asks for, at most kMaxRepeats; one when it says no whole number.
std::size_t planned_repeats(const nlohmann::json& config);
bool is_repeat_folder_name(const std::string& name);
// The repeat folders there are in the run folder `dir` (never as many as a file says: a
// config.json may claim any number), or "." for a run of one repeat. RequestError 403 for one
// that leads out of the root.
std::vector<std::string> repeat_folders(const std::filesystem::path& root,
                                        const std::filesystem::path& dir,
                                        const nlohmann::json& config);

// A score as the API writes it: a number, "inf", "-inf" or "nan"; null when there is none.
nlohmann::json optional_number(const std::optional<double>& v);
double unix_now();  // seconds since 1970

}  // namespace maze::experiments
