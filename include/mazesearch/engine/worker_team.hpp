// A fixed team of threads for loops over independent items: the one door through which the
// project runs data-parallel work (the boards of a batch, the repeats of an experiment, the rows of
// a retrograde layer, the subtrees of an enumeration). It is a TBB arena of the team's size.
//
// run(n, fn) calls fn(item, worker) for every item in [0, n) and returns once every call has
// returned. Items are handed out one at a time (TBB's simple partitioner with grain 1), so a
// thread that the operating system deschedules, because another process wants the core, delays
// the loop by at most the item it holds: the others take the rest. TBB's idle workers yield and
// then sleep instead of spinning on a core; measured on the 13x13 GA beside a busy process, a team
// of two takes 1.0 to 1.2 times as long as one thread, where OpenMP's spinning waits made it two
// to three times slower (build/benchmarks/scaling_benchmark).
//
// A run() from inside an item runs serially on the calling thread: one level of parallelism,
// never two. Results never depend on the team's size as long as fn(item, worker) computes the same
// thing whichever worker runs it (per-worker scratch is fine, per-worker results are not).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

namespace maze {

class WorkerTeam {
  public:
    using Item = std::function<void(std::size_t item, int worker)>;

    // threads <= 0: one per core this process may run on (its CPU affinity: under mpirun, Slurm or
    // taskset a share of the machine); 1: no thread is started, run() is a plain loop.
    explicit WorkerTeam(int threads = 0);
    ~WorkerTeam();
    WorkerTeam(const WorkerTeam&) = delete;
    WorkerTeam& operator=(const WorkerTeam&) = delete;

    // Threads that take part in run(), the caller included (worker ids are 0 .. size() - 1).
    int size() const { return size_; }

    // Calls fn(i, worker) for each i in [0, n); rethrows an exception an item threw (items not
    // yet started then are skipped).
    void run(std::size_t n, const Item& fn);

    // The thread count `threads` stands for (<= 0: the cores of the affinity mask, at least 1).
    static int resolve(int threads);

  private:
    struct Arena;
    int size_;
    std::unique_ptr<Arena> arena_;  // none when size_ == 1
};

}  // namespace maze
