// One process's enumeration job, run in segments: the subtrees of a shard that are not done yet,
// explored on the tree cut once for the job, a segment at a time, so that the job can write its
// progress between segments (every `checkpoint_seconds`) and stop at the end of one when asked.
// `total` and `done` hold the result so far and the done marks, as a resumed job starts from
// them; they are up to date whenever `checkpoint` is called and when the run returns. The
// command (cli/commands/enumerate.cpp) owns the files and the progress line.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze {

// Where a segmented run stands, for a progress line.
struct SegmentProgress {
    std::uint64_t done = 0;     // subtrees of the shard done (earlier sessions included)
    std::uint64_t of = 0;       // subtrees of the shard
    std::uint64_t session = 0;  // subtrees done by this run
    std::uint64_t best = 0;     // the best value found so far
};

struct SegmentedRun {
    // Seconds between checkpoints (0: none, one segment). A segment ends on the first subtree
    // done after that time.
    double checkpoint_seconds = 0;
    // Writes the progress (total and done as they are). May be empty.
    std::function<void()> checkpoint;
    // Polled as subtrees finish: true ends the run at the end of the segment (which then
    // checkpoints). May be empty.
    std::function<bool()> stop_requested;
    // Called as subtrees finish, from the enumerating threads, one call at a time. May be empty.
    std::function<void(const SegmentProgress&)> progress;
};

// Runs `tree` with `options` (its shard, threads, objective, ...; done, stop and progress are
// set here) into `total` and `done`. Returns true when every subtree of the shard is done, false
// when stopped (a checkpoint has then been written).
bool run_in_segments(const EnumerationTree& tree, EnumerationOptions options,
                     EnumerationResult& total, std::vector<std::uint8_t>& done,
                     const SegmentedRun& run);

}  // namespace maze
