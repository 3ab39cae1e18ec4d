// The command under bad paths, endless input, full devices and a second process: every case is
// a clear message and the documented exit status (2: the user's input or path, 1: the
// environment), never "internal error", and nothing the user had is lost.
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "cli_support.hpp"

namespace fs = std::filesystem;
using maze::testing_support::Child;
using maze::testing_support::ChildExit;
using maze::testing_support::CmdResult;
using maze::testing_support::kBoards;
using maze::testing_support::read_file;
using maze::testing_support::run;
using maze::testing_support::test_dir;
using maze::testing_support::write_temp;

namespace {

const std::string kQuickstart = std::string(MAZESEARCH_SOURCE_DIR) + "/configs/quickstart.yaml";

fs::path fresh(const std::string& name) {
    const fs::path d = fs::path(test_dir()) / name;
    fs::remove_all(d);
    return d;
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// Every name in `dir`, recursively, with its contents.
std::map<std::string, std::string> contents(const fs::path& dir) {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        out[fs::relative(e.path(), dir).string()] =
            e.is_regular_file() ? read_file(e.path().string()) : std::string("<folder>");
    return out;
}

// The shell prefix that makes files larger than `kib` KiB fail with EFBIG (SIGXFSZ ignored, as
// the child inherits it), a stand-in for a full disk that needs no privileges.
std::string file_size_limit(int kib) {
    return "trap '' XFSZ; ulimit -f " + std::to_string(kib) + "; ";
}

}  // namespace

TEST(Robustness, ADirectoryGivenAsAnInputIsRefusedByName) {
    const fs::path dir = fresh("a_folder");
    fs::create_directories(dir);
    const std::string d = dir.string();
    for (const std::string& args :
         {"eval " + d, "render " + d + " -o " + test_dir() + "/x.svg", "neighbourhood " + d,
          "solve cat-mouse " + d, "solve mousetrap " + d,
          "eval --check " + kBoards + "optimum-5x5.txt " + d}) {
        const CmdResult r = run(args);
        EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
        EXPECT_TRUE(has(r.err, d + ": is a directory")) << args << "\n" << r.err;
        EXPECT_FALSE(has(r.err, "internal error")) << args << "\n" << r.err;
    }
}

TEST(Robustness, EndlessInputIsRefusedAtItsLimit) {
    for (const std::string& args :
         {std::string("eval /dev/zero"), std::string("eval - < /dev/zero"),
          std::string("solve cat-mouse /dev/zero"), std::string("solve mousetrap < /dev/zero"),
          "render /dev/zero -o " + test_dir() + "/x.svg"}) {
        const CmdResult r = run(args);
        EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
        EXPECT_TRUE(has(r.err, "the input is longer than")) << args << "\n" << r.err;
        EXPECT_FALSE(has(r.err, "bad_alloc")) << args << "\n" << r.err;
    }
}

TEST(Robustness, AnOutputPathThatCannotBeAFolderIsBadInput) {
    const std::string file = write_temp("plain_file.txt", "mine\n");
    const std::string base = "run " + kQuickstart + " budget.evaluations=2000 --quiet ";
    struct Case {
        std::string output, says;
    };
    for (const Case& c : {Case{"/proc/self/no-such/run", "cannot create the folder"},
                          Case{file, "cannot use it as a folder"},
                          Case{file + "/sub", "cannot create the folder"}}) {
        const CmdResult r = run(base + "output=" + c.output);
        EXPECT_EQ(r.status, 2) << c.output << "\n" << r.err;
        EXPECT_TRUE(has(r.err, c.output + ": " + c.says)) << r.err;
        EXPECT_FALSE(has(r.err, "internal error")) << r.err;
    }
    EXPECT_EQ(read_file(file), "mine\n");
    // The default folder, runs/NAME/TIME, under a working directory where nothing can be made.
    const CmdResult r = run(base, "cd /proc/self && ");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(has(r.err, "runs/quickstart/")) << r.err;
    EXPECT_FALSE(has(r.err, "internal error")) << r.err;
}

TEST(Robustness, AFolderOfTheUsersOwnIsNeverWrittenInto) {
    const fs::path dir = fresh("users_folder");
    fs::create_directories(dir / "notes");
    std::ofstream(dir / "best.txt") << "my own board\n";
    std::ofstream(dir / "summary.json") << "{\"mine\": true}\n";
    std::ofstream(dir / "log.txt") << "my log\n";
    const auto before = contents(dir);
    const CmdResult r =
        run("run " + kQuickstart + " budget.evaluations=2000 --quiet output=" + dir.string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(has(r.err, dir.string() + ": not empty, and not a run folder")) << r.err;
    EXPECT_EQ(contents(dir), before);
    // An empty folder is fine.
    const fs::path empty = fresh("empty_folder");
    fs::create_directories(empty);
    const CmdResult ok =
        run("run " + kQuickstart + " budget.evaluations=2000 --quiet output=" + empty.string());
    EXPECT_EQ(ok.status, 0) << ok.err;
    EXPECT_EQ(read_file((empty / "status").string()), "finished\n");
}

TEST(Robustness, AWriteErrorDuringARunIsExit1AndTheRunSaysFailed) {
    const fs::path dir = fresh("full_disk_run");
    // 8 KiB: the config and the log fit, the pictures and checkpoints of a 13x13 run do not.
    const CmdResult r = run("run " + kQuickstart +
                                " budget.evaluations=300000 checkpoint_seconds=0.01 threads=1 "
                                "--quiet output=" +
                                dir.string(),
                            file_size_limit(8));
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_TRUE(has(r.err, "cannot write the file: File too large")) << r.err;
    EXPECT_FALSE(has(r.err, "internal error")) << r.err;
    EXPECT_EQ(read_file((dir / "status").string()), "failed\n");
    const std::string log = read_file((dir / "log.txt").string());
    EXPECT_TRUE(has(log, "[error] failed: ")) << log;
    EXPECT_TRUE(has(log, "File too large")) << log;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        EXPECT_FALSE(has(e.path().filename().string(), ".tmp")) << e.path();
}

TEST(Robustness, ResultsThatCannotBeWrittenToStandardOutputAreExit1) {
    const fs::path run_dir = fresh("stdout_run");
    ASSERT_EQ(
        run("run " + kQuickstart + " budget.evaluations=2000 --quiet output=" + run_dir.string())
            .status,
        0);
    const std::string tree = write_temp("tree.txt", "3 1 3\n1 2\n2 3\n");
    for (const std::string& args :
         {"eval " + kBoards + "optimum-5x5.txt", "solve mousetrap " + tree,
          std::string("enumerate --rows 3 --cols 3 --json"), "summarize " + run_dir.string(),
          "neighbourhood " + kBoards + "optimum-5x5.txt --radius 1"}) {
        for (const std::string& to : {std::string(" > /dev/full"), std::string(" >&-")}) {
            const CmdResult r = run(args + to);
            EXPECT_EQ(r.status, 1) << args << to << "\n" << r.err;
            EXPECT_TRUE(has(r.err, "standard output: cannot write the results"))
                << args << to << "\n"
                << r.err;
        }
    }
    // A picture written to a full device: the same failure, named by its file.
    const CmdResult svg = run("render " + kBoards + "optimum-5x5.txt -o /dev/full");
    EXPECT_EQ(svg.status, 1) << svg.err;
    EXPECT_TRUE(has(svg.err, "/dev/full: cannot write the file: No space left on device"))
        << svg.err;
}

TEST(Robustness, EnumerateChecksWhereItWritesBeforeTheWork) {
    const std::string missing = test_dir() + "/no_such_folder/7x7.json";
    const CmdResult r = run("enumerate --rows 7 --cols 7 --out " + missing);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(has(r.err, test_dir() + "/no_such_folder: cannot write the result there")) << r.err;
    const fs::path folder = fresh("enum_out_folder");
    fs::create_directories(folder);
    const CmdResult f = run("enumerate --rows 7 --cols 7 --out " + folder.string());
    EXPECT_EQ(f.status, 2) << f.err;
    EXPECT_TRUE(has(f.err, "--out takes a file name")) << f.err;
}

TEST(Robustness, AnEnumerationResultThatCannotBeWrittenIsStillPrinted) {
    const fs::path dir = fresh("enum_full_disk");
    fs::create_directories(dir);
    const std::string out = (dir / "4x4.json").string();
    const CmdResult plain = run("enumerate --rows 5 --cols 5 --json");
    ASSERT_EQ(plain.status, 0);
    const CmdResult r = run("enumerate --rows 5 --cols 5 --json --out " + out, file_size_limit(1));
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_TRUE(has(r.err, out + ": cannot write the file")) << r.err;
    // The same answer on standard output (timing aside).
    auto without_seconds = [](std::string s) {
        const auto at = s.find("\"seconds\":");
        return at == std::string::npos ? s : s.substr(0, at);
    };
    EXPECT_EQ(without_seconds(r.out), without_seconds(plain.out));
}

TEST(Robustness, NoCheckpointYetStartsOverAndSaysSo) {
    // enumerate --resume before its first progress file.
    const fs::path dir = fresh("enum_no_progress");
    fs::create_directories(dir);
    const std::string out = (dir / "4x4.json").string();
    const CmdResult e = run("enumerate --rows 4 --cols 4 --resume --out " + out);
    EXPECT_EQ(e.status, 0) << e.err;
    EXPECT_TRUE(has(e.err, "no progress written yet")) << e.err;
    EXPECT_TRUE(has(e.out, "optimum 25 moves")) << e.out;
    EXPECT_TRUE(fs::exists(out));

    // A run killed before its first checkpoint. 200,000 evaluations take about half a second on
    // one core here, six steps of 32,000, so the run is still going when the kill lands (sent once
    // its logbook, written after the first step, exists).
    const fs::path run_dir = fresh("killed_early");
    const std::string err_path = test_dir() + "/killed_early_err.txt";
    {
        Child child({"run", kQuickstart, "threads=1", "budget.evaluations=200000",
                     "checkpoint_seconds=600", "--quiet", "output=" + run_dir.string()},
                    err_path);
        ASSERT_TRUE(child.started());
        ASSERT_TRUE(child.wait_until([&] { return fs::exists(run_dir / "logbook.csv"); },
                                     std::chrono::seconds(120)))
            << read_file(err_path);
        child.send(SIGKILL);
        const ChildExit e = child.wait(std::chrono::seconds(60));
        // Killed while it ran: the case under test happened.
        ASSERT_TRUE(!e.exited && e.signal == SIGKILL) << e.describe() << "\n"
                                                      << read_file(err_path);
    }
    ASSERT_FALSE(fs::exists(run_dir / "summary.json"));
    EXPECT_EQ(read_file((run_dir / "status").string()), "running\n");
    EXPECT_FALSE(fs::exists(run_dir / "checkpoint.json"));
    const CmdResult resumed = run("resume --quiet " + run_dir.string());
    EXPECT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_TRUE(has(read_file((run_dir / "log.txt").string()), "no checkpoint yet"));
    EXPECT_EQ(read_file((run_dir / "status").string()), "finished\n");
}

TEST(Robustness, ASecondProcessIsRefusedWhileTheFirstOwnsTheFolder) {
    const fs::path dir = fresh("locked_run");
    const std::string err_path = test_dir() + "/locked_run_err.txt";
    Child child(
        {"run", kQuickstart, "threads=1", "budget.seconds=60", "--quiet", "output=" + dir.string()},
        err_path);
    ASSERT_TRUE(child.started());
    ASSERT_TRUE(
        child.wait_until([&] { return read_file((dir / "status").string()) == "running\n"; },
                         std::chrono::seconds(60)))
        << read_file(err_path);
    for (const std::string& args :
         {"resume " + dir.string(),
          "run " + kQuickstart + " budget.evaluations=10 output=" + dir.string()}) {
        const CmdResult r = run(args);
        EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
        EXPECT_TRUE(has(r.err, dir.string() + ": in use by another mazesearch process")) << r.err;
    }
    child.send(SIGINT);
    const ChildExit e = child.wait(std::chrono::seconds(60));
    EXPECT_TRUE(e.exited && e.code == 130) << e.describe() << "\n" << read_file(err_path);
    EXPECT_EQ(read_file((dir / "status").string()), "interrupted\n");
}

// An enumeration's progress keeps the one before it too: a corrupt latest one falls back to it
// (said on standard error) and the answer is the plain one; with both corrupt, the message names
// them and says what to do.
TEST(Robustness, ACorruptEnumerationProgressFallsBackToThePreviousOne) {
    const fs::path dir = fresh("enum_corrupt");
    fs::create_directories(dir);
    const std::string out = (dir / "6x6.json").string();
    const std::string err_path = test_dir() + "/enum_corrupt_err.txt";
    {
        // 6x6 on one thread: about 2 s of work, of which two checkpoints take the first 0.1 s; the
        // signal goes once the second one is there, so it lands in the middle of the work.
        Child child({"enumerate", "--rows", "6", "--cols", "6", "--quiet", "--threads", "1",
                     "--checkpoint-seconds", "0.05", "--out", out},
                    err_path);
        ASSERT_TRUE(child.started());
        ASSERT_TRUE(child.wait_until([&] { return fs::exists(out + ".progress.prev"); },
                                     std::chrono::seconds(120)))
            << "no second checkpoint\n"
            << read_file(err_path);
        child.send(SIGINT);
        const ChildExit e = child.wait(std::chrono::seconds(120));
        ASSERT_TRUE(e.exited && e.code == 130) << e.describe() << "\n" << read_file(err_path);
        EXPECT_TRUE(has(read_file(err_path), "interrupted; progress in " + out + ".progress"))
            << read_file(err_path);
    }
    ASSERT_TRUE(fs::exists(out + ".progress"));
    ASSERT_TRUE(fs::exists(out + ".progress.prev"));
    ASSERT_FALSE(fs::exists(out));
    const CmdResult plain = run("enumerate --rows 6 --cols 6 --json --quiet");
    ASSERT_EQ(plain.status, 0) << plain.err;
    std::ofstream(out + ".progress", std::ios::trunc) << "{\"result\": {\"rows\": 6";
    const CmdResult resumed = run("enumerate --rows 6 --cols 6 --json --resume --out " + out);
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_TRUE(has(resumed.err, out + ".progress: not valid JSON")) << resumed.err;
    EXPECT_TRUE(has(resumed.err, out + ".progress.prev: resuming from this previous checkpoint"))
        << resumed.err;
    for (const char* k : {"\"optimum\":", "\"feasible\":", "\"optimal_boards\":"}) {
        const auto a = resumed.out.find(k), b = plain.out.find(k);
        ASSERT_NE(a, std::string::npos);
        ASSERT_NE(b, std::string::npos);
        EXPECT_EQ(resumed.out.substr(a, resumed.out.find(',', a) - a),
                  plain.out.substr(b, plain.out.find(',', b) - b))
            << k;
    }
    // Both corrupt: exit 2, both named, and what to do.
    const std::string other = (dir / "other.json").string();
    std::ofstream(other + ".progress") << "garbage";
    std::ofstream(other + ".progress.prev") << "{\"result\": {}, \"done\": \"01x\"}";
    const CmdResult bad = run("enumerate --rows 6 --cols 6 --resume --out " + other);
    EXPECT_EQ(bad.status, 2) << bad.err;
    EXPECT_TRUE(has(bad.err, "no usable progress")) << bad.err;
    EXPECT_TRUE(has(bad.err, other + ".progress.prev")) << bad.err;
    EXPECT_TRUE(has(bad.err, "To start over, remove")) << bad.err;
}

TEST(Robustness, SummarizeNamesARunThatIsNotFinishedOrNotASummary) {
    const fs::path dir = fresh("summarize_bad");
    ASSERT_EQ(run("run " + kQuickstart + " budget.evaluations=2000 --quiet output=" + dir.string())
                  .status,
              0);
    const fs::path unfinished = fresh("summarize_unfinished");
    fs::create_directories(unfinished);
    fs::copy_file(dir / "config.json", unfinished / "config.json");
    std::ofstream(unfinished / "status") << "interrupted\n";
    const CmdResult u = run("summarize " + unfinished.string());
    EXPECT_EQ(u.status, 2) << u.err;
    EXPECT_TRUE(has(u.err, unfinished.string() + ": not finished (status: interrupted)")) << u.err;
    std::ofstream(dir / "summary.json", std::ios::trunc) << "{\"runs\": 3}";
    const CmdResult s = run("summarize " + dir.string());
    EXPECT_EQ(s.status, 2) << s.err;
    EXPECT_TRUE(has(s.err, dir.string() + ": not the summary of a run")) << s.err;
    EXPECT_FALSE(has(s.err, "internal error")) << s.err;
}

TEST(Robustness, ASecondEnumerationOfTheSameOutputIsRefused) {
    const fs::path dir = fresh("enum_locked");
    fs::create_directories(dir);
    const std::string out = (dir / "6x6.json").string();
    const std::string err_path = test_dir() + "/enum_locked_err.txt";
    Child child({"enumerate", "--rows", "6", "--cols", "6", "--quiet", "--threads", "1",
                 "--checkpoint-seconds", "0.05", "--out", out},
                err_path);
    ASSERT_TRUE(child.started());
    // Its first checkpoint shows it at work (about 2 s of it on one thread).
    ASSERT_TRUE(
        child.wait_until([&] { return fs::exists(out + ".progress"); }, std::chrono::seconds(120)))
        << "no checkpoint\n"
        << read_file(err_path);
    const CmdResult r = run("enumerate --rows 6 --cols 6 --resume --out " + out);
    child.send(SIGINT);
    const ChildExit e = child.wait(std::chrono::seconds(120));
    // Interrupted, so it was still at work while the second process was refused.
    EXPECT_TRUE(e.exited && e.code == 130) << e.describe() << "\n" << read_file(err_path);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(has(r.err, out + ": in use by another mazesearch process (an enumeration"))
        << r.err;
}
