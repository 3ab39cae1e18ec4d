// The pieces that keep a long search moving: grouped draws, parent selection with distinct
// boards and clearing, migration, the patch crossover, focused mutation, the memetic walks and
// the run's archive.
#include "mazesearch/search/optimizers/population.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <set>
#include <span>
#include <vector>

#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/optimizer_support.hpp"
#include "mazesearch/search/optimizers/crossover.hpp"
#include "mazesearch/search/optimizers/memetic.hpp"
#include "mazesearch/engine/rng.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"

using namespace maze;

namespace {

const MouseMazeTarget& grid(int side) {
    static const MouseMazeTarget t5(5, 5, Cell{0, 0}, Cell{4, 0},
                                    MouseMazeTarget::Convention::Paper);
    static const MouseMazeTarget t8(8, 8, Cell{0, 0}, Cell{7, 0},
                                    MouseMazeTarget::Convention::Paper);
    return side == 5 ? t5 : t8;
}

Genome bits(std::size_t n, std::initializer_list<std::size_t> ones) {
    Genome g(n);
    for (std::size_t i : ones) g.set(i, true);
    return g;
}

Scored scored(Genome g, double v) {
    return Scored{std::move(g), v};
}

// Proposal k of group g: a random board from a stream of (g, k) alone.
Genome proposal(std::size_t genes, std::size_t g, std::uint64_t k) {
    Rng rng(derive_seed(77, {g, k}));
    return random_genome(genes, 0.35, rng);
}

}  // namespace

// Each group takes its own first feasible proposals in order, whatever the thread count, and the
// same as drawing the group alone.
TEST(DrawGroups, EachGroupTakesItsFirstFeasibleProposals) {
    const Target& t = grid(8);
    const std::vector<std::size_t> want = {5, 0, 40, 17};
    for (int threads : {1, 2}) {
        SCOPED_TRACE(threads);
        Evaluator ev(t, Budget{}, threads);
        std::vector<std::size_t> drawn;
        const std::vector<std::size_t> tries(want.size(), 1000);
        const auto got = ev.draw_groups(
            want, tries, [&](std::size_t g, std::uint64_t k) { return proposal(t.genes(), g, k); },
            &drawn);
        ASSERT_EQ(got.size(), want.size());
        std::uint64_t rejected = 0, taken = 0;
        for (std::size_t g = 0; g < want.size(); ++g) {
            // The reference: proposals of group g one by one.
            std::vector<Genome> expect;
            std::uint64_t k = 0;
            while (expect.size() < want[g]) {
                Genome p = proposal(t.genes(), g, k++);
                if (t.feasible(p))
                    expect.push_back(p);
                else
                    ++rejected;
            }
            EXPECT_EQ(drawn[g], k);
            ASSERT_EQ(got[g].size(), want[g]);
            for (std::size_t i = 0; i < want[g]; ++i) {
                EXPECT_EQ(got[g][i].genome, expect[i]);
                Evaluator single(t, Budget{}, 1);
                EXPECT_EQ(got[g][i].value, evaluate_one(single, expect[i]).value);
            }
            taken += want[g];
        }
        EXPECT_EQ(ev.ledger().evaluations(), taken);
        EXPECT_EQ(ev.ledger().rejected(), rejected);
    }
}

// A group stops at its own number of tries; the others go on.
TEST(DrawGroups, EachGroupHasItsOwnTries) {
    const Target& t = grid(8);
    Genome walled(t.genes());
    for (std::size_t i = 0; i < walled.size(); ++i) walled.set(i, true);  // no way out
    Evaluator ev(t, Budget{}, 2);
    const std::vector<std::size_t> want = {3, 4};
    const std::vector<std::size_t> tries = {7, 1000};
    std::vector<std::size_t> drawn;
    const auto got = ev.draw_groups(
        want, tries,
        [&](std::size_t g, std::uint64_t k) {
            EXPECT_LT(k, tries[g]);
            return g == 0 ? walled : proposal(t.genes(), g, k);
        },
        &drawn);
    EXPECT_TRUE(got[0].empty());
    EXPECT_EQ(drawn[0], 7u);
    EXPECT_EQ(got[1].size(), 4u);
    EXPECT_EQ(ev.ledger().rejected(), 7u + (drawn[1] - 4));
}

