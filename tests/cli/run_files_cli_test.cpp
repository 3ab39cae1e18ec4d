// The files a run leaves equal its final state, and a run folder pins what it depends on.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli_support.hpp"

namespace fs = std::filesystem;
using namespace maze::testing_support;

namespace run_files {

// (evaluation, value) of each board in archive/index.csv.
std::set<std::pair<std::uint64_t, std::string>> index_entries(const std::string& csv) {
    std::set<std::pair<std::uint64_t, std::string>> out;
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::istringstream cells(line);
        for (std::string c; std::getline(cells, c, ',');) f.push_back(c);
        if (f.size() == 5) out.insert({std::stoull(f[2]), f[1]});
    }
    return out;
}

std::string score_text(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

}  // namespace run_files

// The archive was written only when the best improved: boards that joined it after the last
// improvement never reached archive/ (index.csv differed from the final checkpoint's archive).
// Checkpoints every 10 ms write the best early; the archive goes on changing after it.
TEST(RunFiles, TheArchiveFolderEqualsTheFinalCheckpointsArchive) {
    const std::string config = write_temp("archive-late.yaml", R"(name: archive-late
seed: 1
threads: 1
target: {kind: mouse-maze, rows: 7, cols: 7}
optimizer: {kind: random, p_blocked: 0.3, batch: 64}
budget: {evaluations: 100000}
archive: {size: 12, distance: 3}
checkpoint_seconds: 0.01
)");
    int late_joiners = 0;
    for (int seed = 1; seed <= 4; ++seed) {
        const std::string dir = test_dir() + "/archive-late-" + std::to_string(seed);
        fs::remove_all(dir);
        const CmdResult r =
            run("run " + config + " --quiet seed=" + std::to_string(seed) + " output=" + dir);
        ASSERT_EQ(r.status, 0) << r.err;
        const nlohmann::json cp = nlohmann::json::parse(read_file(dir + "/checkpoint.json"));
        const nlohmann::json& archive = cp["evaluator"]["archive"];
        ASSERT_GE(archive.size(), 2u);
        std::set<std::pair<std::uint64_t, std::string>> want;
        for (const auto& a : archive)
            want.insert({a["evaluation"].get<std::uint64_t>(),
                         run_files::score_text(a["value"].get<double>())});
        EXPECT_EQ(run_files::index_entries(read_file(dir + "/archive/index.csv")), want)
            << "seed " << seed;
        // The case this test is about: a board that joined after the best was found.
        const std::uint64_t best_at = archive[0]["evaluation"].get<std::uint64_t>();
        for (const auto& a : archive)
            late_joiners += a["evaluation"].get<std::uint64_t>() > best_at;
    }
    EXPECT_GT(late_joiners, 0)
        << "no board joined the archive after the best: the case is untested";
}

namespace run_files {

std::string status_of(const std::string& dir) {
    std::string s = read_file(dir + "/status");
    while (!s.empty() && s.back() == '\n') s.pop_back();
    return s;
}

// A config of a minute's annealing on 9x9 that checkpoints every 50 ms.
std::string long_annealing(const std::string& name) {
    return write_temp(name + ".yaml", "name: " + name + R"(
seed: 1
threads: 1
target: {kind: mouse-maze, rows: 9, cols: 9}
optimizer: {kind: annealing, length: 100000000}
budget: {seconds: 60}
checkpoint_seconds: 0.05
)");
}

// A run of `config` into `dir` stopped with SIGINT once it has written a checkpoint.
void interrupt_once_checkpointed(const std::string& config, const std::string& dir,
                                 const std::vector<std::string>& overrides = {}) {
    std::vector<std::string> args{"run", config, "--quiet", "output=" + dir};
    args.insert(args.end(), overrides.begin(), overrides.end());
    Child child(args, dir + ".err");
    ASSERT_TRUE(child.wait_until([&] { return fs::exists(dir + "/checkpoint.json"); },
                                 std::chrono::minutes(2)))
        << read_file(dir + ".err");
    child.send(SIGINT);
    const ChildExit e = child.wait(std::chrono::minutes(2));
    ASSERT_TRUE(e.exited && e.code == 130) << e.describe() << read_file(dir + ".err");
    ASSERT_EQ(status_of(dir), "interrupted");
}

}  // namespace run_files

