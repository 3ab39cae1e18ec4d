// End-to-end tests of the `mazesearch` command: outputs, JSON Lines, exit statuses.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_support.hpp"
#include "mazesearch/engine/bench_boards.hpp"
#include "xml_check.hpp"

using maze::testing_support::Child;
using maze::testing_support::ChildExit;
using maze::testing_support::CmdResult;
using maze::testing_support::kBin;
using maze::testing_support::kBoards;
using maze::testing_support::kSourceDir;
using maze::testing_support::read_file;
using maze::testing_support::run;
using maze::testing_support::write_temp;

TEST(Cli, EvalPrintsMovesFlashAndFeasibility) {
    const CmdResult r = run("eval " + kBoards + "figure1-13x13.txt " + kBoards + "optimum-6x6.txt");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("figure1-13x13.txt: 180 moves (paper convention), Flash 182, feasible"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("optimum-6x6.txt: 115 moves"), std::string::npos) << r.out;
}

TEST(Cli, EvalJsonLinesInArgumentOrderWithInfeasibleAsNull) {
    const std::string blocked = write_temp("blocked.txt", "S#.\n##.\nE..\n");
    const CmdResult r = run("eval --json " + kBoards + "optimum-5x5.txt " + blocked + " " +
                            kBoards + "blank-13x13.txt");
    EXPECT_EQ(r.status, 0) << r.err;
    std::istringstream lines(r.out);
    std::string l1, l2, l3;
    std::getline(lines, l1);
    std::getline(lines, l2);
    std::getline(lines, l3);
    EXPECT_NE(l1.find("\"moves\":52"), std::string::npos) << l1;
    EXPECT_NE(l1.find("\"flash\":54"), std::string::npos) << l1;
    EXPECT_NE(l1.find("\"feasible\":true"), std::string::npos) << l1;
    EXPECT_NE(l1.find("optimum-5x5.txt\""), std::string::npos) << l1;
    EXPECT_NE(l2.find("\"feasible\":false"), std::string::npos) << l2;
    EXPECT_NE(l2.find("\"moves\":null"), std::string::npos) << l2;
    EXPECT_NE(l2.find("\"flash\":null"), std::string::npos) << l2;
    EXPECT_NE(l3.find("\"moves\":12"), std::string::npos) << l3;
    EXPECT_NE(l3.find("\"flash\":14"), std::string::npos) << l3;
}

TEST(Cli, EvalVisitsGrid) {
    const CmdResult r = run("eval --visits " + kBoards + "optimum-5x5.txt");
    EXPECT_EQ(r.status, 0) << r.err;
    // Five grid rows after the summary line and the most-visits line; blocked cells '#', the
    // exit 'E'.
    std::istringstream lines(r.out);
    std::string line;
    int rows = 0;
    std::getline(lines, line);
    std::getline(lines, line);
    EXPECT_EQ(line.rfind("most visits: ", 0), 0u) << r.out;
    while (std::getline(lines, line)) ++rows;
    EXPECT_EQ(rows, 5) << r.out;
    EXPECT_NE(r.out.find("E"), std::string::npos);
    EXPECT_NE(r.out.find("#"), std::string::npos);
}

TEST(Cli, EvalKmodReportsTrapping) {
    // A 2-mod mouse: trapped is a key, and a trapped mouse has null moves.
    const CmdResult r = run("eval --json --kmod 2 " + kBoards + "figure1-13x13.txt");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("\"trapped\":"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"kmod\":2"), std::string::npos) << r.out;
    const bool trapped = r.out.find("\"trapped\":true") != std::string::npos;
    EXPECT_EQ(trapped, r.out.find("\"moves\":null") != std::string::npos) << r.out;
    // A modulus larger than any visit count is the ordinary mouse.
    const CmdResult big = run("eval --json --kmod 1000 " + kBoards + "figure1-13x13.txt");
    EXPECT_NE(big.out.find("\"moves\":180"), std::string::npos) << big.out;
    EXPECT_NE(big.out.find("\"trapped\":false"), std::string::npos) << big.out;
}

TEST(Cli, BadFileStopsWithStatusTwoAfterEarlierBoards) {
    const std::string bad = write_temp("ragged.txt", "S..\n..\nE..\n");
    const CmdResult r =
        run("eval " + kBoards + "optimum-5x5.txt " + bad + " " + kBoards + "optimum-6x6.txt");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("52 moves"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("115 moves"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("ragged.txt:2:"), std::string::npos) << r.err;
    const CmdResult missing = run("eval /nonexistent/board.txt");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("/nonexistent/board.txt"), std::string::npos) << missing.err;
}

