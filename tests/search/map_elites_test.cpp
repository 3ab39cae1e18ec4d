// MAP-Elites (search/optimizers/map_elites.cpp): the archive and the walk's descriptors. Its
// determinism at any thread count, exact resumption, budget and checkpoint checks are those of
// every optimizer (optimizers_test.cpp, the map_elites cases).
#include "mazesearch/search/optimizers/map_elites.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "mazesearch/models/cells/mouse_maze_target.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/models/graphs/graph_examples.hpp"
#include "mazesearch/models/graphs/graph_target.hpp"
#include "mazesearch/models/hex/hex_target.hpp"
#include "mazesearch/models/hex/hex_walk.hpp"
#include "mazesearch/models/passages/passage_target.hpp"
#include "mazesearch/models/passages/passage_walk.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/params.hpp"

namespace map_elites_test {

using maze::Budget;
using maze::Cell;
using maze::Evaluator;
using maze::Genome;
using maze::MapElites;
using maze::Params;
using maze::WalkProfile;

const maze::MouseMazeTarget& board(int side) {
    static std::map<int, maze::MouseMazeTarget> targets;
    auto it = targets.find(side);
    if (it == targets.end())
        it = targets
                 .emplace(side, maze::MouseMazeTarget(side, side, Cell{0, 0}, Cell{side - 1, 0},
                                                      maze::MouseMazeTarget::Convention::Paper))
                 .first;
    return it->second;
}

Params params(std::vector<std::pair<std::string, Params::Value>> kv) {
    Params p;
    p.set("kind", std::string("map-elites"));
    for (auto& [k, v] : kv) p.set(k, v);
    return p;
}

// A walk's profile from its counts as walk_report gives them (row-major), written out here.
WalkProfile profile_from_counts(int rows, int cols, const std::vector<std::uint64_t>& visits) {
    WalkProfile p;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const std::uint64_t v = visits[static_cast<std::size_t>(r * cols + c)];
            if (v > p.max_visits) p = WalkProfile{v, r, c, p.quarters};
            const int quarter =
                (2 * r >= rows - rows % 2 ? 2 : 0) + (2 * c >= cols - cols % 2 ? 1 : 0);
            p.quarters[static_cast<std::size_t>(quarter)] += v;
        }
    return p;
}

template <class B, class Draw>
std::vector<B> feasible_boards(std::size_t n, Draw draw) {
    std::vector<B> out;
    while (out.size() < n)
        if (B b = draw(); feasible(b)) out.push_back(b);
    return out;
}

