// End-to-end tests of the `mazesearch` command on passage boards (Mouse Maze 2): eval's numbers
// against the reference walk, bad files, render's picture, bench.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/models/passages/passage_board.hpp"
#include "xml_check.hpp"

using maze::PassageBoard;
using maze::WalkCounts;
using maze::reference_counts;
using maze::testing_support::CmdResult;
using maze::testing_support::kBoards;
using maze::testing_support::parse_xml;
using maze::testing_support::read_file;
using maze::testing_support::run;
using maze::testing_support::run_with_input;
using maze::testing_support::write_temp;
using maze::testing_support::XmlDocument;

namespace {

const std::string kOptimum4 = kBoards + "passages-optimum-4x4.txt";

// The visit counts as eval --json writes them: [[row 0], [row 1], ...].
std::string visits_json(const PassageBoard& b, const std::vector<std::uint64_t>& visits) {
    std::ostringstream s;
    s << '[';
    for (int r = 0; r < b.rows(); ++r) {
        s << (r ? ",[" : "[");
        for (int c = 0; c < b.cols(); ++c)
            s << (c ? "," : "") << visits[static_cast<size_t>(r * b.cols() + c)];
        s << ']';
    }
    s << ']';
    return s.str();
}

// The first most-visited cell in row-major order, as "r, c".
std::pair<std::uint64_t, std::string> most_visited(const PassageBoard& b,
                                                   const std::vector<std::uint64_t>& visits) {
    std::uint64_t best = 0;
    std::string at;
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c)
            if (visits[static_cast<size_t>(r * b.cols() + c)] > best) {
                best = visits[static_cast<size_t>(r * b.cols() + c)];
                at = std::to_string(r) + ", " + std::to_string(c);
            }
    return {best, at};
}

}  // namespace

// The 5x5 optimum and the best known 6x6 board (configs/boards/passages-5x5-283.txt, found by
// configs/passages/annealing.yaml, and passages-6x6-1393.txt, found by annealing-6x6.yaml): 283
// moves, the public optimum, and 1,393, past the public 6x6 bound of 1,368, by the reference walk
// and by eval --check alike.
TEST(PassageCli, TheBest5x5And6x6BoardsTakeTheirMoves) {
    const std::vector<std::tuple<std::string, int, std::uint64_t>> cases = {
        {"passages-5x5-283.txt", 5, 283}, {"passages-6x6-1393.txt", 6, 1393}};
    for (const auto& [name, side, moves] : cases) {
        const std::string file = kBoards + name;
        const PassageBoard b = PassageBoard::load(file);
        EXPECT_EQ(b.rows(), side) << name;
        EXPECT_EQ(b.cols(), side) << name;
        const WalkCounts ref = reference_counts(b);
        ASSERT_TRUE(ref.feasible) << name;
        EXPECT_EQ(ref.moves, moves) << name;
        const CmdResult text = run("eval --check " + file);
        EXPECT_EQ(text.status, 0) << text.err;
        EXPECT_NE(text.out.find(name + ": " + std::to_string(moves) + " moves"), std::string::npos)
            << text.out;
        EXPECT_NE(text.out.find("reference walk: agrees"), std::string::npos) << text.out;
    }
}

// The shipped 4x4 board: eval prints the reference walk's moves (86, the known optimum of 4x4
// passage boards), the convention, the most visits; --visits draws every reference count.
TEST(PassageCli, EvalGivesTheReferenceNumbers) {
    const PassageBoard b = PassageBoard::load(kOptimum4);
    const WalkCounts ref = reference_counts(b);
    ASSERT_TRUE(ref.feasible);
    ASSERT_EQ(ref.moves, 86u);
    const auto [max_visits, at] = most_visited(b, ref.visits);

    const CmdResult text = run("eval --visits --check " + kOptimum4);
    EXPECT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("passages-optimum-4x4.txt: 86 moves (the move in and the move out "
                            "counted), feasible"),
              std::string::npos)
        << text.out;
    EXPECT_NE(text.out.find("most visits: " + std::to_string(max_visits) + " at (" + at + ")"),
              std::string::npos)
        << text.out;
    EXPECT_NE(text.out.find("reference walk: agrees"), std::string::npos) << text.out;
    // The drawing: the maze's 9 lines, each cell's count in its place.
    std::istringstream lines(text.out);
    std::string line;
    std::vector<std::string> drawing;
    while (std::getline(lines, line))
        if (!line.empty() && (line[0] == '+' || line[0] == '|')) drawing.push_back(line);
    ASSERT_EQ(drawing.size(), 9u) << text.out;
    for (int r = 0; r < 4; ++r) {
        std::istringstream cells(drawing[static_cast<size_t>(2 * r + 1)]);
        std::string token;
        std::vector<std::uint64_t> row;
        while (cells >> token)
            if (token != "|") row.push_back(std::stoull(token));
        ASSERT_EQ(row.size(), 4u) << drawing[static_cast<size_t>(2 * r + 1)];
        for (int c = 0; c < 4; ++c)
            EXPECT_EQ(row[static_cast<size_t>(c)], ref.visits[static_cast<size_t>(4 * r + c)]);
    }

    const CmdResult json = run("eval --json --visits " + kOptimum4);
    EXPECT_EQ(json.status, 0) << json.err;
    for (const std::string& part :
         {std::string("\"kind\":\"passages\""), std::string("\"convention\":\"in-and-out\""),
          std::string("\"moves\":86"), std::string("\"feasible\":true"),
          std::string("\"entrance\":1"), std::string("\"exit\":0"),
          "\"max_visits\":" + std::to_string(max_visits),
          "\"visits\":" + visits_json(b, ref.visits)})
        EXPECT_NE(json.out.find(part), std::string::npos) << part << " in " << json.out;
    EXPECT_EQ(json.out.find("flash"), std::string::npos) << json.out;  // no Flash count here
}

