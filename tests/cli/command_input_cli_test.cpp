// End-to-end tests of what the commands take: the kind of each file they read (cell boards,
// passage boards, graph files), refused by kind with exit status 2 before anything is written;
// numeric options that must be finite; lists of files that need files; and errors that speak as
// every other error does ("mazesearch: error: ..." on standard error, nothing on standard output).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/models/hex/hex_walk.hpp"

// Named, not anonymous: the cli tests are a unity build.
namespace command_input_cli {

using maze::testing_support::CmdResult;
using maze::testing_support::kBoards;
using maze::testing_support::kSourceDir;
using maze::testing_support::read_file;
using maze::testing_support::run;
using maze::testing_support::run_with_input;
using maze::testing_support::test_dir;
using maze::testing_support::write_temp;

const std::string kCellBoard = kBoards + "figure1-13x13.txt";            // 180 moves
const std::string kPassageBoard = kBoards + "passages-optimum-4x4.txt";  // 86 moves
const std::string kGraphFile = kSourceDir + "/configs/graphs/hex-4.json";

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// A refusal as every error is made: status 2, one "mazesearch: error: " line first on standard
// error, nothing on standard output.
void expect_error(const CmdResult& r, const std::string& args, const std::string& message) {
    EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_EQ(r.err.rfind("mazesearch: error: ", 0), 0u) << args << "\n" << r.err;
    EXPECT_TRUE(contains(r.err, message)) << args << "\nexpected: " << message << "\n" << r.err;
}

std::string fresh_path(const std::string& name) {
    const std::string path = test_dir() + "/" + name;
    std::filesystem::remove_all(path);
    return path;
}

// A hex board (models/hex/) is told by its first line and taken by eval, render, make-graph
// board, bench and neighbourhood; its graph file walks the same as the board.
TEST(CommandInputCli, HexBoardsAreEvaluatedDrawnAndWrittenAsGraphs) {
    const std::string hex = kSourceDir + "/configs/hex/open-3x3.txt";
    const CmdResult e = run("eval --json " + hex);
    ASSERT_EQ(e.status, 0) << e.err;
    EXPECT_TRUE(contains(e.out, "\"kind\":\"hex\",\"rows\":3,\"cols\":3")) << e.out;
    EXPECT_TRUE(contains(e.out, "\"moves\":11,")) << e.out;
    EXPECT_EQ(run("eval --check " + hex).status, 0);
    const std::string json = fresh_path("hex3.json");
    ASSERT_EQ(run("make-graph board --board " + hex + " -o " + json).status, 0);
    const CmdResult g = run("eval --json " + json);
    ASSERT_EQ(g.status, 0) << g.err;
    EXPECT_TRUE(contains(g.out, "\"moves\":11,")) << g.out;
    const std::string svg = fresh_path("hex3.svg");
    const CmdResult r = run("render " + hex + " -o " + svg);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(std::filesystem::exists(svg));
    const CmdResult bench = run("bench --model hex --seconds 0.01 --json");
    ASSERT_EQ(bench.status, 0) << bench.err;
    EXPECT_TRUE(contains(bench.out, "{\"kind\":\"hex\",\"convention\":\"paper\",\"signature\":" +
                                        std::to_string(maze::BenchSample<maze::HexCellBoard>::signature) + ",\"boards\":32"))
        << bench.out;
    const CmdResult one = run("bench --seconds 0.01 --boards " + hex);
    ASSERT_EQ(one.status, 0) << one.err;
    EXPECT_TRUE(contains(one.out, "bench: 1 hex boards, signature 11 moves")) << one.out;
    // neighbourhood: the open 3x3 board is the optimum, no board within distance 2 is better.
    const CmdResult near = run("neighbourhood " + hex + " --radius 2");
    ASSERT_EQ(near.status, 0) << near.err;
    EXPECT_TRUE(contains(near.out, "a local optimum")) << near.out;
}

// bench --model takes the models the table of file kinds gives a bench, each walking its own
// built-in set; graph files have none.
TEST(CommandInputCli, BenchModelsAreTheFileModelsWithABench) {
    for (const auto& [model, signature] :
         {std::pair{"cells", maze::BenchSample<maze::Board>::signature},
          {"passages", maze::BenchSample<maze::PassageBoard>::signature},
          {"hex", maze::BenchSample<maze::HexCellBoard>::signature}}) {
        const CmdResult b = run(std::string("bench --seconds 0.01 --json --model ") + model);
        ASSERT_EQ(b.status, 0) << model << ": " << b.err;
        EXPECT_TRUE(contains(b.out, "\"signature\":" + std::to_string(signature) + ",")) << b.out;
    }
    const CmdResult graph = run("bench --seconds 0.01 --model graph");
    EXPECT_NE(graph.status, 0);
    EXPECT_TRUE(contains(graph.err, "{cells,passages,hex}")) << graph.err;
}

TEST(CommandInputCli, NeighbourhoodTakesBoardsNotGraphFiles) {
    const std::string args = "neighbourhood " + kGraphFile;
    expect_error(run(args), args, kGraphFile + ": a graph file");
    expect_error(run(args), args, "; neighbourhood takes cell boards, passage boards and hex boards");
}

// render takes every board model: a graph file is drawn at its coordinates with its walk's visits,
// from a file or from standard input alike.
TEST(CommandInputCli, RenderDrawsAGraphFile) {
    const std::string out = fresh_path("render_graph.svg");
    const CmdResult r = run("render " + kGraphFile + " -o " + out);
    ASSERT_EQ(r.status, 0) << r.err;
    const CmdResult walked = run("eval --json " + kGraphFile);
    ASSERT_EQ(walked.status, 0) << walked.err;
    const std::string moves = std::to_string(nlohmann::json::parse(walked.out)["moves"].get<int>());
    EXPECT_TRUE(contains(r.out, "wrote " + out + " (" + moves + " moves)")) << r.out;
    const std::string svg = read_file(out);
    EXPECT_TRUE(contains(svg, "<svg")) << svg.substr(0, 200);
    EXPECT_TRUE(contains(svg, kGraphFile + ": " + moves + " moves")) << svg.substr(0, 600);
    const std::string in_out = fresh_path("render_graph_stdin.svg");
    const CmdResult in = run_with_input("render - -o " + in_out, read_file(kGraphFile));
    ASSERT_EQ(in.status, 0) << in.err;
    EXPECT_TRUE(contains(read_file(in_out), "-: " + moves + " moves"));
}

TEST(CommandInputCli, BenchBoardsRefusesAGraphFileBeforeAnyWork) {
    const std::string args = "bench --seconds 0.01 --boards " + kCellBoard + " " + kGraphFile;
    expect_error(run(args), args,
                 kGraphFile +
                     ": a graph file (it starts with '{'); bench --boards takes cell "
                     "boards, passage boards and hex boards");
}

TEST(CommandInputCli, MakeGraphBoardTakesCellAndHexBoardsOnly) {
    for (const auto& [file, kind] : {std::pair{kPassageBoard, std::string("a passage board")},
                                     std::pair{kGraphFile, std::string("a graph file")}}) {
        const std::string out = fresh_path("made.json");
        const std::string args = "make-graph board --board " + file + " -o " + out;
        expect_error(run(args), args,
                     file + ": " + kind + " (it starts with '" + (file == kGraphFile ? "{" : "+") +
                         "'); make-graph board --board takes cell boards and hex boards");
        EXPECT_FALSE(std::filesystem::exists(out)) << args;
    }
}

TEST(CommandInputCli, EvalGraphRefusesBoardsBeforePrintingAny) {
    // The good graph file comes first: the board after it is refused before it is walked.
    const std::string args = "eval --graph " + kGraphFile + " " + kPassageBoard;
    expect_error(run(args), args, kPassageBoard + ": a passage board");
    expect_error(run(args), args, "; eval --graph takes graph files");
    const std::string cells = "eval --graph " + kCellBoard;
    expect_error(run(cells), cells, kCellBoard + ": a cell board; eval --graph takes graph files");
}

TEST(CommandInputCli, EvalTellsAGraphFileOnStandardInputWithoutGraph) {
    const CmdResult file = run("eval " + kGraphFile);
    ASSERT_EQ(file.status, 0) << file.err;
    const CmdResult in = run_with_input("eval -", read_file(kGraphFile));
    EXPECT_EQ(in.status, 0) << in.err;
    // The same report, named <stdin>.
    EXPECT_EQ(in.out, "<stdin>" + file.out.substr(kGraphFile.size())) << in.out;
}

TEST(CommandInputCli, ARunsInitialBoardMustBeOfItsTargetsKind) {
    const std::string cells = kSourceDir + "/configs/paper/genetic.yaml";
    const std::string passages = kSourceDir + "/configs/passages/annealing.yaml";
    struct Case {
        std::string config, initial, message;
    };
    for (const Case& c :
         {Case{cells, kPassageBoard,
               kPassageBoard + ": a passage board (it starts with '+'); `initial:` of a "
                               "mouse-maze target takes cell boards"},
          Case{passages, kCellBoard,
               kCellBoard + ": a cell board; `initial:` of a passages target takes passage "
                            "boards"}}) {
        const std::string out = fresh_path("initial_run");
        const std::string args = "run " + c.config +
                                 " repeats=1 budget.evaluations=1000 initial=" + c.initial +
                                 " output=" + out;
        expect_error(run(args), args, c.message);
    }
}

TEST(CommandInputCli, EachCommandsHelpSaysWhichKindsItTakes) {
    struct Case {
        std::string command;
        std::vector<std::string> phrases;
    };
    for (const Case& c :
         {Case{"eval", {"cell boards, passage boards, graph files and hex boards"}},
          Case{"render", {"A cell board, a passage board, a graph file or a hex board"}},
          Case{"bench", {"cell boards, passage boards or hex boards", "not graph files"}},
          Case{"neighbourhood", {"A cell board, a passage board or a hex board", "not graph files"}},
          Case{"make-graph", {"a cell board or a hex board", "not passage boards or graph files"}}}) {
        const CmdResult r = run(c.command + " --help");
        EXPECT_EQ(r.status, 0) << c.command;
        for (const std::string& p : c.phrases)
            EXPECT_TRUE(contains(r.out, p)) << c.command << " --help lacks: " << p << "\n" << r.out;
    }
}

TEST(CommandInputCli, BenchSecondsMustBeAFiniteNumberInRange) {
    for (const std::string v : {"nan", "NaN", "-nan", "inf", "-inf", "-1", "0", "1e9"}) {
        const std::string args = "bench --seconds " + v;
        const CmdResult r = run(args);
        EXPECT_EQ(r.status, 2) << args << "\n" << r.out << r.err;
        EXPECT_EQ(r.out, "") << args;
        EXPECT_TRUE(contains(r.err, "--seconds")) << args << "\n" << r.err;
    }
    const CmdResult nan = run("bench --seconds nan");
    EXPECT_TRUE(contains(nan.err, "a finite number")) << nan.err;
}

// Thread counts follow one rule everywhere (thread_count.hpp): 0 for every core, 1 to 1024;
// beyond, an error naming the option and the value (enumerate and neighbourhood took up to 4096,
// which made TBB reserve an arena of that size; a config takes the same rule).
TEST(CommandInputCli, ThreadCountsFollowTheOneRule) {
    const std::string expected = "expected 0 (every core) or 1 to 1024 threads, got ";
    for (const std::string value : {"1025", "4096", "100000", "-1", "99999999999999999999"}) {
        for (const std::string& command :
             std::vector<std::string>{"enumerate --rows 3 --cols 3 --json",
                                      "neighbourhood " + kCellBoard, "bench --seconds 0.01"}) {
            const std::string args = command + " --threads " + value;
            expect_error(run(args), args, "--threads: " + expected + value);
        }
        const std::string args = "run " + kSourceDir + "/configs/quickstart.yaml threads=" + value +
                                 " output=" + fresh_path("threads_rule_run");
        // A YAML integer past 2^64 is a floating-point number: shown as one.
        expect_error(run(args), args, "threads: " + expected + (value[0] == '9' ? "1e+20" : value));
        EXPECT_FALSE(std::filesystem::exists(test_dir() + "/threads_rule_run")) << args;
    }
    const CmdResult most = run("enumerate --rows 3 --cols 3 --json --threads 1024");
    EXPECT_EQ(most.status, 0) << most.err;
    EXPECT_EQ(nlohmann::json::parse(most.out).at("optimum"), 10);
}

// A node index's check said "not in range 0.000000 to 1797693134862315708145274237317043567980
// ...[300 digits].000000" (CLI::NonNegativeNumber): the bound is an int's, said as one.
TEST(CommandInputCli, CatMouseNodesSayTheirRealRange) {
    const std::string graph = write_temp("nodes.json", "[[1,2],[0,2],[0,1]]\n");
    for (const std::string option : {"--mouse", "--cat", "--hole"}) {
        const std::string args = "solve cat-mouse " + graph + " " + option + " -4294967295";
        expect_error(run(args), args, option + ": Value -4294967295 not in range 0 to 2147483647");
    }
    const std::string args = "solve cat-mouse " + graph + " --mouse 5";
    expect_error(run(args), args, "--mouse 5 is not a node of the graph (its nodes are 0..2)");
}

// The run's report printed its seconds budget with %g: 0.0123456789 s as 0.0123457 s.
TEST(CommandInputCli, TheReportSaysTheBudgetAsGiven) {
    const std::string out = fresh_path("report_budget");
    const CmdResult r = run("run " + kSourceDir +
                            "/configs/quickstart.yaml budget.seconds=0.0123456789 threads=1 "
                            "output=" +
                            out);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "(stopped by its budget of 0.0123456789 s:")) << r.out;
}

