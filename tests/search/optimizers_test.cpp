#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "mazesearch/models/cells/mouse_maze_target.hpp"
#include "mazesearch/models/hex/hex_target.hpp"
#include "mazesearch/models/hex/hex_walk.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/hamming_ball.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/params.hpp"

namespace {

using maze::Budget;
using maze::Cell;
using maze::Evaluator;
using maze::Genome;
using maze::MouseMazeTarget;
using maze::Optimizer;
using maze::ParamError;
using maze::Params;

using Kv = std::vector<std::pair<std::string, Params::Value>>;

Params::Value str(const char* s) {
    return std::string(s);
}
Params::Value num(std::int64_t v) {
    return v;
}

Params make_params(const Kv& kv) {
    Params p;
    for (const auto& [k, v] : kv) p.set(k, v);
    return p;
}

const MouseMazeTarget& square(int side) {
    static const MouseMazeTarget t4(4, 4, Cell{0, 0}, Cell{3, 0},
                                    MouseMazeTarget::Convention::Paper);
    static const MouseMazeTarget t5(5, 5, Cell{0, 0}, Cell{4, 0},
                                    MouseMazeTarget::Convention::Paper);
    static const MouseMazeTarget t6(6, 6, Cell{0, 0}, Cell{5, 0},
                                    MouseMazeTarget::Convention::Paper);
    return side == 4 ? t4 : side == 5 ? t5 : t6;
}

// A target without geometry: feasible when gene 0 is 0, worth the number of other genes set.
class CountTarget : public maze::Target {
  public:
    explicit CountTarget(std::size_t n) : n_(n) {}
    std::string name() const override { return "count"; }
    std::size_t genes() const override { return n_; }
    const maze::Topology& topology() const override { return topo_; }
    void feasibility(std::span<const Genome> g, std::span<bool> f) const override {
        for (std::size_t i = 0; i < g.size(); ++i) f[i] = !g[i].get(0);
    }
    void score(std::span<const Genome> g, std::span<double> v) const override {
        for (std::size_t i = 0; i < g.size(); ++i) v[i] = static_cast<double>(g[i].count());
    }

