// Passage boards (Mouse Maze 2) as a search target: genes and topology, feasibility and scores
// against the reference walk, crossovers on cells, the genes the walk depends on, every optimizer
// on the target (reaching brute-force optima on small grids), the config and the run folder.
#include "mazesearch/models/passages/passage_target.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "mazesearch/models/passages/passage_board.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/runner.hpp"
#include "mazesearch/experiments/target_factory.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/optimizers/crossover.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/engine/rng.hpp"
#include "temp_dir.hpp"

// A named namespace, not an anonymous one: the unity build puts this file in one unit with other
// tests that define helpers of the same names.
namespace passage_target_test {

namespace fs = std::filesystem;
using maze::Cell;
using maze::Genome;
using maze::Params;
using maze::PassageBoard;
using maze::PassageTarget;
using maze::reference_counts;
using maze::Rng;

Genome random_genome(std::size_t n, double p_wall, Rng& rng) {
    Genome g(n);
    for (std::size_t i = 0; i < n; ++i) g.set(i, rng.bernoulli(p_wall));
    return g;
}

// The reference walk of a genome's board; infeasible (feasible = false) when a free column's
// code is no column.
maze::WalkCounts reference(const PassageTarget& t, const Genome& g) {
    const std::optional<PassageBoard> b = t.decode(g);
    return b ? reference_counts(*b) : maze::WalkCounts{};
}

double score_of(const PassageTarget& t, const Genome& g) {
    double v = 0;
    t.score(std::span<const Genome>(&g, 1), std::span<double>(&v, 1));
    return v;
}

// ---------------------------------------------------------------------------------------------
// Genes, topology, boards

TEST(PassageTarget, GeneIIsSlotIWithOneForAWall) {
    const PassageTarget t(4, 5, 1, 3);
    const PassageBoard probe(4, 5);
    ASSERT_EQ(t.genes(), static_cast<std::size_t>(probe.slots()));  // 4*4 + 3*5 = 31
    EXPECT_EQ(t.genes(), 31u);
    Rng rng(1);
    for (int k = 0; k < 200; ++k) {
        const Genome g = random_genome(t.genes(), 0.4, rng);
        const PassageBoard b = t.to_board(g);
        EXPECT_EQ(b.entrance(), 1);
        EXPECT_EQ(b.exit(), 3);
        for (int s = 0; s < b.slots(); ++s)
            ASSERT_EQ(b.slot_open(s), !g.get(static_cast<std::size_t>(s))) << s;
        EXPECT_EQ(t.to_genome(b), g);
        EXPECT_EQ(t.to_genome(PassageBoard::parse(b.to_text())), g);
    }
    // Boards of another shape or with other fixed columns are refused, naming the source.
    EXPECT_THROW(t.to_genome(PassageBoard(4, 4, 1, 3)), maze::BoardError);
    try {
        t.to_genome(PassageBoard(4, 5, 0, 3), "x.txt");
        ADD_FAILURE() << "another entrance was taken";
    } catch (const maze::BoardError& e) {
        EXPECT_EQ(e.source(), "x.txt");
    }
}

TEST(PassageTarget, TopologyPutsPassagesAtDoubledCoordinates) {
    const PassageTarget t(3, 4, std::nullopt, std::nullopt);
    const maze::Topology& topo = t.topology();
    EXPECT_EQ(topo.kind, "passages");
    EXPECT_EQ(topo.rows, 5);
    EXPECT_EQ(topo.cols, 7);
    ASSERT_EQ(t.code_genes(), 2);  // 4 columns: 2 bits each
    ASSERT_EQ(t.genes(), static_cast<std::size_t>(t.slots() + 4));
    ASSERT_EQ(topo.row.size(), t.genes());
    const PassageBoard probe(3, 4);
    for (int s = 0; s < t.slots(); ++s) {
        const auto [a, b] = probe.slot_cells(s);
        const auto i = static_cast<std::size_t>(s);
        if (a.r == b.r) {  // right of a: (2r, 2c + 1)
            EXPECT_EQ(topo.row[i], 2 * a.r);
            EXPECT_EQ(topo.col[i], 2 * a.c + 1);
        } else {  // below a: (2r + 1, 2c)
            EXPECT_EQ(topo.row[i], 2 * a.r + 1);
            EXPECT_EQ(topo.col[i], 2 * a.c);
        }
    }
    // The entrance's code at the top left cell, the exit's at the bottom left cell.
    for (std::size_t i = static_cast<std::size_t>(t.slots()); i < t.genes(); ++i) {
        const bool entrance = i < static_cast<std::size_t>(t.slots() + 2);
        EXPECT_EQ(topo.row[i], entrance ? 0 : 4);
        EXPECT_EQ(topo.col[i], 0);
    }
}

// A free column is a Gray code after the slots; neighbouring columns are one flip apart, codes
// past the last column are infeasible, and every board of the shape has its genome.
TEST(PassageTarget, FreeColumnsAreGrayCodedAndOutOfRangeCodesAreInfeasible) {
    const PassageTarget t(2, 5, std::nullopt, std::nullopt);  // 3 bits per column, codes 0..7
    ASSERT_EQ(t.code_genes(), 3);
    const std::size_t s = static_cast<std::size_t>(t.slots());
    Genome open(t.genes());  // every passage open: always reachable
    int valid = 0;
    for (unsigned code = 0; code < 8; ++code) {
        Genome g = open;
        for (unsigned k = 0; k < 3; ++k) g.set(s + k, (code >> k) & 1u);
        const std::optional<PassageBoard> b = t.decode(g);
        EXPECT_EQ(t.feasible(g), b.has_value());
        if (!b) continue;
        ++valid;
        EXPECT_EQ(t.to_genome(*b), g);
    }
    EXPECT_EQ(valid, 5);  // exactly the five columns
    for (int c = 0; c + 1 < 5; ++c) {
        const Genome a = t.to_genome(PassageBoard(2, 5, c, 0));
        const Genome b = t.to_genome(PassageBoard(2, 5, c + 1, 0));
        EXPECT_EQ(a.distance(b), 1u) << c;
    }
    // One column: no code genes, always column 0.
    const PassageTarget single(4, 1, std::nullopt, std::nullopt);
    EXPECT_EQ(single.genes(), 3u);
    EXPECT_EQ(single.to_board(Genome(3)).entrance(), 0);
}

// ---------------------------------------------------------------------------------------------
// Feasibility and scores against the reference walk

TEST(PassageTarget, FeasibilityAndScoresAgreeWithTheReferenceWalk) {
    Rng rng(2);
    int feasible = 0, infeasible = 0;
    const std::vector<std::pair<int, int>> shapes = {{1, 2}, {2, 1}, {1, 7}, {6, 1}, {2, 2},
                                                     {3, 4}, {5, 5}, {4, 7}, {9, 3}, {16, 16}};
    for (const auto& [rows, cols] : shapes)
        for (const bool free : {false, true}) {
            const PassageTarget t(rows, cols, free ? std::nullopt : std::optional<int>(cols - 1),
                                  free ? std::nullopt : std::optional<int>(cols / 2));
            for (int k = 0; k < 300; ++k) {
                const double p = 0.1 + 0.6 * static_cast<double>(k % 7) / 6.0;
                const Genome g = random_genome(t.genes(), p, rng);
                const auto w = reference(t, g);
                ASSERT_EQ(t.feasible(g), w.feasible) << rows << "x" << cols << " " << g.to_string();
                if (!w.feasible) {
                    ++infeasible;
                    continue;
                }
                ++feasible;
                ASSERT_EQ(score_of(t, g), static_cast<double>(w.moves));
            }
        }
    // Both kinds were seen in numbers.
    EXPECT_GT(feasible, 1000);
    EXPECT_GT(infeasible, 1000);
}

TEST(PassageTarget, ScoresCountTheMoveInAndTheMoveOut) {
    // 1x2, entrance above (0, 0), exit below (0, 1), the passage open: in, right, out.
    const PassageTarget t(1, 2, 0, 1);
    Genome g(1);
    EXPECT_TRUE(t.feasible(g));
    EXPECT_EQ(score_of(t, g), 3.0);
    g.set(0, true);  // the wall: the exit cannot be reached
    EXPECT_FALSE(t.feasible(g));
    // Entrance and exit in one column of a single row: in and straight out.
    const PassageTarget same(1, 2, 1, 1);
    EXPECT_EQ(score_of(same, Genome(1)), 2.0);
}

// ---------------------------------------------------------------------------------------------
// The genes the walk depends on

TEST(PassageTarget, FlippingAnIrrelevantGeneNeverChangesTheScore) {
    Rng rng(3);
    std::size_t irrelevant_seen = 0, relevant_seen = 0;
    for (const auto& [rows, cols] : std::vector<std::pair<int, int>>{{4, 4}, {6, 5}, {8, 8}})
        for (const bool free : {false, true}) {
            const PassageTarget t(rows, cols, free ? std::nullopt : std::optional<int>(1),
                                  free ? std::nullopt : std::optional<int>(0));
            int boards = 0;
            while (boards < 40) {
                const Genome g = random_genome(t.genes(), 0.45, rng);
                if (!t.feasible(g)) continue;
                ++boards;
                const double v = score_of(t, g);
                const Genome mask = t.relevant_genes(g);
                ASSERT_EQ(mask.size(), t.genes());
                for (std::size_t i = 0; i < t.genes(); ++i) {
                    if (mask.get(i)) {
                        ++relevant_seen;
                        continue;
                    }
                    ++irrelevant_seen;
                    Genome h = g;
                    h.flip(i);
                    ASSERT_TRUE(t.feasible(h)) << i;
                    ASSERT_EQ(score_of(t, h), v) << i << " " << g.to_string();
                }
                // A free column's code always matters.
                for (std::size_t i = static_cast<std::size_t>(t.slots()); i < t.genes(); ++i)
                    EXPECT_TRUE(mask.get(i));
            }
        }
    // The masks do leave genes out (random boards at this density have cells the mouse never
    // reaches), and keep others in.
    EXPECT_GT(irrelevant_seen, 500u);
    EXPECT_GT(relevant_seen, 500u);
}

// The mask is also tight enough to matter: a passage next to a cell the mouse stands on that is
// flipped from open to closed on the walk's path changes the walk. Checked on the simplest walk:
// a straight corridor down column 0 of an otherwise walled 4x3 board.
TEST(PassageTarget, RelevantGenesAreThePassagesAroundTheCellsStoodOn) {
    const PassageTarget t(4, 3, 0, 0);
    PassageBoard b(4, 3, 0, 0);
    for (int r = 0; r < 3; ++r) b.set_down(r, 0, true);
    const Genome g = t.to_genome(b);
    ASSERT_TRUE(t.feasible(g));
    EXPECT_EQ(score_of(t, g), 5.0);  // in, three steps down, out
    const Genome mask = t.relevant_genes(g);
    for (int s = 0; s < t.slots(); ++s) {
        const auto [x, y] = b.slot_cells(s);
        // Column 0 is where he stands: every passage touching it is looked through.
        const bool touches = x.c == 0 || y.c == 0;
        EXPECT_EQ(mask.get(static_cast<std::size_t>(s)), touches) << s;
    }
}

// ---------------------------------------------------------------------------------------------
// Crossovers on the passage topology: lines, blocks and patches of cells

Genome complement(const Genome& a) {
    Genome b = a;
    for (std::size_t i = 0; i < a.size(); ++i) b.flip(i);
    return b;
}

// Whether the genes with the same key come from the same parent (parents complementary).
template <class Key>
bool grouped(const Genome& child, const Genome& a, Key&& key) {
    std::map<long, bool> seen;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const bool from_b = child.get(i) != a.get(i);
        auto [it, fresh] = seen.emplace(key(i), from_b);
        if (!fresh && it->second != from_b) return false;
    }
    return true;
}

