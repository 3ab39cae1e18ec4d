// Population annealing's resampling (search/optimizers/population_annealing.cpp): what the
// weights do to the population. Its determinism at any thread count, exact resumption, budget
// and checkpoint checks are those of every optimizer (optimizers_test.cpp, the
// population_annealing cases).
#include "mazesearch/search/optimizers/population_annealing.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"
#include "peaks_target.hpp"

namespace population_annealing_test {

using maze::Budget;
using maze::Evaluator;
using maze::Params;
using maze::PopulationAnnealing;

const maze::MouseMazeTarget& board6() {
    static const maze::MouseMazeTarget t(6, 6, maze::Cell{0, 0}, maze::Cell{5, 0},
                                         maze::MouseMazeTarget::Convention::Paper);
    return t;
}

Params params(double t_start, double t_end, std::int64_t population, std::int64_t sweep,
              std::int64_t length) {
    Params p;
    p.set("kind", std::string("population-annealing"));
    p.set("t_start", t_start);
    p.set("t_end", t_end);
    p.set("schedule", std::string("exponential"));
    p.set("population", population);
    p.set("sweep", sweep);
    p.set("length", length);
    return p;
}

// Steps a started run until its budget of `evaluations` (one thread) is spent; returns the
// evaluations made.
std::uint64_t run_to_budget(PopulationAnnealing& pa, std::uint64_t evaluations,
                            std::uint64_t seed) {
    Budget b;
    b.evaluations = evaluations;
    Evaluator ev(board6(), b, 1);
    pa.start(board6(), seed);
    while (!ev.ledger().exhausted()) pa.step(ev);
    return ev.ledger().evaluations();
}

std::vector<double> chain_values(const PopulationAnnealing& pa) {
    const nlohmann::json state = pa.save();
    std::vector<double> v;
    for (const auto& c : state.at("pool").at("chains")) v.push_back(c.at("value").get<double>());
    return v;
}

// At one temperature every weight is 1, and systematic resampling gives each chain exactly one
// copy: every chain has offspring, and the population is the one before.
TEST(PopulationAnnealing, AtOneTemperatureEveryChainKeepsItsPlace) {
    PopulationAnnealing pa(params(2.0, 2.0, 12, 25, 100000));
    Budget b;
    b.evaluations = 100000;
    Evaluator ev(board6(), b, 1);
    pa.start(board6(), 7);
    for (int s = 0; s < 6; ++s) {
        pa.step(ev);
        EXPECT_EQ(pa.families(), 12u) << "resampling " << pa.resamplings();
    }
    EXPECT_EQ(pa.resamplings(), 6u);
    // The chains differ (else the check above would hold for any resampling).
    const std::vector<double> v = chain_values(pa);
    EXPECT_GT(std::set<double>(v.begin(), v.end()).size(), 1u);
}

// A fall from a very hot to a very cold temperature in one sweep weighs every chain below the
// best by exp(-1e6) or less: after that resampling every chain is a copy of a best one.
TEST(PopulationAnnealing, ASteepFallKeepsOnlyTheBestChains) {
    const std::int64_t population = 10, sweep = 30;
    PopulationAnnealing pa(params(1e6, 1e-6, population, sweep, population * (sweep + 1)));
    Budget b;
    b.evaluations = 1000000;
    Evaluator ev(board6(), b, 2);
    pa.start(board6(), 3);
    pa.step(ev);  // fills the population, one sweep, the resampling
    ASSERT_EQ(pa.resamplings(), 1u);
    const std::vector<double> v = chain_values(pa);
    ASSERT_EQ(v.size(), static_cast<std::size_t>(population));
    for (double x : v) EXPECT_EQ(x, v[0]);
    EXPECT_LT(pa.families(), static_cast<std::uint64_t>(population));
    EXPECT_GE(pa.families(), 1u);
}

// One step from chains on the peaks: a sweep of one proposal a chain at t_start, then the
// resampling for the fall to t_end (the schedule's end: `length` is the evaluations of that
// step). Each chain must get population * w / (sum of w) copies rounded down or up, w =
// exp((1/t_end - 1/t_start) * f), f = ln(score) with relative acceptance and the score itself
// with differences (population_annealing.hpp). The values are chosen so that another energy
// (the score under relative acceptance, its logarithm under differences) gives other copies.
void expect_copies(const std::vector<double>& values, const std::string& acceptance, double t_start,
                   double t_end) {
    const maze::testing_support::Peaks target(values);
    const std::int64_t n = static_cast<std::int64_t>(values.size());
    const bool relative = acceptance == "relative";
    const double fall = 1 / t_end - 1 / t_start;
    std::vector<double> w;
    double sum = 0;
    for (double v : values) sum += w.emplace_back(std::exp(fall * (relative ? std::log(v) : v)));
    std::vector<maze::Genome> start;
    for (std::size_t k = 0; k < values.size(); ++k) start.push_back(target.peak(k));
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        SCOPED_TRACE(acceptance + " from " + std::to_string(t_start) + " to " +
                     std::to_string(t_end) + ", seed " + std::to_string(seed));
        Params p = params(t_start, t_end, n, 1, 2 * n);
        p.set("schedule", std::string("linear"));
        p.set("acceptance", acceptance);
        PopulationAnnealing pa(p);
        Budget b;
        b.evaluations = 1000;
        Evaluator ev(target, b, 1);
        pa.start(target, seed, start);
        pa.step(ev);
        ASSERT_EQ(ev.ledger().evaluations(), static_cast<std::uint64_t>(2 * n));  // filled, one sweep
        ASSERT_EQ(pa.resamplings(), 1u);
        const std::vector<double> after = chain_values(pa);
        ASSERT_EQ(after.size(), values.size());
        std::uint64_t families = 0;
        for (std::size_t k = 0; k < values.size(); ++k) {
            const double expected = static_cast<double>(n) * w[k] / sum;
            const auto copies = std::count(after.begin(), after.end(), values[k]);
            families += copies > 0;
            EXPECT_GE(copies, std::floor(expected)) << "chain " << values[k];
            EXPECT_LE(copies, std::ceil(expected)) << "chain " << values[k];
        }
        EXPECT_EQ(pa.families(), families);
    }
}

