// What a run folder is now, as every reader shows it (run_status.hpp): its status file's word,
// `running` only while a live process holds the folder's lock, and a sweep's point's status for a
// point of a sweep.
#include "mazesearch/experiments/run/run_status.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/sweep/point_lock.hpp"
#include "temp_dir.hpp"

namespace maze::experiments {
// Named, not anonymous: the tests are built as a unity build.
namespace run_status_test {

namespace fs = std::filesystem;

fs::path fresh(const std::string& name) {
    const fs::path dir = fs::path(testing_support::test_dir()) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void write(const fs::path& file, const std::string& text) {
    std::ofstream(file, std::ios::trunc) << text;
}

TEST(RunStatus, RunningIsBelievedOnlyWhileALiveProcessHoldsTheFolder) {
    const fs::path run = fresh("held");
    for (const char* r : {"repeat-000", "repeat-001"}) fs::create_directory(run / r);
    write(run / "status", "running\n");
    write(run / "repeat-000" / "status", "running\n");
    write(run / "repeat-001" / "status", "finished\n");
    {
        const FolderLock lock(run, "a run");
        EXPECT_TRUE(FolderLock::held(run));
        EXPECT_EQ(run_status_now(run), "running");
        EXPECT_EQ(repeat_status_now(run, run / "repeat-000"), "running");
        EXPECT_EQ(repeat_status_now(run, run / "repeat-001"), "finished");
    }
    // Its process is gone: the `running` it left says nothing.
    EXPECT_FALSE(FolderLock::held(run));
    EXPECT_EQ(run_status_now(run), "interrupted");
    EXPECT_EQ(run_status_now(run.string() + "/"), "interrupted");
    EXPECT_EQ(repeat_status_now(run, run / "repeat-000"), "interrupted");
    EXPECT_EQ(repeat_status_now(run, run / "repeat-001"), "finished");
    for (const std::string s : {"finished", "failed", "interrupted"}) {
        write(run / "status", s + "\n");
        EXPECT_EQ(run_status_now(run), s);
    }
    fs::remove(run / "status");
    EXPECT_EQ(run_status_now(run), "");  // not written yet
    write(run / "status", "done\n");
    EXPECT_THROW(run_status_now(run), ConfigError);
    EXPECT_THROW(repeat_status_now(run, run), ConfigError);
}

// The lock is the kernel's: a process killed by SIGKILL, which writes nothing more, lets go of
// it all the same.
TEST(RunStatus, AProcessKilledByHandLetsGoOfTheFolder) {
    const fs::path run = fresh("killed");
    write(run / "status", "running\n");
    int ready[2];
    ASSERT_EQ(::pipe(ready), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        const FolderLock lock(run, "a run");
        const char byte = 1;
        if (::write(ready[1], &byte, 1) != 1) ::_exit(1);
        for (;;) ::pause();
    }
    ::close(ready[1]);
    char byte = 0;
    ASSERT_EQ(::read(ready[0], &byte, 1), 1);  // the child holds the folder
    ::close(ready[0]);
    EXPECT_TRUE(FolderLock::held(run));
    EXPECT_EQ(run_status_now(run), "running");
    ASSERT_EQ(::kill(child, SIGKILL), 0);
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    EXPECT_FALSE(FolderLock::held(run));
    EXPECT_EQ(run_status_now(run), "interrupted");
    EXPECT_NO_THROW(FolderLock(run, "a resume"));  // and a resume may take it
}

// A sweep of three points by seed, as `mazesearch sweep` writes sweep.json.
fs::path sweep_of_three(const std::string& name) {
    const fs::path sweep = fresh(name);
    write(sweep / "sweep.json", R"({"format": "mazesearch sweep", "version": 1, "config": "q.yaml",
        "config_hash": "0", "fixed": [], "group_keys": [],
        "axes": [{"keys": ["seed"], "values": [["1"], ["2"], ["3"]]}],
        "points": [{"id": 0, "folder": "point-000", "overrides": {"seed": "1"}},
                   {"id": 1, "folder": "point-001", "overrides": {"seed": "2"}},
                   {"id": 2, "folder": "point-002", "overrides": {"seed": "3"}}]})");
    fs::create_directories(sweep / "logs");
    return sweep;
}

TEST(RunStatus, ASweepsPointHasItsPointsStatus) {
    const fs::path sweep = sweep_of_three("sweep");
    // Both points' processes were killed: the first by hand (its sweep logged 137), the second
    // with its sweep (nothing logged its end).
    for (const char* p : {"point-000", "point-001", "stray"}) {
        fs::create_directory(sweep / p);
        write(sweep / p / "status", "running\n");
    }
    write(sweep / "logs" / "point-000.txt", "== mazesearch run ...\nexit status 137\n");
    write(sweep / "logs" / "point-001.txt", "== mazesearch run ...\n");
    EXPECT_EQ(run_status_now(sweep / "point-000"), "failed");
    EXPECT_EQ(run_status_now(sweep / "point-001"), "interrupted");
    EXPECT_EQ(run_status_now(sweep / "point-002"), "pending");
    EXPECT_EQ(run_status_now(sweep / "stray"), "interrupted");  // no point of the sweep
    // Not looking above, a point is a run of its own.
    EXPECT_EQ(run_status_now(sweep / "point-000", Above::not_read), "interrupted");
    {
        const auto lock = PointLock::try_take(sweep / "logs" / "point-000.txt");
        ASSERT_TRUE(lock);
        EXPECT_EQ(run_status_now(sweep / "point-000"), "running");
    }
    write(sweep / "sweep.json", "{\"format\": ");
    EXPECT_THROW(run_status_now(sweep / "point-000"), ConfigError);
}

}  // namespace run_status_test
}  // namespace maze::experiments
