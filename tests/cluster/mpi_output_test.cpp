// What a user sees under mpirun: results and errors once (rank 0's), not once per rank, and an
// interrupted job's exit status as it really is.
#include <gtest/gtest.h>

#include <string>

#include "mpi_support.hpp"

using namespace maze::testing_support;

// A command that does not spread over ranks runs on rank 0 alone: its results are printed once.
TEST(MpiOutput, ACommandOfOneProcessPrintsItsResultsOnce) {
    const CmdResult r = run("eval " + kBoards + "figure1-13x13.txt", mpirun(3));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(occurrences(r.out, "180 moves (paper convention)"), 1) << r.out;
    EXPECT_EQ(r.err, "");
}

// Bad input is said once, by rank 0, whatever the command; mpirun exits with its status.
TEST(MpiOutput, BadInputIsSaidOnceAndEndsTheJobWithStatusTwo) {
    const std::string args[] = {
        "eval /no/such/board.txt",
        "run /no/such/config.yaml",
        "enumerate --rows 3 --cols 3 --shard 1/2x",
        "enumerate --rows 3 --cols 3 --out /no/such/folder/result.json",
        "run --no-such-option",
    };
    for (const std::string& a : args) {
        const CmdResult r = run(a, mpirun(3));
        EXPECT_EQ(r.status, 2) << a << ": " << r.err;
        EXPECT_EQ(r.out, "") << a;
        EXPECT_EQ(occurrences(r.err, "mazesearch: error:"), 1) << a << ": " << r.err;
    }
}
