#include "mazesearch/engine/worker_team.hpp"

#ifdef __linux__
#include <sched.h>
#endif

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <cassert>
#include <thread>

#include "mazesearch/engine/thread_count.hpp"
#include "mazesearch/engine/tsan_edges.hpp"

namespace maze {

namespace {

// True while a thread runs an item of some team: a run() from there is nested.
thread_local bool t_in_item = false;

class InItem {
  public:
    InItem() : outer_(t_in_item) { t_in_item = true; }
    ~InItem() { t_in_item = outer_; }
    InItem(const InItem&) = delete;
    InItem& operator=(const InItem&) = delete;

  private:
    bool outer_;
};

}  // namespace

struct WorkerTeam::Arena {
    explicit Arena(int threads) : arena(threads) {}
    tbb::task_arena arena;
};

int WorkerTeam::resolve(int threads) {
    if (threads > 0) return threads;
#ifdef __linux__
    // The cores this process may run on: under mpirun or Slurm a rank is bound to its share of
    // the machine (taskset does the same), and more threads than that would only take turns.
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
#endif
    const unsigned hw = std::thread::hardware_concurrency();
    return hw > 0 ? static_cast<int>(hw) : 1;
}

WorkerTeam::WorkerTeam(int threads) : size_(resolve(threads)) {
    assert(threads <= kMaxThreads);  // checked where the count came in (thread_count.hpp)
    if (size_ > 1) arena_ = std::make_unique<Arena>(size_);
}

WorkerTeam::~WorkerTeam() = default;

void WorkerTeam::run(std::size_t n, const Item& fn) {
    if (n == 0) return;
    if (!arena_ || n == 1 || t_in_item) {
        InItem mark;
        for (std::size_t i = 0; i < n; ++i) fn(i, 0);
        return;
    }
    ParallelEdges edges;  // for ThreadSanitizer only (tsan_edges.hpp)
    edges.before_loop();
    struct AfterLoop {  // also when an item's exception leaves the loop
        ParallelEdges& e;
        ~AfterLoop() { e.after_loop(); }
    } after{edges};
    arena_->arena.execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, n, 1),
            [&](const tbb::blocked_range<std::size_t>& range) {
                edges.body_begins();
                // Ends the body for ThreadSanitizer however it ends: an item's exception too
                // reaches the caller only after the body.
                struct EndsBody {
                    ParallelEdges& e;
                    ~EndsBody() { e.body_ends(); }
                } ends{edges};
                InItem mark;
                const int worker = tbb::this_task_arena::current_thread_index();
                assert(worker >= 0 && worker < size_);
                for (std::size_t i = range.begin(); i != range.end(); ++i) fn(i, worker);
            },
            tbb::simple_partitioner());
    });
}

}  // namespace maze
