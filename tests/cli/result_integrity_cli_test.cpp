// What `enumerate` and `merge` must never do: give a wrong answer with exit 0. Result and progress
// files say exactly what they hold (which shards, how the tree was cut) and are checked against
// it when read; a job cuts its tree once however often it checkpoints.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

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
    EXPECT_EQ(occurrences(r.err, "the tree cut into"), 1) << r.err;
    const CmdResult plain = run("enumerate --rows 5 --cols 5 --json --quiet");
    ASSERT_EQ(plain.status, 0) << plain.err;
    nlohmann::json a = nlohmann::json::parse(read_file(out));
    nlohmann::json b = nlohmann::json::parse(plain.out);
    EXPECT_EQ(a["optimum"], 52);
    EXPECT_EQ(a["feasible"], b["feasible"]);
    EXPECT_EQ(a["histogram"], b["histogram"]);
}

namespace result_integrity {

// Every field but the time, for comparing answers.
nlohmann::json answer(nlohmann::json j) {
    j.erase("seconds");
    return j;
}

nlohmann::json read_json(const std::string& path) {
    return nlohmann::json::parse(read_file(path));
}

void write_json(const std::string& path, const nlohmann::json& j) {
    std::ofstream(path, std::ios::binary) << j.dump() << "\n";
}

}  // namespace result_integrity

// A merge of some shards says which it holds; merged again with one of them, it is refused
// (it was counted twice: 979,460 feasible boards instead of 728,994 on 3x4 passages).
TEST(Merge, APartialMergeSaysWhichShardsItHoldsAndIsNeverCountedTwice) {
    std::string shard[3];
    for (int k = 0; k < 3; ++k) {
        shard[k] = fresh_out("s34-" + std::to_string(k) + ".json");
        ASSERT_EQ(run("enumerate --model passages --rows 3 --cols 4 --quiet --shard " +
                      std::to_string(k) + "/3 --out " + shard[k])
                      .status,
                  0);
    }
    const CmdResult part = run("merge --json " + shard[0] + " " + shard[1]);
    ASSERT_EQ(part.status, 0) << part.err;
    EXPECT_NE(part.err.find("shards 2 of 3 missing"), std::string::npos) << part.err;
    const nlohmann::json p = nlohmann::json::parse(part.out);
    EXPECT_EQ(p["shards_held"], nlohmann::json::array({0, 1}));
    EXPECT_EQ(p["shards"], 3);
    EXPECT_FALSE(p.contains("shard"));
    const std::string part01 = write_temp("part01.json", part.out);

    const CmdResult twice = run("merge --json " + part01 + " " + shard[1] + " " + shard[2]);
    EXPECT_EQ(twice.status, 2);
    EXPECT_EQ(twice.out, "");
    EXPECT_NE(twice.err.find(shard[1] + ": shard 1 of 3 given twice"), std::string::npos)
        << twice.err;

    const CmdResult whole = run("merge --json " + part01 + " " + shard[2]);
    ASSERT_EQ(whole.status, 0) << whole.err;
    const CmdResult plain = run("enumerate --model passages --rows 3 --cols 4 --json --quiet");
    ASSERT_EQ(plain.status, 0) << plain.err;
    EXPECT_EQ(answer(nlohmann::json::parse(whole.out)), answer(nlohmann::json::parse(plain.out)));
    EXPECT_EQ(nlohmann::json::parse(whole.out)["feasible"], 728994);
}