TEST(Cli, UsageErrorsAreStatusTwoAndHelpIsZero) {
    EXPECT_EQ(run("").status, 2);
    EXPECT_EQ(run("frobnicate").status, 2);
    EXPECT_EQ(run("eval").status, 2);
    EXPECT_EQ(run("eval --kmod 1 x.txt").status, 2);
    EXPECT_EQ(run("render " + kBoards + "optimum-5x5.txt").status, 2);  // no -o
    for (const char* sub : {"eval", "render", "bench"}) {
        const CmdResult h = run(std::string(sub) + " --help");
        EXPECT_EQ(h.status, 0) << sub;
        EXPECT_NE(h.out.find("Usage"), std::string::npos) << sub << h.out;
    }
    EXPECT_EQ(run("--help").status, 0);
}

TEST(Cli, RenderWritesAnSvgWithTheScore) {
    const std::string out = maze::testing_support::test_dir() + "/fig1.svg";
    const CmdResult r = run("render " + kBoards + "figure1-13x13.txt -o " + out);
    EXPECT_EQ(r.status, 0) << r.err;
    std::ifstream f(out);
    std::stringstream ss;
    ss << f.rdbuf();
    const std::string svg = ss.str();
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_NE(svg.find("180 moves"), std::string::npos);
    EXPECT_NE(svg.find("</svg>"), std::string::npos);
    const CmdResult bad = run("render " + kBoards + "optimum-5x5.txt -o /nonexistent/dir/x.svg");
    EXPECT_EQ(bad.status, 2);
}

