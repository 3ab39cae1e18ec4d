#include "mazesearch/search/evaluator.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <span>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/engine/rng.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"

using namespace maze;

namespace {

MouseMazeTarget five() {
    return MouseMazeTarget(5, 5, Cell{0, 0}, Cell{4, 0}, MouseMazeTarget::Convention::Paper);
}

Genome random_genome(const Target& t, Rng& rng, double p) {
    Genome g(t.genes());
    for (std::size_t i = 0; i < g.size(); ++i) g.set(i, rng.bernoulli(p));
    return g;
}

}  // namespace

TEST(Evaluator, CountsFeasibleEvaluationsAndRejectsInfeasibleWithoutWalking) {
    const MouseMazeTarget t = five();
    Evaluator ev(t, Budget{}, 1);
    const Genome open(t.genes());  // all open: 4 moves straight down
    Board b(5, 5);
    for (int c = 0; c < 5; ++c) b.set_open(2, c, false);  // row 2 blocked: no way down
    const Genome walled = t.to_genome(b);
    std::vector<Genome> batch = {open, walled, open};
    std::vector<Score> out(3);
    ev.evaluate(batch, out);
    EXPECT_TRUE(out[0].feasible);
    EXPECT_EQ(out[0].value, 4.0);
    EXPECT_FALSE(out[1].feasible);
    EXPECT_EQ(ev.ledger().evaluations(), 2u);
    EXPECT_EQ(ev.ledger().rejected(), 1u);
    EXPECT_EQ(ev.ledger().best_score(), 4.0);
}

TEST(Evaluator, EvaluationBudgetIsExactAndSkipsTheRest) {
    const MouseMazeTarget t = five();
    Budget b;
    b.evaluations = 5;
    Evaluator ev(t, b, 1);
    std::vector<Genome> batch(8, Genome(t.genes()));
    std::vector<Score> out(8);
    ev.evaluate(batch, out);
    EXPECT_EQ(ev.ledger().evaluations(), 5u);
    EXPECT_TRUE(out[4].feasible);
    EXPECT_FALSE(out[5].feasible);  // skipped
    EXPECT_EQ(ev.ledger().stop_reason(), "evaluations");
    EXPECT_EQ(ev.ledger().remaining(), 0u);
}

// The budget is held in one place, the evaluator's ledger, and enforced there: whichever way an
// optimizer asks for boards to be scored, past the budget it gets nothing (no score, no count),
// so the optimizers need not check it themselves.
TEST(Evaluator, PastTheBudgetEveryWayOfAskingGetsNothing) {
    const MouseMazeTarget t = five();
    Budget b;
    b.evaluations = 3;
    Evaluator ev(t, b, 1);
    const Genome open(t.genes());
    const auto open_boards = [&](std::size_t, std::uint64_t) { return open; };
    const std::size_t five[1] = {5}, tries[2] = {100, 100};
    EXPECT_EQ(ev.draw_groups(five, std::span(tries, 1), open_boards).front().size(), 3u);
    EXPECT_EQ(ev.ledger().remaining(), 0u);
    const std::size_t want[2] = {1, 2};
    const auto groups = ev.draw_groups(want, tries, open_boards);
    EXPECT_TRUE(groups[0].empty() && groups[1].empty());
    EXPECT_TRUE(draw_in_turn(ev, 1, 100, [&] { return open; }).empty());
    EXPECT_FALSE(evaluate_one(ev, open).feasible);
    EXPECT_EQ(ev.ledger().evaluations(), 3u);
    EXPECT_EQ(ev.ledger().rejected(), 0u);
    EXPECT_EQ(ev.ledger().stop_reason(), "evaluations");
}

TEST(Evaluator, TargetScoreStagnationAndSecondsEndARun) {
    const MouseMazeTarget t = five();
    Rng rng(3);
    Budget target;
    target.target = 10;
    Evaluator a(t, target, 1);
    while (!a.ledger().exhausted()) evaluate_one(a, random_genome(t, rng, 0.3));
    EXPECT_EQ(a.ledger().stop_reason(), "target");
    EXPECT_GE(a.ledger().best_score(), 10.0);

    Budget stale;
    stale.stagnation = 50;
    Evaluator b(t, stale, 1);
    const Genome same(t.genes());
    for (int i = 0; i < 49; ++i) evaluate_one(b, same);
    EXPECT_FALSE(b.ledger().exhausted());  // 48 evaluations since the first (the best) one
    evaluate_one(b, same);
    evaluate_one(b, same);
    EXPECT_EQ(b.ledger().stop_reason(), "stagnation");

    // The seconds budget counts earlier sessions too: a run resumed after 99.99 of its 100 s
    // ends within the next 10 ms (no sleeping against a short budget).
    Budget time;
    time.seconds = 100;
    Evaluator c(t, time, 1);
    EXPECT_FALSE(c.ledger().exhausted());
    nlohmann::json state = c.save();
    state["seconds"] = 100.0;
    c.restore(state);
    EXPECT_EQ(c.ledger().stop_reason(), "seconds");
    state["seconds"] = 10.0;
    c.restore(state);
    EXPECT_FALSE(c.ledger().exhausted());
}