  private:
    std::size_t n_;
    maze::Topology topo_{"none", 0, 0, {}, {}};
};

struct Outcome {
    Genome best;
    double best_score = 0;
    std::uint64_t evaluations = 0, rejected = 0, steps = 0;
    double first_step_best = 0;
    nlohmann::json state;  // the optimizer's final save()
};

// Runs an optimizer until the budget is spent or it is done; `stop_after` steps (if > 0) then
// saves both optimizer and evaluator through JSON text and continues in fresh objects.
Outcome run(const Kv& kv, const maze::Target& t, std::uint64_t budget, std::uint64_t seed,
            int threads = 1, std::uint64_t stop_after = 0, bool fresh_start = true) {
    Budget b;
    b.evaluations = budget;
    auto opt = maze::make_optimizer(make_params(kv));
    auto ev = std::make_unique<Evaluator>(t, b, threads);
    opt->start(t, seed);
    Outcome o;
    while (!ev->ledger().exhausted() && !opt->done()) {
        opt->step(*ev);
        if (++o.steps == 1) o.first_step_best = ev->ledger().best_score();
        if (o.steps == stop_after) {
            const std::string os = opt->save().dump();
            const std::string es = ev->save().dump();
            opt = maze::make_optimizer(make_params(kv));
            ev = std::make_unique<Evaluator>(t, b, threads);
            if (fresh_start) opt->start(t, seed + 1000);  // restore must overwrite all of it
            opt->restore(nlohmann::json::parse(os));
            ev->restore(nlohmann::json::parse(es));
        }
    }
    o.best = ev->ledger().best();
    o.best_score = ev->ledger().best_score();
    o.evaluations = ev->ledger().evaluations();
    o.rejected = ev->ledger().rejected();
    o.state = opt->save();
    return o;
}

struct Case {
    std::string name;
    Kv params;
};

std::vector<Case> all_cases() {
    return {
        {"random", {{"kind", str("random")}, {"batch", num(500)}}},
        {"hill_first", {{"kind", str("hill-climbing")}, {"report_every", num(500)}}},
        {"hill_best",
         {{"kind", str("hill-climbing")}, {"mode", str("best")}, {"report_every", num(7)}}},
        {"annealing_linear", {{"kind", str("annealing")}, {"report_every", num(500)}}},
        {"annealing_exponential",
         {{"kind", str("annealing")},
          {"schedule", str("exponential")},
          {"length", num(3000)},
          {"t_start", 20.0},
          {"report_every", num(333)}}},
        {"annealing_relative",
         {{"kind", str("annealing")},
          {"acceptance", str("relative")},
          {"t_start", 0.3},
          {"t_end", 0.01},
          {"report_every", num(400)}}},
        {"population_annealing",
         {{"kind", str("population-annealing")}, {"population", num(6)}, {"sweep", num(40)}}},
        {"population_annealing_relative",
         {{"kind", str("population-annealing")},
          {"acceptance", str("relative")},
          {"schedule", str("exponential")},
          {"t_start", 0.3},
          {"t_end", 0.01},
          {"population", num(5)},
          {"sweep", num(77)}}},
        {"population_annealing_patch_crossover",
         {{"kind", str("population-annealing")},
          {"acceptance", str("relative")},
          {"t_start", 0.3},
          {"t_end", 0.01},
          {"population", num(9)},
          {"sweep", num(30)},
          {"crossover", str("patch")},
          {"crossover_rate", 0.5}}},
        {"population_annealing_window",
         {{"kind", str("population-annealing")},
          {"population", num(6)},
          {"sweep", num(30)},
          {"window", num(2)}}},
        {"replica_exchange",
         {{"kind", str("replica-exchange")},
          {"replicas", num(5)},
          {"swap_every", num(30)},
          {"tune_every", num(2)}}},
        {"replica_exchange_relative_fixed",
         {{"kind", str("replica-exchange")},
          {"acceptance", str("relative")},
          {"t_start", 0.5},
          {"t_end", 0.01},
          {"tune", false},
          {"replicas", num(4)},
          {"swap_every", num(41)}}},
        {"evolutionary", {{"kind", str("evolutionary")}}},
        {"evolutionary_elitism",
         {{"kind", str("evolutionary")},
          {"elitism", true},
          {"population", num(50)},
          {"parents", num(5)}}},
        {"genetic_uniform", {{"kind", str("genetic")}}},
        {"genetic_restart",
         {{"kind", str("genetic")},
          {"restart", num(3)},
          {"population", num(40)},
          {"parents", num(4)}}},
        {"genetic_one_point", {{"kind", str("genetic")}, {"crossover", str("one-point")}}},
        {"genetic_multi_point",
         {{"kind", str("genetic")}, {"crossover", str("multi-point")}, {"points", num(3)}}},
        {"genetic_line_rows",
         {{"kind", str("genetic")}, {"crossover", str("line")}, {"line", str("rows")}}},
        {"genetic_line_both", {{"kind", str("genetic")}, {"crossover", str("line")}}},
        {"genetic_block",
         {{"kind", str("genetic")},
          {"crossover", str("block")},
          {"block", num(3)},
          {"elitism", true}}},
        {"genetic_patch", {{"kind", str("genetic")}, {"crossover", str("patch")}}},
        {"genetic_islands_ring",
         {{"kind", str("genetic")},
          {"islands", num(4)},
          {"population", num(30)},
          {"parents", num(5)},
          {"elitism", true},
          {"migration_interval", num(2)},
          {"migrants", num(2)}}},
        {"genetic_islands_random",
         {{"kind", str("genetic")},
          {"islands", num(3)},
          {"population", num(25)},
          {"parents", num(4)},
          {"migration_interval", num(3)},
          {"migration_topology", str("random")},
          {"migrant_choice", str("random")},
          {"restart", num(4)}}},
        {"evolutionary_islands_all",
         {{"kind", str("evolutionary")},
          {"islands", num(3)},
          {"population", num(20)},
          {"parents", num(4)},
          {"elitism", true},
          {"migration_interval", num(1)},
          {"migration_topology", str("all")}}},
        {"genetic_distinct_niche",
         {{"kind", str("genetic")},
          {"distinct", true},
          {"niche_radius", num(3)},
          {"elitism", true},
          {"population", num(40)},
          {"parents", num(8)}}},
        {"genetic_focus",
         {{"kind", str("genetic")}, {"mutation_focus", str("seen")}, {"elitism", true}}},
        {"genetic_memetic_climb",
         {{"kind", str("genetic")},
          {"local_search", str("climb")},
          {"local_every", num(2)},
          {"local_scans", num(3)},
          {"population", num(40)},
          {"elitism", true}}},
        {"genetic_memetic_plateau_islands",
         {{"kind", str("genetic")},
          {"islands", num(2)},
          {"local_search", str("plateau")},
          {"local_every", num(3)},
          {"local_scans", num(4)},
          {"local_focus", true},
          {"population", num(30)},
          {"elitism", true}}},
        {"evolutionary_memetic_tabu",
         {{"kind", str("evolutionary")},
          {"local_search", str("tabu")},
          {"local_every", num(2)},
          {"local_scans", num(5)},
          {"tabu_tenure", num(3)},
          {"population", num(30)}}},
        {"hamming_climb", {{"kind", str("hamming")}, {"radius", num(3)}}},
        {"hamming_report", {{"kind", str("hamming")}, {"radius", num(3)}, {"mode", str("report")}}},
        {"map_elites",
         {{"kind", str("map-elites")},
          {"batch", num(50)},
          {"random_boards", num(120)},
          {"report_every", num(120)}}},
        {"map_elites_walk_axes",
         {{"kind", str("map-elites")},
          {"x", str("doublings")},
          {"y", str("busiest-quarter")},
          {"z", str("open-genes")},
          {"z_bins", num(4)},
          {"crossover_rate", 0.9},
          {"batch", num(33)},
          {"random_boards", num(40)}}},
        {"map_elites_anneal",
         {{"kind", str("map-elites")},
          {"emitter", str("anneal")},
          {"acceptance", str("relative")},
          {"t_start", 0.2},
          {"t_end", 0.002},
          {"schedule", str("exponential")},
          {"length", num(60)},
          {"batch", num(24)},
          {"random_boards", num(48)},
          {"report_every", num(60)}}},
        {"map_elites_resampled",
         {{"kind", str("map-elites")},
          {"emitter", str("anneal")},
          {"acceptance", str("relative")},
          {"t_start", 0.2},
          {"t_end", 0.002},
          {"schedule", str("exponential")},
          {"resample_every", num(5)},
          {"batch", num(12)},
          {"random_boards", num(48)},
          {"report_every", num(60)}}},
        {"map_elites_genome_axis",
         {{"kind", str("map-elites")},
          {"x", str("open-genes")},
          {"y", str("none")},
          {"x_bins", num(8)},
          {"flips", 4.0},
          {"batch", num(20)},
          {"report_every", num(1)}}},
    };
}

// gtest prints a parameter without a printer as a dump of its bytes (in failure messages and in
// --gtest_list_tests); the case's name is what a reader needs.
void PrintTo(const Case& c, std::ostream* os) {
    *os << c.name;
}

class OptimizerCase : public ::testing::TestWithParam<Case> {};

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
    return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(All, OptimizerCase, ::testing::ValuesIn(all_cases()), case_name);

// The whole run is identical with 1 and 2 threads: the optimizers draw every random number
// themselves, and the Evaluator's results do not depend on the thread count.
TEST_P(OptimizerCase, SameSeedSameRunWithOneOrTwoThreads) {
    const auto& kv = GetParam().params;
    const Outcome a = run(kv, square(6), 8000, 11, 1);
    const Outcome b = run(kv, square(6), 8000, 11, 2);
    EXPECT_EQ(a.best, b.best);
    EXPECT_EQ(a.best_score, b.best_score);
    EXPECT_EQ(a.evaluations, b.evaluations);
    EXPECT_EQ(a.rejected, b.rejected);
    EXPECT_EQ(a.state, b.state);
    // A different seed gives a different run (the hamming report of a random centre too).
    const Outcome c = run(kv, square(6), 8000, 12, 1);
    EXPECT_NE(a.state, c.state);
}

// Every optimizer searches the hexagonal mouse maze (models/hex/) as it does the square one: the
// same run with one and two threads, and a best whose value is its board's walk; the window
// optimizers need the square cell tree and say so before anything runs.
TEST_P(OptimizerCase, SearchesTheHexagonalMouseMaze) {
    const auto& kv = GetParam().params;
    static const HexMazeTarget hex(6, 6, Cell{0, 0}, Cell{5, 0});
    if (GetParam().name.find("window") != std::string::npos) {
        EXPECT_THROW(run(kv, hex, 3000, 3, 1), maze::ParamError);
        return;
    }
    const Outcome a = run(kv, hex, 3000, 3, 1);
    const Outcome b = run(kv, hex, 3000, 3, 2);
    EXPECT_EQ(a.best, b.best);
    EXPECT_EQ(a.best_score, b.best_score);
    const WalkResult walk = evaluate(hex.to_board(a.best));
    ASSERT_TRUE(walk.feasible);
    EXPECT_EQ(a.best_score, static_cast<double>(walk.moves));
    EXPECT_GT(a.best_score, 0);
}

// The exhaustive optimizer scores every hexagonal 3x3 board one by one: the optimum is the open
// board's 11 moves, and every board was counted.
TEST(HexMazeTarget, ExhaustiveFindsThe3x3Optimum) {
    const HexMazeTarget hex(3, 3, Cell{0, 0}, Cell{2, 0});
    const Outcome o = run({{"kind", Params::Value(std::string("exhaustive"))}}, hex, 1000, 1);
    EXPECT_EQ(o.best_score, 11);
    EXPECT_EQ(o.best, Genome(7));
    EXPECT_EQ(o.evaluations + o.rejected, 128u);
}

// A hexagonal grid is enumerated by the hex model's tree, not board by board: on 5x5 the optimum
// (43 moves, 2 optimal boards) and the feasible count (2,713,061) of results/exhaustive/hex/,
// with the enumeration's result in the checkpoint, the same after stopping and resuming.
TEST(HexMazeTarget, ExhaustiveEnumeratesTheGridWithTheHexTree) {
    const HexMazeTarget hex(5, 5, Cell{0, 0}, Cell{4, 0});
    const Kv kv = {{"kind", Params::Value(std::string("exhaustive"))},
                   {"chunk", Params::Value(std::int64_t{16})}};
    const Outcome o = run(kv, hex, std::uint64_t{1} << 24, 1);
    EXPECT_EQ(o.best_score, 43);
    EXPECT_EQ(o.evaluations, 2'713'061u);
    EXPECT_EQ(o.evaluations + o.rejected, std::uint64_t{1} << 23);
    ASSERT_TRUE(o.state.contains("result")) << o.state.dump();
    EXPECT_EQ(o.state["result"]["model"], "hex");
    EXPECT_EQ(o.state["result"]["optimal_boards"], 2);
    const WalkResult walk = evaluate(hex.to_board(o.best));
    EXPECT_EQ(walk.moves, 43u);
    ASSERT_GE(o.steps, 2u);
    Outcome resumed = run(kv, hex, std::uint64_t{1} << 24, 1, 1, o.steps / 2);
    EXPECT_EQ(resumed.best, o.best);
    EXPECT_EQ(resumed.evaluations, o.evaluations);
    nlohmann::json whole = o.state;  // all but the time the enumeration took
    whole["result"].erase("seconds");
    resumed.state["result"].erase("seconds");
    EXPECT_EQ(resumed.state, whole);
}

// Save after k steps, restore into fresh objects, continue: same as never stopping.
TEST_P(OptimizerCase, CheckpointResumesExactly) {
    const auto& kv = GetParam().params;
    const Outcome whole = run(kv, square(6), 10000, 5, 1);
    ASSERT_GE(whole.steps, 3u);
    for (std::uint64_t k : {std::uint64_t{1}, whole.steps / 2, whole.steps - 1}) {
        SCOPED_TRACE("stopped after step " + std::to_string(k));
        const Outcome resumed = run(kv, square(6), 10000, 5, 1, k, k % 2 == 0);
        EXPECT_EQ(resumed.best, whole.best);
        EXPECT_EQ(resumed.best_score, whole.best_score);
        EXPECT_EQ(resumed.evaluations, whole.evaluations);
        EXPECT_EQ(resumed.rejected, whole.rejected);
        EXPECT_EQ(resumed.state, whole.state);
        EXPECT_EQ(resumed.steps, whole.steps);
    }
}

// The evaluation budget is used exactly, and a spent budget stops all proposals.
TEST_P(OptimizerCase, BudgetIsRespectedExactly) {
    const auto& kv = GetParam().params;
    for (std::uint64_t budget : {std::uint64_t{1}, std::uint64_t{37}, std::uint64_t{1234}}) {
        SCOPED_TRACE("budget " + std::to_string(budget));
        Budget b;
        b.evaluations = budget;
        auto opt = maze::make_optimizer(make_params(kv));
        Evaluator ev(square(6), b, 1);
        opt->start(square(6), 3);
        while (!ev.ledger().exhausted() && !opt->done()) {
            opt->step(ev);
            ASSERT_LE(ev.ledger().evaluations(), budget);
        }
        EXPECT_EQ(ev.ledger().evaluations(), budget);  // every ball here is larger than the budget
        const auto evaluations = ev.ledger().evaluations();
        const auto rejected = ev.ledger().rejected();
        const auto state = opt->save();
        opt->step(ev);  // nothing left: no proposal, no state change
        EXPECT_EQ(ev.ledger().evaluations(), evaluations);
        EXPECT_EQ(ev.ledger().rejected(), rejected);
        EXPECT_EQ(opt->save(), state);
    }
}

TEST_P(OptimizerCase, RestoreRefusesAnotherKindsCheckpoint) {
    auto opt = maze::make_optimizer(make_params(GetParam().params));
    opt->start(square(5), 1);
    nlohmann::json state = opt->save();
    state["kind"] = "no-such-optimizer";
    EXPECT_THROW(opt->restore(state), std::invalid_argument);
}

// Every genome of a checkpoint cut short by one gene, every score made NaN, and a checkpoint for
// another number of genes than the target are refused at restore (std::invalid_argument), with
// the optimizer's state unchanged: never a crash or a wrong walk in a later step.
void corrupt_each(const nlohmann::json& j, std::size_t genes, nlohmann::json::json_pointer at,
                  std::vector<std::pair<std::string, nlohmann::json>>& out,
                  const nlohmann::json& whole) {
    if (j.is_object() || j.is_array()) {
        for (const auto& [k, v] : j.items())
            corrupt_each(v, genes, at / std::string(k), out, whole);
        return;
    }
    const std::string key = at.empty() ? "" : at.back();
    if (j.is_string() && j.get<std::string>().size() == genes &&
        j.get<std::string>().find_first_not_of("01") == std::string::npos) {
        nlohmann::json bad = whole;
        bad[at] = j.get<std::string>().substr(1);
        out.emplace_back(at.to_string() + " one gene short", bad);
    }
    if (j.is_number() && key.find("value") != std::string::npos) {
        nlohmann::json bad = whole;
        bad[at] = "nan";
        out.emplace_back(at.to_string() + " NaN", bad);
    }
}

TEST_P(OptimizerCase, RestoreRefusesACorruptCheckpoint) {
    const auto& kv = GetParam().params;
    const MouseMazeTarget& t = square(5);
    Budget b;
    b.evaluations = 400;
    auto opt = maze::make_optimizer(make_params(kv));
    Evaluator ev(t, b, 1);
    opt->start(t, 3);
    for (int k = 0; k < 3 && !ev.ledger().exhausted() && !opt->done(); ++k) opt->step(ev);
    const nlohmann::json good = opt->save();
    std::vector<std::pair<std::string, nlohmann::json>> bad;
    corrupt_each(good, t.genes(), nlohmann::json::json_pointer(), bad, good);
    nlohmann::json other_genes = good;
    other_genes["genes"] = t.genes() + 1;
    bad.emplace_back("genes + 1", other_genes);
    for (const auto& [what, state] : bad) {
        SCOPED_TRACE(what);
        auto fresh = maze::make_optimizer(make_params(kv));
        fresh->start(t, 3);
        const nlohmann::json before = fresh->save();
        EXPECT_THROW(fresh->restore(state), std::invalid_argument);
        EXPECT_EQ(fresh->save(), before);
    }
    // A state restored without start() is checked against the target at its first step.
    auto small = maze::make_optimizer(make_params(kv));
    Evaluator ev4(square(4), b, 1);
    small->start(square(4), 3);
    small->step(ev4);
    auto unstarted = maze::make_optimizer(make_params(kv));
    unstarted->restore(small->save());
    Evaluator ev5(t, b, 1);
    EXPECT_THROW(unstarted->step(ev5), std::invalid_argument);
}

// A board the state holds as scored must be feasible (after start(), which names the target): a
// population member that is not made the focused mutation walk it, and a walk of an infeasible
// board never ends (found by tests/fuzz/fuzz_checkpoint.cpp: an assertion, a hang without one).
TEST(OptimizerRestore, ScoredBoardsMustBeFeasible) {
    const MouseMazeTarget& t = square(5);
    const std::string blocked(t.genes(), '1');
    for (const Kv& kv : {Kv{{"kind", str("genetic")}, {"mutation_focus", str("seen")}},
                         Kv{{"kind", str("hill-climbing")}}, Kv{{"kind", str("annealing")}},
                         Kv{{"kind", str("hamming")}}}) {
        auto opt = maze::make_optimizer(make_params(kv));
        Budget b;
        b.evaluations = 1000;
        Evaluator ev(t, b, 1);
        opt->start(t, 5);
        opt->step(ev);
        nlohmann::json state = opt->save();
        SCOPED_TRACE(state["kind"].get<std::string>());
        if (state.contains("islands")) state["islands"][0]["population"][0]["genome"] = blocked;
        if (state.contains("current")) state["current"] = blocked;
        if (state.contains("centre")) state["centre"] = blocked;
        auto fresh = maze::make_optimizer(make_params(kv));
        fresh->start(t, 5);
        EXPECT_THROW(fresh->restore(state), std::invalid_argument);
    }
}

TEST(OptimizerRestore, HillClimbingChecksItsNeighbourOrder) {
    const MouseMazeTarget& t = square(5);
    auto opt = maze::make_optimizer(make_params({{"kind", str("hill-climbing")}}));
    Evaluator ev(t, Budget{}, 1);
    opt->start(t, 3);
    opt->step(ev);
    const nlohmann::json good = opt->save();
    ASSERT_TRUE(good["has_current"].get<bool>());
    for (const char* change : {"out of range", "repeated", "short", "next"}) {
        SCOPED_TRACE(change);
        nlohmann::json bad = good;
        const std::string c = change;
        if (c == "out of range") bad["order"][0] = t.genes();
        if (c == "repeated") bad["order"][0] = bad["order"][1];
        if (c == "short") bad["order"].erase(0);
        if (c == "next") bad["next"] = t.genes() + 1;
        auto fresh = maze::make_optimizer(make_params({{"kind", str("hill-climbing")}}));
        fresh->start(t, 3);
        EXPECT_THROW(fresh->restore(bad), std::invalid_argument);
    }
}

TEST(OptimizerRestore, ExhaustiveRefusesAnotherGridsEnumeration) {
    auto make = [] { return maze::make_optimizer(make_params({{"kind", str("exhaustive")}})); };
    auto opt = make();
    Evaluator ev(square(4), Budget{}, 1);
    opt->start(square(4), 1);
    opt->step(ev);
    nlohmann::json state = opt->save();
    auto other = make();
    other->start(square(5), 1);
    EXPECT_THROW(other->restore(state), std::invalid_argument);
    state["done"] = "01x";
    auto same = make();
    same->start(square(4), 1);
    EXPECT_THROW(same->restore(state), std::invalid_argument);
    state = opt->save();
    state["result"]["boards"][0] = "S...\n....\n";
    EXPECT_THROW(same->restore(state), std::invalid_argument);
    // A list of done subtrees of another length (its grid's tree has another frontier): before,
    // the enumeration reset it and counted the subtrees done twice; now refused at restore.
    state = opt->save();
    const std::string done = state["done"].get<std::string>();
    EXPECT_EQ(done.size(), maze::cell_enumeration_tree(4, 4, {0, 0}, {3, 0})->subtrees());
    state["done"] = done + "0";
    EXPECT_THROW(same->restore(state), std::invalid_argument);
    state["done"] = done.substr(1);
    EXPECT_THROW(same->restore(state), std::invalid_argument);
    state["done"] = done;
    EXPECT_NO_THROW(same->restore(state));
}

// On the 5x5 board with 20,000 evaluations every optimizer ends above its first step of about
// 100 evaluations (a random start plus neighbours, a first generation of 100, 100 random boards;
// for hamming the random centre alone). Thresholds: measured over seeds 1..5, minus a margin.
// Measured (best per seed; mean gain over the first step):
//   random        50 46 50 46 46   8.0      evolutionary  52 46 46 46 50   8.4
//   hill-climbing 52 52 50 46 52  14.0      genetic       46 46 44 52 46   7.2
//   hill (best)   46 46 46 50 52  12.8      hamming r=2   38 52 42 46 44  36.4
//   annealing     52 50 50 46 50  30.0
// The 5x5 space is small (random search alone reaches 46-50); the population methods gain
// least here, as on 6x6 (docs/reference-numbers.md, "The paper's search table": a literal GA
// is no better than random search there).
TEST(OptimizerImproves, FiveByFiveWithTwentyThousandEvaluations) {
    struct Expect {
        Kv params;
        double min_best;   // every seed's best is at least this
        double mean_gain;  // mean over the seeds of (best - first step best) is at least this
    };
    const std::vector<std::pair<std::string, Expect>> cases = {
        {"random", {{{"kind", str("random")}, {"batch", num(100)}}, 44, 5}},
        {"hill-climbing", {{{"kind", str("hill-climbing")}, {"report_every", num(100)}}, 44, 10}},
        {"hill-climbing best",
         {{{"kind", str("hill-climbing")}, {"mode", str("best")}, {"report_every", num(100)}},
          44,
          10}},
        {"annealing", {{{"kind", str("annealing")}, {"report_every", num(100)}}, 44, 20}},
        {"evolutionary", {{{"kind", str("evolutionary")}}, 44, 5}},
        {"genetic", {{{"kind", str("genetic")}}, 42, 5}},
        {"hamming", {{{"kind", str("hamming")}, {"radius", num(2)}}, 36, 20}},
    };
    for (const auto& [name, e] : cases) {
        double gain = 0;
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            const Outcome o = run(e.params, square(5), 20000, seed);
            SCOPED_TRACE(name + " seed " + std::to_string(seed) + ": best " +
                         std::to_string(o.best_score) + ", first step " +
                         std::to_string(o.first_step_best));
            EXPECT_GE(o.best_score, e.min_best);
            EXPECT_LE(o.best_score, 52);  // the 5x5 optimum
            gain += o.best_score - o.first_step_best;
        }
        EXPECT_GE(gain / 5, e.mean_gain) << name;
    }
}

