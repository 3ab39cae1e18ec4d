// Every optimizer run with an evaluation budget stops at it: exactly at the budget, or, for the
// two that count a whole step's boards at once (window: one window's settings; exhaustive on a
// grid: one chunk of subtrees), at the first step that reaches it (docs/formats.md, "Optimizer
// keys"). And the ledger says what was spent: on one thread its feasible evaluations are the
// boards the target scored, one each, so a batch scored past the budget cannot hide.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "mazesearch/models/cells/mouse_maze_target.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/params.hpp"

namespace budget_test {

using maze::Genome;
using Kv = std::vector<std::pair<std::string, maze::Params::Value>>;

// A target that counts the boards it scores, otherwise the one it wraps.
class Counted : public maze::Target {
  public:
    explicit Counted(const maze::Target& t) : t_(t) {}
    std::string name() const override { return t_.name(); }
    std::size_t genes() const override { return t_.genes(); }
    const maze::Topology& topology() const override { return t_.topology(); }
    void feasibility(std::span<const Genome> g, std::span<bool> f) const override {
        t_.feasibility(g, f);
    }
    void score(std::span<const Genome> g, std::span<double> v) const override {
        scored += g.size();
        t_.score(g, v);
    }
    std::vector<std::string> behaviours() const override { return t_.behaviours(); }
    void score_described(std::span<const Genome> g, std::span<double> v,
                         std::span<double> d) const override {
        scored += g.size();
        t_.score_described(g, v, d);
    }
    Genome relevant_genes(const Genome& g) const override { return t_.relevant_genes(g); }
    std::optional<maze::EnumerableGrid> enumerable_grid() const override {
        return t_.enumerable_grid();
    }
    mutable std::atomic<std::uint64_t> scored{0};

  private:
    const maze::Target& t_;
};

// A target without a grid, of 12 genes (the exhaustive optimizer scores all 4,096): worth the
// genes set, feasible when gene 0 is not.
class Bits : public maze::Target {
  public:
    std::string name() const override { return "bits"; }
    std::size_t genes() const override { return 12; }
    const maze::Topology& topology() const override { return topo_; }
    void feasibility(std::span<const Genome> g, std::span<bool> f) const override {
        for (std::size_t i = 0; i < g.size(); ++i) f[i] = !g[i].get(0);
    }
    void score(std::span<const Genome> g, std::span<double> v) const override {
        for (std::size_t i = 0; i < g.size(); ++i) v[i] = static_cast<double>(g[i].count());
    }

