// Replica exchange (search/optimizers/replica_exchange.cpp): the swaps and the ladder. Its
// determinism at any thread count, exact resumption, budget and checkpoint checks are those of
// every optimizer (optimizers_test.cpp, the replica_exchange cases).
#include "mazesearch/search/optimizers/replica_exchange.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"
#include "peaks_target.hpp"

namespace replica_exchange_test {

using maze::Budget;
using maze::Evaluator;
using maze::Params;
using maze::ReplicaExchange;

const maze::MouseMazeTarget& board6() {
    static const maze::MouseMazeTarget t(6, 6, maze::Cell{0, 0}, maze::Cell{5, 0},
                                         maze::MouseMazeTarget::Convention::Paper);
    return t;
}

Params params(double t_start, double t_end, std::int64_t replicas, std::int64_t swap_every,
              bool tune) {
    Params p;
    p.set("kind", std::string("replica-exchange"));
    p.set("t_start", t_start);
    p.set("t_end", t_end);
    p.set("replicas", replicas);
    p.set("swap_every", swap_every);
    p.set("tune", tune);
    return p;
}

double chain_value(const ReplicaExchange& re, std::size_t k) {
    const nlohmann::json state = re.save();
    return state.at("pool").at("chains").at(k).at("value").get<double>();
}

// Two rungs, both so cold that a chain takes no worse board. The hot rung starts on the 6x6
// optimum (115 moves), the cold one on the open board: the first swap offer moves the optimum
// down for sure (a better board always goes to the colder rung), and the cold rung keeps it.
TEST(ReplicaExchange, ABetterBoardMovesToTheColderRung) {
    const maze::MouseMazeTarget& t = board6();
    const maze::Genome optimum =
        t.to_genome(maze::Board::parse("S.....\n#.##..\n..#..#\n...#..\n#...#.\nE..#..\n"));
    const maze::Genome open =
        t.to_genome(maze::Board::parse("S.....\n......\n......\n......\n......\nE.....\n"));
    ReplicaExchange re(params(2e-9, 1e-9, 2, 5, false));
    Budget b;
    b.evaluations = 100000;
    Evaluator ev(t, b, 1);
    re.start(t, 1, {open, optimum});  // the coldest rung first
    re.step(ev);                      // fills the rungs, 5 rounds, one swap offer
    EXPECT_EQ(re.swaps_offered(0), 1u);
    EXPECT_EQ(re.swaps_taken(0), 1u);
    EXPECT_EQ(chain_value(re, 0), 115);
    EXPECT_LT(chain_value(re, 1), 115);
    for (int s = 0; s < 5; ++s) re.step(ev);
    EXPECT_EQ(chain_value(re, 0), 115);
}

// Two rungs whose chains sit on isolated peaks (neither moves: every neighbour is worth 1), the
// worse board on the hotter rung. An offer swaps them with probability p = exp((1/T0 - 1/T1) *
// (f_hot - f_cold)), f = ln(score) with relative acceptance and the score with differences; the
// next offer then swaps them back for sure (the better board is hotter), so of many offers a share
// 2p / (1 + p) is taken. The scores are chosen so that another energy (the score under relative
// acceptance, its logarithm under differences) gives a share near 0 or near 1.
void expect_swap_share(const std::string& acceptance, double t_end, double t_start, double cold,
                       double hot) {
    SCOPED_TRACE(acceptance);
    const maze::testing_support::Peaks target({cold, hot});
    Params p = params(t_start, t_end, 2, 1, false);
    p.set("acceptance", acceptance);
    ReplicaExchange re(p);
    Budget b;
    b.evaluations = 1000000;
    Evaluator ev(target, b, 1);
    re.start(target, 3, {target.peak(0), target.peak(1)});  // the colder rung first
    for (int s = 0; s < 4000; ++s) re.step(ev);
    const bool relative = acceptance == "relative";
    const double f_cold = relative ? std::log(cold) : cold, f_hot = relative ? std::log(hot) : hot;
    const double swap = std::exp((1 / t_end - 1 / t_start) * (f_hot - f_cold));
    ASSERT_GT(re.swaps_offered(0), 1900u);
    const double share =
        static_cast<double>(re.swaps_taken(0)) / static_cast<double>(re.swaps_offered(0));
    EXPECT_NEAR(share, 2 * swap / (1 + swap), 0.05) << "p = " << swap;
    // The chains never left their peaks: every board is one of the two.
    for (std::size_t k = 0; k < 2; ++k)
        EXPECT_TRUE(chain_value(re, k) == cold || chain_value(re, k) == hot);
}

TEST(ReplicaExchange, AWorseBoardMovesToTheColderRungWithItsBoltzmannProbability) {
    expect_swap_share("relative", 0.01, 0.02, 1000, 980);  // p = 0.98^50 = 0.36
    expect_swap_share("difference", 1.0, 2.0, 1000, 998);  // p = exp(-1) = 0.37
}

// Tuning moves the inner rungs and keeps the ends: the coldest at t_end, the hottest at t_start,
// each rung hotter than the one below.
TEST(ReplicaExchange, TuningKeepsTheEndsAndTheOrder) {
    ReplicaExchange re(params(0.5, 0.002, 6, 10, true));
    Budget b;
    b.evaluations = 60000;
    Evaluator ev(board6(), b, 2);
    re.start(board6(), 4);
    const std::vector<double> before = re.ladder();
    while (!ev.ledger().exhausted()) re.step(ev);
    const std::vector<double> after = re.ladder();
    ASSERT_EQ(after.size(), 6u);
    EXPECT_NEAR(after.front(), 0.002, 1e-12);
    EXPECT_NEAR(after.back(), 0.5, 1e-12);
    for (std::size_t k = 1; k < after.size(); ++k) EXPECT_GT(after[k], after[k - 1]);
    EXPECT_NE(after, before);
    std::uint64_t offered = 0;
    for (std::size_t k = 0; k + 1 < after.size(); ++k) offered += re.swaps_offered(k);
    EXPECT_GT(offered, 100u);
}

}  // namespace replica_exchange_test