TEST(CommandInputCli, BenchBoardsNeedsFilesAndLeavesTheNextOptionAlone) {
    for (const std::string args :
         {"bench --boards --seconds 0.2", "bench --boards", "bench --json --boards --threads 1"}) {
        const CmdResult r = run(args);
        EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
        EXPECT_EQ(r.out, "") << args;
        EXPECT_TRUE(contains(r.err, "--boards needs at least one board file")) << args << r.err;
        EXPECT_FALSE(contains(r.err, "cannot open")) << args << "\n" << r.err;
    }
    // An option after the files is read as an option.
    const CmdResult ok = run("bench --boards " + kCellBoard + " --seconds 0.01 --json");
    EXPECT_EQ(ok.status, 0) << ok.err;
    EXPECT_TRUE(contains(ok.out, "\"signature\":180")) << ok.out;
}

// A run folder as summarize reads it: config.json and summary.json.
std::string fake_run(const std::string& name) {
    const std::string dir = fresh_path(name);
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/config.json") << R"({"name": "fake", "label": "fake run"})";
    std::ofstream(dir + "/summary.json")
        << R"({"best_score": 42, "evaluations": 1000, "seconds": 0.5})";
    return dir;
}

TEST(CommandInputCli, SummarizeOptimumMustBeANumber) {
    const std::string dir = fake_run("summarize_optimum");
    const CmdResult good = run("summarize --optimum 42 " + dir);
    EXPECT_EQ(good.status, 0) << good.err;
    EXPECT_TRUE(contains(good.out, "| fake run |")) << good.out;
    const std::string args = "summarize --optimum nan " + dir;
    const CmdResult r = run(args);
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(contains(r.err, "--optimum")) << r.err;
}