TEST(PassageTarget, GeometricCrossoversWorkOnCells) {
    const PassageTarget t(6, 7, std::nullopt, std::nullopt);
    const maze::Topology& topo = t.topology();
    ASSERT_TRUE(maze::has_grid(topo, t.genes()));
    Rng rng(4);
    // The cell a gene goes with: the one left of or above its passage.
    auto cell_row = [&](std::size_t i) { return topo.row[i] / 2; };
    auto cell_col = [&](std::size_t i) { return topo.col[i] / 2; };
    int mixed_rows = 0, mixed_blocks = 0, mixed_patch = 0;
    for (int k = 0; k < 200; ++k) {
        const Genome a = random_genome(t.genes(), 0.5, rng);
        const Genome b = complement(a);
        const Genome rows = maze::line_crossover(a, b, topo, maze::LineAxis::Rows, rng);
        ASSERT_TRUE(grouped(rows, a, [&](std::size_t i) { return long{cell_row(i)}; }));
        mixed_rows += !grouped(rows, a, [](std::size_t) { return 0L; });
        // A row of cells keeps its own passages and the ones below it together, which the
        // doubled rows alone would not: 2r and 2r + 1 always agree.
        const Genome cols = maze::line_crossover(a, b, topo, maze::LineAxis::Columns, rng);
        ASSERT_TRUE(grouped(cols, a, [&](std::size_t i) { return long{cell_col(i)}; }));
        const Genome blocks = maze::block_crossover(a, b, topo, 2, rng);
        ASSERT_TRUE(grouped(blocks, a, [&](std::size_t i) {
            return long{cell_row(i) / 2} * 100 + cell_col(i) / 2;
        }));
        mixed_blocks += !grouped(blocks, a, [](std::size_t) { return 0L; });
        // A patch: the genes from b are those of a rectangle of cells.
        const Genome patch = maze::patch_crossover(a, b, topo, rng);
        int r0 = 99, r1 = -1, c0 = 99, c1 = -1;
        for (std::size_t i = 0; i < t.genes(); ++i)
            if (patch.get(i) != a.get(i)) {
                r0 = std::min(r0, cell_row(i));
                r1 = std::max(r1, cell_row(i));
                c0 = std::min(c0, cell_col(i));
                c1 = std::max(c1, cell_col(i));
            }
        for (std::size_t i = 0; i < t.genes(); ++i) {
            const bool inside =
                cell_row(i) >= r0 && cell_row(i) <= r1 && cell_col(i) >= c0 && cell_col(i) <= c1;
            ASSERT_EQ(patch.get(i) != a.get(i), inside) << i;
        }
        mixed_patch += r1 >= 0 && !(r0 == 0 && c0 == 0 && r1 == 5 && c1 == 6);
    }
    // Each operator does mix its parents.
    EXPECT_GT(mixed_rows, 190);
    EXPECT_GT(mixed_blocks, 190);
    EXPECT_GT(mixed_patch, 150);
    // Every crossover gives a child of the right size with each gene from a parent, and
    // identical parents give that parent.
    for (const char* name : {"uniform", "one-point", "multi-point", "line", "block", "patch"}) {
        maze::CrossoverSpec spec;
        spec.kind = maze::crossover_kind(name);
        spec.points = 3;
        spec.block = 3;
        const Genome a = random_genome(t.genes(), 0.5, rng);
        const Genome b = random_genome(t.genes(), 0.5, rng);
        const Genome child = maze::crossover(spec, a, b, topo, rng);
        ASSERT_EQ(child.size(), t.genes()) << name;
        for (std::size_t i = 0; i < t.genes(); ++i)
            ASSERT_TRUE(child.get(i) == a.get(i) || child.get(i) == b.get(i)) << name;
        EXPECT_EQ(maze::crossover(spec, a, a, topo, rng), a) << name;
    }
}