// On 6x6 the local searches beat random search with the same 20,000 evaluations clearly
// (measured means over seeds 1..5: random 86.2, hill climbing 98.2, annealing 103.0).
TEST(OptimizerImproves, LocalSearchBeatsRandomOnSixBySix) {
    auto mean_best = [](const Kv& kv) {
        double sum = 0;
        for (std::uint64_t seed = 1; seed <= 5; ++seed)
            sum += run(kv, square(6), 20000, seed).best_score;
        return sum / 5;
    };
    const double random = mean_best({{"kind", str("random")}});
    const double hill = mean_best({{"kind", str("hill-climbing")}});
    const double annealing = mean_best({{"kind", str("annealing")}});
    EXPECT_LE(random, 90);
    EXPECT_GE(hill, 95);
    EXPECT_GE(annealing, 99);
    EXPECT_GE(hill - random, 8);
}

// Hill climbing with restarts reaches the 5x5 optimum 52 within 100,000 evaluations for every
// seed tried (20 of 20 seeds measured, the slowest at about 70,000).
TEST(OptimizerImproves, HillClimbingReachesFiveByFiveOptimum) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        Budget b;
        b.evaluations = 100000;
        b.target = 52.0;
        auto opt = maze::make_optimizer(make_params({{"kind", str("hill-climbing")}}));
        Evaluator ev(square(5), b, 1);
        opt->start(square(5), seed);
        while (!ev.ledger().exhausted() && !opt->done()) opt->step(ev);
        EXPECT_EQ(ev.ledger().best_score(), 52) << "seed " << seed;
        EXPECT_EQ(ev.ledger().stop_reason(), "target");
    }
}