// A budget smaller than the wants is spent in group order.
TEST(DrawGroups, BudgetCutsTheLastGroupsFirst) {
    const Target& t = grid(8);
    Budget b;
    b.evaluations = 12;
    Evaluator ev(t, b, 2);
    const std::vector<std::size_t> want = {5, 5, 5};
    const std::vector<std::size_t> tries = {1000, 1000, 1000};
    const auto got = ev.draw_groups(
        want, tries, [&](std::size_t g, std::uint64_t k) { return proposal(t.genes(), g, k); });
    EXPECT_EQ(got[0].size(), 5u);
    EXPECT_EQ(got[1].size(), 5u);
    EXPECT_EQ(got[2].size(), 2u);
    EXPECT_EQ(ev.ledger().evaluations(), 12u);
}

TEST(SelectParents, PlainDistinctAndClearing) {
    const std::size_t n = 10;
    const std::vector<Scored> pop = {
        scored(bits(n, {0}), 5),       scored(bits(n, {0}), 5),           // a duplicate
        scored(bits(n, {0, 1}), 4),    scored(bits(n, {5, 6, 7, 8}), 3),  // close to 0 / far
        scored(bits(n, {2, 3, 4}), 3), scored(bits(n, {9}), 1),
    };
    const auto plain = select_parents(pop, 3, false, 0);
    ASSERT_EQ(plain.size(), 3u);
    EXPECT_EQ(plain[0].genome, pop[0].genome);
    EXPECT_EQ(plain[1].genome, pop[1].genome);  // the duplicate is taken
    EXPECT_EQ(plain[2].value, 4);

    const auto distinct = select_parents(pop, 3, true, 0);
    ASSERT_EQ(distinct.size(), 3u);
    EXPECT_EQ(distinct[1].genome, pop[2].genome);
    EXPECT_EQ(distinct[2].genome, pop[3].genome);  // ties in population order

    // Clearing with radius 1: {0,1} is within 1 of {0}, {9} within 2 of {0}: skipped first.
    const auto cleared = select_parents(pop, 3, true, 1);
    ASSERT_EQ(cleared.size(), 3u);
    EXPECT_EQ(cleared[0].genome, pop[0].genome);
    EXPECT_EQ(cleared[1].genome, pop[3].genome);
    EXPECT_EQ(cleared[2].genome, pop[4].genome);
    for (std::size_t a = 0; a < cleared.size(); ++a)
        for (std::size_t b = a + 1; b < cleared.size(); ++b)
            EXPECT_GT(cleared[a].genome.distance(cleared[b].genome), 1u);

    // Too few far apart: the best skipped ones fill up, still distinct.
    const auto filled = select_parents(pop, 5, true, 3);
    ASSERT_EQ(filled.size(), 5u);
    std::set<std::string> seen;
    for (const Scored& s : filled) seen.insert(s.genome.to_string());
    EXPECT_EQ(seen.size(), 5u);
}

TEST(RemoveDuplicates, KeepsTheFirstOfEachBoardInOrder) {
    std::vector<Scored> pop = {scored(bits(4, {1}), 2), scored(bits(4, {2}), 3),
                               scored(bits(4, {1}), 2), scored(bits(4, {}), 0),
                               scored(bits(4, {2}), 3)};
    remove_duplicates(pop);
    ASSERT_EQ(pop.size(), 3u);
    EXPECT_EQ(pop[0].genome, bits(4, {1}));
    EXPECT_EQ(pop[1].genome, bits(4, {2}));
    EXPECT_EQ(pop[2].genome, bits(4, {}));
}

