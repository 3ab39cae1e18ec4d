// The enumeration job (cli/commands/enumerate.cpp runs it): its options and the job they
// describe, its files beside --out, opened before any work, the estimate of its size, and the job
// itself, in one process or on the ranks of an MPI job behind one interface (EnumerationJob).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/experiments/cluster/file_rank.hpp"
#include "mazesearch/experiments/enumeration/enumerate_mpi.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze::experiments {

// The options of `mazesearch enumerate` as given.
struct EnumerateOptions {
    std::string model = "cells";
    int rows = 0, cols = 0;
    std::string start;     // default 0,0 (cells)
    std::string entrance;  // default any (passages)
    std::string exit;      // default: bottom left (cells), any (passages)
    std::uint64_t at_least = 0;
    std::string objective = "moves";
    int threads = 0;
    bool json = false;
    std::string shard = "0/1";
    std::string out;
    bool resume = false;
    bool estimate = false;
    std::uint64_t probes = 100000;
    std::size_t cap = 8;
    double checkpoint_seconds = 60;
    std::size_t frontier = EnumerationOptions{}.frontier;
    std::uint64_t order_probes = DistributedEnumeration{}.probes;
};

// The job the options describe: an empty result of its grid, model, objective, floor, shard and
// frontier (ConfigError for options that do not make one: a cell off the grid, "1,2x", a shard
// that is not i/N, a grid too large, options that would be ignored).
EnumerationResult parse_job(const EnumerateOptions& o);
// The options of the runs over the job's tree (its objective, shard, threads, cap, floor).
EnumerationOptions run_options(const EnumerateOptions& o, const EnumerationResult& job);
// The job's tree, cut into subtrees at --frontier (ConfigError for a grid it cannot cut).
std::unique_ptr<EnumerationTree> cut_tree(const EnumerateOptions& o, const EnumerationResult& job);

// The paths of a job's files beside --out (all empty without it).
struct JobFiles {
    std::filesystem::path out, progress, previous, journal;
    explicit JobFiles(const std::string& o)
        : out(o),
          progress(o.empty() ? "" : o + ".progress"),
          previous(o.empty() ? "" : o + ".progress.prev"),
          journal(o.empty() ? "" : o + ".progress.log") {}

    // Writes the progress (the result so far and the done marks), keeping the one before; the
    // journal is emptied (everything in it is in the progress now). Nothing without --out.
    void save_progress(const EnumerationResult& total, const std::vector<std::uint8_t>& done) const;
};

// Rank 0's files of a job before any work: --out checked and locked against a second enumeration
// of the same file (a result that cannot be written is known at once, not after hours), then,
// with `resume`, the progress of the job read into `total` (the job, on the way in) and `done`,
// and its journal replayed. True when the job is finished already (said on standard output).
bool open_job_files(const JobFiles& f, bool resume, std::size_t cap,
                    std::optional<FolderLock>& lock,
                    const std::function<const EnumerationTree&()>& tree, EnumerationResult& total,
                    std::vector<std::uint8_t>& done);

// --estimate for the grid of `job`: Knuth's random probes, and the time they mean here (a sample
// tree enumerated with `threads`); text, or one JSON object.
int print_estimate(const EnumerationResult& job, std::uint64_t probes, int threads, bool json);

// An enumeration job as `mazesearch enumerate` runs it, the same on one process and under
// mpirun: the tree, cut once; the files beside --out, which rank 0 alone opens, locks, reads and
// writes (FileRank); the run, here in segments with checkpoints between them, or handed out over
// the ranks (enumerate_mpi.hpp). Every rank builds one and calls open() and run() in step.
class EnumerationJob {
  public:
    // The job of the options (parse_job; ConfigError for options that make none).
    explicit EnumerationJob(const EnumerateOptions& o);
    const EnumerationResult& job() const { return job_; }

    // Rank 0 opens the job's files (checked and locked, the progress of a resumed job read);
    // then every rank learns whether there is work: false when the job is finished already.
    bool open();
    // Runs the job, in this process or on every rank: 0 complete (on rank 0, total() is the
    // answer), 130 stopped (rank 0 has written the progress and said how to go on).
    int run();
    // True on the rank that keeps the files (rank 0; a process alone).
    bool files_here() const { return rank_.here(); }
    const EnumerationResult& total() const { return total_; }

  private:
    const EnumerationTree& tree();
    int run_here();
    int run_on_ranks();

    const EnumerateOptions& o_;
    const EnumerationResult job_;
    EnumerationResult total_;  // the result so far (resumed), then the answer
    std::vector<std::uint8_t> done_;
    std::unique_ptr<EnumerationTree> cut_;  // cut once for the whole job (every segment runs it)
    const JobFiles files_;
    std::optional<FolderLock> lock_;
    const FileRank rank_;
};

}  // namespace maze::experiments