// Every optimizer finds the 4x4 optimum 25 (a space of 5,745 feasible mazes) within 20,000.
TEST(OptimizerImproves, EveryKindFindsFourByFourOptimum) {
    for (const auto& c : all_cases()) {
        if (c.name == "hamming_report") continue;  // one ball only, by design
        const Outcome o = run(c.params, square(4), 20000, 2);
        EXPECT_EQ(o.best_score, 25) << c.name;
        // The climb ends by itself there: nothing within radius 3 of the optimum beats it
        // (measured: under 1,000 evaluations for seeds 1..10).
        if (c.name == "hamming_climb") {
            EXPECT_LT(o.evaluations, 20000u) << c.name;
        }
    }
}

TEST(OptimizerHamming, ClimbEndsAtTheOptimumOfASmoothTarget) {
    const CountTarget t(12);
    Budget b;
    Evaluator ev(t, b, 1);
    auto opt = maze::make_optimizer(make_params({{"kind", str("hamming")}, {"radius", num(2)}}));
    Genome centre(12);  // all zero: value 0
    opt->start(t, 1, {centre});
    int steps = 0;
    while (!opt->done() && steps < 100) {
        opt->step(ev);
        ++steps;
    }
    ASSERT_TRUE(opt->done());
    EXPECT_EQ(ev.ledger().best_score(), 11);  // gene 0 must stay 0
    // Climbs of two genes at a time from 0 to 11 ones: six balls that improve, one that does not.
    const std::uint64_t ball = maze::hamming_ball_size(12, 2);
    EXPECT_EQ(opt->save().at("balls").get<std::uint64_t>(), 7u);
    EXPECT_EQ(ev.ledger().evaluations() + ev.ledger().rejected(), 1 + 7 * ball);
}

