// The tables of sweeps: infinite scores (a board a target cannot rate scores -inf) in every
// table, CSV, JSON and comparison; one folder given twice; sweeps of one name; values that hold a
// Markdown table's '|'; and the optimizer's measures (map-elites' coverage, QD-score and elites)
// from the logbook and the summary to the tables and --compare --measure.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "sweep_support.hpp"

namespace maze::testing_support::sweep_tables {
namespace {

using namespace sweep_support;
using nlohmann::json;

// Cat traps on the side-4 board: with one block the trapper wins no board (every run's best is
// -inf); with 16 it wins most. A second a sweep.
const char* const kCatTrap =
    "name: trap\nseed: 1\nthreads: 1\n"
    "target: {kind: cat-trap, side: 4, max_blocks: 16, max_preblocked: 36, node_limit: 200000}\n"
    "optimizer: {kind: random, p_blocked: 0.3}\nbudget: {evaluations: 30}\n";

// The '|' of a Markdown line that are not escaped (\|): its cells' bounds.
int bars(const std::string& line) {
    int n = 0;
    for (std::size_t i = 0; i < line.size(); ++i)
        n += line[i] == '|' && (i == 0 || line[i - 1] != '\\');
    return n;
}

// Every line of a Markdown table, from its head on, has as many cells as its head.
void expect_whole_table(const std::string& md) {
    std::istringstream in(md);
    std::string line;
    int head = -1;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] != '|') {
            head = -1;
            continue;
        }
        if (head < 0) head = bars(line);
        EXPECT_EQ(bars(line), head) << line << "\nin:\n" << md;
    }
}

// `summarize --compare` failed ("internal error: shift_interval: ... infinite value") on a sweep
// whose runs ended at -inf, and JSON, which has no infinity, wrote null for each score.
TEST(SweepTables, InfiniteScoresAreDataInEveryTableAndComparison) {
    const std::string cfg = write_temp("trap.yaml", kCatTrap);
    const std::string dir = fresh("sweep-inf");
    const CmdResult r =
        run("sweep " + cfg + " 'seed=range(1,5)' target.max_blocks=1,16 -q output=" + dir);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<std::string> best = index_column(dir, 3);
    for (int p : {0, 2, 4, 6}) EXPECT_EQ(best.at(p), "-inf") << p;
    for (int p : {1, 3, 5, 7}) EXPECT_NE(best.at(p).find_first_of("0123456789"), std::string::npos);
    const CmdResult md = run("summarize " + dir + " --compare");
    ASSERT_EQ(md.status, 0) << md.err;
    EXPECT_NE(md.out.find("| 1 | 4 of 4 | 4 | -inf | -inf | -inf |"), std::string::npos) << md.out;
    EXPECT_NE(md.out.find("Leader: target.max_blocks=16"), std::string::npos) << md.out;
    EXPECT_NE(md.out.find("| target.max_blocks=1 | 4 | -inf | inf | inf to inf |"),
              std::string::npos)
        << md.out;
    const CmdResult js = run("summarize " + dir + " --compare --format json");
    ASSERT_EQ(js.status, 0) << js.err;
    const json j = json::parse(js.out);
    const json& lost = j.at("groups")[0];
    EXPECT_EQ(lost.at("values").at("target.max_blocks"), "1");
    EXPECT_EQ(lost.at("scores"), json({"-inf", "-inf", "-inf", "-inf"}));
    EXPECT_EQ(lost.at("best"), "-inf");
    EXPECT_EQ(lost.at("median"), "-inf");
    const json& other = j.at("compare").at("others")[0];
    EXPECT_EQ(other.at("combination"), "target.max_blocks=1");
    EXPECT_EQ(other.at("u"), 16);  // every run of the leader beats every run of the other
    EXPECT_EQ(other.at("lead"), "inf");
    EXPECT_EQ(other.at("lead_low"), "inf");
    EXPECT_EQ(other.at("lead_high"), "inf");
    // The sweep's own summary says the same; CSV writes the word; over both groups the median
    // of four -inf and four numbers is -inf.
    EXPECT_EQ(json::parse(read_file(dir + "/summary.json")).at("groups")[0].at("scores"),
              lost.at("scores"));
    const CmdResult csv = run("summarize " + dir + " --format csv");
    EXPECT_NE(csv.out.find("\n1,trap,,4,4,4,-inf,-inf,-inf,"), std::string::npos) << csv.out;
    const CmdResult all = run("summarize " + dir + " --by '' --format json");
    EXPECT_EQ(json::parse(all.out).at("groups")[0].at("median"), "-inf") << all.out;
    const CmdResult one = run("summarize " + dir + "/point-000");
    ASSERT_EQ(one.status, 0) << one.err;
    EXPECT_NE(one.out.find("| -inf | -inf | -inf |"), std::string::npos) << one.out;
}