// ---------------------------------------------------------------------------------------------
// Every optimizer on the target

using Kv = std::vector<std::pair<std::string, Params::Value>>;

Params make_params(const Kv& kv) {
    Params p;
    for (const auto& [k, v] : kv) p.set(k, v);
    return p;
}

Params::Value str(const char* s) {
    return std::string(s);
}
Params::Value num(std::int64_t v) {
    return v;
}

// The passage target, checking on every board it is asked to score that the reference walk finds
// it feasible: the evaluator must never walk (or count) an infeasible board.
class CheckedTarget : public maze::Target {
  public:
    explicit CheckedTarget(const PassageTarget& t) : t_(t) {}
    std::string name() const override { return t_.name(); }
    std::size_t genes() const override { return t_.genes(); }
    const maze::Topology& topology() const override { return t_.topology(); }
    void feasibility(std::span<const Genome> g, std::span<bool> f) const override {
        t_.feasibility(g, f);
    }
    void score(std::span<const Genome> g, std::span<double> v) const override {
        for (const Genome& x : g)
            if (!reference(t_, x).feasible) ++infeasible_scored;
        scored += g.size();
        t_.score(g, v);
    }
    Genome relevant_genes(const Genome& g) const override { return t_.relevant_genes(g); }
    mutable std::atomic<std::uint64_t> scored{0}, infeasible_scored{0};