namespace {

std::string read_file(const std::filesystem::path& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

std::string shell_quoted(const std::string& s) {
    std::string out = "'";
    for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

// render --kmod K colours the k-mod mouse's walk, as eval --kmod walks it: a modulus above every
// count draws Squeaky's own walk, a trapped walk is drawn up to the repeat its title names.
TEST(Cli, RenderKmodDrawsTheKmodWalk) {
    const std::string board = kBoards + "optimum-6x6.txt";
    const std::string plain = maze::testing_support::test_dir() + "/plain.svg";
    const std::string big = maze::testing_support::test_dir() + "/kmod1000.svg";
    const std::string three = maze::testing_support::test_dir() + "/kmod3.svg";
    ASSERT_EQ(run("render " + board + " -o " + plain + " --title t").status, 0);
    ASSERT_EQ(run("render " + board + " --kmod 1000 -o " + big + " --title t").status, 0);
    EXPECT_EQ(read_file(big), read_file(plain));
    const CmdResult r = run("render " + board + " --kmod 3 -o " + three);
    ASSERT_EQ(r.status, 0) << r.err;
    const CmdResult e = run("eval --kmod 3 " + board);
    ASSERT_NE(e.out.find("3-mod mouse trapped (a state repeated after 69 moves)"),
              std::string::npos) << e.out;
    EXPECT_NE(r.out.find("(3-mod mouse trapped after 69 moves)"), std::string::npos) << r.out;
    EXPECT_NE(read_file(three).find("3-mod mouse trapped after 69 moves"), std::string::npos);
    EXPECT_NE(read_file(three), read_file(plain));
    EXPECT_EQ(run("render " + board + " --kmod 1 -o " + three).status, 2);
}

// Every picture committed beside its board (results/**/NAME.svg next to NAME.txt) is what
// `render` draws today, given the picture's own title. (Not the report's figures, which
// matplotlib draws: results/paper/figures/, checked by the ctest paper_tiny.)
TEST(Cli, RenderRedrawsTheCommittedPicturesByteForByte) {
    namespace fs = std::filesystem;
    const std::string out = maze::testing_support::test_dir() + "/redrawn.svg";
    const fs::path report_figures = fs::path(kSourceDir) / "results" / "paper" / "figures";
    int checked = 0;
    for (const auto& entry : fs::recursive_directory_iterator(kSourceDir + "/results")) {
        const fs::path svg_path = entry.path();
        if (!entry.is_regular_file() || svg_path.extension() != ".svg") continue;
        if (svg_path.parent_path() == report_figures) continue;
        const fs::path board = fs::path(svg_path).replace_extension(".txt");
        ASSERT_TRUE(fs::exists(board)) << svg_path << " has no board beside it";
        const std::string committed = read_file(svg_path);
        const maze::testing_support::XmlDocument doc = maze::testing_support::parse_xml(committed);
        ASSERT_TRUE(doc.ok()) << svg_path << ": " << doc.error;
        ASSERT_EQ(doc.count("title"), 1) << svg_path;
        const CmdResult r =
            run("render " + shell_quoted(board.string()) + " -o " + shell_quoted(out) +
                " --title " + shell_quoted(doc.all("title")[0]->text));
        ASSERT_EQ(r.status, 0) << svg_path << ": " << r.err;
        EXPECT_EQ(read_file(out), committed) << svg_path << " is not what render draws";
        ++checked;
    }
    EXPECT_GE(checked, 14);  // the 13x13 records, max visits, passages and the 7x7 optimum
}

// A run stopped by a budget of seconds says that how far it got depends on the machine; one
// stopped by its evaluations does not.
TEST(Cli, ARunOnASecondsBudgetSaysItsResultDependsOnTheMachine) {
    const std::string cfg = std::string(MAZESEARCH_SOURCE_DIR) + "/configs/quickstart.yaml";
    const std::string dir = maze::testing_support::test_dir() + "/seconds_budget";
    std::filesystem::remove_all(dir);
    const CmdResult timed = run("run " + cfg + " budget.seconds=0.5 output=" + dir + "/timed");
    ASSERT_EQ(timed.status, 0) << timed.err;
    EXPECT_NE(timed.out.find("stopped by its budget of 0.5 s: how far it got depends on this "
                             "machine's speed and load"),
              std::string::npos)
        << timed.out;
    const CmdResult counted = run("run " + cfg + " budget.seconds=null budget.evaluations=5000 " +
                                  "output=" + dir + "/counted");
    ASSERT_EQ(counted.status, 0) << counted.err;
    EXPECT_EQ(counted.out.find("stopped by its budget"), std::string::npos) << counted.out;
}

TEST(Cli, BenchJsonHasTheSignatureAndSpeed) {
    const CmdResult r = run("bench --json --seconds 0.05");
    EXPECT_EQ(r.status, 0) << r.err;
    // The number pinned in bench_boards.hpp (and checked through the library by engine_tests).
    EXPECT_NE(r.out.find("\"signature\":" + std::to_string(maze::BenchSample<maze::Board>::signature)),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\"moves_per_second\":"), std::string::npos) << r.out;
}

TEST(Cli, EvalReadsStandardInput) {
    const CmdResult r = run("eval - < " + kBoards + "optimum-6x6.txt");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("<stdin>: 115 moves"), std::string::npos) << r.out;
}

TEST(Cli, NeighbourhoodOfTheSixBySixOptimumHasNothingBetter) {
    const CmdResult r = run("neighbourhood " + kBoards + "optimum-6x6.txt --radius 2 --json");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("\"centre\":115"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"ball_size\":595"), std::string::npos) << r.out;  // C(34,1) + C(34,2)
    EXPECT_NE(r.out.find("\"better\":0"), std::string::npos) << r.out;       // a global optimum
    EXPECT_NE(r.out.find("\"histogram\":{"), std::string::npos) << r.out;
    const CmdResult bad = run("neighbourhood " + kBoards + "optimum-6x6.txt --radius 4");
    EXPECT_EQ(bad.status, 2);
}

TEST(Cli, RunDryRunAndConfigErrors) {
    const std::string cfg = std::string(MAZESEARCH_SOURCE_DIR) + "/configs/paper/genetic.yaml";
    const CmdResult dry = run("run " + cfg + " seed=42 optimizer.mutation=0.03 --dry-run");
    EXPECT_EQ(dry.status, 0) << dry.err;
    EXPECT_NE(dry.out.find("seed: 42"), std::string::npos) << dry.out;
    EXPECT_NE(dry.out.find("mutation: 0.03"), std::string::npos) << dry.out;
    const CmdResult unknown = run("run " + cfg + " optimizer.mutatoin=0.03 --dry-run");
    EXPECT_EQ(unknown.status, 2);
    EXPECT_NE(unknown.err.find("optimizer.mutatoin"), std::string::npos) << unknown.err;
    const std::string bad = write_temp("bad.yaml",
                                       "name: x\ntarget: {kind: mouse-maze}\noptimizer:\n  kind: "
                                       "genetic\n  mutation: lots\nbudget: {evaluations: 10}\n");
    const CmdResult typed =
        run("run " + bad + " output=" + maze::testing_support::test_dir() + "/never");
    EXPECT_EQ(typed.status, 2);
    EXPECT_NE(typed.err.find("bad.yaml:5"), std::string::npos) << typed.err;
    EXPECT_NE(typed.err.find("mutation"), std::string::npos) << typed.err;
}

