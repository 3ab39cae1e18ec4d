// Runs the built `mazesearch` under mpirun for the distributed tests (tests built only when MPI
// was found; they define MAZESEARCH_MPIEXEC besides cli_support.hpp's names).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
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

// An empty folder of the running test's own (test_dir()/Suite.Name), made afresh: ctest runs
// each test in a process of its own, but `mpi_tests` run by hand runs them all in one, where a
// fixed name such as test_dir()/whole would already hold another test's run.
inline std::string own_test_dir() {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string dir = test_dir() + "/" + info->test_suite_name() + "." + info->name();
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace maze::testing_support