TEST(Evaluator, SaveRestoreKeepsCountersBestAndElapsedTime) {
    const MouseMazeTarget t = five();
    Rng rng(4);
    Evaluator a(t, Budget{}, 1);
    for (int i = 0; i < 100; ++i) evaluate_one(a, random_genome(t, rng, 0.3));
    Evaluator b(t, Budget{}, 2);
    const nlohmann::json saved = a.save();
    b.restore(saved);
    EXPECT_EQ(b.ledger().evaluations(), a.ledger().evaluations());
    EXPECT_EQ(b.ledger().rejected(), a.ledger().rejected());
    EXPECT_EQ(b.ledger().best(), a.ledger().best());
    EXPECT_EQ(b.ledger().best_score(), a.ledger().best_score());
    EXPECT_GE(b.ledger().seconds(), saved["seconds"].get<double>());  // elapsed time carries over
}

// A step cut short is dropped (experiments/run/step_gate.hpp): the ledger goes back to its mark,
// what came after it undone, the time spent kept, and nothing is scored again.
TEST(Evaluator, RewindingToAMarkDropsWhatCameAfterButKeepsTheTime) {
    const MouseMazeTarget t = five();
    Rng rng(4);
    Evaluator ev(t, Budget{}, 1);
    for (int i = 0; i < 50; ++i) evaluate_one(ev, random_genome(t, rng, 0.3));
    const nlohmann::json at_mark = ev.save();
    const Ledger::Mark mark = ev.mark();
    for (int i = 0; i < 500; ++i) evaluate_one(ev, random_genome(t, rng, 0.1));
    ASSERT_GT(ev.ledger().evaluations(), at_mark["evaluations"].get<std::uint64_t>());
    const double spent = ev.ledger().seconds();
    ev.rewind(mark);
    nlohmann::json now = ev.save();
    EXPECT_GE(now["seconds"].get<double>(), spent);
    now["seconds"] = at_mark["seconds"];
    EXPECT_EQ(now, at_mark);  // counters, best, archive and step sums as they were
}

namespace {

// A target that rates some feasible boards -inf (as the cat-trap target rates the boards the
// trapper cannot win): every third board by its gene count, the rest by their moves.
class SometimesWorst : public Target {
  public:
    explicit SometimesWorst(const MouseMazeTarget& inner) : inner_(inner) {}
    std::string name() const override { return "sometimes-worst"; }
    std::size_t genes() const override { return inner_.genes(); }
    const Topology& topology() const override { return inner_.topology(); }
    void feasibility(std::span<const Genome> g, std::span<bool> f) const override {
        inner_.feasibility(g, f);
    }
    void score(std::span<const Genome> g, std::span<double> v) const override {
        inner_.score(g, v);
        for (std::size_t i = 0; i < g.size(); ++i)
            if (g[i].count() % 3 == 0) v[i] = -std::numeric_limits<double>::infinity();
    }

  private:
    const MouseMazeTarget& inner_;
};

}  // namespace

TEST(Evaluator, SaveRestoreKeepsInfiniteScoresThroughJsonText) {
    const MouseMazeTarget inner = five();
    const SometimesWorst t(inner);
    Rng rng(5);
    Evaluator a(t, Budget{}, 1);
    // Only -inf so far: the best score and the step's statistics are infinite.
    Genome worst(t.genes());
    ASSERT_EQ(worst.count() % 3, 0u);
    evaluate_one(a, worst);
    ASSERT_EQ(a.ledger().best_score(), -std::numeric_limits<double>::infinity());
    Evaluator b(t, Budget{}, 1);
    b.restore(nlohmann::json::parse(a.save().dump()));  // through text, as a checkpoint file
    EXPECT_EQ(b.ledger().best_score(), a.ledger().best_score());
    for (int i = 0; i < 50; ++i) {
        const Genome g = random_genome(t, rng, 0.3);
        evaluate_one(a, g);
        evaluate_one(b, g);
    }
    EXPECT_EQ(b.ledger().best_score(), a.ledger().best_score());
    EXPECT_EQ(b.ledger().best(), a.ledger().best());
    const StepStats sa = a.take_step_stats(), sb = b.take_step_stats();
    EXPECT_EQ(sa.count, sb.count);
    EXPECT_EQ(sa.min, sb.min);
    EXPECT_EQ(sa.max, sb.max);
}