// The same sweep given twice was counted twice; a/sw b/sw were two rows named sw.
TEST(SweepTables, AFolderGivenTwiceIsRefusedAndSweepsOfOneNameAreToldApart) {
    const std::string a = fresh("first") + "/sw", b = fresh("second") + "/sw";
    for (const std::string& d : {a, b})
        ASSERT_EQ(run("sweep " + kAnnealing +
                      " 'first_repeat=range(0,2)' repeats=1 budget.evaluations=300 -q output=" + d)
                      .status,
                  0);
    const CmdResult r = run("summarize " + a + " " + b + "/ --by '' --format json");
    ASSERT_EQ(r.status, 0) << r.err;
    const json t = json::parse(r.out);
    EXPECT_EQ(t.at("groups")[0].at("values").at("sweep"), "first/sw");
    EXPECT_EQ(t.at("groups")[1].at("values").at("sweep"), "second/sw");
    for (const std::string& twice :
         {a + " " + a + "/", a + " " + test_dir() + "/first/../first/sw", a + " " + b + " " + a}) {
        const CmdResult again = run("summarize " + twice + " --by ''");
        EXPECT_EQ(again.status, 2) << twice;
        EXPECT_NE(again.err.find("are the same folder, given twice"), std::string::npos)
            << again.err;
        EXPECT_TRUE(again.out.empty()) << again.out;
    }
    const CmdResult runs = run("summarize " + a + "/point-000 " + a + "/point-000/");
    EXPECT_EQ(runs.status, 2);
    EXPECT_NE(runs.err.find("are the same folder, given twice"), std::string::npos) << runs.err;
}

// A '|' in a swept value made a cell of its own and broke the Markdown table.
TEST(SweepTables, APipeInASweptValueStaysInItsCell) {
    const std::string dir = fresh("sweep-pipe");
    ASSERT_EQ(run("sweep " + kAnnealing +
                  " 'label=x|y,z' seed=1,2 repeats=1 budget.evaluations=300 -q output=" + dir)
                  .status,
              0);
    const CmdResult md = run("summarize " + dir + " --compare");
    ASSERT_EQ(md.status, 0) << md.err;
    EXPECT_NE(md.out.find("| x\\|y | 2 of 2 |"), std::string::npos) << md.out;
    EXPECT_NE(md.out.find("label=x\\|y"), std::string::npos) << md.out;
    expect_whole_table(md.out);
    expect_whole_table(read_file(dir + "/summary.md"));
    const CmdResult runs = run("summarize " + dir + "/point-000 " + dir + "/point-002");
    ASSERT_EQ(runs.status, 0) << runs.err;
    EXPECT_NE(runs.out.find("| x\\|y |"), std::string::npos) << runs.out;
    expect_whole_table(runs.out);
}

// `--optimum 1e400` was read as inf and `--past 1e-400` as 0, each shown so in the table's head.
TEST(SweepTables, AThresholdNoDoubleHoldsIsRefused) {
    const std::string dir = fresh("sweep-thresholds");
    ASSERT_EQ(
        run("sweep " + kAnnealing + " seed=1,2 repeats=1 budget.evaluations=300 -q output=" + dir)
            .status,
        0);
    for (const auto& [args, what] : std::vector<std::pair<std::string, std::string>>{
             {dir + " --optimum 1e400", "past a double's range"},
             {dir + " --past 1e-400", "too close to 0 for a double"},
             {dir + " --past=-1e999", "past a double's range"},
             {dir + "/point-000 --optimum 1e400", "past a double's range"}}) {
        const CmdResult r = run("summarize " + args);
        EXPECT_EQ(r.status, 2) << args;
        EXPECT_NE(r.err.find(what), std::string::npos) << args << ": " << r.err;
        EXPECT_EQ(r.out, "") << args;
    }
    const CmdResult tiny = run("summarize " + dir + " --past 0.04 --optimum 4.9e-324");
    ASSERT_EQ(tiny.status, 0) << tiny.err;
    EXPECT_NE(tiny.out.find("| past 0.04 | reached 5e-324 |"), std::string::npos) << tiny.out;
}

// MAP-Elites on the 8x8 board, 3,000 evaluations a run.
const char* const kMapElites =
    "name: qd\nseed: 1\nthreads: 1\n"
    "target: {kind: mouse-maze, rows: 8, cols: 8}\n"
    "optimizer: {kind: map-elites, batch: 16, random_boards: 64, report_every: 200}\n"
    "budget: {evaluations: 3000}\n";

// The last line of a file.
std::string last_line(const std::string& path) {
    std::ifstream in(path);
    std::string line, last;
    while (std::getline(in, line))
        if (!line.empty()) last = line;
    return last;
}