// The signal is sent once the run has installed its handler and started its repeat (status
// "running", a logbook), so it can arrive neither too early (the default action would kill the
// process) nor after the work (the run lasts up to a minute). Every wait is bounded.
TEST(Cli, SigintWritesACheckpointAndSaysHowToResume) {
    const std::string dir = maze::testing_support::test_dir() + "/sigint_run";
    std::filesystem::remove_all(dir);
    const std::string cfg = std::string(MAZESEARCH_SOURCE_DIR) + "/configs/quickstart.yaml";
    const std::string err_path = maze::testing_support::test_dir() + "/sigint_err.txt";
    Child child({"run", cfg, "threads=1", "budget.seconds=60", "output=" + dir}, err_path);
    ASSERT_TRUE(child.started());
    const bool running = child.wait_until(
        [&] {
            return read_file(dir + "/status") == "running\n" &&
                   std::filesystem::exists(dir + "/logbook.csv");
        },
        std::chrono::seconds(60));
    ASSERT_TRUE(running) << "the run did not start its repeat within 60 s\n" << read_file(err_path);
    child.send(SIGINT);
    const ChildExit e = child.wait(std::chrono::seconds(60));
    const std::string err = read_file(err_path);
    ASSERT_TRUE(e.exited && e.code == 130) << e.describe() << "\n" << err;
    EXPECT_EQ(read_file(dir + "/status"), "interrupted\n");
    EXPECT_TRUE(std::filesystem::exists(dir + "/checkpoint.json"));
    EXPECT_NE(err.find("mazesearch resume " + dir), std::string::npos) << err;
}

TEST(Cli, SummarizeTabulatesFinishedRuns) {
    const std::string dir = maze::testing_support::test_dir() + "/summarize_run";
    std::system(("rm -rf " + dir).c_str());
    const std::string cfg = std::string(MAZESEARCH_SOURCE_DIR) + "/configs/paper/genetic.yaml";
    const CmdResult r =
        run("run " + cfg + " repeats=3 budget.evaluations=2000 --quiet output=" + dir);
    ASSERT_EQ(r.status, 0) << r.err;
    const CmdResult t = run("summarize --optimum 115 " + dir);
    EXPECT_EQ(t.status, 0) << t.err;
    EXPECT_NE(t.out.find("| run | reference | runs | best | median | worst | reached 115 |"),
              std::string::npos)
        << t.out;
    EXPECT_NE(t.out.find("| genetic, paper parameters | 111 | 3 |"), std::string::npos) << t.out;
    EXPECT_NE(t.out.find("| 2000 |"), std::string::npos) << t.out;
    EXPECT_EQ(run("summarize " + maze::testing_support::test_dir() + "/no_such_run").status, 2);
}

// Every experiment config in the repository is valid: its keys, target and optimizer (a dry run
// checks them all without running).
TEST(Cli, EveryCommittedConfigIsValid) {
    int checked = 0;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(std::string(kSourceDir) + "/configs")) {
        if (entry.path().extension() != ".yaml") continue;
        // From the source folder: a graph target's file is a path from the current folder.
        const CmdResult r =
            run("run " + entry.path().string() + " --dry-run", "cd " + kSourceDir + " && ");
        EXPECT_EQ(r.status, 0) << entry.path() << ": " << r.err;
        ++checked;
    }
    EXPECT_GE(checked, 20);
}

