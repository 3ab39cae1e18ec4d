// What a run folder is now, one word with one meaning for every reader: serve's runs table, run
// view and sweep page, and Python's open_run (docs/formats.md, "The run folder"). The status
// file says what the run last wrote; a process killed by SIGKILL, a crash or a power loss leaves
// `running` there, so `running` is believed only while a live process holds the folder's lock.
#pragma once

#include <filesystem>
#include <string>

namespace maze::experiments {

// The status of the run folder `run`:
//   - a point of a sweep (the sweep.json of the folder above lists it): the point's status, as
//     the sweep, index.csv and summarize give it (point_state), pending included;
//   - else its status file's word (running, interrupted, finished, failed; "" before the run
//     wrote one), with `running` read as `interrupted` when no live process holds the folder's
//     lock (FolderLock::held): `resume` continues it, from its last checkpoint or, without one,
//     from the start.
// ConfigError naming the file for a sweep.json above it that is not one. `above`: whether the
// folder above is read at all (not for a reader that may read only inside a folder that `run`
// is), and if so whether a sweep there made before configs were pinned may have its config files
// read, wherever they are (ConfigFiles, point_runs.hpp; serve may not).
enum class Above { not_read, sweep_folder_only, sweep_and_its_configs };
std::string run_status_now(const std::filesystem::path& run,
                           Above above = Above::sweep_and_its_configs);

// The status of `dir`, a repeat folder of the run folder `run`: its status file's word, `running`
// read as above (the run's lock is the repeat's). ConfigError naming a status file that holds
// no status word, here as in run_status_now.
std::string repeat_status_now(const std::filesystem::path& run, const std::filesystem::path& dir);

// The first line of dir/status as written ("" when there is none); ConfigError naming the file
// when it is none of running, interrupted, finished and failed.
std::string written_status(const std::filesystem::path& dir);

}  // namespace maze::experiments