TEST(OptimizerHamming, ReportScoresTheWholeBallOnceAndEnds) {
    const auto& t = square(5);
    Budget b;
    Evaluator ev(t, b, 2);
    auto opt = maze::make_optimizer(
        make_params({{"kind", str("hamming")}, {"radius", num(3)}, {"mode", str("report")}}));
    opt->start(t, 4, {Genome(23)});  // the open board is feasible
    while (!opt->done()) opt->step(ev);
    EXPECT_EQ(ev.ledger().evaluations() + ev.ledger().rejected(),
              1 + maze::hamming_ball_size(23, 3));
}

TEST(OptimizerInitial, StartsFromTheGivenBoards) {
    const CountTarget t(20);
    Genome good(20);
    for (std::size_t i = 1; i < 20; ++i) good.set(i, true);  // the optimum, 19
    for (const auto& c : all_cases()) {
        if (c.name.find("line") != std::string::npos || c.name.find("block") != std::string::npos ||
            c.name.find("patch") != std::string::npos ||
            c.name.find("window") != std::string::npos ||
            (c.name.find("map_elites") != std::string::npos &&
             c.name.find("genome") == std::string::npos))
            continue;  // these crossovers need geometry, the window a mouse maze, the walk's
                       // descriptors a walk
        Budget b;
        b.evaluations = 1;
        Evaluator ev(t, b, 1);
        auto opt = maze::make_optimizer(make_params(c.params));
        opt->start(t, 1, {good});
        opt->step(ev);
        EXPECT_EQ(ev.ledger().best_score(), 19) << c.name;
    }
    auto hill = maze::make_optimizer(make_params({{"kind", str("hill-climbing")}}));
    Genome bad(20);
    bad.set(0, true);  // infeasible
    EXPECT_THROW(hill->start(t, 1, {bad}), std::invalid_argument);
    EXPECT_THROW(hill->start(t, 1, {Genome(7)}), std::invalid_argument);
}