// A run pins the files it reads: resumed after its graph file changed (start and exit
// swapped), it went on with exit 0 and a best_score its best.txt does not have. Now resume names
// the file, changes nothing, and the run goes on once the file is back.
TEST(RunFiles, AResumeAfterAnInputFileChangedNamesTheFileAndChangesNothing) {
    const std::string graph = test_dir() + "/pinned-hex.json";
    fs::copy_file(kSourceDir + "/configs/graphs/hex-4.json", graph,
                  fs::copy_options::overwrite_existing);
    const std::string original = read_file(graph);
    const std::string config = write_temp("pinned.yaml",
                                          "name: pinned\nseed: 1\nthreads: 1\n"
                                          "target: {kind: graph, file: " +
                                              graph +
                                              ", delete: vertices}\n"
                                              "optimizer: {kind: annealing, length: 100000000}\n"
                                              "budget: {seconds: 3}\n"
                                              "checkpoint_seconds: 0.05\n");
    const std::string dir = test_dir() + "/pinned-run";
    fs::remove_all(dir);
    run_files::interrupt_once_checkpointed(config, dir);
    const nlohmann::json pinned = nlohmann::json::parse(read_file(dir + "/inputs.json"));
    EXPECT_EQ(pinned["target.file"]["path"], graph);
    EXPECT_EQ(pinned["target.file"]["bytes"], original.size());

    nlohmann::json edited = nlohmann::json::parse(original);
    std::swap(edited["start"], edited["exit"]);
    std::ofstream(graph, std::ios::binary) << edited.dump(1) << "\n";
    const std::string checkpoint = read_file(dir + "/checkpoint.json");
    const CmdResult refused = run("resume " + dir + " --quiet");
    EXPECT_EQ(refused.status, 2) << refused.err;
    EXPECT_NE(refused.err.find("target.file: " + graph + ": changed since the run started"),
              std::string::npos)
        << refused.err;
    EXPECT_EQ(run_files::status_of(dir), "interrupted");
    EXPECT_EQ(read_file(dir + "/checkpoint.json"), checkpoint);

    std::ofstream(graph, std::ios::binary) << original;
    const CmdResult resumed = run("resume " + dir + " --quiet");
    EXPECT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(run_files::status_of(dir), "finished");
    const nlohmann::json summary = nlohmann::json::parse(read_file(dir + "/summary.json"));
    const CmdResult walked = run("eval " + dir + "/best.txt --graph " + graph + " --json");
    ASSERT_EQ(walked.status, 0) << walked.err;
    EXPECT_NE(walked.out.find("\"moves\":" + summary["best_score"].dump().substr(
                                                 0, summary["best_score"].dump().find('.'))),
              std::string::npos)
        << walked.out << " vs " << summary["best_score"];
}

// A resume that cannot go on (both checkpoints unusable) changed nothing: the status stays
// interrupted (it became failed), and the advice names only files that exist.
TEST(RunFiles, AFailedResumeLeavesTheStatusAsItWasAndNamesOnlyFilesThatExist) {
    const std::string config = run_files::long_annealing("unusable");
    const std::string dir = test_dir() + "/unusable-run";
    fs::remove_all(dir);
    run_files::interrupt_once_checkpointed(config, dir);
    fs::remove(dir + "/checkpoint.prev.json");
    std::ofstream(dir + "/checkpoint.json") << "{ cut short";
    const CmdResult r = run("resume " + dir + " --quiet");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("no usable checkpoint"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("remove " + dir + "/checkpoint.json and resume again"), std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("checkpoint.prev.json"), std::string::npos) << r.err;
    EXPECT_EQ(run_files::status_of(dir), "interrupted");

    // A run whose process was killed says `running`; nothing runs in it after a failed resume.
    std::ofstream(dir + "/status") << "running\n";
    EXPECT_EQ(run("resume " + dir + " --quiet").status, 2);
    EXPECT_EQ(run_files::status_of(dir), "interrupted");
}

// Bad input of a run is found before anything is written, with exit 2 and the file named: a file
// key given a list, a graph whose exit cannot be reached, an infeasible initial board, an
// optimizer that cannot search the target, an annealing schedule without a length.
TEST(RunFiles, BadInputIsFoundBeforeTheRunFolderIsMade) {
    nlohmann::json graph =
        nlohmann::json::parse(read_file(kSourceDir + "/configs/graphs/lemma11-k3.json"));
    // The exit cut off: no edge reaches it.
    const std::string exit_id = graph["exit"].get<std::string>();
    nlohmann::json edges = nlohmann::json::array();
    for (const auto& e : graph["edges"])
        if (e[0] != exit_id && e[1] != exit_id) edges.push_back(e);
    graph["edges"] = edges;
    for (auto& [v, prefs] : graph["preferences"].items()) {
        nlohmann::json kept = nlohmann::json::array();
        for (const auto& w : prefs)
            if (w != exit_id) kept.push_back(w);
        prefs = kept;
    }
    graph["preferences"][exit_id] = nlohmann::json::array();
    const std::string cut_off = write_temp("cut-off.json", graph.dump());
    const std::string infeasible_board = write_temp("infeasible.txt", "S.#\n##.\nE#.\n");
    const std::pair<std::string, std::string> cases[] = {
        {"target: {kind: graph, file: [1, 2]}\noptimizer: {kind: random}\n"
         "budget: {evaluations: 100}\n",
         "target.file: expected a string, got a pair"},
        {"target: {kind: graph, file: " + cut_off +
             "}\noptimizer: {kind: random}\n"
             "budget: {evaluations: 100}\n",
         cut_off + ": the exit cannot be reached from the start even with nothing deleted"},
        {"target: {kind: mouse-maze, rows: 3, cols: 3}\noptimizer: {kind: genetic}\n"
         "budget: {evaluations: 100}\ninitial: " +
             infeasible_board + "\n",
         "initial: " + infeasible_board + ": the board is infeasible for this target"},
        {"target: {kind: passages, rows: 6, cols: 6}\noptimizer: {kind: exhaustive}\n"
         "budget: {evaluations: 100}\n",
         "exhaustive scores every board of passages one by one, which takes at most 30 genes; "
         "this one has 60"},
        {"target: {kind: mouse-maze, rows: 5, cols: 5}\noptimizer: {kind: annealing}\n"
         "budget: {stagnation: 1000}\n",
         "optimizer.length: needs length"},
    };
    int k = 0;
    for (const auto& [body, said] : cases) {
        const std::string config =
            write_temp("bad-" + std::to_string(k) + ".yaml", "name: bad\nseed: 1\n" + body);
        const std::string dir = test_dir() + "/bad-run-" + std::to_string(k++);
        fs::remove_all(dir);
        const CmdResult dry = run("run " + config + " --dry-run");
        EXPECT_EQ(dry.status, 2) << body << dry.err;
        EXPECT_NE(dry.err.find(said), std::string::npos) << dry.err;
        const CmdResult r = run("run " + config + " --quiet output=" + dir);
        EXPECT_EQ(r.status, 2) << body << r.err;
        EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
        EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
        EXPECT_FALSE(fs::exists(dir)) << body;
    }
}

