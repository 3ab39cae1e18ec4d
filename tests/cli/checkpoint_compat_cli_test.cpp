// A checkpoint written by the command before the restructuring of issue 24 resumes with today's
// command to the very end that the command of its day reached (tests/cli/data/README.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_support.hpp"

namespace fs = std::filesystem;
using namespace maze::testing_support;

TEST(CheckpointCompat, ARunStoppedBeforeTheRestructuringResumesToTheSameEnd) {
    const fs::path data = fs::path(kSourceDir) / "tests/cli/data";
    const fs::path dir = fs::path(test_dir()) / "checkpoint-before-24";
    fs::remove_all(dir);
    fs::copy(data / "checkpoint-before-24", dir, fs::copy_options::recursive);
    ASSERT_EQ(read_file((dir / "status").string()), "interrupted\n");
    const nlohmann::json before =
        nlohmann::json::parse(read_file((dir / "checkpoint.json").string()));
    EXPECT_EQ(before["evaluator"]["evaluations"], 486190);

    const CmdResult r = run("resume " + dir.string() + " --quiet");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(read_file((dir / "status").string()), "finished\n");
    const nlohmann::json summary =
        nlohmann::json::parse(read_file((dir / "summary.json").string()));
    EXPECT_EQ(summary["best_score"], 1108.0);
    EXPECT_EQ(summary["evaluations"], 2000000);
    EXPECT_EQ(summary["rejected"], 649746);
    EXPECT_EQ(read_file((dir / "best.txt").string()),
              read_file((data / "checkpoint-before-24-final-best.txt").string()));
}