TEST(CommandInputCli, SummarizeOfAMissingFolderPrintsNoTable) {
    const std::string good = fake_run("summarize_good");
    const std::string missing = fresh_path("summarize_missing");
    for (const std::string& args : {"summarize " + missing, "summarize " + good + " " + missing})
        expect_error(run(args), args, missing + ": not a run folder (no such folder)");
    const std::string file = write_temp("summarize_file.txt", "not a folder\n");
    expect_error(run("summarize " + file), "summarize FILE", file + ": not a run folder");
}

TEST(CommandInputCli, RenderWithoutAnOutputFileSpeaksAsEveryError) {
    const std::string args = "render " + kCellBoard;
    expect_error(run(args), args, "--output is required");
}

TEST(CommandInputCli, EvalHelpFinishesItsSentenceAboutGraphFiles) {
    const CmdResult r = run("eval --help");
    ASSERT_EQ(r.status, 0);
    const size_t at = r.out.find("--graph");
    ASSERT_NE(at, std::string::npos) << r.out;
    const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
    EXPECT_FALSE(contains(line, "'{' are")) << line;  // the sentence cut off before
    EXPECT_TRUE(contains(line, "refused")) << line;
}

TEST(CommandInputCli, APassageRunDrawsItsBestBoardAsTheFormatsSay) {
    const std::string out = fresh_path("passage_run");
    const CmdResult r =
        run("run " + kSourceDir +
            "/configs/passages/annealing.yaml budget.evaluations=2000 --quiet output=" + out);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string svg = read_file(out + "/best.svg");
    EXPECT_EQ(svg.rfind("<?xml", 0), 0u) << svg.substr(0, 80);
    EXPECT_TRUE(contains(svg, "<svg")) << svg.substr(0, 200);
    // docs/formats.md's run folder table says so too.
    const std::string formats = read_file(kSourceDir + "/docs/formats.md");
    const size_t row = formats.find("| `best.svg` |");
    ASSERT_NE(row, std::string::npos);
    const std::string line = formats.substr(row, formats.find('\n', row) - row);
    EXPECT_FALSE(contains(line, "not for `passages`")) << line;
}