// A map-elites run's logbook ends on its archive's coverage, QD-score and elites, the repeat's
// summary holds them at its end, and they are the archive its checkpoint holds. The tables show
// each measure's median; --compare --measure compares on it; a measure no run has is refused.
TEST(SweepTables, TheOptimizersMeasuresGoFromTheLogbookToTheComparison) {
    const std::string cfg = write_temp("qd.yaml", kMapElites);
    const std::string dir = fresh("sweep-qd");
    const CmdResult r = run("sweep " + cfg +
                            " 'first_repeat=range(0,4)' optimizer.random_boards=64,2000 -q "
                            "output=" +
                            dir);
    ASSERT_EQ(r.status, 0) << r.err;
    std::vector<double> qd[2];
    for (int p = 0; p < 8; ++p) {
        const std::string point = dir + "/point-00" + std::to_string(p);
        const std::string book = read_file(point + "/logbook.csv");
        ASSERT_EQ(book.substr(0, book.find('\n')),
                  "gen,evals,rejected,best,mean,std,min,max,seconds,coverage,qd_score,elites");
        const json summary = json::parse(read_file(point + "/summary.json"));
        const json& m = summary.at("measures");
        const json cp = json::parse(read_file(point + "/checkpoint.json"));
        const json& elites = cp.at("optimizer").at("elites");
        double sum = 0;
        for (const json& e : elites) sum += e.at("value").get<double>();
        EXPECT_EQ(m.at("elites").get<double>(), static_cast<double>(elites.size())) << point;
        EXPECT_EQ(m.at("qd_score").get<double>(), sum) << point;
        EXPECT_EQ(m.at("coverage").get<double>(), static_cast<double>(elites.size()) / 64) << point;
        const std::string last = last_line(point + "/logbook.csv");
        EXPECT_NE(last.find(std::to_string(static_cast<long long>(sum)) + "," +
                            std::to_string(elites.size())),
                  std::string::npos)
            << last;
        // Points alternate the swept value: 64 random boards first, then 2,000.
        qd[p % 2].push_back(sum);
    }
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return (v[1] + v[2]) / 2;
    };
    const CmdResult md = run("summarize " + dir);
    ASSERT_EQ(md.status, 0) << md.err;
    expect_whole_table(md.out);
    EXPECT_NE(md.out.find("| median coverage | median elites | median qd_score |"),
              std::string::npos)
        << md.out;
    const CmdResult js = run("summarize " + dir + " --format json --compare --measure qd_score");
    ASSERT_EQ(js.status, 0) << js.err;
    const json j = json::parse(js.out);
    for (int g = 0; g < 2; ++g)
        EXPECT_EQ(j.at("groups")[g].at("measures").at("qd_score").at("median").get<double>(),
                  median(qd[g]));
    EXPECT_EQ(j.at("compare").at("measure"), "qd_score");
    const std::string leader = median(qd[0]) >= median(qd[1]) ? "64" : "2000";
    EXPECT_EQ(j.at("compare").at("leader"), "optimizer.random_boards=" + leader);
    const CmdResult cmp = run("summarize " + dir + " --compare --measure qd_score");
    ASSERT_EQ(cmp.status, 0) << cmp.err;
    EXPECT_NE(cmp.out.find("Compared on qd_score"), std::string::npos) << cmp.out;
    std::ostringstream said;
    said << "Leader: optimizer.random_boards=" << leader << " (median " << std::setprecision(17)
         << std::max(median(qd[0]), median(qd[1])) << " over 4 runs)";
    EXPECT_NE(cmp.out.find(said.str()), std::string::npos) << cmp.out << "\n" << said.str();
    const CmdResult csv = run("summarize " + dir + " --format csv");
    EXPECT_NE(csv.out.find(",coverage_median,elites_median,qd_score_median\n"), std::string::npos)
        << csv.out;
    // A run folder's table has the columns too.
    const CmdResult runs = run("summarize " + dir + "/point-000 " + dir + "/point-001");
    ASSERT_EQ(runs.status, 0) << runs.err;
    expect_whole_table(runs.out);
    EXPECT_NE(runs.out.find("| median qd_score |"), std::string::npos) << runs.out;
    // What is refused, before any table: a measure no run has, --measure without --compare.
    const CmdResult none = run("summarize " + dir + " --compare --measure coverag");
    EXPECT_EQ(none.status, 2);
    EXPECT_NE(none.err.find("--measure coverag: no run of the table measures it (they measure "
                            "coverage, elites, qd_score)"),
              std::string::npos)
        << none.err;
    EXPECT_EQ(none.out, "");
    const CmdResult alone = run("summarize " + dir + " --measure qd_score");
    EXPECT_EQ(alone.status, 2);
    EXPECT_NE(alone.err.find("--compare"), std::string::npos) << alone.err;
}

}  // namespace
}  // namespace maze::testing_support::sweep_tables