// Passage and cell boards mix in one eval, in argument order; an infeasible passage board is a
// result (moves null); standard input is read for '-'.
TEST(PassageCli, EvalMixesBoardKindsAndReadsStandardInput) {
    const std::string walled = write_temp("walled.txt",
                                          "+ +-+\n"
                                          "| | |\n"
                                          "+-+-+\n"
                                          "|   |\n"
                                          "+ +-+\n");
    const CmdResult r =
        run("eval --json " + walled + " " + kBoards + "optimum-5x5.txt " + kOptimum4);
    EXPECT_EQ(r.status, 0) << r.err;
    std::istringstream lines(r.out);
    std::string l1, l2, l3;
    std::getline(lines, l1);
    std::getline(lines, l2);
    std::getline(lines, l3);
    EXPECT_NE(l1.find("\"feasible\":false"), std::string::npos) << l1;
    EXPECT_NE(l1.find("\"moves\":null"), std::string::npos) << l1;
    EXPECT_NE(l2.find("\"moves\":52"), std::string::npos) << l2;  // the cell board
    EXPECT_NE(l3.find("\"moves\":86"), std::string::npos) << l3;

    const CmdResult text = run("eval " + walled);
    EXPECT_EQ(text.status, 0);
    EXPECT_NE(text.out.find("infeasible (the exit cannot be reached from the entrance)"),
              std::string::npos)
        << text.out;

    const CmdResult in = run_with_input("eval -", read_file(kOptimum4));
    EXPECT_EQ(in.status, 0) << in.err;
    EXPECT_NE(in.out.find("<stdin>: 86 moves"), std::string::npos) << in.out;
}

// A k-mod mouse on a passage board walks the reference walk with counts modulo k; while every
// count stays below k it is Squeaky, so a large k gives the ordinary moves.
TEST(PassageCli, EvalKmodWalksTheReferenceWalk) {
    const CmdResult r = run("eval --json --kmod 1000 " + kOptimum4);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("\"trapped\":false"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"moves\":86"), std::string::npos) << r.out;
}

// A bad passage board stops eval with status 2 and FILE:LINE: what was expected, after the
// boards before it are printed; render and bench refuse it the same way.
TEST(PassageCli, BadFileExitsTwoNamingTheLine) {
    const std::string bad = write_temp("bad-passages.txt",
                                       "+ +-+\n"
                                       "|   |\n"
                                       "+-+ x\n"
                                       "|   |\n"
                                       "+ +-+\n");
    const CmdResult r = run("eval " + kOptimum4 + " " + bad);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("86 moves"), std::string::npos) << r.out;  // the board before it
    EXPECT_NE(r.err.find(bad + ":3: column 5: 'x', expected '+' (a corner)"), std::string::npos)
        << r.err;

    const CmdResult ragged = run("eval " + write_temp("ragged.txt", "+ +-+\n|   |\n+ +\n"));
    EXPECT_EQ(ragged.status, 2);
    EXPECT_NE(ragged.err.find("ragged.txt:3: 3 characters; expected 5 like line 1"),
              std::string::npos)
        << ragged.err;

    const CmdResult render = run("render " + bad + " -o " + write_temp("x.svg", ""));
    EXPECT_EQ(render.status, 2);
    EXPECT_NE(render.err.find(bad + ":3:"), std::string::npos) << render.err;
    const CmdResult bench = run("bench --seconds 0.01 --boards " + bad);
    EXPECT_EQ(bench.status, 2);
    EXPECT_NE(bench.err.find(bad + ":3:"), std::string::npos) << bench.err;
}