// The batch walk's profile of each board (and its moves) is the one its counted walk says, for the
// cell, hexagonal and passage boards, the walks finished by the reference walk past the move limit
// too.
TEST(WalkProfile, TheBatchWalksProfileIsTheCountedWalks) {
    std::mt19937_64 rng(48);
    const auto cells = feasible_boards<maze::Board>(200, [&] {
        maze::Board b(13, 13);
        for (int r = 0; r < 13; ++r)
            for (int c = 0; c < 13; ++c)
                if (rng() % 100 < 30 && !(Cell{r, c} == b.start()) && !(Cell{r, c} == b.exit()))
                    b.set_open(Cell{r, c}, false);
        return b;
    });
    const auto hexes = feasible_boards<maze::HexCellBoard>(200, [&] {
        maze::HexCellBoard b(11, 12);
        for (int r = 0; r < 11; ++r)
            for (int c = 0; c < 12; ++c)
                if (rng() % 100 < 30 && !(Cell{r, c} == b.start()) && !(Cell{r, c} == b.exit()))
                    b.set_open(Cell{r, c}, false);
        return b;
    });
    // Passage boards (9 x 10, walls up with probability 0.35), through their target's genomes.
    const maze::PassageTarget passage_target(9, 10, 0, 0);
    const auto passages = feasible_boards<maze::PassageBoard>(200, [&] {
        Genome g(passage_target.genes());
        for (std::size_t i = 0; i < g.size(); ++i) g.set(i, rng() % 100 < 35);
        return passage_target.to_board(g);
    });
    for (const std::uint64_t limit : {std::uint64_t{1} << 40, std::uint64_t{30}}) {
        SCOPED_TRACE("move limit " + std::to_string(limit));
        std::vector<std::uint64_t> moves(200);
        std::vector<WalkProfile> profiles(200);
        const std::size_t cell_fallbacks = maze::walk_feasible_batch(
            std::span<const maze::Board>(cells), moves, std::span<WalkProfile>(profiles), limit);
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const maze::WalkCounts w = maze::walk_report(cells[i]);
            ASSERT_EQ(moves[i], w.moves) << i;
            ASSERT_EQ(profiles[i], profile_from_counts(13, 13, w.visits)) << i;
        }
        const std::size_t hex_fallbacks =
            maze::walk_feasible_batch(std::span<const maze::HexCellBoard>(hexes), moves,
                                      std::span<WalkProfile>(profiles), limit);
        for (std::size_t i = 0; i < hexes.size(); ++i) {
            const maze::WalkCounts w = maze::walk_report(hexes[i]);
            ASSERT_EQ(moves[i], w.moves) << i;
            ASSERT_EQ(profiles[i], profile_from_counts(11, 12, w.visits)) << i;
        }
        const std::size_t passage_fallbacks =
            maze::walk_feasible_batch(std::span<const maze::PassageBoard>(passages), moves,
                                      std::span<WalkProfile>(profiles), limit);
        for (std::size_t i = 0; i < passages.size(); ++i) {
            const maze::WalkCounts w = maze::walk_report(passages[i]);
            ASSERT_EQ(moves[i], w.moves) << i;
            ASSERT_EQ(profiles[i], profile_from_counts(9, 10, w.visits)) << i;
        }
        if (limit < 1000) {  // some walks were finished by the reference walk
            EXPECT_GT(cell_fallbacks, 0u);
            EXPECT_GT(hex_fallbacks, 0u);
            EXPECT_GT(passage_fallbacks, 0u);
        }
    }
}

// A walk target's values with its descriptors are its plain values, and the descriptors are the
// walk's profile said as numbers; a target whose walk gives no profile says so.
TEST(WalkProfile, ATargetScoresTheSameWithItsDescriptors) {
    const auto check = [](const auto& t, int rows, int cols) {
        ASSERT_EQ(t.behaviours(), (std::vector<std::string>{"doublings", "max-visits", "hot-row",
                                                            "hot-col", "busiest-quarter"}));
        std::mt19937_64 rng(7);
        std::vector<Genome> genomes;
        while (genomes.size() < 100) {
            Genome g(t.genes());
            for (std::size_t i = 0; i < g.size(); ++i) g.set(i, rng() % 100 < 30);
            if (t.feasible(g)) genomes.push_back(g);
        }
        std::vector<double> plain(genomes.size()), values(genomes.size()),
            described(genomes.size() * 5);
        t.score(genomes, plain);
        t.score_described(genomes, values, described);
        EXPECT_EQ(values, plain);
        for (std::size_t i = 0; i < genomes.size(); ++i) {
            const maze::WalkCounts w = maze::walk_report(t.to_board(genomes[i]));
            const WalkProfile p = profile_from_counts(rows, cols, w.visits);
            std::uint64_t total = 0, busiest = 0;
            for (std::uint64_t q : p.quarters) total += q, busiest = std::max(busiest, q);
            const double* d = &described[i * 5];
            EXPECT_EQ(d[0], static_cast<double>(std::bit_width(p.max_visits)));
            EXPECT_EQ(d[1], static_cast<double>(p.max_visits));
            EXPECT_EQ(d[2], static_cast<double>(p.hot_row));
            EXPECT_EQ(d[3], static_cast<double>(p.hot_col));
            EXPECT_DOUBLE_EQ(d[4], static_cast<double>(busiest) / static_cast<double>(total));
        }
    };
    check(board(9), 9, 9);
    check(maze::PassageTarget(9, 9, 0, 0), 9, 9);
    // A graph's walk gives no profile.
    const maze::GraphTarget graph(maze::torus_graph(4, 5), maze::GraphTarget::Delete::Both,
                                  maze::WalkObjective::Moves);
    EXPECT_TRUE(graph.behaviours().empty());
    EXPECT_THROW(graph.score_described({}, {}, {}), std::logic_error);
}