TEST(Migration, RingSendsTheBestNewBoardsInPlaceOfTheWorst) {
    const std::size_t n = 6;
    std::vector<std::vector<Scored>> islands = {
        {scored(bits(n, {0}), 10), scored(bits(n, {1}), 1), scored(bits(n, {2}), 7)},
        {scored(bits(n, {3}), 4), scored(bits(n, {4}), 2), scored(bits(n, {0}), 10)},
        {scored(bits(n, {5}), 9), scored(bits(n, {1, 2}), 3), scored(bits(n, {3, 4}), 8)},
    };
    MigrationSpec spec;
    spec.migrants = 1;
    std::vector<Rng> rngs(3);
    EXPECT_EQ(migrate(islands, spec, rngs), 3u);
    // Island 0 gets island 2's best (value 9) in place of its worst (value 1).
    EXPECT_EQ(islands[0][1].genome, bits(n, {5}));
    // Island 1 already holds island 0's best (value 10): it gets the next one (value 7).
    EXPECT_EQ(islands[1][1].genome, bits(n, {2}));
    // Island 2 gets island 1's best as it was before migration (value 10) in place of 3.
    EXPECT_EQ(islands[2][1].genome, bits(n, {0}));
}

TEST(Migration, AllAndRandomMoveDistinctBoardsFromOtherIslands) {
    const std::size_t n = 8;
    for (auto topo : {MigrationSpec::Topology::All, MigrationSpec::Topology::Random}) {
        for (auto choice : {MigrationSpec::Choice::Best, MigrationSpec::Choice::Random}) {
            std::vector<std::vector<Scored>> islands(4);
            for (std::size_t i = 0; i < 4; ++i)
                for (std::size_t k = 0; k < 5; ++k)
                    islands[i].push_back(scored(bits(n, {i, 4 + k % 4}), double(10 * i + k)));
            const auto before = islands;
            MigrationSpec spec;
            spec.topology = topo;
            spec.choice = choice;
            spec.migrants = 2;
            std::vector<Rng> rngs;
            for (std::uint64_t i = 0; i < 4; ++i) rngs.emplace_back(i + 1);
            migrate(islands, spec, rngs);
            for (std::size_t i = 0; i < 4; ++i) {
                ASSERT_EQ(islands[i].size(), 5u);
                std::set<std::string> own, now;
                for (const Scored& s : before[i]) own.insert(s.genome.to_string());
                std::size_t arrived = 0;
                for (const Scored& s : islands[i]) {
                    EXPECT_TRUE(now.insert(s.genome.to_string()).second) << "a duplicate";
                    if (!own.count(s.genome.to_string())) ++arrived;
                }
                EXPECT_EQ(arrived, 2u);
            }
            if (topo == MigrationSpec::Topology::All && choice == MigrationSpec::Choice::Best) {
                // Island 0 receives the two best boards of the others: island 3's best two.
                EXPECT_EQ(std::count_if(islands[0].begin(), islands[0].end(),
                                        [](const Scored& s) { return s.value >= 33; }),
                          2);
            }
        }
    }
}

TEST(PatchCrossover, CopiesOneRectangleOfTheSecondParent) {
    const Target& t = grid(8);
    const Topology& topo = t.topology();
    Genome a(t.genes()), b(t.genes());
    for (std::size_t i = 0; i < b.size(); ++i) b.set(i, true);
    Rng rng(5);
    std::set<std::size_t> sizes;
    for (int trial = 0; trial < 500; ++trial) {
        const Genome child = patch_crossover(a, b, topo, rng);
        // The genes from b span a rectangle (minus start and exit, which are no genes).
        int r0 = 99, r1 = -1, c0 = 99, c1 = -1;
        for (std::size_t i = 0; i < child.size(); ++i)
            if (child.get(i)) {
                r0 = std::min(r0, topo.row[i]);
                r1 = std::max(r1, topo.row[i]);
                c0 = std::min(c0, topo.col[i]);
                c1 = std::max(c1, topo.col[i]);
            }
        for (std::size_t i = 0; i < child.size(); ++i) {
            const bool inside =
                topo.row[i] >= r0 && topo.row[i] <= r1 && topo.col[i] >= c0 && topo.col[i] <= c1;
            EXPECT_EQ(child.get(i), inside);
        }
        sizes.insert(child.count());
    }
    EXPECT_GT(sizes.size(), 20u);  // patches of many sizes
    EXPECT_EQ(patch_crossover(a, a, topo, rng), a);
}