  private:
    const PassageTarget& t_;
};

struct Case {
    std::string name;
    Kv params;
};

// Every optimizer, every crossover, islands, diversity and memetic local search.
std::vector<Case> all_cases(double p_wall) {
    const Params::Value p = p_wall;
    return {
        {"random", {{"kind", str("random")}, {"batch", num(200)}, {"p_blocked", p}}},
        {"hill_first",
         {{"kind", str("hill-climbing")}, {"report_every", num(300)}, {"p_blocked", p}}},
        {"hill_best", {{"kind", str("hill-climbing")}, {"mode", str("best")}, {"p_blocked", p}}},
        {"annealing",
         {{"kind", str("annealing")},
          {"t_start", 20.0},
          {"report_every", num(300)},
          {"p_blocked", p}}},
        {"annealing_relative",
         {{"kind", str("annealing")},
          {"acceptance", str("relative")},
          {"t_start", 0.3},
          {"t_end", 0.01},
          {"schedule", str("exponential")},
          {"p_blocked", p}}},
        {"evolutionary", {{"kind", str("evolutionary")}, {"elitism", true}, {"p_blocked", p}}},
        {"genetic_uniform", {{"kind", str("genetic")}, {"elitism", true}, {"p_blocked", p}}},
        {"genetic_one_point",
         {{"kind", str("genetic")},
          {"crossover", str("one-point")},
          {"elitism", true},
          {"p_blocked", p}}},
        {"genetic_multi_point",
         {{"kind", str("genetic")},
          {"crossover", str("multi-point")},
          {"points", num(3)},
          {"elitism", true},
          {"p_blocked", p}}},
        {"genetic_line",
         {{"kind", str("genetic")},
          {"crossover", str("line")},
          {"elitism", true},
          {"p_blocked", p}}},
        {"genetic_block",
         {{"kind", str("genetic")},
          {"crossover", str("block")},
          {"elitism", true},
          {"p_blocked", p}}},
        {"genetic_patch",
         {{"kind", str("genetic")},
          {"crossover", str("patch")},
          {"elitism", true},
          {"p_blocked", p}}},
        {"genetic_islands",
         {{"kind", str("genetic")},
          {"islands", num(3)},
          {"population", num(30)},
          {"parents", num(6)},
          {"migration_interval", num(3)},
          {"elitism", true},
          {"p_blocked", p}}},
        {"genetic_diverse",
         {{"kind", str("genetic")},
          {"distinct", true},
          {"niche_radius", num(2)},
          {"mutation_focus", str("seen")},
          {"elitism", true},
          {"p_blocked", p}}},
        {"memetic_climb",
         {{"kind", str("genetic")},
          {"local_search", str("climb")},
          {"local_every", num(3)},
          {"local_scans", num(3)},
          {"local_focus", true},
          {"elitism", true},
          {"p_blocked", p}}},
        {"memetic_plateau",
         {{"kind", str("genetic")},
          {"local_search", str("plateau")},
          {"local_every", num(4)},
          {"elitism", true},
          {"p_blocked", p}}},
        {"memetic_tabu",
         {{"kind", str("evolutionary")},
          {"local_search", str("tabu")},
          {"local_every", num(4)},
          {"local_scans", num(4)},
          {"elitism", true},
          {"p_blocked", p}}},
        {"hamming_1", {{"kind", str("hamming")}, {"radius", num(1)}, {"p_blocked", p}}},
        {"hamming_2_report",
         {{"kind", str("hamming")}, {"radius", num(2)}, {"mode", str("report")}, {"p_blocked", p}}},
        {"hamming_3", {{"kind", str("hamming")}, {"radius", num(3)}, {"p_blocked", p}}},
    };
}