// render draws a well-formed SVG: one rect a cell, the walls, the entrance and exit arrows, the
// legend, the score in the title; an infeasible board draws without counts.
TEST(PassageCli, RenderWritesAValidSvg) {
    const std::string out = write_temp("passages.svg", "");
    const CmdResult r = run("render " + kOptimum4 + " -o " + out);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("(86 moves)"), std::string::npos) << r.out;
    const std::string svg = read_file(out);
    const XmlDocument doc = parse_xml(svg);
    ASSERT_TRUE(doc.ok()) << doc.error;
    EXPECT_TRUE(doc.has_declaration);
    ASSERT_FALSE(doc.elements.empty());
    EXPECT_EQ(doc.elements[0].name, "svg");
    ASSERT_EQ(doc.count("title"), 1);
    EXPECT_NE(doc.all("title")[0]->text.find("86 moves (in and out counted)"), std::string::npos);
    const int cells = doc.find_id("cells");
    ASSERT_GE(cells, 0);
    EXPECT_EQ(doc.children(cells, "rect").size(), 16u);
    const int walls = doc.find_id("walls");
    ASSERT_GE(walls, 0);
    // Every closed inner passage is one segment (M), and the border is two (the exit gap splits
    // it; the entrance gap is where it starts and ends).
    const PassageBoard b = PassageBoard::load(kOptimum4);
    const std::string& d = doc.elements[static_cast<size_t>(walls)].attributes.at("d");
    const auto segments = static_cast<int>(std::count(d.begin(), d.end(), 'M'));
    EXPECT_EQ(segments, b.slots() - b.open_count() + 2) << d;
    const int doors = doc.find_id("doors");
    ASSERT_GE(doors, 0);
    EXPECT_EQ(doc.children(doors, "polygon").size(), 2u);
    EXPECT_GE(doc.find_id("legend"), 0);
    const int labels = doc.find_id("labels");
    ASSERT_GE(labels, 0);
    EXPECT_EQ(doc.children(labels, "text").size(), 16u);  // every cell is visited here

    const std::string walled =
        write_temp("walled-render.txt", "+ +-+\n| | |\n+-+-+\n|   |\n+ +-+\n");
    const CmdResult inf = run("render " + walled + " -o " + out);
    EXPECT_EQ(inf.status, 0) << inf.err;
    EXPECT_NE(inf.out.find("(infeasible)"), std::string::npos) << inf.out;
    const XmlDocument doc2 = parse_xml(read_file(out));
    ASSERT_TRUE(doc2.ok()) << doc2.error;
    EXPECT_LT(doc2.find_id("labels"), 0);
}

// bench on passage boards: the built-in sample's pinned signature, a file's eval moves, and
// boards of both kinds refused together.
TEST(PassageCli, BenchWalksPassageBoards) {
    const CmdResult sample = run("bench --passages --json --seconds 0.01");
    EXPECT_EQ(sample.status, 0) << sample.err;
    EXPECT_NE(sample.out.find("\"signature\":" + std::to_string(maze::BenchSample<maze::PassageBoard>::signature)),
              std::string::npos)
        << sample.out;
    for (const char* key : {"\"moves_per_second\":", "\"serial_moves_per_second\":",
                            "\"reference_moves_per_second\":", "\"kind\":\"passages\""})
        EXPECT_NE(sample.out.find(key), std::string::npos) << key << " in " << sample.out;

    const CmdResult file = run("bench --seconds 0.01 --boards " + kOptimum4);
    EXPECT_EQ(file.status, 0) << file.err;
    EXPECT_NE(file.out.find("signature 86 moves"), std::string::npos) << file.out;

    const CmdResult mixed =
        run("bench --seconds 0.01 --boards " + kOptimum4 + " " + kBoards + "optimum-5x5.txt");
    EXPECT_EQ(mixed.status, 2);
    EXPECT_NE(mixed.err.find("optimum-5x5.txt:1: a cell board among passage boards"),
              std::string::npos)
        << mixed.err;
    EXPECT_EQ(run("bench --passages --boards " + kOptimum4).status, 2);  // one or the other
}

// neighbourhood on a passage board: the ball of the 4x4 optimum is every board with up to two
// passages flipped (the entrance and exit stay), none better; distance 1 is checked against the
// reference walk of each flipped board, made here.
TEST(PassageCli, NeighbourhoodOfThePassageOptimumFlipsPassages) {
    const CmdResult r = run("neighbourhood --radius 2 --json " + kOptimum4);
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    const PassageBoard centre = PassageBoard::parse(read_file(kOptimum4), kOptimum4);
    const int n = centre.slots();  // 24 on 4x4
    EXPECT_EQ(j["convention"], "in-and-out");
    EXPECT_EQ(j["centre"], 86);
    EXPECT_EQ(j["ball_size"], n + n * (n - 1) / 2);
    EXPECT_EQ(j["better"], 0);  // the optimum of every 4x4 board
    std::uint64_t feasible = 0, low = ~0ULL, high = 0;
    for (int s = 0; s < n; ++s) {
        PassageBoard b = centre;
        b.set_slot(s, !b.slot_open(s));
        const WalkCounts w = reference_counts(b);
        if (!w.feasible) continue;
        ++feasible;
        low = std::min(low, w.moves);
        high = std::max(high, w.moves);
    }
    const nlohmann::json& one = j["by_distance"][0];
    EXPECT_EQ(one["distance"], 1);
    EXPECT_EQ(one["boards"], n);
    EXPECT_EQ(one["feasible"], feasible);
    EXPECT_EQ(one["min"], low);
    EXPECT_EQ(one["max"], high);
    const CmdResult text = run("neighbourhood " + kOptimum4);
    EXPECT_NE(text.out.find("86 moves (the move in and the move out counted); Hamming ball of "
                            "radius 1: 24 boards"),
              std::string::npos)
        << text.out;
}