TEST(MutateWithin, FlipsOnlyMaskedGenesAsOftenAsPlainMutation) {
    Genome mask(100);
    for (std::size_t i = 0; i < 100; i += 4) mask.set(i, true);  // 25 genes
    Rng rng(3);
    std::size_t flips = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        Genome g(100);
        mutate_within(g, mask, 0.02, rng);  // 2 flips expected over 100 genes
        for (std::size_t i = 0; i < 100; ++i)
            if (g.get(i)) {
                EXPECT_TRUE(mask.get(i));
            }
        flips += g.count();
    }
    EXPECT_NEAR(static_cast<double>(flips) / 2000, 2.0, 0.15);
}

// Flipping a gene the walk neither steps on nor looks at leaves the score unchanged.
TEST(RelevantGenes, OtherGenesNeverChangeTheScore) {
    const MouseMazeTarget& t = grid(8);
    Rng rng(11);
    std::size_t irrelevant = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const Genome g = random_genome(t.genes(), 0.4, rng);
        if (!t.feasible(g)) continue;
        Evaluator ev(t, Budget{}, 1);
        const double v = evaluate_one(ev, g).value;
        const Genome mask = t.relevant_genes(g);
        for (std::size_t i = 0; i < g.size(); ++i) {
            if (mask.get(i)) continue;
            ++irrelevant;
            Genome h = g;
            h.flip(i);
            const Score s = evaluate_one(ev, h);
            ASSERT_TRUE(s.feasible);
            EXPECT_EQ(s.value, v);
        }
    }
    EXPECT_GT(irrelevant, 100u);  // the test saw such genes
}

// A climb ends on a board no neighbour beats; a plateau walk crosses equal boards.
TEST(LocalSearch, ClimbEndsAtALocalOptimum) {
    const MouseMazeTarget& t = grid(5);
    Rng rng(9);
    for (int trial = 0; trial < 20; ++trial) {
        Genome g;
        do g = random_genome(t.genes(), 0.3, rng);
        while (!t.feasible(g));
        Evaluator ev(t, Budget{}, 1);
        std::vector<LocalWalk> walks = {start_walk(Scored{g, evaluate_one(ev, g).value})};
        LocalSearchSpec spec;
        spec.kind = LocalSearchSpec::Kind::Climb;
        spec.scans = 1000;
        run_local_search(ev, spec, walks, [](std::size_t, std::uint64_t s) { return Rng(s); });
        const LocalWalk& w = walks[0];
        EXPECT_TRUE(w.ended);
        EXPECT_EQ(w.best.genome, w.current.genome);
        EXPECT_GE(w.best.value, w.start.value);
        for (std::size_t i = 0; i < t.genes(); ++i) {
            Genome h = w.best.genome;
            h.flip(i);
            const Score s = evaluate_one(ev, h);
            if (s.feasible) {
                EXPECT_LE(s.value, w.best.value);
            }
        }
    }
}

TEST(LocalSearch, PlateauAndTabuWalksMoveAndKeepTheBest) {
    const MouseMazeTarget& t = grid(8);
    Rng rng(21);
    for (auto kind : {LocalSearchSpec::Kind::Plateau, LocalSearchSpec::Kind::Tabu}) {
        std::vector<LocalWalk> walks;
        Evaluator ev(t, Budget{}, 2);
        for (int k = 0; k < 4; ++k) {
            Genome g;
            do g = random_genome(t.genes(), 0.3, rng);
            while (!t.feasible(g));
            walks.push_back(start_walk(Scored{g, evaluate_one(ev, g).value}));
        }
        LocalSearchSpec spec;
        spec.kind = kind;
        spec.scans = 30;
        spec.tenure = 5;
        spec.focus = true;
        run_local_search(ev, spec, walks, [](std::size_t w, std::uint64_t s) {
            return Rng(derive_seed(1, {w, s}));
        });
        for (const LocalWalk& w : walks) {
            EXPECT_GE(w.best.value, w.start.value);
            EXPECT_GE(w.best.value, w.current.value);
            Evaluator fresh(t, Budget{}, 1);
            EXPECT_EQ(evaluate_one(fresh, w.best.genome).value, w.best.value);
            EXPECT_LE(w.current.genome.distance(w.start.genome), w.moves);
            if (kind == LocalSearchSpec::Kind::Tabu) {
                EXPECT_EQ(w.moves, 30u);  // never stops
            }
        }
    }
}

