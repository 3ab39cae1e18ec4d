// What `mazesearch serve` says of run and sweep folders, without HTTP: one status for a run in
// its row, its view and its sweep's view; every folder the scan finds in the table, with the
// reason when its view is refused; scores and messages as the files and the requests name them.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/serve/served_folder.hpp"
#include "mazesearch/serve/walk_answer.hpp"
#include "mazesearch/experiments/sweep/sweep_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_spec.hpp"
#include "temp_dir.hpp"

namespace maze::experiments {
// Named, not anonymous: the tests are built as a unity build.
namespace served_runs_test {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kOptimum6 = "S.....\n#.##..\n..#..#\n...#..\n#...#.\nE..#..\n";

// The status and reason of what `f` throws; 200 and "" when it throws nothing.
std::pair<int, std::string> refusal(const std::function<void()>& f) {
    try {
        f();
    } catch (const RequestError& e) {
        return {e.status(), e.what()};
    }
    return {200, ""};
}

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::trunc) << text;
}

// A served folder (`root`) and a folder beside it (`outside`) that links may point into.
struct Served {
    fs::path root, outside;
    explicit Served(const std::string& name) {
        const fs::path base = fs::path(testing_support::test_dir()) / name;
        fs::remove_all(base);
        root = base / "served";
        outside = base / "outside";
        fs::create_directories(root);
        write(outside / "secret.txt", "S.\nE.\n");
        write(outside / "logbook.csv", "gen,evals,best\n1,10,7777\n");
    }
    // A run folder of one repeat with a logbook, its status `status` (with `seed` set, as the
    // run of the sweep point that gives it).
    fs::path run(const std::string& path, const std::string& status, int seed = 0) const {
        const fs::path dir = root / path;
        json config = {{"name", "r"}, {"repeats", 1}, {"budget", {{"evaluations", 100}}}};
        if (seed != 0) config["seed"] = seed;
        write(dir / "config.json", config.dump());
        write(dir / "config.yaml", "name: r\n");
        write(dir / "status", status + "\n");
        write(dir / "logbook.csv",
              "gen,evals,rejected,best,mean,std,min,max,seconds\n"
              "1,40,0,12,10,1,9,12,0.5\n");
        return dir;
    }
    // A sweep folder of three points by seed (none of them started).
    fs::path sweep(const std::string& path) const {
        const fs::path dir = root / path;
        write(dir / "sweep.json", R"({"format": "mazesearch sweep", "version": 1,
            "config": "q.yaml", "config_hash": "0", "fixed": [], "group_keys": [],
            "axes": [{"keys": ["seed"], "values": [["1"], ["2"], ["3"]]}],
            "points": [{"id": 0, "folder": "point-000", "overrides": {"seed": "1"}},
                       {"id": 1, "folder": "point-001", "overrides": {"seed": "2"}},
                       {"id": 2, "folder": "point-002", "overrides": {"seed": "3"}}]})");
        fs::create_directories(dir / "logs");
        return dir;
    }
    json row(const std::string& path) const {
        const json runs = ServedFolder(root).runs();
        for (const json& r : runs["runs"])
            if (r["path"] == path) return r;
        return nullptr;
    }
};

TEST(ServedRuns, ARunNoLiveProcessHoldsIsNotRunning) {
    const Served s("held");
    const fs::path dir = s.run("runs/a", "running");
    const ServedFolder folder(s.root);
    {
        const FolderLock lock(dir, "a run");
        EXPECT_EQ(s.row("runs/a")["status"], "running");
        EXPECT_EQ(folder.run("runs/a")["status"], "running");
        EXPECT_EQ(folder.run("runs/a")["repeats"][0]["status"], "running");
    }
    // Killed: it left `running` in its status file, and nothing holds the folder.
    EXPECT_EQ(s.row("runs/a")["status"], "interrupted");
    EXPECT_TRUE(s.row("runs/a")["speed"].is_null());
    const json run = folder.run("runs/a");
    EXPECT_EQ(run["status"], "interrupted");
    EXPECT_EQ(run["repeats"][0]["status"], "interrupted");
}