// A run keeps its archive of best boards: distinct boards at least `distance` apart, the best
// first, each as it scores; eval --check agrees with the reference walk on each.
TEST(Cli, RunWritesItsArchiveAndEvalChecksIt) {
    const std::string dir = maze::testing_support::test_dir() + "/archive_run";
    std::system(("rm -rf " + dir).c_str());
    const std::string cfg = std::string(MAZESEARCH_SOURCE_DIR) + "/configs/records/13x13-ga.yaml";
    const CmdResult r = run("run " + cfg +
                            " budget.evaluations=20000 budget.seconds=null archive.size=5 "
                            "archive.distance=6 optimizer.distinct=true --quiet output=" +
                            dir);
    ASSERT_EQ(r.status, 0) << r.err;
    std::istringstream index(read_file(dir + "/archive/index.csv"));
    std::string line;
    std::getline(index, line);
    EXPECT_EQ(line, "rank,value,evaluation,distance_to_best,file");
    int rows = 0;
    double previous = 1e300;
    while (std::getline(index, line)) {
        ++rows;
        std::istringstream fields(line);
        std::string rank, value, evaluation, distance, file;
        std::getline(fields, rank, ',');
        std::getline(fields, value, ',');
        std::getline(fields, evaluation, ',');
        std::getline(fields, distance, ',');
        std::getline(fields, file, ',');
        EXPECT_LE(std::stod(value), previous);
        previous = std::stod(value);
        if (rows > 1) {
            EXPECT_GE(std::stoi(distance), 6) << line;
        }
        const CmdResult e = run("eval --check " + dir + "/archive/" + file);
        EXPECT_EQ(e.status, 0) << e.err;
        EXPECT_NE(e.out.find(": " + value + " moves (paper convention)"), std::string::npos)
            << e.out;
        EXPECT_NE(e.out.find("reference walk: agrees"), std::string::npos) << e.out;
    }
    EXPECT_EQ(rows, 5);
    EXPECT_EQ(read_file(dir + "/archive/01.txt"), read_file(dir + "/best.txt"));
    // An unknown archive key is an error naming it.
    const CmdResult bad = run("run " + cfg + " archive.radius=3 --dry-run");
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("archive.radius: unknown key"), std::string::npos) << bad.err;
}

namespace {

// The JSON object a command printed, as text fields we compare.
std::string field(const std::string& json, const std::string& key) {
    const auto at = json.find("\"" + key + "\":");
    if (at == std::string::npos) return "<missing " + key + ">";
    const auto start = at + key.size() + 3;
    int depth = 0;
    size_t end = start;
    for (; end < json.size(); ++end) {
        const char c = json[end];
        if (c == '{' || c == '[') ++depth;
        if (c == '}' || c == ']') {
            if (depth == 0) break;
            --depth;
        }
        if (c == ',' && depth == 0) break;
    }
    return json.substr(start, end - start);
}

}  // namespace

TEST(Cli, EnumerateFourByFour) {
    const CmdResult r = run("enumerate --rows 4 --cols 4 --json --quiet");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(field(r.out, "optimum"), "25");
    EXPECT_EQ(field(r.out, "feasible"), "5745");
    EXPECT_NE(field(r.out, "histogram").find("\"25\":"), std::string::npos) << r.out;
    EXPECT_EQ(run("enumerate --rows 4 --cols 4 --shard 3/3").status, 2);
    EXPECT_EQ(run("enumerate --rows 4 --cols 4 --exit 0,0").status, 2);
    EXPECT_EQ(run("enumerate --rows 9 --cols 9 --quiet").status, 2);
}

TEST(Cli, ShardedEnumerationMergesToThePlainAnswer) {
    const std::string dir = maze::testing_support::test_dir();
    const CmdResult plain = run("enumerate --rows 5 --cols 5 --json --quiet");
    ASSERT_EQ(plain.status, 0) << plain.err;
    std::string files;
    for (int i = 0; i < 3; ++i) {
        const std::string out = dir + "/shard" + std::to_string(i) + ".json";
        const CmdResult s = run("enumerate --rows 5 --cols 5 --quiet --shard " + std::to_string(i) +
                                "/3 --out " + out);
        ASSERT_EQ(s.status, 0) << s.err;
        files += " " + out;
    }
    const CmdResult merged = run("merge --json" + files);
    ASSERT_EQ(merged.status, 0) << merged.err;
    for (const char* k : {"optimum", "optimal_boards", "feasible", "histogram", "boards", "leaves"})
        EXPECT_EQ(field(merged.out, k), field(plain.out, k)) << k;
    // A finished result is never overwritten.
    const CmdResult again =
        run("enumerate --rows 5 --cols 5 --quiet --shard 0/3 --out " + dir + "/shard0.json");
    EXPECT_EQ(again.status, 2);
    EXPECT_NE(again.err.find("already exists"), std::string::npos) << again.err;
    const CmdResult twice = run("merge" + files + " " + dir + "/shard0.json");
    EXPECT_EQ(twice.status, 2);
    EXPECT_NE(twice.err.find("given twice"), std::string::npos) << twice.err;
    EXPECT_EQ(run("merge " + dir + "/no_such.json").status, 2);
}

