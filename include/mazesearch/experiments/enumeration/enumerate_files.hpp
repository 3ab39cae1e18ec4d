// The files of an enumeration job (`mazesearch enumerate --out OUT`, `merge`): the result OUT, the
// progress OUT.progress and the one before it, the journal OUT.progress.log of a distributed
// job. Every file is checked for what it claims before it is used: that it belongs to this job
// (grid, model, objective, floor, shards, frontier) and that its fields agree with each other
// and with the tree (EnumerationResult::check, check_subtrees, check_progress). A file that
// cannot prove what it holds is refused with its name and the field, never trusted.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze::experiments {

// "5x5, start (0,0), exit (4,0)" or "5x5 passages, entrance any, exit 2".
std::string describe_grid(const EnumerationResult& r);
// A passage board's entrance or exit column: the number, or "any" for -1.
std::string column_text(int c);

// A result file (`enumerate --out`, a shard, a merge); ConfigError naming the file and the field
// when it is not one or its fields disagree.
EnumerationResult read_result_file(const std::filesystem::path& path);

// ConfigError "PATH: ..." naming what differs when `file` is not of the job `job` describes
// (model, grid, start and exit, objective, floor, shards held, frontier; not the counts).
void check_same_job(const std::filesystem::path& path, const EnumerationResult& file,
                    const EnumerationResult& job);

// A finished result of the job, checked against the job and its tree (every subtree of its shards
// counted); ConfigError otherwise.
EnumerationResult read_finished_result(const std::filesystem::path& path,
                                       const EnumerationResult& job, std::size_t tree_subtrees);

// The subtrees of the tree a result was cut from (its model, grid and frontier).
std::size_t tree_subtrees_of(const EnumerationResult& r);

// The shard results in `files` merged (`mazesearch merge`): each one checked against its tree,
// all of one tree (grid, objective, floor, shard count, frontier) and no shard held twice;
// ConfigError naming the file otherwise. Boards kept: `cap`. Shards missing are warned about by
// name (the result then says which shards it holds).
EnumerationResult merge_result_files(const std::vector<std::string>& files, std::size_t cap);

// An enumeration's checkpoint: the result so far and which subtrees are done.
struct ProgressFile {
    std::filesystem::path path;
    EnumerationResult result;
    std::vector<std::uint8_t> done;
};

// The latest usable progress (OUT.progress, else OUT.progress.prev) of the job: of this job, one
// done mark per subtree of the tree, marks only in its shards and as many as the result counts.
// One that is not is said and passed over. None when neither exists; ConfigError naming both and
// what to do when neither can be used.
std::optional<ProgressFile> load_progress(const std::filesystem::path& latest,
                                          const std::filesystem::path& previous,
                                          const EnumerationResult& job, std::size_t tree_subtrees);

// Adds to `total` and `done` what the journal of a distributed enumeration (OUT.progress.log,
// enumerate_mpi.hpp) holds beyond the progress file: one line per batch of finished subtrees,
// {"subtrees": [...], "result": {...}}. A batch whose subtrees the progress already marks done is
// skipped (the progress was written after it), a last line cut short (a process killed while
// writing it) is dropped. Returns the subtrees added.
std::size_t replay_journal(const std::filesystem::path& path, EnumerationResult& total,
                           std::vector<std::uint8_t>& done, std::size_t cap);

}  // namespace maze::experiments