// After a run, every elite sits in the cell of its descriptors, which are its board's (the open
// genes and the walk's doublings), with its board's value; no cell holds two; the QD-score is the
// sum of the values and the coverage the share of cells held.
TEST(MapElites, EachEliteSitsInTheCellOfItsOwnWalk) {
    const auto& t = board(8);
    MapElites me(params({{"x", std::string("open-genes")},
                         {"y", std::string("doublings")},
                         {"x_bins", std::int64_t{12}},
                         {"random_boards", std::int64_t{200}}}));
    Budget b;
    b.evaluations = 6000;
    Evaluator ev(t, b, 2);
    me.start(t, 5);
    while (!ev.ledger().exhausted()) me.step(ev);
    ASSERT_GT(me.archive().size(), 20u);
    EXPECT_EQ(me.cells(), 12u * 16u);
    EXPECT_EQ(me.lows(), (std::vector<double>{0, 1}));
    EXPECT_EQ(me.highs(), (std::vector<double>{static_cast<double>(t.genes()) + 1, 17}));
    std::set<std::uint64_t> cells;
    double qd = 0;
    for (const MapElites::Elite& e : me.archive()) {
        const maze::WalkCounts w = maze::walk_report(t.to_board(e.genome));
        ASSERT_TRUE(w.feasible);
        EXPECT_EQ(e.value, static_cast<double>(w.moves));
        const double open = static_cast<double>(e.genome.size() - e.genome.count());
        const WalkProfile p = profile_from_counts(8, 8, w.visits);
        EXPECT_EQ(e.descriptors,
                  (std::vector<double>{open, static_cast<double>(std::bit_width(p.max_visits))}));
        const auto x = static_cast<std::uint64_t>(open * 12 / (static_cast<double>(t.genes()) + 1));
        const auto y = static_cast<std::uint64_t>(std::bit_width(p.max_visits) - 1);
        EXPECT_EQ(e.cell, x + 12 * y);
        EXPECT_TRUE(cells.insert(e.cell).second);
        qd += e.value;
    }
    EXPECT_DOUBLE_EQ(me.qd_score(), qd);
    EXPECT_DOUBLE_EQ(me.coverage(), static_cast<double>(cells.size()) / (12.0 * 16.0));
    EXPECT_EQ(me.added(), me.archive().size());
    EXPECT_GT(me.improved(), 0u);
    // The run's best board is an elite: no board it scored better was dropped from the archive.
    double best = 0;
    for (const MapElites::Elite& e : me.archive()) best = std::max(best, e.value);
    EXPECT_EQ(ev.ledger().best_score(), best);
}

// A cell keeps the better board; of two of the same value, the first. The given boards are
// proposed first, in order.
TEST(MapElites, ACellKeepsTheBetterBoardAndOfEqualOnesTheFirst) {
    const auto& t = board(5);
    // The boards with one blocked gene, by their value.
    std::map<double, std::vector<Genome>> by_value;
    for (std::size_t i = 0; i < t.genes(); ++i) {
        Genome g(t.genes());
        g.set(i, true);
        if (t.feasible(g))
            by_value[static_cast<double>(evaluate(t.to_board(g)).moves)].push_back(g);
    }
    ASSERT_GE(by_value.size(), 3u);
    const Genome& low = by_value.begin()->second.front();
    const Genome& mid = std::next(by_value.begin())->second.front();
    const auto top = std::prev(by_value.end());
    const auto tie = std::find_if(by_value.begin(), by_value.end(),
                                  [](const auto& kv) { return kv.second.size() >= 2; });
    ASSERT_NE(tie, by_value.end());
    // One axis of one bin: every board competes for the one cell.
    const auto keeps = [&](const std::vector<Genome>& given) {
        MapElites me(params({{"y", std::string("none")},
                             {"x_bins", std::int64_t{1}},
                             {"batch", static_cast<std::int64_t>(given.size())}}));
        Budget b;
        b.evaluations = given.size();
        Evaluator ev(t, b, 1);
        me.start(t, 1, given);
        me.step(ev);
        EXPECT_EQ(me.archive().size(), 1u);
        return me.archive().at(0);
    };
    const MapElites::Elite best = keeps({mid, top->second.front(), low});
    EXPECT_EQ(best.genome, top->second.front());
    EXPECT_EQ(best.value, top->first);
    EXPECT_EQ(keeps({tie->second[0], tie->second[1]}).genome, tie->second[0]);
    EXPECT_EQ(keeps({tie->second[1], tie->second[0]}).genome, tie->second[1]);
}