// How the tree was cut is part of a result: shards cut for different --frontier values hold
// different subtrees, and adding them lost one of the three optimal 4x4 boards.
TEST(Merge, ShardsCutForDifferentFrontiersAreRefusedByMergeAndResume) {
    const std::string a = fresh_out("f100-0.json"), b = fresh_out("fdefault-1.json");
    ASSERT_EQ(
        run("enumerate --rows 4 --cols 4 --quiet --frontier 100 --shard 0/2 --out " + a).status, 0);
    ASSERT_EQ(run("enumerate --rows 4 --cols 4 --quiet --shard 1/2 --out " + b).status, 0);
    EXPECT_EQ(read_json(a)["frontier"], 100);
    const CmdResult merged = run("merge " + a + " " + b);
    EXPECT_EQ(merged.status, 2);
    EXPECT_EQ(merged.out, "");
    EXPECT_NE(merged.err.find(b + ": a tree cut for --frontier 16384, not 100"), std::string::npos)
        << merged.err;

    // A file that does not say its frontier was cut for the default one: one that was not is
    // found out by its subtree count.
    nlohmann::json old = read_json(a);
    old.erase("frontier");
    const std::string unmarked = write_temp("unmarked.json", old.dump());
    const CmdResult guessed = run("merge " + unmarked);
    EXPECT_EQ(guessed.status, 2);
    EXPECT_NE(guessed.err.find("subtrees: "), std::string::npos) << guessed.err;

    // The progress of a job cut one way does not resume cut another way.
    const std::string out = fresh_out("frontier-resume.json");
    nlohmann::json progress;
    progress["result"] = read_json(a);
    progress["result"]["subtrees"] = 0;
    progress["result"]["feasible"] = 0;
    progress["result"]["leaves"] = 0;
    progress["result"]["steps"] = 0;
    progress["result"]["optimum"] = 0;
    progress["result"]["optimal_boards"] = 0;
    progress["result"]["boards"] = nlohmann::json::array();
    progress["result"]["histogram"] = nlohmann::json::object();
    progress["done"] = std::string(100, '0');
    write_json(out + ".progress", progress);
    const CmdResult resumed =
        run("enumerate --rows 4 --cols 4 --quiet --shard 0/2 --resume --out " + out);
    EXPECT_EQ(resumed.status, 2);
    EXPECT_NE(resumed.err.find("a tree cut for --frontier 100, not 16384"), std::string::npos)
        << resumed.err;
    EXPECT_FALSE(fs::exists(out));
}

// Hand-edited result files: each field that disagrees with the others is named.
TEST(Merge, AResultWhoseFieldsDisagreeIsRefusedNamingTheField) {
    const std::string good = fresh_out("edit-base.json");
    ASSERT_EQ(run("enumerate --rows 4 --cols 4 --quiet --out " + good).status, 0);
    ASSERT_EQ(run("merge " + good).status, 0);
    struct Edit {
        const char* name;
        void (*apply)(nlohmann::json&);
        const char* said;
    };
    const Edit edits[] = {
        {"feasible", [](nlohmann::json& j) { j["feasible"] = j["feasible"].get<long>() + 1; },
         "feasible: "},
        {"optimum-absent", [](nlohmann::json& j) { j["optimum"] = 27; },
         "optimum: 27 is not in the histogram"},
        {"optimum-below", [](nlohmann::json& j) { j["optimum"] = 7; }, "optimal_boards: "},
        {"optimal-boards",
         [](nlohmann::json& j) { j["optimal_boards"] = j["optimal_boards"].get<long>() + 1; },
         "optimal_boards: 4, but the histogram has 3 boards worth 25"},
        {"subtrees", [](nlohmann::json& j) { j["subtrees"] = j["subtrees"].get<long>() - 1; },
         "subtrees: "},
        {"leaves", [](nlohmann::json& j) { j["leaves"] = j["feasible"].get<long>() + 1; },
         "leaves: "},
        {"a-board", [](nlohmann::json& j) { j["boards"][0] = "S...\n#..#\n....\nE...\n"; },
         "boards: board 1 is worth "},
    };
    for (const Edit& e : edits) {
        nlohmann::json j = read_json(good);
        e.apply(j);
        const std::string path = write_temp(std::string("edited-") + e.name + ".json", j.dump());
        const CmdResult r = run("merge --json " + path);
        EXPECT_EQ(r.status, 2) << e.name;
        EXPECT_EQ(r.out, "") << e.name;
        EXPECT_NE(r.err.find(path + ": enumeration result: " + e.said), std::string::npos)
            << e.name << ": " << r.err;
    }
}