struct Outcome {
    Genome best;
    double best_score = 0;
    std::uint64_t evaluations = 0, rejected = 0;
};

// Runs until `budget` evaluations, the optimizer's end, or a best of `target` (when given).
Outcome run(const Kv& kv, const maze::Target& t, std::uint64_t budget, std::uint64_t seed,
            std::optional<double> target = std::nullopt) {
    maze::Budget b;
    b.evaluations = budget;
    b.target = target;
    auto opt = maze::make_optimizer(make_params(kv));
    maze::Evaluator ev(t, b, 1);
    opt->start(t, seed);
    while (!ev.ledger().exhausted() && !opt->done()) opt->step(ev);
    return Outcome{ev.ledger().best(), ev.ledger().best_score(), ev.ledger().evaluations(), ev.ledger().rejected()};
}

TEST(PassageTarget, EveryOptimizerScoresWithTheReferenceWalk) {
    for (const bool free : {false, true}) {
        const PassageTarget t(5, 5, free ? std::nullopt : std::optional<int>(2),
                              free ? std::nullopt : std::optional<int>(4));
        for (const Case& c : all_cases(0.45)) {
            CheckedTarget checked(t);
            const Outcome o = run(c.params, checked, 2000, 17);
            SCOPED_TRACE(c.name + (free ? " free" : " fixed"));
            ASSERT_TRUE(t.feasible(o.best));
            const auto w = reference(t, o.best);
            ASSERT_TRUE(w.feasible);
            EXPECT_EQ(o.best_score, static_cast<double>(w.moves));
            EXPECT_GT(o.best_score, 8.0);  // better than the shortest way through
            EXPECT_EQ(checked.infeasible_scored.load(), 0u);
            EXPECT_LE(o.evaluations, checked.scored.load());
            if (c.name.rfind("hamming", 0) != 0) {
                EXPECT_EQ(o.evaluations, 2000u);
            }
        }
    }
}