// Descriptors a target cannot give, and bad axes, are refused before a run starts, naming what is
// wrong.
TEST(MapElites, BadAxesAreRefusedNamingTheKey) {
    auto refused = [](std::vector<std::pair<std::string, Params::Value>> kv,
                      const std::string& key) {
        try {
            MapElites::Settings s(params(std::move(kv)));
            ADD_FAILURE() << "no error for " << key;
        } catch (const maze::ParamError& e) {
            EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
        }
    };
    refused({{"x", std::string("walk-length")}}, "x");
    refused({{"x", std::string("none")}}, "x");
    refused({{"y", std::string("none")}, {"z", std::string("hot-row")}}, "z");
    refused({{"y", std::string("hot-row")}}, "y");  // already x
    refused({{"x_min", 5.0}, {"x_max", 5.0}}, "x_max");
    refused({{"y", std::string("none")}, {"y_bins", std::int64_t{4}}}, "y_bins");
    refused({{"x_bins", std::int64_t{0}}}, "x_bins");
    refused({{"batch", std::int64_t{0}}}, "batch");
    // A graph target's walk gives no profile: its descriptors are the genome's alone. The cell,
    // passage and hexagonal targets give the walk's.
    const maze::GraphTarget graph(maze::torus_graph(4, 5), maze::GraphTarget::Delete::Both,
                                  maze::WalkObjective::Moves);
    const MapElites::Settings walk_axes(params({}));
    try {
        walk_axes.check(graph, {});
        ADD_FAILURE() << "no error for hot-row on a graph";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("hot-row"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("open-genes"), std::string::npos) << e.what();
    }
    EXPECT_NO_THROW(
        MapElites::Settings(params({{"x", std::string("open-genes")}, {"y", std::string("none")}}))
            .check(graph, {}));
    EXPECT_NO_THROW(walk_axes.check(maze::PassageTarget(4, 4, 0, 0), {}));
    // Too many cells.
    const MapElites::Settings huge(
        params({{"x_bins", std::int64_t{10000}}, {"y_bins", std::int64_t{10000}}}));
    EXPECT_THROW(huge.check(board(5), {}), std::invalid_argument);
}

// A checkpoint's archive is refused by a config with other axes: its cells would mean others.
TEST(MapElites, ACheckpointIsRefusedByAConfigWithOtherAxes) {
    const auto& t = board(5);
    MapElites me(params({}));
    Budget b;
    b.evaluations = 500;
    Evaluator ev(t, b, 1);
    me.start(t, 2);
    me.step(ev);
    const nlohmann::json state = me.save();
    for (const auto& kv : std::vector<std::vector<std::pair<std::string, Params::Value>>>{
             {{"x_bins", std::int64_t{8}}}, {{"y", std::string("doublings")}}, {{"y_max", 20.0}}}) {
        MapElites other(params(kv));
        other.start(t, 2);
        const nlohmann::json before = other.save();
        EXPECT_THROW(other.restore(state), std::invalid_argument);
        EXPECT_EQ(other.save(), before);
    }
    MapElites same(params({}));
    same.start(t, 9);
    EXPECT_NO_THROW(same.restore(state));
    EXPECT_EQ(same.save(), state);
}

