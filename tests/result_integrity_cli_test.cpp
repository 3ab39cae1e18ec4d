// What `enumerate` and `merge` must never do: give a wrong answer with exit 0. Result and progress
// files say exactly what they hold (which shards, how the tree was cut) and are checked against
// it when read; a job cuts its tree once however often it checkpoints.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_support.hpp"

namespace fs = std::filesystem;
using namespace maze::testing_support;

// Named: the unity build puts this file beside the other CLI tests.
namespace result_integrity {

std::string fresh_out(const std::string& name) {
    const std::string path = test_dir() + "/" + name;
    std::error_code ec;
    for (const char* suffix : {"", ".progress", ".progress.prev", ".progress.log", ".lock"})
        fs::remove(path + suffix, ec);
    return path;
}

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

}  // namespace result_integrity

using namespace result_integrity;

// Frequent checkpoints cost a save each, not a new cut of the tree: the 6x6 tree cut into its
// 16,384 subtrees took longer than a 0.05 s segment on a busy machine, so every segment cut it
// again and finished one subtree (a shard of 6x6 took minutes instead of a second).
TEST(EnumerationJob, CutsItsTreeOnceHoweverOftenItCheckpoints) {
    const std::string out = fresh_out("cut-once.json");
    const CmdResult r =
        run("enumerate --rows 5 --cols 5 --threads 1 --checkpoint-seconds 0.01 "
            "--frontier 4096 --out " +
            out + " -v");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(count(r.err, "the tree cut into"), 1) << r.err;
    const CmdResult plain = run("enumerate --rows 5 --cols 5 --json --quiet");
    ASSERT_EQ(plain.status, 0) << plain.err;
    nlohmann::json a = nlohmann::json::parse(read_file(out));
    nlohmann::json b = nlohmann::json::parse(plain.out);
    EXPECT_EQ(a["optimum"], 52);
    EXPECT_EQ(a["feasible"], b["feasible"]);
    EXPECT_EQ(a["histogram"], b["histogram"]);
}
