// The walk target written once over the board models (search/targets/walk_target.hpp), held to
// what it promises for every model that uses it: a gene outside relevant_genes() can be flipped
// without changing the board's feasibility or its score, and the objectives and the convention's
// offset score the walk the model's own walk gives.
#include "mazesearch/search/targets/walk_target.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mazesearch/engine/rng.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"
#include "mazesearch/models/hex/hex_target.hpp"
#include "mazesearch/models/passages/passage_target.hpp"

namespace maze {
namespace {

double score_of(const Target& t, const Genome& g) {
    double v = 0;
    t.score(std::span<const Genome>(&g, 1), std::span<double>(&v, 1));
    return v;
}

// Random genomes (a share `blocked` of ones) until `want` feasible ones; for each, every gene
// outside the mask is flipped alone and must leave feasibility and score as they were. Returns
// how many genes were outside a mask, so that a caller can check the property was put to work.
template <class T>
std::size_t flips_outside_the_mask_change_nothing(const T& target, double blocked, int want,
                                                  std::uint64_t seed) {
    Rng rng(seed);
    std::size_t outside = 0;
    for (int found = 0, tries = 0; found < want && tries < 100 * want; ++tries) {
        Genome g(target.genes());
        for (std::size_t i = 0; i < g.size(); ++i) g.set(i, rng.bernoulli(blocked));
        if (!target.feasible(g)) continue;
        ++found;
        const double value = score_of(target, g);
        const Genome mask = target.relevant_genes(g);
        EXPECT_EQ(mask.size(), g.size());
        for (std::size_t i = 0; i < g.size(); ++i) {
            if (mask.get(i)) continue;
            ++outside;
            Genome h = g;
            h.set(i, !h.get(i));
            if (!target.feasible(h)) {
                ADD_FAILURE() << target.name() << ": gene " << i << " made the board infeasible";
                continue;
            }
            EXPECT_EQ(score_of(target, h), value) << target.name() << ": gene " << i;
        }
    }
    return outside;
}

TEST(WalkTarget, AGeneOutsideTheRelevantOnesChangesNoCellBoard) {
    const MouseMazeTarget target(7, 7, {0, 0}, {6, 0}, MouseMazeTarget::Convention::Paper);
    EXPECT_GT(flips_outside_the_mask_change_nothing(target, 0.35, 60, 1), 0u);
}

TEST(WalkTarget, AGeneOutsideTheRelevantOnesChangesNoHexBoard) {
    const HexMazeTarget target(7, 7, {0, 0}, {6, 0});
    EXPECT_GT(flips_outside_the_mask_change_nothing(target, 0.35, 60, 2), 0u);
}

TEST(WalkTarget, AGeneOutsideTheRelevantOnesChangesNoPassageBoard) {
    const PassageTarget target(6, 6, std::nullopt, std::nullopt);
    EXPECT_GT(flips_outside_the_mask_change_nothing(target, 0.5, 60, 3), 0u);
}

TEST(WalkTarget, AnInfeasibleBoardLeavesEveryGeneRelevant) {
    const HexMazeTarget target(4, 4, {0, 0}, {3, 0});
    Genome g(target.genes());
    for (std::size_t i = 0; i < g.size(); ++i) g.set(i, true);  // every free cell blocked
    ASSERT_FALSE(target.feasible(g));
    const Genome mask = target.relevant_genes(g);
    for (std::size_t i = 0; i < g.size(); ++i) EXPECT_TRUE(mask.get(i)) << i;
}

TEST(WalkTarget, EachObjectiveScoresTheModelsOwnWalk) {
    Rng rng(4);
    const MouseMazeTarget paper(6, 6, {0, 0}, {5, 0}, MouseMazeTarget::Convention::Paper);
    const MouseMazeTarget flash(6, 6, {0, 0}, {5, 0}, MouseMazeTarget::Convention::Flash);
    const HexMazeTarget hex(6, 6, {0, 0}, {5, 0});
    const HexMazeTarget hex_visits(6, 6, {0, 0}, {5, 0}, WalkObjective::MaxVisits);
    int checked = 0;
    for (int tries = 0; tries < 2000 && checked < 40; ++tries) {
        Genome g(paper.genes());
        for (std::size_t i = 0; i < g.size(); ++i) g.set(i, rng.bernoulli(0.3));
        if (paper.feasible(g)) {
            const WalkCounts w = reference_counts(paper.to_board(g));
            EXPECT_EQ(score_of(paper, g), static_cast<double>(w.moves));
            EXPECT_EQ(score_of(flash, g), static_cast<double>(w.moves + 2));
            ++checked;
        }
        if (hex.feasible(g)) {
            const WalkCounts w = reference_counts(hex.to_board(g));
            std::uint64_t most = 0;
            for (std::uint64_t v : w.visits) most = std::max(most, v);
            EXPECT_EQ(score_of(hex, g), static_cast<double>(w.moves));
            EXPECT_EQ(score_of(hex_visits, g), static_cast<double>(most));
            ++checked;
        }
    }
    EXPECT_GE(checked, 40);
}

}  // namespace
}  // namespace maze