// The annealing emitter: chains start from elites and take their proposals by the Metropolis
// rule. Cold (T far below any loss), a chain never steps down; hot (T far above), it takes every
// feasible proposal. Every chain sits on a feasible board of the value its walk gives.
TEST(MapElites, TheAnnealingChainsTakeTheirMovesByTheMetropolisRule) {
    const auto& t = board(8);
    const auto run = [&](double temperature, std::int64_t length, auto&& each_step) {
        MapElites me(params({{"emitter", std::string("anneal")},
                             {"batch", std::int64_t{16}},
                             {"random_boards", std::int64_t{64}},
                             {"t_start", temperature},
                             {"t_end", temperature},
                             {"length", length}}));
        Budget b;
        b.evaluations = 8000;
        Evaluator ev(t, b, 2);
        me.start(t, 3);
        while (!ev.ledger().exhausted()) {
            const std::vector<MapElites::Chain> before = me.chains();
            me.step(ev);
            each_step(before, me);
        }
        for (const MapElites::Chain& c : me.chains()) {
            EXPECT_TRUE(c.started);
            const maze::WalkCounts w = maze::walk_report(t.to_board(c.genome));
            EXPECT_TRUE(w.feasible);
            EXPECT_EQ(c.value, static_cast<double>(w.moves));
        }
        return me;
    };
    std::uint64_t downs = 0;
    const MapElites cold = run(1e-9, 0, [&](const auto& before, const MapElites& me) {
        for (std::size_t k = 0; k < before.size(); ++k)
            if (before[k].started) {
                EXPECT_GE(me.chains()[k].value, before[k].value) << "chain " << k;
                EXPECT_GE(me.chains()[k].done, before[k].done) << "chain " << k;
            }
    });
    EXPECT_EQ(cold.restarts(), 16u);  // one schedule over the budget: each chain starts once
    EXPECT_GT(cold.moves_taken(), 0u);
    const MapElites hot = run(1e9, 0, [&](const auto& before, const MapElites& me) {
        for (std::size_t k = 0; k < before.size(); ++k)
            if (before[k].started && me.chains()[k].value < before[k].value) ++downs;
    });
    std::uint64_t done = 0;
    for (const MapElites::Chain& c : hot.chains()) done += c.done;
    EXPECT_EQ(hot.moves_taken(), done);  // every feasible proposal taken
    EXPECT_GT(downs, 0u);
    // A schedule of 20 proposals: each chain starts again from an elite once it is over.
    const MapElites restarted = run(1.0, 20, [](const auto&, const MapElites& me) {
        for (const MapElites::Chain& c : me.chains()) EXPECT_LE(c.done, 20u);
    });
    EXPECT_GT(restarted.restarts(), 16u * 10);
}

// The emitters' keys belong to one emitter each: a key of the other is refused by name; and a
// checkpoint's chains are refused by a config with another batch or the mutation emitter.
TEST(MapElites, TheAnnealingEmittersKeysAndChainsAreItsOwn) {
    auto refused = [](std::vector<std::pair<std::string, Params::Value>> kv,
                      const std::string& key) {
        try {
            MapElites::Settings s(params(std::move(kv)));
            ADD_FAILURE() << "no error for " << key;
        } catch (const maze::ParamError& e) {
            EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
        }
    };
    refused({{"emitter", std::string("anneal")}, {"flips", 3.0}}, "flips");
    refused({{"emitter", std::string("anneal")}, {"crossover_rate", 0.1}}, "crossover_rate");
    refused({{"t_start", 0.5}}, "t_start");
    refused({{"emitter", std::string("cma")}}, "emitter");
    const auto& t = board(5);
    const auto anneal = [](std::int64_t batch) {
        return params({{"emitter", std::string("anneal")},
                       {"batch", batch},
                       {"random_boards", std::int64_t{8}}});
    };
    MapElites me(anneal(8));
    Budget b;
    b.evaluations = 200;
    Evaluator ev(t, b, 1);
    me.start(t, 2);
    for (int i = 0; i < 5; ++i) me.step(ev);
    const nlohmann::json state = me.save();
    ASSERT_EQ(me.chains().size(), 8u);
    for (const Params& p : {anneal(9), params({{"batch", std::int64_t{8}}})}) {
        MapElites other(p);
        other.start(t, 2);
        EXPECT_THROW(other.restore(state), std::invalid_argument);
    }
    MapElites same(anneal(8));
    same.start(t, 7);
    EXPECT_NO_THROW(same.restore(state));
    EXPECT_EQ(same.save(), state);
}