// At a wall density of 0.6 most random boards are infeasible: they are rejected, never counted
// as evaluations and never walked.
TEST(PassageTarget, InfeasibleBoardsAreRejectedNotCounted) {
    const PassageTarget t(6, 6, 0, 5);
    CheckedTarget checked(t);
    const Outcome o =
        run({{"kind", str("random")}, {"batch", num(100)}, {"p_blocked", 0.6}}, checked, 1000, 5);
    EXPECT_EQ(o.evaluations, 1000u);
    EXPECT_GT(o.rejected, 1000u);
    EXPECT_EQ(checked.infeasible_scored.load(), 0u);
    EXPECT_EQ(checked.scored.load(), 1000u);
}

// The best board of a small grid by brute force over every board, with the reference walk.
std::pair<std::uint64_t, std::uint64_t> brute_force_optimum(const PassageTarget& t) {
    std::uint64_t best = 0, feasible = 0;
    const std::size_t n = t.genes();
    for (std::uint64_t bits = 0; bits < (std::uint64_t{1} << n); ++bits) {
        Genome g(n);
        g.words()[0] = bits;
        const auto w = reference(t, g);
        if (!w.feasible) continue;
        ++feasible;
        best = std::max(best, w.moves);
    }
    return {best, feasible};
}

// On 3x4 with fixed columns (2^17 boards) and 3x3 with both columns free (2^12 boards for each
// of the 9 column pairs, 2^16 genomes), every optimizer reaches the brute-force optimum, except
// that a Hamming climb of radius 1 may stop at a local optimum: then no board one flip away is
// better (checked with the reference walk). Radius 3 reaches the optimum.
TEST(PassageTarget, OptimizersReachTheBruteForceOptimum) {
    struct Grid {
        PassageTarget target;
        std::uint64_t budget;
    };
    const std::vector<Grid> grids = {{PassageTarget(3, 4, 2, 1), 20000},
                                     {PassageTarget(3, 3, std::nullopt, std::nullopt), 20000}};
    for (const Grid& grid : grids) {
        const auto [optimum, feasible] = brute_force_optimum(grid.target);
        ASSERT_GT(feasible, 100u);
        for (const Case& c : all_cases(0.4)) {
            if (c.name == "hamming_2_report") continue;  // reports one ball, no search
            SCOPED_TRACE(c.name + " on " + std::to_string(grid.target.rows()) + "x" +
                         std::to_string(grid.target.cols()));
            const Outcome o =
                run(c.params, grid.target, grid.budget, 23, static_cast<double>(optimum));
            EXPECT_EQ(static_cast<double>(reference(grid.target, o.best).moves), o.best_score);
            if (c.name != "hamming_1") {
                EXPECT_EQ(o.best_score, static_cast<double>(optimum));
                continue;
            }
            EXPECT_LE(o.best_score, static_cast<double>(optimum));
            for (std::size_t i = 0; i < grid.target.genes(); ++i) {
                Genome h = o.best;
                h.flip(i);
                const auto w = reference(grid.target, h);
                if (w.feasible) {
                    EXPECT_LE(static_cast<double>(w.moves), o.best_score) << i;
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Configs, views and run folders

std::string error_of_text(const std::string& text) {
    try {
        const auto c = maze::experiments::load_config_text(text, "cfg.yaml", {});
        maze::experiments::make_target(c.target);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "no error";
}

const char* kConfig = R"(name: passages
seed: 3
target:
  kind: passages
  rows: 4
  cols: 5
  entrance: free
  exit: 3
optimizer: {kind: genetic, p_blocked: 0.45, population: 40, parents: 8}
budget: {evaluations: 2000}
)";

TEST(PassageTarget, ConfigRoundTrip) {
    const auto c = maze::experiments::load_config_text(kConfig, "cfg.yaml", {});
    const auto made = maze::experiments::make_target(c.target);
    const auto* t = dynamic_cast<const PassageTarget*>(made.target.get());
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->rows(), 4);
    EXPECT_EQ(t->cols(), 5);
    EXPECT_FALSE(t->entrance().has_value());
    EXPECT_EQ(t->exit(), std::optional<int>(3));
    EXPECT_EQ(t->genes(), static_cast<std::size_t>(4 * 4 + 3 * 5 + 3));
    EXPECT_EQ(made.view->unit(), "moves (the move in and the move out counted)");

    // The resolved config, written as YAML and as JSON and read back, makes the same target.
    for (const auto& again :
         {maze::experiments::load_config_text(maze::experiments::to_yaml(c.resolved), "again.yaml", {}),
          maze::experiments::config_from_json(nlohmann::json::parse(c.resolved.dump()), "again.json")}) {
        const auto made2 = maze::experiments::make_target(again.target);
        const auto* t2 = dynamic_cast<const PassageTarget*>(made2.target.get());
        ASSERT_NE(t2, nullptr);
        EXPECT_EQ(t2->genes(), t->genes());
        EXPECT_EQ(t2->entrance(), t->entrance());
        EXPECT_EQ(t2->exit(), t->exit());
    }
    // Defaults: 13x13, entrance and exit in column 0.
    const auto d = maze::experiments::load_config_text(
        "target: {kind: passages}\noptimizer: {kind: random}\nbudget: {evaluations: 1}\n", "d.yaml",
        {});
    const auto dm = maze::experiments::make_target(d.target);
    const auto* dt = dynamic_cast<const PassageTarget*>(dm.target.get());
    ASSERT_NE(dt, nullptr);
    EXPECT_EQ(dt->genes(), 312u);
    EXPECT_EQ(dt->entrance(), std::optional<int>(0));
    EXPECT_EQ(dt->exit(), std::optional<int>(0));
}

TEST(PassageTarget, BadConfigKeysAreRefusedWithTheLine) {
    std::string text = kConfig;
    text.insert(text.find("  exit: 3"), "  colour: red\n");  // line 8
    std::string e = error_of_text(text);
    EXPECT_NE(e.find("cfg.yaml:8"), std::string::npos) << e;
    EXPECT_NE(e.find("target.colour: unknown key"), std::string::npos) << e;
    // A mouse-maze key is not a passage key.
    e = error_of_text(
        "target: {kind: passages, start: [0, 0]}\noptimizer: {kind: random}\nbudget: {seconds: "
        "1}\n");
    EXPECT_NE(e.find("cfg.yaml:1"), std::string::npos) << e;
    EXPECT_NE(e.find("target.start: unknown key"), std::string::npos) << e;

    text = kConfig;
    text.replace(text.find("exit: 3"), 7, "exit: 5");  // columns 0..4
    e = error_of_text(text);
    EXPECT_NE(e.find("cfg.yaml:8"), std::string::npos) << e;
    EXPECT_NE(e.find("target.exit"), std::string::npos) << e;
    EXPECT_NE(e.find("[0, 4] or free"), std::string::npos) << e;

    text = kConfig;
    text.replace(text.find("entrance: free"), 14, "entrance: left");
    e = error_of_text(text);
    EXPECT_NE(e.find("cfg.yaml:7"), std::string::npos) << e;
    EXPECT_NE(e.find("target.entrance"), std::string::npos) << e;

    text = kConfig;
    text.replace(text.find("rows: 4"), 7, "rows: 17");
    e = error_of_text(text);
    EXPECT_NE(e.find("cfg.yaml:5"), std::string::npos) << e;
    EXPECT_NE(e.find("target.rows"), std::string::npos) << e;

    e = error_of_text(
        "target: {kind: passages, rows: 1, cols: 1}\noptimizer: {kind: random}\nbudget: {seconds: "
        "1}\n");
    EXPECT_NE(e.find("at least two cells"), std::string::npos) << e;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// A run writes the best board in the passage text form; its reference walk is the summary's
// best score. A passage board file seeds a run (`initial:`), one of another shape is refused.
TEST(PassageTarget, RunFolderHoldsTheBestBoardAsPassageText) {
    const fs::path dir = fs::path(maze::testing_support::test_dir()) / "passage_run";
    fs::remove_all(dir);
    maze::experiments::RunOptions quiet;
    quiet.quiet = true;
    const auto c = maze::experiments::load_config_text(kConfig, "cfg.yaml", {"output=" + dir.string()});
    ASSERT_EQ(maze::experiments::run_experiment(c, quiet), 0);
    const auto summary = nlohmann::json::parse(slurp(dir / "summary.json"));
    EXPECT_EQ(summary["target"], "passages");
    EXPECT_EQ(summary["convention"], "moves (the move in and the move out counted)");
    const std::string best = slurp(dir / "best.txt");
    EXPECT_EQ(best, summary["best_board"].get<std::string>());
    const PassageBoard b = PassageBoard::parse(best, "best.txt");
    EXPECT_EQ(b.exit(), 3);
    const auto w = reference_counts(b);
    ASSERT_TRUE(w.feasible);
    EXPECT_EQ(summary["best_score"].get<double>(), static_cast<double>(w.moves));
    // best.svg draws that board: its walls over the visit colours, the score in the title.
    const std::string svg = slurp(dir / "best.svg");
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_NE(svg.find(std::to_string(w.moves)), std::string::npos);
    EXPECT_TRUE(fs::exists(dir / "archive" / "01.txt"));

    // Seeded with that board (and no budget to improve on it beyond one generation), the run's
    // best is at least as good.
    const fs::path seeded = fs::path(maze::testing_support::test_dir()) / "passage_seeded";
    fs::remove_all(seeded);
    const auto cs = maze::experiments::load_config_text(
        kConfig, "cfg.yaml",
        {"output=" + seeded.string(), "initial=" + (dir / "best.txt").string(), "seed=99",
         "budget.evaluations=40"});
    ASSERT_EQ(maze::experiments::run_experiment(cs, quiet), 0);
    const auto s2 = nlohmann::json::parse(slurp(seeded / "summary.json"));
    EXPECT_GE(s2["best_score"].get<double>(), summary["best_score"].get<double>());

    // A board of another shape is refused, naming the file.
    const fs::path small = fs::path(maze::testing_support::test_dir()) / "small_passages.txt";
    PassageBoard(3, 3, 0, 0).save(small.string());
    const fs::path refused = fs::path(maze::testing_support::test_dir()) / "passage_refused";
    fs::remove_all(refused);
    const auto cr = maze::experiments::load_config_text(
        kConfig, "cfg.yaml", {"output=" + refused.string(), "initial=" + small.string()});
    try {
        maze::experiments::run_experiment(cr, quiet);
        ADD_FAILURE() << "a 3x3 board seeded a 4x5 target";
    } catch (const maze::BoardError& e) {
        EXPECT_NE(std::string(e.what()).find("small_passages.txt"), std::string::npos) << e.what();
    }
}

// Every passage config of the repository runs (with a small budget) and its best board is what
// the reference walk says.
TEST(PassageTarget, EveryPassageConfigRuns) {
    const fs::path root = MAZESEARCH_SOURCE_DIR;
    std::vector<fs::path> configs;
    for (const auto& e : fs::directory_iterator(root / "configs" / "passages"))
        if (e.path().extension() == ".yaml") configs.push_back(e.path());
    configs.push_back(root / "configs" / "records" / "passages-13x13.yaml");
    std::sort(configs.begin(), configs.end());
    ASSERT_GE(configs.size(), 9u);
    maze::experiments::RunOptions quiet;
    quiet.quiet = true;
    for (const fs::path& cfg : configs) {
        SCOPED_TRACE(cfg.string());
        const fs::path dir =
            fs::path(maze::testing_support::test_dir()) / ("config_" + cfg.stem().string());
        fs::remove_all(dir);
        const auto c = maze::experiments::load_config(
            cfg.string(), {"output=" + dir.string(), "budget.evaluations=400",
                           "budget.seconds=null", "repeats=1", "threads=1", "initial=null"});
        ASSERT_EQ(c.target.get_string("kind"), "passages");
        ASSERT_EQ(maze::experiments::run_experiment(c, quiet), 0);
        const auto summary = nlohmann::json::parse(slurp(dir / "summary.json"));
        const auto w = reference_counts(PassageBoard::parse(slurp(dir / "best.txt")));
        ASSERT_TRUE(w.feasible);
        EXPECT_EQ(summary["best_score"].get<double>(), static_cast<double>(w.moves));
    }
}

}  // namespace passage_target_test