// The signal is sent once the first progress file exists: the handler is installed by then and
// the enumeration is at work. 5x7 on one thread is about 1.5 s of work here and its first
// checkpoint comes after 0.01 s, so the signal lands while it works: the interruption must
// happen (exit 130, progress written) and the resume must give the plain answer. Every wait is
// bounded, generously for a machine under heavy load.
TEST(Cli, InterruptedEnumerationResumesToThePlainAnswer) {
    const std::string out = maze::testing_support::test_dir() + "/five_by_seven.json";
    const std::string err_path = maze::testing_support::test_dir() + "/five_by_seven_err.txt";
    std::filesystem::remove(out);
    const CmdResult plain = run("enumerate --rows 5 --cols 7 --json --quiet");
    ASSERT_EQ(plain.status, 0) << plain.err;
    // Checkpoints every 10 ms.
    Child child({"enumerate", "--rows", "5", "--cols", "7", "--quiet", "--threads", "1",
                 "--checkpoint-seconds", "0.01", "--out", out},
                err_path);
    ASSERT_TRUE(child.started());
    ASSERT_TRUE(child.wait_until([&] { return std::filesystem::exists(out + ".progress"); },
                                 std::chrono::seconds(120)))
        << "no checkpoint\n"
        << read_file(err_path);
    child.send(SIGINT);
    const ChildExit e = child.wait(std::chrono::seconds(120));
    ASSERT_TRUE(e.exited && e.code == 130) << e.describe() << "\n" << read_file(err_path);
    ASSERT_TRUE(std::filesystem::exists(out + ".progress"));
    ASSERT_FALSE(std::filesystem::exists(out));
    const CmdResult again = run("enumerate --rows 5 --cols 7 --quiet --threads 1 --out " + out);
    EXPECT_EQ(again.status, 2);  // progress exists: must say --resume
    EXPECT_NE(again.err.find("add --resume"), std::string::npos) << again.err;
    const CmdResult resumed =
        run("enumerate --rows 5 --cols 7 --quiet --resume --json --out " + out);
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(resumed.err.find("no progress written yet"), std::string::npos) << resumed.err;
    for (const char* k : {"optimum", "optimal_boards", "feasible", "histogram", "boards", "leaves"})
        EXPECT_EQ(field(resumed.out, k), field(plain.out, k)) << k;
    EXPECT_FALSE(std::filesystem::exists(out + ".progress"));
    EXPECT_TRUE(std::filesystem::exists(out));
}

TEST(Cli, BenchBoardsSignatureIsTheSumOfTheirEvalMoves) {
    const std::string files =
        kBoards + "optimum-6x6.txt " + kBoards + "figure1-13x13.txt " + kBoards + "optimum-5x5.txt";
    const CmdResult eval = run("eval --json " + files);
    ASSERT_EQ(eval.status, 0) << eval.err;
    std::uint64_t total = 0;
    int lines = 0;
    std::istringstream in(eval.out);
    for (std::string line; std::getline(in, line); ++lines)
        total += std::stoull(field(line, "moves"));
    ASSERT_EQ(lines, 3) << eval.out;
    const CmdResult bench = run("bench --json --seconds 0.01 --boards " + files);
    ASSERT_EQ(bench.status, 0) << bench.err;
    EXPECT_EQ(field(bench.out, "signature"), std::to_string(total)) << bench.out;
    EXPECT_EQ(field(bench.out, "boards"), "3") << bench.out;
    EXPECT_NE(bench.out.find("\"moves_per_second\":"), std::string::npos) << bench.out;
}

TEST(Cli, BenchBoardsRejectsABadOrInfeasibleFile) {
    const std::string ragged = write_temp("bench_ragged.txt", "S..\n..\nE..\n");
    const CmdResult bad =
        run("bench --seconds 0.01 --boards " + kBoards + "optimum-5x5.txt " + ragged);
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("bench_ragged.txt:2:"), std::string::npos) << bad.err;
    const std::string blocked = write_temp("bench_blocked.txt", "S#.\n##.\nE..\n");
    const CmdResult infeasible = run("bench --seconds 0.01 --boards " + blocked);
    EXPECT_EQ(infeasible.status, 2);
    EXPECT_NE(infeasible.err.find("bench_blocked.txt: infeasible"), std::string::npos)
        << infeasible.err;
    const CmdResult missing = run("bench --boards /nonexistent/board.txt");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("/nonexistent/board.txt"), std::string::npos) << missing.err;
    EXPECT_EQ(run("bench --boards").status, 2);  // --boards needs at least one file
}
