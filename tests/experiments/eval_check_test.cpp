// eval --check (cli/commands/eval.cpp): the comparison of the fast walk with the
// reference walk, and what the command says and returns when they disagree. The engine's walks
// agree on every board (that is what the other tests hold them to), so the disagreements here are
// made by a board file whose reference walk is changed after it is walked.
#include "mazesearch/cli/eval_check.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/models/board_file.hpp"

namespace eval_check_test {

using maze::experiments::BoardFile;
using maze::experiments::WalkReport;

const std::string kSource = MAZESEARCH_SOURCE_DIR;

std::unique_ptr<BoardFile> load(const std::string& path) {
    const maze::experiments::FileKinds all{
        "eval",
        {maze::ModelId::Cells, maze::ModelId::Passages,
         maze::ModelId::Graph}};
    return maze::experiments::load_board_file(
        maze::experiments::read_input_file(kSource + "/" + path, all));
}

// A board file as it is, but for its reference walk, which `change` alters.
class ChangedReference : public BoardFile {
  public:
    ChangedReference(const BoardFile& real, std::function<void(WalkReport&)> change)
        : real_(real), change_(std::move(change)) {}
    WalkReport walk(int kmod) const override { return real_.walk(kmod); }
    WalkReport reference_walk() const override {
        WalkReport r = real_.reference_walk();
        change_(r);
        return r;
    }
    nlohmann::ordered_json describe() const override { return real_.describe(); }
    std::string moves_text(std::uint64_t m) const override { return real_.moves_text(m); }
    std::string infeasible_text() const override { return real_.infeasible_text(); }
    std::string place_text(std::size_t p) const override { return real_.place_text(p); }
    nlohmann::ordered_json place_json(std::size_t p) const override { return real_.place_json(p); }
    void add_facts(const WalkReport& r, int k, nlohmann::ordered_json* j,
                   std::string* l) const override {
        real_.add_facts(r, k, j, l);
    }
    std::string visits_text(const std::vector<std::uint64_t>& v) const override {
        return real_.visits_text(v);
    }
    nlohmann::ordered_json visits_json(const std::vector<std::uint64_t>& v) const override {
        return real_.visits_json(v);
    }
    std::string svg(const WalkReport& r, const std::string& t, int px) const override {
        return real_.svg(r, t, px);
    }
    std::string title_score(const WalkReport& r) const override { return real_.title_score(r); }

  private:
    const BoardFile& real_;
    std::function<void(WalkReport&)> change_;
};

struct Said {
    int status = -1;
    std::string out, err;
};

std::string read_back(std::FILE* f) {
    std::string s;
    std::rewind(f);
    for (int c; (c = std::fgetc(f)) != EOF;) s.push_back(static_cast<char>(c));
    std::fclose(f);
    return s;
}

// What check_reference_walk says of `board` (its fast walk held to its reference walk).
Said check(const BoardFile& board, bool json = false) {
    std::FILE* out = std::tmpfile();
    std::FILE* err = std::tmpfile();
    Said s;
    s.status =
        maze::experiments::check_reference_walk("b.txt", board, board.walk(0), json, out, err);
    s.out = read_back(out);
    s.err = read_back(err);
    return s;
}

// The first place visited: the place whose count move_a_visit changes first.
std::size_t first_visited(const WalkReport& r) {
    std::size_t k = 0;
    while (k + 1 < r.visits.size() && r.visits[k] == 0) ++k;
    return k;
}

// One visit moved from the first place visited to the next place: the moves stay, the visits do
// not.
void move_a_visit(WalkReport& r) {
    const std::size_t k = first_visited(r);
    ASSERT_LT(k + 1, r.visits.size());
    --r.visits[k];
    ++r.visits[k + 1];
}

TEST(EvalCheck, TheComparisonSeesMovesVisitsAndFeasibility) {
    const std::unique_ptr<BoardFile> b = load("configs/boards/optimum-6x6.txt");
    const WalkReport fast = b->walk(0);
    ASSERT_TRUE(fast.feasible);
    ASSERT_EQ(fast.moves, 115u);
    EXPECT_TRUE(fast.agrees_with(b->reference_walk()));
    EXPECT_EQ(maze::experiments::walk_difference(*b, fast, b->reference_walk()), "");

    WalkReport more = b->reference_walk();
    *more.moves += 1;
    EXPECT_FALSE(fast.agrees_with(more));
    EXPECT_EQ(maze::experiments::walk_difference(*b, fast, more),
              "moves 115 (fast walk), 116 (reference walk)");

    WalkReport moved = b->reference_walk();
    move_a_visit(moved);
    EXPECT_FALSE(fast.agrees_with(moved));
    const std::size_t k = first_visited(fast);
    EXPECT_EQ(maze::experiments::walk_difference(*b, fast, moved),
              "visits of " + b->place_text(k) + ": " + std::to_string(fast.visits[k]) +
                  " (fast walk), " + std::to_string(fast.visits[k] - 1) + " (reference walk)");

    WalkReport blocked;  // the reference walk finds no way out
    EXPECT_FALSE(fast.agrees_with(blocked));
    EXPECT_FALSE(blocked.agrees_with(fast));
    EXPECT_EQ(maze::experiments::walk_difference(*b, fast, blocked),
              "feasible (fast walk), infeasible (reference walk)");
    // Two walks that find no way out agree, whatever else they hold.
    WalkReport none;
    none.visits = {1, 2};
    EXPECT_TRUE(blocked.agrees_with(none));
}

// For a board of each model: the command's line and exit status when the walks agree, and when
// the reference walk says other moves, other visits (the same moves) or no way out.
TEST(EvalCheck, ADisagreementIsSaidAndEndsWithStatus3) {
    for (const std::string path :
         {"configs/boards/optimum-5x5.txt", "configs/boards/passages-optimum-4x4.txt",
          "configs/graphs/lemma11-k3.json"}) {
        SCOPED_TRACE(path);
        const std::unique_ptr<BoardFile> b = load(path);
        const Said same = check(*b);
        EXPECT_EQ(same.status, 0);
        EXPECT_EQ(same.out, "reference walk: agrees\n");
        EXPECT_EQ(same.err, "");
        EXPECT_EQ(check(*b, true).out, "");  // --json: the object is the answer

        const std::vector<std::function<void(WalkReport&)>> changes = {
            [](WalkReport& r) { *r.moves += 2; }, move_a_visit,
            [](WalkReport& r) { r = WalkReport{}; }};
        for (const auto& change : changes) {
            const ChangedReference other(*b, change);
            const std::string what =
                maze::experiments::walk_difference(other, b->walk(0), other.reference_walk());
            ASSERT_NE(what, "");
            for (bool json : {false, true}) {
                const Said s = check(other, json);
                EXPECT_EQ(s.status, maze::experiments::kExitWalkDisagrees);
                EXPECT_EQ(s.status, 3);  // the status eval's help and formats.md give
                EXPECT_EQ(s.out, json ? "" : "reference walk: DISAGREES: " + what + "\n");
                EXPECT_EQ(s.err,
                          "mazesearch: b.txt: the reference walk disagrees with the fast "
                          "walk: " +
                              what + "\n");
            }
        }
    }
}

}  // namespace eval_check_test