TEST(ServedRuns, APointKilledByHandIsFailedInItsViewAsInItsSweeps) {
    const Served s("point");
    const fs::path sweep = s.sweep("sw5");
    s.run("sw5/point-000", "finished", 1);
    write(sweep / "point-000" / "summary.json",
          R"({"repeat": 0, "best_score": 12, "evaluations": 40, "seconds": 0.5})");
    write(sweep / "logs" / "point-000.txt", "== mazesearch run ...\nexit status 0\n");
    s.run("sw5/point-001", "running", 2);
    write(sweep / "logs" / "point-001.txt", "== mazesearch run ...\nexit status 137\n");
    const ServedFolder folder(s.root);
    const json view = folder.sweep("sw5");
    EXPECT_EQ(view["points"][1]["status"], "failed");
    EXPECT_EQ(folder.run("sw5/point-001")["status"], "failed");
    EXPECT_EQ(folder.run("sw5/point-001")["repeats"][0]["status"], "failed");
    EXPECT_EQ(folder.run("sw5/point-000")["status"], "finished");
    EXPECT_EQ(view["points"][2]["status"], "pending");  // no run yet
    EXPECT_EQ(view["status"], "failed");
    EXPECT_EQ(s.row("sw5")["status"], "failed");
}

TEST(ServedRuns, ASweepWithNothingFinishedHasAStatusWord) {
    const Served s("sweep-status");
    const fs::path sweep = s.sweep("sw");
    const ServedFolder folder(s.root);
    EXPECT_EQ(s.row("sw")["status"], "pending");
    EXPECT_EQ(folder.sweep("sw")["status"], "pending");
    // Its sweep was stopped while point 0 ran: interrupted, the others pending.
    s.run("sw/point-000", "interrupted", 1);
    write(sweep / "logs" / "point-000.txt", "== mazesearch run ...\nexit status 130\n");
    EXPECT_EQ(s.row("sw")["status"], "interrupted");
    EXPECT_EQ(folder.sweep("sw")["status"], "interrupted");
}

// serve opens no file outside the folder it serves for a sweep's configs either: a pinned copy
// that links out is refused (403) in the sweep's view and in its points' views, and the config
// file that a sweep made before configs were pinned names (anywhere) is never read; its points'
// runs are compared at what their overrides set.
TEST(ServedRuns, ASweepsConfigsAreReadOnlyInsideTheServedFolder) {
    const Served s("sweep-configs");
    const std::string text = "name: r\npopulation: 12\n";
    write(s.outside / "q.yaml", text);
    const auto sweep_json = [&](const std::string& config, bool pinned) {
        json j = json::parse(R"({"format": "mazesearch sweep", "version": 1, "fixed": [],
            "group_keys": [], "axes": [{"keys": ["seed"], "values": [["1"], ["2"]]}],
            "points": [{"id": 0, "folder": "point-000", "overrides": {"seed": "1"}},
                       {"id": 1, "folder": "point-001", "overrides": {"seed": "2"}}]})");
        j["config"] = config;
        j["config_hash"] = config_texts_hash({text});
        if (pinned) j["pinned_configs"] = {pinned_config_name(0, config)};
        return j.dump();
    };
    // Made before configs were pinned, its config outside: that config would refuse point 0's
    // run (population 12 there, not set in the run), as the command line's readers do.
    const fs::path old = s.root / "old";
    write(old / "sweep.json", sweep_json((s.outside / "q.yaml").string(), false));
    const auto finished = [&](const fs::path& sweep) {
        s.run(sweep.lexically_relative(s.root) / "point-000", "finished", 1);
        write(sweep / "point-000" / "summary.json",
              R"({"repeat": 0, "best_score": 12, "evaluations": 40, "seconds": 0.5})");
        write(sweep / "logs" / "point-000.txt", "== mazesearch run ...\nexit status 0\n");
    };
    finished(old);
    const ServedFolder folder(s.root);
    EXPECT_EQ(refusal([&] { folder.sweep("old"); }), std::make_pair(200, std::string()));
    EXPECT_EQ(refusal([&] { folder.run("old/point-000"); }), std::make_pair(200, std::string()));
    const SweepSpec spec = SweepSpec::from_json(read_json_file(old / "sweep.json"), "sweep.json");
    try {
        point_state(old, spec, spec.points[0]);
        ADD_FAILURE() << "the command line's reader read the config and did not refuse the run";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("population is not set there, 12 for the point"),
                  std::string::npos)
            << e.what();
    }
    // Pinned: its copy links out.
    const fs::path pinned = s.root / "pinned";
    write(pinned / "sweep.json", sweep_json("q.yaml", true));
    finished(pinned);
    fs::create_directories(pinned / "configs");
    fs::create_symlink(s.outside / "q.yaml", pinned / pinned_config_name(0, "q.yaml"));
    EXPECT_EQ(refusal([&] { folder.sweep("pinned"); }).first, 403);
    EXPECT_EQ(refusal([&] { folder.run("pinned/point-000"); }).first, 403);
    // The same bytes, a file of the sweep's own: read, and the run refused by name (422).
    fs::remove(pinned / pinned_config_name(0, "q.yaml"));
    write(pinned / pinned_config_name(0, "q.yaml"), text);
    const auto [status, why] = refusal([&] { folder.sweep("pinned"); });
    EXPECT_EQ(status, 422);
    EXPECT_NE(why.find("pinned/point-000: holds a run that is not this point's"), std::string::npos)
        << why;
}

