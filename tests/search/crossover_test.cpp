#include "mazesearch/search/optimizers/crossover.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <stdexcept>
#include <vector>

#include "mazesearch/models/cells/mouse_maze_target.hpp"

namespace {

using maze::Genome;
using maze::LineAxis;
using maze::Rng;
using maze::Topology;

// Each gene a fair coin (named apart from maze::random_genome, which a unity build may see too).
Genome coin_genome(std::size_t n, Rng& rng) {
    Genome g(n);
    for (std::size_t i = 0; i < n; ++i) g.set(i, rng.bernoulli(0.5));
    return g;
}

Genome complement(const Genome& a) {
    Genome b = a;
    for (std::size_t i = 0; i < a.size(); ++i) b.flip(i);
    return b;
}

// With complementary parents each gene shows its source: true = from b.
std::vector<bool> sources(const Genome& child, const Genome& a) {
    std::vector<bool> s(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) s[i] = child.get(i) != a.get(i);
    return s;
}

bool genes_from_parents(const Genome& child, const Genome& a, const Genome& b) {
    for (std::size_t i = 0; i < a.size(); ++i)
        if (child.get(i) != a.get(i) && child.get(i) != b.get(i)) return false;
    return true;
}

// Whether all genes with the same key (row, column, block) have the same source.
template <class Key>
bool grouped(const std::vector<bool>& src, Key&& key) {
    std::map<long, bool> seen;
    for (std::size_t i = 0; i < src.size(); ++i) {
        auto [it, fresh] = seen.emplace(key(i), src[i]);
        if (!fresh && it->second != src[i]) return false;
    }
    return true;
}

const maze::MouseMazeTarget& board(int rows, int cols) {
    static std::map<std::pair<int, int>, maze::MouseMazeTarget> boards;
    auto it = boards.find({rows, cols});
    if (it == boards.end())
        it = boards
                 .emplace(
                     std::pair{rows, cols},
                     maze::MouseMazeTarget(rows, cols, maze::Cell{0, 0}, maze::Cell{rows - 1, 0},
                                           maze::MouseMazeTarget::Convention::Paper))
                 .first;
    return it->second;
}

std::vector<maze::CrossoverSpec> all_specs() {
    std::vector<maze::CrossoverSpec> specs;
    using K = maze::CrossoverKind;
    specs.push_back({K::Uniform, 2, LineAxis::Both, 2});
    specs.push_back({K::OnePoint, 2, LineAxis::Both, 2});
    specs.push_back({K::MultiPoint, 3, LineAxis::Both, 2});
    specs.push_back({K::Line, 2, LineAxis::Rows, 2});
    specs.push_back({K::Line, 2, LineAxis::Columns, 2});
    specs.push_back({K::Line, 2, LineAxis::Both, 2});
    specs.push_back({K::Block, 2, LineAxis::Both, 2});
    specs.push_back({K::Block, 2, LineAxis::Both, 3});
    return specs;
}

TEST(Crossover, EveryGeneComesFromAParent) {
    Rng rng(1);
    for (auto [r, c] : {std::pair{5, 5}, std::pair{6, 6}, std::pair{13, 13}, std::pair{3, 9}}) {
        const auto& t = board(r, c);
        for (const auto& spec : all_specs())
            for (int k = 0; k < 50; ++k) {
                const Genome a = coin_genome(t.genes(), rng);
                const Genome b = coin_genome(t.genes(), rng);
                const Genome child = maze::crossover(spec, a, b, t.topology(), rng);
                ASSERT_EQ(child.size(), a.size());
                ASSERT_TRUE(genes_from_parents(child, a, b));
                // Nothing set past the last gene (Genome equality compares whole words).
                Genome copy(child.size());
                for (std::size_t i = 0; i < child.size(); ++i) copy.set(i, child.get(i));
                ASSERT_EQ(copy, child);
            }
    }
}

TEST(Crossover, IdenticalParentsGiveTheParent) {
    Rng rng(2);
    const auto& t = board(13, 13);
    for (const auto& spec : all_specs())
        for (int k = 0; k < 20; ++k) {
            const Genome a = coin_genome(t.genes(), rng);
            EXPECT_EQ(maze::crossover(spec, a, a, t.topology(), rng), a);
        }
}

TEST(Crossover, UniformTakesAboutHalfFromEachParent) {
    Rng rng(3);
    const auto& t = board(13, 13);
    std::size_t from_b = 0, total = 0;
    std::vector<int> per_gene(t.genes(), 0);
    for (int k = 0; k < 400; ++k) {
        const Genome a = coin_genome(t.genes(), rng);
        const auto src = sources(maze::uniform_crossover(a, complement(a), rng), a);
        for (std::size_t i = 0; i < src.size(); ++i) {
            from_b += src[i];
            per_gene[i] += src[i];
        }
        total += src.size();
    }
    EXPECT_NEAR(static_cast<double>(from_b) / static_cast<double>(total), 0.5, 0.01);
    for (int x : per_gene) EXPECT_NEAR(x, 200, 70);  // no gene always from one side
}

TEST(Crossover, OnePointCutsOnce) {
    Rng rng(4);
    const auto& t = board(6, 6);
    std::vector<int> cuts(t.genes() + 1, 0);
    for (int k = 0; k < 2000; ++k) {
        const Genome a = coin_genome(t.genes(), rng);
        const auto src = sources(maze::one_point_crossover(a, complement(a), rng), a);
        ASSERT_FALSE(src.front());  // starts with a
        ASSERT_TRUE(src.back());    // ends with b
        std::size_t changes = 0, cut = 0;
        for (std::size_t i = 1; i < src.size(); ++i)
            if (src[i] != src[i - 1]) {
                ++changes;
                cut = i;
            }
        ASSERT_EQ(changes, 1u);
        ++cuts[cut];
    }
    for (std::size_t k = 1; k < t.genes(); ++k) EXPECT_GT(cuts[k], 20) << k;  // every cut occurs
}

TEST(Crossover, MultiPointCutsAtDistinctPoints) {
    Rng rng(5);
    for (int points : {1, 2, 3, 7}) {
        const auto& t = board(5, 5);
        for (int k = 0; k < 300; ++k) {
            const Genome a = coin_genome(t.genes(), rng);
            const auto src = sources(maze::multi_point_crossover(a, complement(a), points, rng), a);
            ASSERT_FALSE(src.front());
            int changes = 0;
            for (std::size_t i = 1; i < src.size(); ++i) changes += src[i] != src[i - 1];
            ASSERT_EQ(changes, points);
        }
    }
    // More points than gaps: every gap is cut.
    const Genome a(4);
    const auto src = sources(maze::multi_point_crossover(a, complement(a), 10, rng), a);
    EXPECT_EQ(src, (std::vector<bool>{false, true, false, true}));
}

TEST(Crossover, LineTakesWholeRowsOrColumns) {
    Rng rng(6);
    const auto& t = board(7, 9);
    const Topology& topo = t.topology();
    auto row = [&](std::size_t i) { return long{topo.row[i]}; };
    auto col = [&](std::size_t i) { return long{topo.col[i]}; };
    int row_children = 0, col_children = 0;
    for (int k = 0; k < 300; ++k) {
        const Genome a = coin_genome(t.genes(), rng);
        const Genome b = complement(a);
        const auto rows = sources(maze::line_crossover(a, b, topo, LineAxis::Rows, rng), a);
        ASSERT_TRUE(grouped(rows, row));
        const auto cols = sources(maze::line_crossover(a, b, topo, LineAxis::Columns, rng), a);
        ASSERT_TRUE(grouped(cols, col));
        const auto both = sources(maze::line_crossover(a, b, topo, LineAxis::Both, rng), a);
        const bool by_row = grouped(both, row), by_col = grouped(both, col);
        ASSERT_TRUE(by_row || by_col);
        row_children += by_row && !by_col;
        col_children += by_col && !by_row;
    }
    EXPECT_GT(row_children, 100);  // 'both' picks rows or columns at random
    EXPECT_GT(col_children, 100);
}

TEST(Crossover, BlockTakesWholeBlocks) {
    Rng rng(7);
    const auto& t = board(13, 13);
    const Topology& topo = t.topology();
    for (int side : {1, 2, 3, 5}) {
        int mixed = 0;
        for (int k = 0; k < 100; ++k) {
            const Genome a = coin_genome(t.genes(), rng);
            const auto src = sources(maze::block_crossover(a, complement(a), topo, side, rng), a);
            ASSERT_TRUE(grouped(src, [&](std::size_t i) {
                return long{topo.row[i] / side} * 1000 + topo.col[i] / side;
            }));
            mixed += !grouped(src, [](std::size_t) { return 0L; });
        }
        EXPECT_GT(mixed, 95) << side;  // blocks do come from both parents
    }
}

// Hexagonal axial coordinates are negative; blocks and lines are aligned to the smallest one.
TEST(Crossover, GeometryWithNegativeCoordinates) {
    Topology hex;
    hex.kind = "hex";
    for (int r = -2; r <= 2; ++r)
        for (int c = -2; c <= 2; ++c)
            if (std::abs(r + c) <= 2) {
                hex.row.push_back(r);
                hex.col.push_back(c);
            }
    hex.rows = hex.cols = 5;
    Rng rng(8);
    const std::size_t n = hex.row.size();
    for (int k = 0; k < 100; ++k) {
        const Genome a = coin_genome(n, rng);
        const Genome b = complement(a);
        const auto rows = sources(maze::line_crossover(a, b, hex, LineAxis::Rows, rng), a);
        ASSERT_TRUE(grouped(rows, [&](std::size_t i) { return long{hex.row[i]}; }));
        const auto blocks = sources(maze::block_crossover(a, b, hex, 2, rng), a);
        ASSERT_TRUE(grouped(blocks, [&](std::size_t i) {
            return long{(hex.row[i] + 2) / 2} * 100 + (hex.col[i] + 2) / 2;
        }));
    }
}

TEST(Crossover, BadInputThrows) {
    Rng rng(9);
    const Topology none;
    const Genome a(10), b(10), c(11);
    EXPECT_FALSE(maze::has_grid(none, 10));
    EXPECT_THROW(maze::line_crossover(a, b, none, LineAxis::Rows, rng), std::invalid_argument);
    EXPECT_THROW(maze::block_crossover(a, b, none, 2, rng), std::invalid_argument);
    EXPECT_THROW(maze::uniform_crossover(a, c, rng), std::invalid_argument);
    EXPECT_THROW(maze::multi_point_crossover(a, b, 0, rng), std::invalid_argument);
    EXPECT_THROW(maze::block_crossover(a, b, board(4, 4).topology(), 2, rng),
                 std::invalid_argument);  // 14 genes, not 10
    EXPECT_THROW(maze::crossover_kind("two-point"), std::invalid_argument);
    EXPECT_EQ(maze::crossover_kind("multi-point"), maze::CrossoverKind::MultiPoint);
    EXPECT_EQ(maze::line_axis("columns"), LineAxis::Columns);
}

}  // namespace