// An annealing schedule on a budget of seconds alone runs (its temperature follows the share of
// the time gone); it failed at the first step with a `failed` folder left behind.
TEST(RunFiles, AnnealingOnASecondsBudgetRuns) {
    const std::string config = write_temp("anneal-seconds.yaml", R"(name: anneal-seconds
seed: 1
threads: 1
target: {kind: mouse-maze, rows: 6, cols: 6}
optimizer: {kind: annealing, acceptance: relative, t_start: 0.2, t_end: 0.001}
budget: {seconds: 0.5}
)");
    const std::string dir = test_dir() + "/anneal-seconds";
    fs::remove_all(dir);
    const CmdResult r = run("run " + config + " --quiet output=" + dir);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(run_files::status_of(dir), "finished");
    const nlohmann::json summary = nlohmann::json::parse(read_file(dir + "/summary.json"));
    EXPECT_GT(summary["evaluations"].get<long>(), 1000);
    EXPECT_GE(summary["best_score"].get<double>(), 60.0);  // random 6x6 boards reach about 40
}

// A line break in a path is refused, not folded: output=a<newline>b made the folder "a b".
TEST(RunFiles, APathWithALineBreakIsRefused) {
    const std::string config = kSourceDir + "/configs/paper/random.yaml";
    const CmdResult r = run("run " + config + " --dry-run 'output=a\nb'");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("a line break; an override is one key=value on one line"),
              std::string::npos)
        << r.err;
    const std::string quoted =
        write_temp("newline-output.yaml",
                   "name: x\noutput: \"a\\nb\"\ntarget: {kind: mouse-maze}\noptimizer: {kind: "
                   "random}\n");
    const CmdResult q = run("run " + quoted + " --dry-run");
    EXPECT_EQ(q.status, 2);
    EXPECT_NE(q.err.find(quoted + ":2: output: expected a path without control characters"),
              std::string::npos)
        << q.err;
}

// A board where a graph file belongs is said as such (it was a JSON syntax error).
TEST(RunFiles, AGraphTargetGivenABoardSaysSo) {
    const CmdResult r = run("run " + kSourceDir + "/configs/graphs/search-hex-4.yaml --dry-run " +
                            "target.file=" + kBoards + "optimum-5x5.txt");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("optimum-5x5.txt: a cell board; `target.file` of a graph target takes "
                         "graph files"),
              std::string::npos)
        << r.err;
}

// A checkpoint whose best score is not its best board's (hand-edited) is refused; it resumed and
// ended with that score, while the board scored less.
TEST(RunFiles, ACheckpointWhoseScoresAreNotItsBoardsIsRefused) {
    const std::string config = run_files::long_annealing("edited-score");
    const std::string dir = test_dir() + "/edited-score";
    fs::remove_all(dir);
    run_files::interrupt_once_checkpointed(config, dir);
    for (const char* name : {"/checkpoint.json", "/checkpoint.prev.json"}) {
        if (!fs::exists(dir + name)) continue;
        nlohmann::json cp = nlohmann::json::parse(read_file(dir + name));
        cp["evaluator"]["best_score"] = cp["evaluator"]["best_score"].get<double>() + 1000;
        std::ofstream(dir + name, std::ios::binary) << cp.dump();
    }
    const CmdResult r = run("resume " + dir + " --quiet");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("best score is "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(", but its best board scores "), std::string::npos) << r.err;
    EXPECT_EQ(run_files::status_of(dir), "interrupted");
}