// -inf is data ("-inf", as archive/index.csv writes it), never null (no score).
TEST(ServedRuns, ArchiveScoresAreWrittenAsTheArchiveIndexWritesThem) {
    const Served s("archive");
    const fs::path dir = s.run("cat1", "finished");
    write(dir / "archive" / "index.csv",
          "rank,value,evaluation,distance_to_best,file\n1,-inf,3,0,01.txt\n2,17.5,9,4,02.txt\n");
    write(dir / "archive" / "01.txt", kOptimum6);
    write(dir / "archive" / "02.txt", kOptimum6);
    const json archive = ServedFolder(s.root).run("cat1")["archive"];
    ASSERT_EQ(archive.size(), 2u);
    EXPECT_EQ(archive[0]["score"], "-inf");
    EXPECT_EQ(archive[0]["file"], "archive/01.txt");
    EXPECT_EQ(archive[1]["score"], 17.5);
}

// A message names the path as the request named it, never where a link leads.
TEST(ServedRuns, AnErrorNamesThePathAsTheRequestNamedIt) {
    const Served s("named");
    const fs::path dir = s.run("linklog", "finished");
    fs::remove(dir / "logbook.csv");
    fs::create_symlink(s.outside / "logbook.csv", dir / "logbook.csv");
    fs::create_symlink(s.outside, dir / "repeat-000");
    const ServedFolder folder(s.root);
    const auto [status, why] = refusal([&] { folder.logbook("linklog", ".", 0); });
    EXPECT_EQ(status, 403);
    EXPECT_EQ(why, "linklog/logbook.csv: a link that leads out of the served folder");
    const auto [rstatus, rwhy] = refusal([&] { folder.logbook("linklog", "repeat-000", 0); });
    EXPECT_EQ(rstatus, 403);
    EXPECT_EQ(rwhy, "linklog/repeat-000: a link that leads out of the served folder");
    EXPECT_EQ(refusal([&] { folder.logbook("linklog", "repeat-001", 0); }).first, 404);
}

// Every folder the scan finds is in the table: one whose view is refused says why, in the words
// of the view's refusal; a run's boards are parts of its view, shown or said why not.
TEST(ServedRuns, TheTableListsAFolderItsViewRefusesWithTheSameReason) {
    const Served s("table");
    fs::remove(s.run("yaml-out", "finished") / "config.yaml");
    fs::create_symlink(s.outside / "secret.txt", s.root / "yaml-out" / "config.yaml");
    const fs::path fifo = s.run("fifo-status", "finished") / "status";
    fs::remove(fifo);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const fs::path sweep = s.sweep("sweep-out");
    write(sweep / "point-000" / "config.json", R"({"name": "p", "repeats": 2, "seed": 1})");
    fs::create_directories(sweep / "point-000" / "repeat-000");
    fs::create_symlink(s.outside / "logbook.csv",
                       sweep / "point-000" / "repeat-000" / "logbook.csv");
    const ServedFolder folder(s.root);
    for (const auto& [path, view] : {std::pair<std::string, std::function<void()>>{
                                         "yaml-out", [&] { folder.run("yaml-out"); }},
                                     {"fifo-status", [&] { folder.run("fifo-status"); }},
                                     {"sweep-out", [&] { folder.sweep("sweep-out"); }}}) {
        const auto [status, why] = refusal(view);
        EXPECT_EQ(status, 403) << path;
        const json row = s.row(path);
        ASSERT_TRUE(row.is_object()) << path << " is left out of the table";
        EXPECT_EQ(row["status"], "unreadable") << path;
        EXPECT_EQ(row["error"], why) << path;
    }
    // Boards that cannot be read: the run is shown, each board said why not.
    const fs::path best = s.run("best-out", "finished");
    fs::create_symlink(s.outside / "secret.txt", best / "best.txt");
    write(best / "archive" / "index.csv",
          "rank,value,evaluation,distance_to_best,file\n1,5,1,0,01.txt\n2,4,2,1,02.txt\n");
    fs::create_symlink(s.outside / "secret.txt", best / "archive" / "01.txt");
    write(best / "archive" / "02.txt", kOptimum6);
    const json run = folder.run("best-out");
    EXPECT_TRUE(run["best_board"].is_null());
    EXPECT_EQ(run["best_board_error"],
              "best-out/best.txt: a link that leads out of the served folder");
    ASSERT_EQ(run["archive"].size(), 2u);
    EXPECT_TRUE(run["archive"][0]["board"].is_null());
    EXPECT_EQ(run["archive"][0]["error"],
              "best-out/archive/01.txt: a link that leads out of the served folder");
    EXPECT_EQ(run["archive"][1]["board"], kOptimum6);
    EXPECT_EQ(s.row("best-out")["status"], "finished");
    const fs::path archive_out = s.run("archive-out", "finished");
    write(s.outside / "archive" / "index.csv", "rank,value,evaluation,distance_to_best,file\n");
    fs::create_symlink(s.outside / "archive", archive_out / "archive");
    EXPECT_EQ(folder.run("archive-out")["archive_error"],
              "archive-out/archive/index.csv: a link that leads out of the served folder");
}