TEST(PopulationAnnealing, ResamplingGivesEachChainItsBoltzmannShare) {
    // Relative acceptance, f = ln(score): with a fall of 1 a chain's share is its score's, with a
    // fall of 2.5 its score's to the power 2.5.
    const std::vector<double> scores = {100, 250, 300, 450, 520, 650, 700, 850};
    expect_copies(scores, "relative", 0.01, 1 / 101.0);
    expect_copies(scores, "relative", 0.01, 1 / 102.5);
    // Differences, f = score: the chains one apart, with falls of 0.5 and 0.4.
    const std::vector<double> close = {1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007};
    expect_copies(close, "difference", 1.0, 1 / 1.5);
    expect_copies(close, "difference", 1.0, 1 / 1.4);
}

// The chains run their sweeps in blocks, one per thread (Evaluator::run_apart): with 1, 2 and 3
// threads the blocks differ, the run does not. The evaluator's record of it (counts, best, when
// the best was found, the archive and the last step's statistics) is merged chain by chain, and
// is the same too; the budget, which does not divide among the chains, is spent exactly.
TEST(PopulationAnnealing, BlocksOfChainsOnAnyThreadCountGiveTheSameRun) {
    const std::int64_t population = 27, sweep = 50;
    std::vector<nlohmann::json> records;
    for (int threads : {1, 2, 3}) {
        PopulationAnnealing pa(params(2.0, 0.05, population, sweep, 0));
        Budget b;
        b.evaluations = 9001;
        Evaluator ev(board6(), b, threads, maze::ArchiveSpec{6, 4});
        pa.start(board6(), 17);
        while (!ev.ledger().exhausted()) {
            pa.step(ev);
            if (!ev.ledger().exhausted()) (void)ev.take_step_stats();
        }
        EXPECT_EQ(ev.ledger().evaluations(), 9001u) << threads << " threads";
        nlohmann::json record = ev.save();
        record.erase("seconds");
        const maze::StepStats last = ev.take_step_stats();
        record["last_step"] = {last.count, last.mean, last.min, last.max};
        record["optimizer"] = pa.save();
        records.push_back(record);
    }
    EXPECT_GT(records[0].at("archive").size(), 1u);
    EXPECT_EQ(records[0], records[1]);
    EXPECT_EQ(records[0], records[2]);
}

// Crossover children take their chain's place by the Metropolis rule at the new temperature:
// when it is very hot every child is taken, when it is very cold only those no worse than the
// chain (far from all of them, on a 6x6 board where most children of two boards walk less).
TEST(PopulationAnnealing, CrossoverChildrenAreTakenAsAnnealingTakesAMove) {
    std::vector<std::uint64_t> scored, taken;
    for (double t : {1e9, 1e-9}) {
        Params p = params(t, t, 12, 20, 0);
        p.set("crossover", std::string("uniform"));
        p.set("crossover_rate", 1.0);
        PopulationAnnealing pa(p);
        run_to_budget(pa, 20000, 5);
        scored.push_back(pa.children());
        taken.push_back(pa.children_taken());
    }
    EXPECT_GT(scored[0], 100u);
    EXPECT_EQ(taken[0], scored[0]);
    EXPECT_GT(scored[1], 100u);
    EXPECT_LT(taken[1], scored[1] / 2);
}

// The window move works on the best chain: on a 6x6 board some windows improve it, every window's
// settings are counted in the budget, which is still spent exactly, and a target other than a
// mouse maze counting moves is refused by name.
TEST(PopulationAnnealing, TheWindowMoveImprovesTheBestChainWithinTheBudget) {
    Params p = params(0.5, 0.5, 8, 10, 0);
    p.set("window", std::int64_t{3});
    PopulationAnnealing pa(p);
    EXPECT_EQ(run_to_budget(pa, 30000, 9), 30000u);
    EXPECT_GT(pa.windows(), 20u);
    EXPECT_GT(pa.window_gains(), 0u);
    EXPECT_LT(pa.window_gains(), pa.windows());
    const maze::MouseMazeTarget visits(6, 6, maze::Cell{0, 0}, maze::Cell{5, 0},
                                       maze::MouseMazeTarget::Convention::Paper,
                                       maze::WalkObjective::MaxVisits);
    PopulationAnnealing other(p);
    try {
        other.start(visits, 1);
        ADD_FAILURE() << "a max-visits target was taken";
    } catch (const maze::ParamError& e) {
        EXPECT_NE(std::string(e.what()).find("optimizer.window"), std::string::npos) << e.what();
    }
}

}  // namespace population_annealing_test
