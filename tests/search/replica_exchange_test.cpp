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

#include "mazesearch/engine/board.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/targets/mouse_maze_target.hpp"

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

// Tuning moves the inner rungs and keeps the ends: the coldest at t_end, the hottest at t_start,
// each rung hotter than the one below.
TEST(ReplicaExchange, TuningKeepsTheEndsAndTheOrder) {
    ReplicaExchange re(params(0.5, 0.002, 6, 10, true));
    Budget b;
    b.evaluations = 60000;
    Evaluator ev(board6(), b, 2);
    re.start(board6(), 4);
    const std::vector<double> before = re.ladder();
    while (!ev.exhausted()) re.step(ev);
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