// One limit for a board file, the command's own reader's (1 MiB): blank lines may follow a board.
TEST(ServedRuns, ABoardFileIsReadAsTheCommandReadsOne) {
    const Served s("board");
    write(s.root / "long.txt", kOptimum6 + std::string(100 * 1024, '\n'));
    write(s.root / "huge.txt", kOptimum6 + std::string(std::size_t{1} << 20, '\n'));
    ServedFolder folder(s.root);
    EXPECT_EQ(folder.board("long.txt")["moves"], 115);
    const json boards = folder.boards()["boards"];
    ASSERT_EQ(boards.size(), 1u);
    EXPECT_EQ(boards[0]["path"], "long.txt");
    const auto [status, why] = refusal([&] { folder.board("huge.txt"); });
    EXPECT_EQ(status, 413);
    EXPECT_NE(why.find("1048576 bytes"), std::string::npos) << why;
}

// A file that is not what it should be is refused naming it (422), in the view and in the table;
// trying again would not help.
TEST(ServedRuns, AFileThatIsNotWhatItShouldBeIsNamedAndNotToldToTryAgain) {
    const Served s("malformed");
    write(s.sweep("not-a-spec") / "sweep.json", R"({"format": "mazesearch sweep"})");
    write(s.sweep("not-json") / "sweep.json", R"({"format": "mazes)");
    write(s.run("config-array", "finished") / "config.json", "[1, 2]");
    write(s.run("bad-summary", "finished") / "summary.json",
          R"({"repeat": 0, "best_score": 3, "evaluations": "many", "seconds": 1})");
    s.run("bad-status", "done");
    s.run("bad-point/point-001", "done");
    s.sweep("bad-point");
    const ServedFolder folder(s.root);
    for (const auto& [path, view, said] :
         {std::tuple<std::string, std::function<void()>, std::string>{
              "not-a-spec", [&] { folder.sweep("not-a-spec"); },
              "not-a-spec/sweep.json: not a sweep spec: "},
          {"not-json", [&] { folder.sweep("not-json"); }, "not-json/sweep.json: not valid JSON: "},
          {"config-array", [&] { folder.run("config-array"); },
           "config-array/config.json: not a JSON object"},
          {"bad-summary", [&] { folder.run("bad-summary"); },
           "bad-summary/summary.json: evaluations: expected a number, got \"many\""},
          {"bad-status", [&] { folder.run("bad-status"); },
           "bad-status/status: 'done' is not a status"},
          {"bad-point", [&] { folder.sweep("bad-point"); },
           "bad-point/point-001/status: 'done' is not a status"}}) {
        const auto [status, why] = refusal(view);
        EXPECT_EQ(status, 422) << path << ": " << why;
        EXPECT_EQ(why.rfind(said, 0), 0u) << why;
        EXPECT_EQ(why.find(s.root.string()), std::string::npos) << why;
        EXPECT_EQ(s.row(path)["status"], "unreadable") << path;
        EXPECT_EQ(s.row(path)["error"], why) << path;
    }
}

}  // namespace served_runs_test
}  // namespace maze::experiments
