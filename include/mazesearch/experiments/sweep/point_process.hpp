// A sweep's point runs as a child process of the sweep: `mazesearch run ...` or `mazesearch
// resume ...`, the same command a user would type. A point that crashes, runs out of memory or
// fails on its input is then one failed point, never the end of the sweep; each point has the
// whole process (its threads, its signal handling, its run folder lock) to itself.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace maze::experiments {

class PointProcess {
  public:
    // Starts this program (/proc/self/exe) with `args`, its standard output discarded and its
    // standard error the open file `log_fd` (the point's log, opened for appending by its
    // PointLock: the child shares the lock). The child gets SIGTERM if the sweep dies first (it
    // then checkpoints, as it does on Ctrl-C), and runs as a single process: the variables by
    // which an MPI launcher makes a process a rank are left out of its environment.
    // std::runtime_error when no process can be made.
    PointProcess(const std::vector<std::string>& args, int log_fd);

    pid_t pid() const { return pid_; }
    // The exit status once the child has ended (a signal that ended it: 128 + its number);
    // none while it runs. Never blocks.
    std::optional<int> poll();
    // Asks the child to stop at its next safe point (SIGINT), as Ctrl-C does.
    void interrupt() const;

  private:
    pid_t pid_ = -1;
    std::optional<int> status_;
};

// The path of this program, for a point's argv[0] (its log and `ps` name it).
std::string self_executable();

}  // namespace maze::experiments