// resample_every: the chains are resampled by their Boltzmann weights, as population annealing's
// are. With no fall of the temperature every chain keeps its one copy; with a fall far larger
// than any difference of their scores, every chain becomes a copy of the best ones. A checkpoint
// from before the key resumes with no resampling made; a length is refused beside it.
TEST(MapElites, ResampledChainsGoToTheChainsThatDoWell) {
    const auto& t = board(8);
    const auto run = [&](double t_start, double t_end, std::int64_t every, auto&& each_step) {
        MapElites me(params({{"emitter", std::string("anneal")},
                             {"batch", std::int64_t{16}},
                             {"random_boards", std::int64_t{64}},
                             {"report_every", std::int64_t{16}},
                             {"t_start", t_start},
                             {"t_end", t_end},
                             {"schedule", std::string("exponential")},
                             {"resample_every", every}}));
        Budget b;
        b.evaluations = 4000;
        Evaluator ev(t, b, 2);
        me.start(t, 3);
        while (!ev.ledger().exhausted()) {
            const std::vector<MapElites::Chain> before = me.chains();
            const std::uint64_t resamplings = me.resamplings();
            me.step(ev);
            each_step(before, me, me.resamplings() > resamplings);
        }
        return me;
    };
    // No fall: the chains are as their moves left them, each its own family.
    const MapElites flat = run(1.0, 1.0, 1, [](const auto&, const MapElites& me, bool resampled) {
        if (resampled) {
            EXPECT_EQ(me.families(), 16u);
        }
    });
    EXPECT_GT(flat.resamplings(), 200u);
    // T from 1e-6 to 1e-9: between two resamplings 1/T grows by 10^5 at least, so a chain a move
    // behind the best weighs e^-100000 of it; after each resampling every chain has the best
    // chain's value. Without resampling, the chains keep values of their own.
    const auto same_values = [](const MapElites& me) {
        for (const MapElites::Chain& c : me.chains())
            if (c.value != me.chains().front().value) return false;
        return true;
    };
    std::uint64_t resampled_steps = 0;
    const MapElites cold =
        run(1e-6, 1e-9, 3, [&](const auto& before, const MapElites& me, bool resampled) {
            if (!resampled) return;
            ++resampled_steps;
            EXPECT_TRUE(same_values(me)) << "resampling " << me.resamplings();
            // So cold, a chain never steps down: the best's value is at least any chain's before.
            for (const MapElites::Chain& c : before) {
                if (c.started) {
                    EXPECT_GE(me.chains().front().value, c.value);
                }
            }
            EXPECT_LE(me.families(), 16u);
        });
    EXPECT_GT(resampled_steps, 50u);
    std::uint64_t apart = 0;
    (void)run(1e-6, 1e-9, 0, [&](const auto&, const MapElites& me, bool resampled) {
        EXPECT_FALSE(resampled);
        apart += !same_values(me);
    });
    EXPECT_GT(apart, 50u);
    // A checkpoint without the resampling's fields (written before the key) resumes with none.
    nlohmann::json old = cold.save();
    for (const char* key : {"since", "resampled_at", "resamplings", "families"}) old.erase(key);
    MapElites resumed(params({{"emitter", std::string("anneal")},
                              {"batch", std::int64_t{16}},
                              {"resample_every", std::int64_t{3}}}));
    resumed.start(t, 3);
    resumed.restore(old);
    EXPECT_EQ(resumed.resamplings(), 0u);
    EXPECT_EQ(resumed.chains().size(), 16u);
    try {
        MapElites::Settings s(params({{"emitter", std::string("anneal")},
                                      {"length", std::int64_t{100}},
                                      {"resample_every", std::int64_t{3}}}));
        ADD_FAILURE() << "resample_every with a length: no error";
    } catch (const maze::ParamError& e) {
        EXPECT_NE(std::string(e.what()).find("resample_every"), std::string::npos) << e.what();
    }
}

}  // namespace map_elites_test
