// The folder `mazesearch serve` shows: the runs and sweeps under it, each as the page reads it
// (a run's figures while it runs, its logbook from any row on, a sweep's points and grouped
// table), and the board files under it. It only reads: nothing here writes a file.
//
// Every path a request names is relative to the folder and must stay inside it: an absolute
// path, `..` that climbs out, or a link that points out is refused (RequestError 403), a path
// that does not exist is 404. Every file read on the way (a run's config, its best board, its
// archive, a sweep's points) is held to the same once its links are resolved, and is read only
// when it is a regular file, and only so much of it (confined_file.hpp); one that is not what it
// should be (not JSON, a number that is none) is 422 naming it. A run or sweep folder with such a
// file is refused (RequestError), and listed in the runs table as `unreadable` with the reason;
// a run's boards (best.txt, the archive's) are parts of its view, each shown or said why not.
// Files are read as they are while a run writes them: a logbook's last line still being written
// is left for the next read.
#pragma once

#include <chrono>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace maze::experiments {

class ServedFolder {
  public:
    // ConfigError when `root` is not a folder.
    explicit ServedFolder(const std::filesystem::path& root);

    const std::filesystem::path& root() const { return root_; }
    // The request's relative path as a path inside the folder (see above).
    std::filesystem::path inside(const std::string& relative) const;

    nlohmann::json runs();  // GET /api/runs
    nlohmann::json run(const std::string& path) const;
    nlohmann::json logbook(const std::string& path, const std::string& repeat,
                           std::size_t from) const;
    nlohmann::json sweep(const std::string& path) const;
    nlohmann::json boards();                              // GET /api/boards
    nlohmann::json board(const std::string& path) const;  // its walk answer

  private:
    // The rows of /api/runs for a run folder and for a sweep folder; RequestError when the folder
    // is refused (its view is refused alike).
    static nlohmann::json run_row(const std::filesystem::path& root,
                                  const std::filesystem::path& dir);
    static nlohmann::json sweep_row(const std::filesystem::path& root,
                                    const std::filesystem::path& dir);

    // The run and sweep folders and board files under the root, found by a bounded walk of the
    // tree (hidden folders, build trees and the insides of runs left out), kept for a second or
    // two so that many browsers polling at once do not walk it each time.
    struct Scan {
        std::vector<std::filesystem::path> runs, sweeps, boards;
    };
    const Scan& scan();

    std::filesystem::path root_;
    std::mutex scan_mutex_;
    Scan scan_;
    std::chrono::steady_clock::time_point scanned_at_{};
    bool scanned_ = false;
};

}  // namespace maze::experiments