// A hex run (configs/hex/): its best board is a hex board file whose walk is the run's best score,
// drawn as hexagons; it starts from a hex board given as `initial:`, and refuses a cell board
// there by its kind before anything is written.
TEST(CommandInputCli, AHexRunWritesAHexBoardThatEvalWalksToItsScore) {
    const std::string config = kSourceDir + "/configs/hex/13x13-annealing.yaml";
    const std::string out = fresh_path("hex_run");
    const CmdResult r = run("run " + config + " budget.evaluations=20000 --quiet output=" + out);
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json summary = nlohmann::json::parse(read_file(out + "/summary.json"));
    EXPECT_EQ(summary["target"], "hex");
    const CmdResult e = run("eval --json " + out + "/best.txt");
    ASSERT_EQ(e.status, 0) << e.err;
    const nlohmann::json walk = nlohmann::json::parse(e.out);
    EXPECT_EQ(walk["kind"], "hex");
    EXPECT_EQ(walk["moves"].get<double>(), summary["best_score"].get<double>());
    EXPECT_GT(walk["moves"].get<double>(), 100);
    EXPECT_TRUE(contains(read_file(out + "/best.svg"), "<polygon"));

    const std::string again = fresh_path("hex_run_initial");
    const CmdResult i = run("run " + config + " budget.evaluations=2000 --quiet initial=" + out +
                            "/best.txt output=" + again);
    ASSERT_EQ(i.status, 0) << i.err;
    EXPECT_GE(nlohmann::json::parse(read_file(again + "/summary.json"))["best_score"].get<double>(),
              summary["best_score"].get<double>());
    const std::string refused = fresh_path("hex_run_cells");
    const std::string args = "run " + config + " initial=" + kCellBoard + " output=" + refused;
    expect_error(run(args), args,
                 kCellBoard + ": a cell board; `initial:` of a hex target takes hex boards");
    EXPECT_FALSE(std::filesystem::exists(refused));
}