  private:
    maze::Topology topo_{"none", 0, 0, {}, {}};
};

const maze::MouseMazeTarget& board(int side) {
    static const maze::MouseMazeTarget t4(4, 4, maze::Cell{0, 0}, maze::Cell{3, 0},
                                          maze::MouseMazeTarget::Convention::Paper);
    static const maze::MouseMazeTarget t6(6, 6, maze::Cell{0, 0}, maze::Cell{5, 0},
                                          maze::MouseMazeTarget::Convention::Paper);
    return side == 4 ? t4 : t6;
}

struct Case {
    std::string name;
    Kv params;
    const maze::Target* target;
    bool whole_steps = false;   // counts a step's boards at once: may pass the budget in its last
    bool scores_boards = true;  // every evaluation is a board the target scores
};

std::vector<Case> cases() {
    static const Bits bits;
    const maze::Target* b6 = &board(6);
    auto s = [](const char* v) { return maze::Params::Value(std::string(v)); };
    auto n = [](std::int64_t v) { return maze::Params::Value(v); };
    return {
        {"random", {{"kind", s("random")}, {"batch", n(100)}}, b6},
        {"hill_climbing", {{"kind", s("hill-climbing")}, {"report_every", n(50)}}, b6},
        {"hill_climbing_best", {{"kind", s("hill-climbing")}, {"mode", s("best")}}, b6},
        {"annealing", {{"kind", s("annealing")}, {"report_every", n(50)}}, b6},
        {"population_annealing",
         {{"kind", s("population-annealing")},
          {"population", n(7)},
          {"sweep", n(20)},
          {"crossover", s("uniform")},
          {"crossover_rate", 0.5}},
         b6},
        {"population_annealing_window",
         {{"kind", s("population-annealing")},
          {"population", n(4)},
          {"sweep", n(10)},
          {"window", n(2)}},
         b6,
         false,
         false},
        {"replica_exchange",
         {{"kind", s("replica-exchange")}, {"replicas", n(4)}, {"swap_every", n(15)}},
         b6},
        {"evolutionary", {{"kind", s("evolutionary")}, {"population", n(30)}}, b6},
        {"genetic_islands_memetic",
         {{"kind", s("genetic")},
          {"islands", n(2)},
          {"population", n(20)},
          {"local_search", s("climb")},
          {"local_every", n(2)}},
         b6},
        {"hamming", {{"kind", s("hamming")}, {"radius", n(2)}}, b6},
        {"map_elites", {{"kind", s("map-elites")}, {"batch", n(30)}}, b6},
        {"window", {{"kind", s("window")}, {"size", n(3)}}, b6, true, false},
        {"exhaustive_grid", {{"kind", s("exhaustive")}, {"chunk", n(1)}}, &board(4), true, false},
        {"exhaustive_every_genome", {{"kind", s("exhaustive")}, {"chunk", n(3)}}, &bits},
    };
}

// gtest prints a parameter without a printer as its bytes; the name is what a reader needs.
void PrintTo(const Case& c, std::ostream* os) {
    *os << c.name;
}

class BudgetCase : public ::testing::TestWithParam<Case> {};

INSTANTIATE_TEST_SUITE_P(Every, BudgetCase, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& i) { return i.param.name; });

TEST_P(BudgetCase, StopsAtTheBudgetAndTheLedgerSaysSo) {
    const Case& c = GetParam();
    int reached = 0;  // runs that met their budget before they ended
    for (int threads : {1, 2})
        for (std::uint64_t budget : {std::uint64_t{1}, std::uint64_t{37}, std::uint64_t{1500}}) {
            SCOPED_TRACE(std::to_string(threads) + " threads, budget " + std::to_string(budget));
            maze::Params p;
            for (const auto& [k, v] : c.params) p.set(k, v);
            auto opt = maze::make_optimizer(p);
            const Counted target(*c.target);
            maze::Budget b;
            b.evaluations = budget;
            maze::Evaluator ev(target, b, threads);
            opt->start(target, 5);
            std::uint64_t before_last = 0;
            while (!ev.ledger().exhausted() && !opt->done()) {
                before_last = ev.ledger().evaluations();
                opt->step(ev);
            }
            if (opt->done() && ev.ledger().evaluations() < budget) continue;  // it ended first
            ASSERT_TRUE(ev.ledger().exhausted());
            EXPECT_EQ(ev.ledger().stop_reason(), "evaluations");
            if (c.whole_steps) {
                EXPECT_LT(before_last, budget) << "a step began with the budget spent";
                EXPECT_GE(ev.ledger().evaluations(), budget);
            } else {
                EXPECT_EQ(ev.ledger().evaluations(), budget);
            }
            // On one thread every board walked is counted; on more the batch scorer's chunks may
            // walk a few feasible proposals past the ones it takes (batch_scorer.cpp), never fewer.
            if (c.scores_boards && threads == 1) {
                EXPECT_EQ(target.scored.load(), ev.ledger().evaluations());
            } else if (c.scores_boards) {
                EXPECT_GE(target.scored.load(), ev.ledger().evaluations());
            }
            ++reached;
            EXPECT_EQ(ev.save().at("evaluations").get<std::uint64_t>(), ev.ledger().evaluations());
        }
    EXPECT_GE(reached, 4);  // budgets 1 and 37 at least, else the test would check nothing
}

}  // namespace budget_test
