// Which rank of a job keeps its files. Under mpirun rank 0 alone reads and writes the files of a
// run (its folder, repeats, checkpoints, log) or of an enumeration job (--out, its progress, its
// journal, its lock), and speaks for the job on standard output; the other ranks take from it
// what it read. A process started alone is rank 0 of a world of one. A run (runner.cpp,
// run/repeat.cpp) and an enumeration job (commands/enumerate.cpp) both ask this, so that the rule
// is written once (docs/cluster.md).
#pragma once

#include <functional>
#include <string>

#include "mazesearch/experiments/cluster/world.hpp"

namespace maze::experiments {

class FileRank {
  public:
    explicit FileRank(World& w = world()) : world_(&w) {}

    // True on the rank that reads and writes the files (rank 0, or a process alone).
    bool here() const { return world_->rank() == 0; }
    // True when other ranks take part (they must be told what rank 0 read).
    bool spread() const { return world_->size() > 1; }

    // read() called on rank 0 alone, and the text it returned on every rank. Under mpirun a
    // collective step: every rank calls it at the same point. When read() throws, rank 0 throws
    // before the others are told anything (main then ends the whole job).
    std::string from_here(const std::function<std::string()>& read) const {
        std::string text = here() ? read() : std::string();
        return spread() ? world_->broadcast(text) : text;
    }

  private:
    World* world_;
};

}  // namespace maze::experiments
