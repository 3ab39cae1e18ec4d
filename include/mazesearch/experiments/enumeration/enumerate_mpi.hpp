// The enumeration spread over the ranks of an MPI job (`mpirun -n K mazesearch enumerate ...`):
// rank 0 holds the list of subtrees still to do, largest expected first (from random probes of
// each subtree; docs/cluster.md), and hands them out on request; every rank, rank 0 included,
// explores what it is given with its own threads and sends each finished subtree's result back.
// Rank 0 adds them up (the sum does not depend on who did what, so the answer equals the
// single-process one exactly) and writes the progress file (the result so far and which
// subtrees are done, the same file as a single-process enumeration's), so a job that dies loses
// only the subtrees in work at that moment: `--resume`, under mpirun or not, goes on from there.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mazesearch/experiments/run/time_to_go.hpp"  // duration_text
#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze::experiments {

struct DistributedEnumeration {
    ModelId model = ModelId::Cells;
    int rows = 0, cols = 0;
    Cell start, exit;            // passages: the entrance and exit columns in .c (-1: any)
    EnumerationOptions options;  // objective, threads, board_cap, at_least, frontier
    int shard = 0, shards = 1;
    // Rank 0 only: the result so far and the subtrees done (from a resumed progress file, or
    // empty), filled in as subtrees finish.
    EnumerationResult* total = nullptr;
    std::vector<std::uint8_t>* done = nullptr;
    // Rank 0 only: writes the progress file (total and done as they are); called every
    // checkpoint_seconds and at the end of an interrupted job.
    std::function<void()> save_progress;
    double checkpoint_seconds = 60;
    // Rank 0 only: the journal (OUT.progress.log), or empty. Twice a second rank 0 appends the
    // subtrees finished since and their result as one line; save_progress empties it. So a
    // job that dies (a rank killed, a node lost) loses only the subtrees in work, not all that
    // was finished since the last checkpoint; --resume replays it.
    std::string journal;
    std::uint64_t probes = 16;  // per subtree, for the largest-first order (cells)
    bool quiet = false;
};

// Runs the enumeration on every rank of the job (every rank calls it). Returns 0 when the
// shard is complete (rank 0's `total` then holds the whole answer) or 130 when the job was
// interrupted (SIGINT, SIGTERM; rank 0 has written the progress file).
int enumerate_distributed(DistributedEnumeration& job);

// An enumeration's progress line: live on a terminal (`tty`: rewritten in place on standard
// error), else a log line.
void show_progress_line(const std::string& line, bool tty);

}  // namespace maze::experiments
