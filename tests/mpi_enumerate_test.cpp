// The enumeration under mpirun: subtrees handed out by rank 0 to every rank, the results reduced
// exactly (the answer equals the single-process one), progress and --resume of a distributed run.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "mpi_support.hpp"

using namespace maze::testing_support;

namespace {

// Every field of an enumeration result but the time it took.
nlohmann::json answer(const std::string& out) {
    nlohmann::json j = nlohmann::json::parse(out);
    j.erase("seconds");
    return j;
}

void expect_same_answer(int rows, int cols, int ranks) {
    const std::string grid = "enumerate --rows " + std::to_string(rows) + " --cols " +
                             std::to_string(cols) + " --json --quiet";
    const CmdResult plain = run(grid + " --threads 1");
    ASSERT_EQ(plain.status, 0) << plain.err;
    const CmdResult spread = run(grid + " --threads 1", mpirun(ranks));
    ASSERT_EQ(spread.status, 0) << spread.err;
    // One answer, printed by rank 0 alone: a single line of JSON.
    ASSERT_EQ(spread.out.find('\n'), spread.out.size() - 1) << spread.out;
    EXPECT_EQ(answer(spread.out), answer(plain.out));
}

}  // namespace

TEST(MpiEnumerate, FiveByFiveUnderThreeRanksEqualsOneProcess) {
    expect_same_answer(5, 5, 3);
}

TEST(MpiEnumerate, SixBySixUnderThreeRanksEqualsOneProcess) {
    expect_same_answer(6, 6, 3);
}
