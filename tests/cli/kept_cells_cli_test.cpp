// `target.keep` through the command: a run searches only the free rectangle of a kept board,
// pins the kept board as an input, and every misuse is an error naming the key and its line (or
// the initial board's file), found before anything is written.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <utility>

#include "cli_support.hpp"

namespace ts = maze::testing_support;
using ts::CmdResult;
using ts::kBoards;
using ts::run;

namespace kept_cells_cli_test {

std::string config(const std::string& target, const std::string& optimizer) {
    return "name: kept\nseed: 1\nthreads: 1\ntarget: {kind: mouse-maze, rows: 6, cols: 6" + target +
           "}\noptimizer: {" + optimizer + "}\nbudget: {evaluations: 100000}\n";
}

// Each config (body) run: refused with exit status 2, its error saying `said`, and no run
// folder written.
void expect_refused_before_writing(std::span<const std::pair<std::string, std::string>> cases,
                                   const std::string& folder_prefix) {
    int k = 0;
    for (const auto& [body, said] : cases) {
        const std::string cfg = ts::write_temp("kept.yaml", body);
        const std::string dir = ts::test_dir() + "/" + folder_prefix + std::to_string(k++);
        std::filesystem::remove_all(dir);
        const CmdResult r = run("run " + cfg + " output=" + dir + " -q");
        EXPECT_EQ(r.status, 2) << body << r.err;
        EXPECT_NE(r.err.find(said), std::string::npos) << body << r.err;
        EXPECT_FALSE(std::filesystem::exists(dir)) << body;
    }
}

}  // namespace kept_cells_cli_test

using kept_cells_cli_test::config;
using kept_cells_cli_test::expect_refused_before_writing;

TEST(KeptCellsCli, ARunChangesOnlyTheFreeRectangleAndPinsTheKeptBoard) {
    const std::string keep = kBoards + "optimum-6x6.txt";
    const std::string cfg = ts::write_temp(
        "kept-run.yaml", config(", keep: " + keep + ", free_rows: [0, 1]", "kind: exhaustive"));
    const std::string dir = ts::test_dir() + "/kept-run";
    std::filesystem::remove_all(dir);
    const CmdResult r = run("run " + cfg + " output=" + dir + " -q");
    ASSERT_EQ(r.status, 0) << r.err;
    // 11 free cells (rows 0 and 1 but the start): every setting scored.
    const nlohmann::json summary = nlohmann::json::parse(ts::read_file(dir + "/summary.json"));
    EXPECT_LE(summary["evaluations"].get<std::uint64_t>(), 2048u);
    EXPECT_GE(summary["best_score"].get<double>(), 115.0);  // the kept board's own rows count
    const std::string best = ts::read_file(dir + "/best.txt");
    const std::string kept = ts::read_file(keep);
    // Rows 2 to 5 (after the two free rows, 7 characters each) as the kept board has them.
    const std::size_t from = best.find("\n", best.find("\n") + 1) + 1;
    const std::size_t kept_from = kept.find("\n", kept.find("\n") + 1) + 1;
    EXPECT_EQ(best.substr(from, 4 * 7), kept.substr(kept_from, 4 * 7)) << best;
    const nlohmann::json pinned = nlohmann::json::parse(ts::read_file(dir + "/inputs.json"));
    EXPECT_EQ(pinned["target.keep"]["path"], keep);
    const CmdResult walked = run("eval " + dir + "/best.txt");
    EXPECT_NE(walked.out.find(std::to_string(summary["best_score"].get<std::int64_t>()) + " moves"),
              std::string::npos)
        << walked.out;
}

TEST(KeptCellsCli, EachMisuseNamesTheKeyAndItsLineBeforeAnythingIsWritten) {
    const std::string keep = kBoards + "optimum-6x6.txt";
    const std::string small = kBoards + "optimum-5x5.txt";
    // Every cell open: it disagrees with the kept board first at (2, 2), which keep blocks.
    const std::string open =
        ts::write_temp("kept-initial.txt", "S.....\n......\n......\n......\n......\nE.....\n");
    const std::pair<std::string, std::string> cases[] = {
        {config(", free_rows: [0, 1]", "kind: random"),
         "kept.yaml:4: target.free_rows: a free rectangle needs `keep: BOARD`"},
        {config(", keep: " + keep + ", free_rows: [3, 6]", "kind: random"),
         "kept.yaml:4: target.free_rows: expected [first, last] with 0 <= first <= last <= 5"},
        {config(", keep: " + keep + ", free_cols: [2, 1]", "kind: random"),
         "target.free_cols: expected [first, last]"},
        {config(", keep: " + small + ", free_rows: [0, 1]", "kind: random"),
         "kept.yaml:4: target.keep: " + small + " is not a board of the target's shape (6x6"},
        {config(", keep: " + ts::test_dir() + "/no-such-board.txt", "kind: random"),
         "kept.yaml:4: target.keep: " + ts::test_dir() +
             "/no-such-board.txt: cannot open the file"},
        {config(", keep: " + keep + ", free_rows: [0, 0], free_cols: [0, 0]", "kind: random"),
         "target.free_rows: the free rectangle holds no cell to search"},
        {config(", keep: " + keep + ", free_rows: [0, 2]", "kind: window, size: 2"),
         "no target.keep"},
        {config(", keep: " + keep + ", free_rows: [0, 1]", "kind: random") + "initial: " + open +
             "\n",
         open + ": cell (2, 2) must be blocked for this target"},
    };
    expect_refused_before_writing(cases, "kept-bad-");
}