// Hand-edited progress: all of `done` set to 1, or a count that is not the marks', is refused
// (it resumed with exit 0 and a wrong answer); beside a good previous progress, that one is used.
TEST(EnumerationJob, ProgressWhoseMarksDisagreeWithItsResultIsRefused) {
    // The tree's subtree count, as the command says it.
    const CmdResult cut = run("enumerate --rows 5 --cols 5 --json -v");
    ASSERT_EQ(cut.status, 0) << cut.err;
    const std::size_t at = cut.err.find("the tree cut into ");
    ASSERT_NE(at, std::string::npos) << cut.err;
    const std::size_t subtrees = std::stoul(cut.err.substr(at + 18));
    const nlohmann::json plain = answer(nlohmann::json::parse(cut.out));

    // A progress that is right: shard 0 of 2 with all its subtrees done.
    const std::string finished = fresh_out("progress-source.json");
    ASSERT_EQ(run("enumerate --rows 5 --cols 5 --quiet --shard 0/2 --out " + finished).status, 0);
    nlohmann::json good;
    good["result"] = read_json(finished);
    std::string marks(subtrees, '0');
    for (std::size_t i = 0; i < subtrees; i += 2) marks[i] = '1';
    good["done"] = marks;

    const std::string out = fresh_out("edited-progress.json");
    const std::string resume = "enumerate --rows 5 --cols 5 --quiet --shard 0/2 --resume --out ";
    write_json(out + ".progress", good);
    ASSERT_EQ(run(resume + out).status, 0);
    EXPECT_EQ(answer(read_json(out)), answer(read_json(finished)));

    nlohmann::json all_done = good;
    all_done["done"] = std::string(subtrees, '1');
    nlohmann::json miscounted = good;
    miscounted["result"]["subtrees"] = good["result"]["subtrees"].get<int>() + 1;
    const std::pair<nlohmann::json, std::string> bad[] = {
        {all_done, "done: subtree 1 marked done, but it is not in shard 0/2"},
        {miscounted, "subtrees marked done, but the result counts"},
    };
    for (const auto& [progress, said] : bad) {
        const std::string o = fresh_out("edited-progress.json");
        write_json(o + ".progress", progress);
        const CmdResult r = run(resume + o);
        EXPECT_EQ(r.status, 2) << said;
        EXPECT_NE(r.err.find(o + ".progress: "), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
        EXPECT_FALSE(fs::exists(o)) << said;

        // Beside a usable previous progress, that one is taken, and the answer is right.
        write_json(o + ".progress.prev", good);
        const CmdResult fell_back = run(resume + o);
        EXPECT_EQ(fell_back.status, 0) << fell_back.err;
        EXPECT_NE(fell_back.err.find("resuming from this previous checkpoint"), std::string::npos)
            << fell_back.err;
        EXPECT_EQ(answer(read_json(o)), answer(read_json(finished)));
    }
    (void)plain;
}

// A finished result of another grid, entrance or shard is not this job's: --resume refuses it
// (it said "already finished" with exit 0).
TEST(EnumerationJob, ResumeRefusesAFinishedResultOfAnotherJob) {
    const std::string out = fresh_out("finished-other.json");
    ASSERT_EQ(run("enumerate --rows 4 --cols 4 --quiet --out " + out).status, 0);
    const CmdResult same = run("enumerate --rows 4 --cols 4 --quiet --resume --out " + out);
    EXPECT_EQ(same.status, 0) << same.err;
    EXPECT_NE(same.out.find("already finished"), std::string::npos) << same.out;
    const std::pair<std::string, std::string> others[] = {
        {"--rows 4 --cols 5", "an enumeration of 4x4, start (0,0), exit (3,0), not 4x5"},
        {"--rows 4 --cols 4 --exit 3,3", "not 4x4, start (0,0), exit (3,3)"},
        {"--rows 4 --cols 4 --shard 1/2", "holds the whole tree, not shard 1/2"},
        {"--rows 4 --cols 4 --objective max-visits", "objective moves, not max-visits"},
        {"--rows 4 --cols 4 --model passages", "an enumeration of cells, not passages"},
    };
    for (const auto& [job, said] : others) {
        const CmdResult r = run("enumerate " + job + " --quiet --resume --out " + out);
        EXPECT_EQ(r.status, 2) << job;
        EXPECT_EQ(r.out, "") << job;
        EXPECT_NE(r.err.find(out + ": "), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(said), std::string::npos) << job << ": " << r.err;
    }
    const std::string passages = fresh_out("finished-passages.json");
    ASSERT_EQ(
        run("enumerate --model passages --rows 3 --cols 3 --entrance 1 --quiet --out " + passages)
            .status,
        0);
    const CmdResult entrance =
        run("enumerate --model passages --rows 3 --cols 3 --entrance 2 --quiet --resume --out " +
            passages);
    EXPECT_EQ(entrance.status, 2);
    EXPECT_NE(entrance.err.find("entrance 1, exit any, not 3x3 passages, entrance 2"),
              std::string::npos)
        << entrance.err;
}

// Options are read whole: trailing text, a third part or a space is an error, not ignored.
TEST(EnumerationJob, OptionsAreReadWholeAndCombinationsThatWouldBeIgnoredAreRefused) {
    for (const char* shard : {"1/2/3", "1/2x", "'1/2 '", "' 1/2'", "-1/2", "2/2", "0/0", "1/"}) {
        const CmdResult r =
            run(std::string("enumerate --rows 3 --cols 3 --quiet --shard ") + shard);
        EXPECT_EQ(r.status, 2) << shard;
        EXPECT_EQ(r.out, "") << shard;
        EXPECT_NE(r.err.find("--shard: expected i/N with 0 <= i < N"), std::string::npos)
            << shard << ": " << r.err;
    }
    EXPECT_EQ(run("enumerate --rows 3 --cols 3 --quiet --shard 1/2").status, 0);
    for (const char* cell : {"0,0x", "'0,0 1'", "'0;0'"}) {
        const CmdResult r = run(std::string("enumerate --rows 3 --cols 3 --quiet --start ") + cell);
        EXPECT_EQ(r.status, 2) << cell;
        EXPECT_NE(r.err.find("--start: expected r,c inside the 3x3 grid"), std::string::npos)
            << cell << ": " << r.err;
    }
    const std::string out = fresh_out("estimate-out.json");
    for (const std::string& extra :
         std::vector<std::string>{"--out " + out, "--shard 1/2", "--resume --out " + out}) {
        const CmdResult r = run("enumerate --rows 4 --cols 4 --estimate " + extra);
        EXPECT_EQ(r.status, 2) << extra;
        EXPECT_NE(r.err.find("--estimate: only estimates the whole tree"), std::string::npos)
            << r.err;
        EXPECT_FALSE(fs::exists(out));
    }
    const CmdResult device = run("enumerate --rows 3 --cols 3 --out /dev/full");
    EXPECT_EQ(device.status, 2);
    EXPECT_NE(device.err.find("/dev/full: is not a regular file"), std::string::npos) << device.err;
}

// The text output gives what the README says: the optimum, the optimal boards, the feasible
// count and the histogram (it had no histogram); every count of the histogram is the JSON's.
TEST(EnumerationJob, TheTextOutputHasTheHistogram) {
    const CmdResult text = run("enumerate --rows 4 --cols 4");
    ASSERT_EQ(text.status, 0) << text.err;
    const CmdResult json = run("enumerate --rows 4 --cols 4 --json");
    ASSERT_EQ(json.status, 0) << json.err;
    const nlohmann::json j = nlohmann::json::parse(json.out);
    ASSERT_NE(text.out.find("histogram (value:boards):"), std::string::npos) << text.out;
    for (const auto& [value, n] : j["histogram"].items())
        EXPECT_NE(text.out.find(" " + value + ":" + n.dump()), std::string::npos)
            << value << " in " << text.out;
    const CmdResult nan = run("enumerate --rows 3 --cols 3 --checkpoint-seconds nan");
    EXPECT_EQ(nan.status, 2);
    EXPECT_NE(nan.err.find("--checkpoint-seconds: nan: expected a finite number"),
              std::string::npos)
        << nan.err;
}
