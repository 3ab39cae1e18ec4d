// The processes that share one search (MPI ranks), as the search layer sees them: a rank, a size
// and the few collective operations a distributed run needs. The search layer knows nothing of
// MPI; the command (experiments/cluster/world.hpp) implements this over MPI when the program
// was started by mpirun or srun, and for a single process (its Solo world). An evaluator without
// one (the default) runs everything itself.
//
// Every rank must call each collective operation in the same order with the same arguments'
// shapes, as with MPI itself; a rank that skips one leaves the others waiting.
#pragma once

#include <string>
#include <vector>

namespace maze {

class Collective {
  public:
    virtual ~Collective() = default;
    virtual int rank() const = 0;  // 0 .. size() - 1
    virtual int size() const = 0;
    // Every rank's bytes, indexed by rank.
    virtual std::vector<std::string> all_gather(const std::string& mine) = 0;
    // Rank 0's bytes, on every rank (the others' `bytes` are ignored).
    virtual std::string broadcast(const std::string& bytes) = 0;
    // True on every rank when it is true on any rank.
    virtual bool any(bool mine) = 0;
};

}  // namespace maze