// The paper's literal parameters all have defaults; an optimizer with defaults runs.
TEST(OptimizerParams, DefaultsRun) {
    for (const char* kind :
         {"random", "hill-climbing", "annealing", "population-annealing", "replica-exchange",
          "evolutionary", "genetic", "hamming", "map-elites"}) {
        const Outcome o = run({{"kind", str(kind)}}, square(5), 3000, 9);
        EXPECT_GT(o.best_score, 0) << kind;
    }
}

void expect_param_error(const Kv& kv, const std::string& key) {
    try {
        maze::make_optimizer(make_params(kv));
        ADD_FAILURE() << "no ParamError for " << key;
    } catch (const ParamError& e) {
        EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
    }
}

TEST(OptimizerParams, BadParametersNameTheKey) {
    expect_param_error({}, "kind");
    expect_param_error({{"kind", str("gradient-descent")}}, "kind");
    expect_param_error({{"kind", num(3)}}, "kind");
    expect_param_error({{"kind", str("random")}, {"batchsize", num(10)}}, "optimizer.batchsize");
    expect_param_error({{"kind", str("random")}, {"p_blocked", 1.5}}, "p_blocked");
    expect_param_error({{"kind", str("random")}, {"batch", num(0)}}, "batch");
    expect_param_error({{"kind", str("random")}, {"batch", str("many")}}, "batch");
    expect_param_error({{"kind", str("hill-climbing")}, {"mode", str("steepest")}}, "mode");
    expect_param_error({{"kind", str("hill-climbing")}, {"report_every", 2.5}}, "report_every");
    expect_param_error({{"kind", str("annealing")}, {"t_start", -1.0}}, "t_start");
    expect_param_error({{"kind", str("annealing")}, {"t_end", 0.0}}, "t_end");
    expect_param_error({{"kind", str("annealing")}, {"schedule", str("cosine")}}, "schedule");
    expect_param_error({{"kind", str("annealing")}, {"length", num(-5)}}, "length");
    expect_param_error({{"kind", str("evolutionary")}, {"mutation", num(2)}}, "mutation");
    expect_param_error({{"kind", str("evolutionary")}, {"population", str("x")}}, "population");
    expect_param_error({{"kind", str("evolutionary")}, {"elitism", num(1)}}, "elitism");
    expect_param_error({{"kind", str("evolutionary")}, {"population", num(5)}, {"parents", num(6)}},
                       "parents");
    // Genetic keys are unknown to the evolutionary algorithm.
    expect_param_error({{"kind", str("evolutionary")}, {"crossover", str("uniform")}},
                       "optimizer.crossover");
    expect_param_error({{"kind", str("genetic")}, {"crossover", str("two-point")}}, "crossover");
    expect_param_error({{"kind", str("genetic")}, {"points", num(0)}}, "points");
    expect_param_error({{"kind", str("genetic")}, {"line", str("diagonal")}}, "line");
    expect_param_error({{"kind", str("genetic")}, {"block", num(0)}}, "block");
    expect_param_error({{"kind", str("annealing")}, {"acceptance", str("ratio")}}, "acceptance");
    expect_param_error({{"kind", str("population-annealing")}, {"population", num(1)}},
                       "population");
    expect_param_error({{"kind", str("population-annealing")}, {"sweep", num(0)}}, "sweep");
    expect_param_error({{"kind", str("population-annealing")}, {"t_end", str("cold")}}, "t_end");
    expect_param_error({{"kind", str("population-annealing")}, {"crossover", str("two-point")}},
                       "crossover");
    expect_param_error({{"kind", str("population-annealing")},
                        {"crossover", str("patch")},
                        {"crossover_rate", 1.5}},
                       "crossover_rate");
    // Without a crossover its keys are unknown.
    expect_param_error({{"kind", str("population-annealing")}, {"points", num(3)}},
                       "optimizer.points");
    // Keys of other methods are unknown to it.
    expect_param_error({{"kind", str("population-annealing")}, {"islands", num(2)}},
                       "optimizer.islands");
    expect_param_error({{"kind", str("replica-exchange")}, {"replicas", num(1)}}, "replicas");
    expect_param_error({{"kind", str("replica-exchange")}, {"swap_target", 1.5}}, "swap_target");
    expect_param_error({{"kind", str("replica-exchange")}, {"t_start", 0.01}, {"t_end", 0.1}},
                       "t_end");
    expect_param_error({{"kind", str("window")}, {"size", num(5)}}, "size");
    expect_param_error({{"kind", str("population-annealing")}, {"window", num(1)}}, "window");
    expect_param_error({{"kind", str("population-annealing")}, {"window", num(5)}}, "window");
    expect_param_error({{"kind", str("window")}, {"radius", num(2)}}, "optimizer.radius");
    // It has no schedule: a cooling key is a mistake, not a setting.
    expect_param_error({{"kind", str("replica-exchange")}, {"schedule", str("linear")}},
                       "optimizer.schedule");
    expect_param_error({{"kind", str("genetic")}, {"islands", num(0)}}, "islands");
    expect_param_error({{"kind", str("genetic")}, {"migration_topology", str("star")}},
                       "migration_topology");
    expect_param_error({{"kind", str("genetic")}, {"migrant_choice", str("worst")}},
                       "migrant_choice");
    expect_param_error({{"kind", str("genetic")}, {"migration_interval", num(0)}},
                       "migration_interval");
    expect_param_error({{"kind", str("genetic")},
                        {"population", num(5)},
                        {"parents", num(2)},
                        {"migrants", num(6)}},
                       "migrants");
    expect_param_error({{"kind", str("genetic")}, {"distinct", str("yes please")}}, "distinct");
    expect_param_error({{"kind", str("genetic")}, {"niche_radius", num(-1)}}, "niche_radius");
    expect_param_error({{"kind", str("genetic")}, {"mutation_focus", str("walk")}},
                       "mutation_focus");
    expect_param_error({{"kind", str("evolutionary")}, {"local_search", str("anneal")}},
                       "local_search");
    expect_param_error({{"kind", str("evolutionary")}, {"local_every", num(0)}}, "local_every");
    expect_param_error({{"kind", str("evolutionary")}, {"local_scans", num(0)}}, "local_scans");
    expect_param_error({{"kind", str("hamming")}, {"islands", num(2)}}, "optimizer.islands");
    expect_param_error({{"kind", str("hamming")}, {"radius", num(4)}}, "radius");
    expect_param_error({{"kind", str("hamming")}, {"mode", str("walk")}}, "mode");
    expect_param_error({{"kind", str("hamming")}, {"mutation", 0.1}}, "optimizer.mutation");
}