// A word where a command is expected that is none of them is named, with the nearest command (a
// prefix either way, or a few edits off), at the top level and under solve and play; nothing near
// lists the commands.
TEST(CommandInputCli, AnUnknownCommandIsNamedWithTheNearestOne) {
    struct Case {
        std::string args, message;
    };
    const std::vector<Case> cases = {
        {"evaluate x", "'evaluate' is not a command of mazesearch; did you mean 'eval'?"},
        {"-q sumarize x", "'sumarize' is not a command of mazesearch; did you mean 'summarize'?"},
        {"neighborhood b.txt", "did you mean 'neighbourhood'?"},
        {"solve cat-mous g.json",
         "'cat-mous' is not a command of mazesearch solve; did you mean 'cat-mouse'?"},
        {"play cat", "did you mean 'cat-trap'?"},
        {"zzzz", "'zzzz' is not a command of mazesearch; the commands: eval, render"},
        {"", "no command given to mazesearch; the commands: eval, render"},
        {"solve", "no command given to mazesearch solve; the commands: cat-mouse"},
        // an empty word is near nothing; an unknown option before the command is itself named
        {"'' x", "'' is not a command of mazesearch; the commands: eval"},
        {"--bogus x", "unknown option '--bogus' before the command (mazesearch's own: "},
        {"solve --x cat-mouse", "unknown option '--x' before the command (mazesearch solve's"},
    };
    for (const Case& c : cases) expect_error(run(c.args), c.args, c.message);
    // Words that name commands go on to the command's own checks.
    EXPECT_EQ(run("eval " + kCellBoard).status, 0);
    EXPECT_EQ(run("-q -v eval " + kCellBoard).status,
              0);  // the top level's flags, then the command
    EXPECT_EQ(run("--version").status, 0);
}

}  // namespace command_input_cli