// The logbook's statistics of a step with -inf scores: the mean is -inf, and the spread is
// infinite when finite scores are there too (it was written 0: inf - inf read as no variance).
TEST(Evaluator, AStepWithInfiniteScoresHasAnInfiniteSpread) {
    const MouseMazeTarget inner = five();
    const SometimesWorst t(inner);
    const double inf = std::numeric_limits<double>::infinity();
    Rng rng(7);
    Evaluator ev(t, Budget{}, 1);
    Genome worst(t.genes());  // no wall: 0 genes set, a multiple of 3
    evaluate_one(ev, worst);
    evaluate_one(ev, worst);
    const StepStats only = ev.take_step_stats();
    EXPECT_EQ(only.mean, -inf);
    EXPECT_EQ(only.std, 0);  // every score the same -inf
    std::size_t finite = 0;
    for (int i = 0; finite == 0 || i < 20; ++i) {
        const Genome g = random_genome(t, rng, 0.3);
        evaluate_one(ev, g);
        finite += g.count() % 3 != 0;
    }
    evaluate_one(ev, worst);
    const StepStats mixed = ev.take_step_stats();
    EXPECT_EQ(mixed.min, -inf);
    EXPECT_GT(mixed.max, 0);
    EXPECT_EQ(mixed.mean, -inf);
    EXPECT_EQ(mixed.std, inf);
}

// A checkpoint whose boards do not fit the target, with a NaN score, an archive larger than this
// evaluator's or not best first, or counters that contradict each other is refused, and nothing
// changes (found by the checkpoint fuzzer, tests/fuzz/fuzz_checkpoint.cpp).
// Scores were printed with six decimals: a best score off by 1e-10 was refused with "is
// 4.000000, but its best board scores 4.000000".
TEST(Evaluator, ARefusedScoreIsShownAsItIs) {
    const MouseMazeTarget t = five();
    Evaluator a(t, Budget{}, 1);
    evaluate_one(a, Genome(t.genes()));  // all open: 4 moves
    nlohmann::json saved = a.save();
    saved["best_score"] = 4.0000000001;
    Evaluator b(t, Budget{}, 1);
    try {
        b.restore(saved);
        ADD_FAILURE() << "restored";
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()),
                  "evaluator: the checkpoint's best score is 4.0000000001, but its best board "
                  "scores 4");
    }
}

TEST(Evaluator, RestoreRefusesACorruptCheckpoint) {
    const MouseMazeTarget t = five();
    Rng rng(9);
    Evaluator a(t, Budget{}, 1, ArchiveSpec{3, 1});
    for (int i = 0; i < 200; ++i) evaluate_one(a, random_genome(t, rng, 0.3));
    const nlohmann::json good = a.save();
    ASSERT_EQ(good["archive"].size(), 3u);
    std::vector<std::pair<std::string, nlohmann::json>> bad;
    auto with = [&](const std::string& what, auto change) {
        nlohmann::json j = good;
        change(j);
        bad.emplace_back(what, j);
    };
    with("best short",
         [](nlohmann::json& j) { j["best"] = j["best"].get<std::string>().substr(1); });
    with("best infeasible", [&](nlohmann::json& j) { j["best"] = std::string(t.genes(), '1'); });
    with("archived board infeasible",
         [&](nlohmann::json& j) { j["archive"][2]["genome"] = std::string(t.genes(), '1'); });
    with("best score NaN", [](nlohmann::json& j) { j["best_score"] = "nan"; });
    with("archived board long", [](nlohmann::json& j) {
        j["archive"][1]["genome"] = j["archive"][1]["genome"].get<std::string>() + "0";
    });
    with("archived value NaN", [](nlohmann::json& j) { j["archive"][0]["value"] = "nan"; });
    with("archive too large", [](nlohmann::json& j) { j["archive"].push_back(j["archive"][0]); });
    with("archive worst first", [](nlohmann::json& j) {
        j["archive"][2]["value"] = j["archive"][0]["value"].get<double>() + 1;
    });
    with("improvement after the count", [](nlohmann::json& j) {
        j["last_improvement"] = j["evaluations"].get<std::uint64_t>() + 1;
    });
    with("negative seconds", [](nlohmann::json& j) { j["seconds"] = -1.0; });
    with("a count that is text", [](nlohmann::json& j) { j["rejected"] = "many"; });
    with("not an object", [](nlohmann::json& j) { j = nlohmann::json::array(); });
    for (const auto& [what, state] : bad) {
        SCOPED_TRACE(what);
        Evaluator b(t, Budget{}, 1, ArchiveSpec{3, 1});
        evaluate_one(b, random_genome(t, rng, 0.3));
        const nlohmann::json before = b.save();
        EXPECT_THROW(b.restore(state), std::invalid_argument);
        nlohmann::json after = b.save();
        after["seconds"] = before["seconds"];
        EXPECT_EQ(after, before);
    }
}
