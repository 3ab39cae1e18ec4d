// The processes of one mazesearch job. Started by mpirun (or srun, or any launcher that sets the
// PMI/PMIx variables) and built with MPI, the command is one rank of an MPI job; started alone,
// it is a single process and never touches MPI (no MPI start-up cost, nothing to find). This is
// the only part of the program that includes <mpi.h>; a build without MPI
// (-DMAZESEARCH_MPI=OFF, or no MPI found) has the same interface with one rank always.
//
// The collective operations are those of maze::Collective (search/collective.hpp); the
// enumeration's work hand-out (commands/enumerate_mpi.cpp) adds tagged point-to-point messages.
#pragma once

#include <optional>
#include <string>

#include "mazesearch/search/collective.hpp"

namespace maze::experiments {

class World : public Collective {
  public:
    // Sends `bytes` to rank `to` with `tag` (blocking until the buffer may be reused).
    virtual void send(int to, int tag, const std::string& bytes) = 0;
    // A message from any rank with any tag, if one is waiting (never blocks).
    struct Message {
        int from = 0;
        int tag = 0;
        std::string bytes;
    };
    virtual std::optional<Message> poll() = 0;
    // The next message from rank `from` with `tag`, waiting for it (yielding the core while it
    // waits, so that a waiting rank does not take a core from the ranks that work).
    virtual std::string receive(int from, int tag) = 0;
    // Ends every rank of the job at once with this exit status (a rank that failed alone would
    // otherwise leave the others waiting for it forever).
    [[noreturn]] virtual void abort(int status) = 0;
    // "MPI, 3 ranks" or "one process".
    virtual std::string describe() const = 0;
};

// Starts MPI when this process is a rank of an MPI job (and MPI is built in). Call once, first
// thing in main.
void start_world(int& argc, char**& argv);
// This process's world: the MPI job, or one process alone.
World& world();
// True when this process is one of several ranks.
inline bool distributed() {
    return world().size() > 1;
}
// Ends MPI if it was started (at the end of main, on every rank).
void finish_world();

}  // namespace maze::experiments