TEST(KeptCellsCli, AMapOfFreeCellsSearchesAnyShapeAndIsPinned) {
    // Kept: every cell open (5 moves straight down), so the best setting of the free cells
    // differs from it (65 moves).
    const std::string keep =
        ts::write_temp("kept-open.txt", "S.....\n......\n......\n......\n......\nE.....\n");
    // Ten cells scattered over the board (no rectangle holds them and nothing else). '.' and
    // '#' both keep a cell as the kept board has it.
    const std::string map =
        ts::write_temp("free-map.txt", "S.?...\n?..?..\n..?..?\n?...?.\n.?.?..\nE.....\n");
    const std::string cfg = ts::write_temp(
        "kept-map.yaml", config(", keep: " + keep + ", free: " + map, "kind: exhaustive"));
    const std::string dir = ts::test_dir() + "/kept-map";
    std::filesystem::remove_all(dir);
    const CmdResult r = run("run " + cfg + " output=" + dir + " -q");
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json summary = nlohmann::json::parse(ts::read_file(dir + "/summary.json"));
    EXPECT_LE(summary["evaluations"].get<std::uint64_t>(), 1024u);  // 2^10 settings at most
    EXPECT_EQ(summary["best_score"].get<double>(), 65.0);
    const std::string best = ts::read_file(dir + "/best.txt");
    const std::string kept = ts::read_file(keep);
    const std::string marks = ts::read_file(map);
    ASSERT_EQ(best.size(), kept.size()) << best;
    int changed = 0;
    for (std::size_t i = 0; i < best.size(); ++i)
        if (best[i] != kept[i]) {
            EXPECT_EQ(marks[i], '?') << "cell " << i << " changed outside the map:\n" << best;
            ++changed;
        }
    const nlohmann::json pinned = nlohmann::json::parse(ts::read_file(dir + "/inputs.json"));
    EXPECT_EQ(pinned["target.free"]["path"], map);
    EXPECT_EQ(pinned["target.keep"]["path"], keep);
    // Pinned as the kept board is (a resume refuses it changed: RunFiles tests).
    EXPECT_EQ(pinned["target.free"]["bytes"], marks.size());
    EXPECT_GT(changed, 0) << "the best board is the kept one; the test shows nothing";
}

TEST(KeptCellsCli, EachMisuseOfAMapNamesTheMapsLineBeforeAnythingIsWritten) {
    const std::string keep = kBoards + "optimum-6x6.txt";
    const auto map = [](const std::string& name, const std::string& text) {
        return ts::write_temp(name, text);
    };
    const std::string ok = map("map-ok.txt", "S??...\n......\n......\n......\n......\nE.....\n");
    const std::string narrow = map("map-narrow.txt", "S??..\n......\n");
    const std::string letter = map("map-letter.txt", "S??...\n...x..\n");
    const std::string blank = map("map-blank.txt", "S??...\n\n......\n");
    const std::string exit_row =
        map("map-exit-row.txt", "S??...\n......\n......\n......\n......\n?.....\n");
    const std::string none =
        map("map-none.txt", "S.....\n......\n......\n......\n......\nE.....\n");
    const std::string short_map = map("map-short.txt", "S??...\n......\n");
    const std::string long_map = map(
        "map-long.txt", "S??...\n......\n......\n......\n......\nE.....\n......\n");
    // A random search of the kept board with `free: path`.
    const auto with_map = [&](const std::string& path) {
        return config(", keep: " + keep + ", free: " + path, "kind: random");
    };
    const std::pair<std::string, std::string> cases[] = {
        {config(", free: " + ok, "kind: random"),
         "kept.yaml:4: target.free: a map of free cells needs `keep: BOARD`"},
        {config(", keep: " + keep + ", free: " + ok + ", free_rows: [0, 1]", "kind: random"),
         "kept.yaml:4: target.free_rows: the free cells are either a map (`free`) or a "
         "rectangle"},
        {with_map(narrow),
         "kept.yaml:4: target.free: " + narrow + ":1: 5 characters; expected 6, one a cell"},
        {with_map(letter),
         "target.free: " + letter + ":2: unexpected character 'x' in column 3; expected '?'"},
        {with_map(blank),
         "target.free: " + blank + ":2: an empty line; expected a row of 6 cells"},
        {with_map(exit_row),
         "target.free: " + exit_row + ":6: '?' on the exit (5, 0), which is never searched"},
        {with_map(none),
         "target.free: " + none + ": no cell marked '?', so nothing to search"},
        {with_map(short_map),
         "target.free: " + short_map + ": 2 rows; expected 6"},
        {with_map(long_map),
         "target.free: " + long_map + ":7: a line past the board's 6 rows"},
        {with_map(ts::test_dir() + "/no-such-map.txt"),
         "target.free: " + ts::test_dir() + "/no-such-map.txt: cannot open the file"},
        {with_map(ts::test_dir()),
         "target.free: " + ts::test_dir() + ": is a directory; expected a map of free cells"},
    };
    expect_refused_before_writing(cases, "kept-map-bad-");
}
