#include "mazesearch/search/enumeration/segmented_run.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>

namespace maze {

namespace {

// Subtrees of shard s of n marked in `done`.
std::uint64_t done_in_shard(const std::vector<std::uint8_t>& done, int s, int n) {
    std::uint64_t count = 0;
    for (std::size_t i = static_cast<std::size_t>(s); i < done.size();
         i += static_cast<std::size_t>(n))
        count += done[i];
    return count;
}

}  // namespace

bool run_in_segments(const EnumerationTree& tree, EnumerationOptions options,
                     EnumerationResult& total, std::vector<std::uint8_t>& done,
                     const SegmentedRun& run) {
    using Clock = std::chrono::steady_clock;
    if (done.empty()) done.assign(tree.subtrees(), 0);
    const std::uint64_t of = shard_subtrees(tree.subtrees(), options.shard, options.shards);
    std::atomic<bool> stop{false};
    std::mutex progress_mutex;
    std::uint64_t done_before = 0;  // of the shard, when the segment started
    std::uint64_t session = 0;      // subtrees done by earlier segments of this run
    auto segment_start = Clock::now();
    options.done = &done;
    options.stop = &stop;
    options.progress = [&](std::uint64_t finished, std::uint64_t, std::uint64_t best) {
        if (run.stop_requested && run.stop_requested()) stop = true;
        if (run.checkpoint_seconds > 0 &&
            std::chrono::duration<double>(Clock::now() - segment_start).count() >=
                run.checkpoint_seconds)
            stop = true;  // back to write a checkpoint, then on
        if (!run.progress) return;
        const std::lock_guard<std::mutex> lock(progress_mutex);
        run.progress(SegmentProgress{done_before + finished, of, session + finished,
                                     std::max(best, total.optimum)});
    };
    for (;;) {
        segment_start = Clock::now();
        stop = false;
        done_before = done_in_shard(done, options.shard, options.shards);
        const EnumerationResult part = tree.run(options);
        session += part.subtrees;
        total.merge(part, options.board_cap);
        if (done_in_shard(done, options.shard, options.shards) == of) return true;
        if (run.checkpoint) run.checkpoint();
        if (run.stop_requested && run.stop_requested()) return false;
    }
}

}  // namespace maze
