// A run folder on disk: where its files are, its status marker, and the files that describe the
// run (config.yaml, config.json, overrides.txt), written once when the run is created.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"

namespace maze::experiments {

class RunFolder {
  public:
    explicit RunFolder(std::filesystem::path root) : root_(std::move(root)) {}

    // runs/<name>/<timestamp>, with -2, -3, ... appended if that exists already.
    static std::filesystem::path default_path(const std::string& name);

    const std::filesystem::path& root() const { return root_; }
    // The folder of repeat r: the root itself for a single repeat, else root/repeat-NNN.
    std::filesystem::path repeat_dir(int r, int repeats) const;

    // Creates the folder (or takes an empty one), locks it and writes the files that describe
    // the run. Refused without touching the folder when it holds a run already, when it is not
    // empty (the user's own files), when it is in use, or when it cannot be created or written
    // (a file in the way, a read-only file system).
    void create(const RunConfig& config);
    // Locks an existing run folder for this process (resume); ConfigError if another holds it.
    void lock();

    // inputs.json: each file the run reads besides its config (`target.file`, `target.keep`,
    // `initial`) with its size and a hash of its bytes, written by create(). check_inputs()
    // compares them with the files as they are now: ConfigError naming the key, the file and what
    // changed (a resumed run would otherwise go on with boards of another graph, or checkpoints of
    // another size). A folder made before inputs were pinned is said once and passed.
    void check_inputs(const RunConfig& config) const;

    // The status marker of a run or repeat folder: running, interrupted, finished or failed (""
    // when there is none).
    static std::string status(const std::filesystem::path& dir);
    static void set_status(const std::filesystem::path& dir, const std::string& status);
    // The status of a folder that nothing runs in any more: `running` (left by a process that was
    // killed) is `interrupted`; any other as it is.
    static std::string at_rest(const std::string& status) {
        return status == "running" ? "interrupted" : status;
    }
    // After a failure: the status of `dir` says `failed`, or, when this session took no step and
    // the folder had a status before (`before`, read as the session began), that status at rest
    // (a resume that could not go on changed nothing). Never throws: the failure itself is what
    // is reported.
    static void record_failure(const std::filesystem::path& dir, const std::string& before,
                               bool stepped) noexcept;

  private:
    std::filesystem::path root_;
    std::optional<FolderLock> lock_;
};

}  // namespace maze::experiments
