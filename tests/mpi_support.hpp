// Runs the built `mazesearch` under mpirun for the distributed tests (tests built only when MPI
// was found; they define MAZESEARCH_MPIEXEC besides cli_support.hpp's names).
#pragma once

#include <unistd.h>

#include <string>

#include "cli_support.hpp"

namespace maze::testing_support {

inline const std::string kMpiexec = MAZESEARCH_MPIEXEC;

// The shell text that starts `ranks` ranks of the command that follows it: more ranks than cores
// allowed (this machine has two), and as root (CI runs as root) Open MPI must be told that it is
// meant. run(ARGS, mpirun(3)) runs `mazesearch ARGS` as three ranks.
inline std::string mpirun(int ranks) {
    std::string s = kMpiexec + " --oversubscribe";
    if (::geteuid() == 0) s += " --allow-run-as-root";
    return s + " -n " + std::to_string(ranks) + " ";
}

}  // namespace maze::testing_support