TEST(OptimizerParams, GeometricCrossoverNeedsRowsAndColumns) {
    const CountTarget t(10);
    for (const char* c : {"line", "block", "patch"}) {
        auto opt =
            maze::make_optimizer(make_params({{"kind", str("genetic")}, {"crossover", str(c)}}));
        try {
            opt->start(t, 1);
            ADD_FAILURE() << c << " crossover started without geometry";
        } catch (const ParamError& e) {
            EXPECT_NE(std::string(e.what()).find("crossover"), std::string::npos) << e.what();
        }
    }
    for (const char* c : {"uniform", "one-point", "multi-point"}) {
        auto opt =
            maze::make_optimizer(make_params({{"kind", str("genetic")}, {"crossover", str(c)}}));
        EXPECT_NO_THROW(opt->start(t, 1)) << c;
    }
}

// The budget is checked once, by check_optimizer (a run calls it before it writes anything);
// the optimizer's steps take it as it is.
TEST(OptimizerParams, AnnealingNeedsALengthOrABudgetToSpan) {
    const MouseMazeTarget& target = square(5);
    for (const char* kind : {"annealing", "population-annealing"}) {
        const Params params = make_params({{"kind", str(kind)}});
        Budget stagnation_only;
        stagnation_only.stagnation = 1000;
        try {
            maze::check_optimizer(params, target, stagnation_only);
            ADD_FAILURE() << kind << " was checked without length or budget";
        } catch (const ParamError& e) {
            EXPECT_NE(std::string(e.what()).find("optimizer.length"), std::string::npos)
                << e.what();
        }
        stagnation_only.evaluations = 10;
        EXPECT_NO_THROW(maze::check_optimizer(params, target, stagnation_only)) << kind;
    }
    auto opt = maze::make_optimizer(make_params({{"kind", str("annealing")}}));
    // A budget of seconds alone is spanned by time; with a length it runs under a time budget.
    Budget b;
    b.seconds = 60;
    EXPECT_NO_THROW(maze::check_optimizer(make_params({{"kind", str("annealing")}}), target, b));
    Evaluator ev(square(5), b, 1);
    opt->start(square(5), 1);
    opt->step(ev);
    EXPECT_EQ(ev.ledger().evaluations(), 1000u);
    auto ok =
        maze::make_optimizer(make_params({{"kind", str("annealing")}, {"length", num(5000)}}));
    ok->start(square(5), 1);
    ok->step(ev);
    EXPECT_EQ(ev.ledger().evaluations(), 2000u);
}

TEST(OptimizerParams, StepBeforeStartIsAnError) {
    auto opt = maze::make_optimizer(make_params({{"kind", str("random")}}));
    Budget b;
    Evaluator ev(square(5), b, 1);
    EXPECT_THROW(opt->step(ev), std::logic_error);
}

}  // namespace