// The archive keeps the best boards, at least `distance` apart, the best first, and survives a
// checkpoint.
TEST(Archive, KeepsTheBestBoardsApartAndSurvivesACheckpoint) {
    const MouseMazeTarget& t = grid(8);
    ArchiveSpec spec{6, 5};
    Evaluator ev(t, Budget{}, 2, spec);
    Rng rng(4);
    std::vector<Genome> all;
    for (int k = 0; k < 3000; ++k) all.push_back(random_genome(t.genes(), 0.3, rng));
    std::vector<Score> scores(all.size());
    ev.evaluate(all, scores);
    const auto& a = ev.ledger().archive();
    ASSERT_EQ(a.size(), 6u);
    EXPECT_EQ(a.front().genome, ev.ledger().best());
    EXPECT_EQ(a.front().value, ev.ledger().best_score());
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (i) {
            EXPECT_GE(a[i - 1].value, a[i].value);
        }
        for (std::size_t j = i + 1; j < a.size(); ++j)
            EXPECT_GE(a[i].genome.distance(a[j].genome), 5u);
        // Found by the evaluation it names: the scores of the batch in order. The index must name
        // one of the batch's feasible boards (1-based), and that board is the archived one.
        const std::size_t at = a[i].evaluation;
        std::size_t feasible_seen = 0, named = 0;
        for (std::size_t k = 0; k < all.size(); ++k)
            if (scores[k].feasible && ++feasible_seen == at) {
                ++named;
                EXPECT_EQ(all[k], a[i].genome);
                EXPECT_EQ(scores[k].value, a[i].value);
            }
        EXPECT_GE(at, 1u) << "archived board " << i;
        EXPECT_LE(at, feasible_seen) << "archived board " << i;
        EXPECT_EQ(named, 1u) << "archived board " << i << " names evaluation " << at;
    }
    // Every feasible board worth more than the archive's last is within 5 of a kept board at
    // least as good.
    for (std::size_t k = 0; k < all.size(); ++k) {
        if (!scores[k].feasible || scores[k].value <= a.back().value) continue;
        EXPECT_TRUE(std::any_of(a.begin(), a.end(), [&](const Archived& x) {
            return x.value >= scores[k].value && x.genome.distance(all[k]) < 5;
        }));
    }
    Evaluator again(t, Budget{}, 1, spec);
    again.restore(nlohmann::json::parse(ev.save().dump()));
    ASSERT_EQ(again.ledger().archive().size(), a.size());
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(again.ledger().archive()[i].genome, a[i].genome);
    Evaluator none(t, Budget{}, 1);
    none.evaluate(all, scores);
    EXPECT_TRUE(none.ledger().archive().empty());
}

// Checkpoints written before islands and the archive existed resume: the one population is
// island 0, the archive starts empty, and the run goes on as it would have.
TEST(OlderCheckpoints, ResumeAsOneIslandWithAnEmptyArchive) {
    const Target& t = grid(8);
    Params p;
    p.set("kind", std::string("genetic"));
    p.set("population", std::int64_t{30});
    p.set("parents", std::int64_t{5});
    p.set("elitism", true);
    p.set("restart", std::int64_t{4});
    Budget b;
    b.evaluations = 3000;
    auto run = [&](bool old_format) {
        auto opt = make_optimizer(p);
        Evaluator ev(t, b, 1);
        opt->start(t, 17);
        for (int k = 0; k < 20; ++k) opt->step(ev);
        nlohmann::json os = opt->save(), es = ev.save();
        if (old_format) {
            const nlohmann::json island = os["islands"][0];
            for (const auto& [key, value] : island.items()) os[key] = value;
            for (const char* key :
                 {"islands", "migrants_moved", "local_searches", "local_improvements"})
                os.erase(key);
            es.erase("archive");
        }
        auto again = make_optimizer(p);
        Evaluator ev2(t, b, 1);
        again->restore(os);
        ev2.restore(es);
        if (old_format) {
            EXPECT_TRUE(ev2.ledger().archive().empty());
        }
        while (!ev2.ledger().exhausted()) again->step(ev2);
        return std::make_pair(ev2.ledger().best(), again->save());
    };
    const auto now = run(false);
    const auto old = run(true);
    EXPECT_EQ(old.first, now.first);
    EXPECT_EQ(old.second["islands"], now.second["islands"]);
}
