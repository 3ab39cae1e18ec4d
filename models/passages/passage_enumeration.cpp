#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "mazesearch/engine/rng.hpp"
#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/models/passages/passage_tree.hpp"
#include "mazesearch/models/passages/passage_enumeration.hpp"
#include "mazesearch/search/enumeration/probe_tally.hpp"
#include "mazesearch/search/enumeration/subtree_driver.hpp"

namespace maze {

namespace pt = passages;

// Named (not anonymous): the unity build puts this file beside the cell enumeration's.
namespace passage_detail {

struct Forest {
    std::vector<pt::Grid> grids;  // one per (entrance, exit) pair, entrance-major
};

Forest make_forest(int rows, int cols, int entrance, int exit) {
    if (rows < 1 || cols < 1 || rows > kMaxSide || cols > kMaxSide)
        throw std::invalid_argument("passage enumeration: the grid must be 1x1..16x16");
    if (entrance < -1 || entrance >= cols || exit < -1 || exit >= cols)
        throw std::invalid_argument("passage enumeration: entrance and exit are columns 0.." +
                                    std::to_string(cols - 1) + " or -1 (every column)");
    Forest f;
    for (int a = 0; a < cols; ++a)
        for (int b = 0; b < cols; ++b)
            if ((entrance < 0 || a == entrance) && (exit < 0 || b == exit))
                f.grids.emplace_back(rows, cols, a, b);  // validates the size
    return f;
}

struct Item {
    int grid;
    pt::Node node;
};

// The forest cut into at least `want` subtrees, level by level, a node's open child before its
// walled child; the roots in entrance-major order.
std::vector<Item> frontier(const Forest& f, std::size_t want) {
    std::vector<Item> level;
    for (int i = 0; i < static_cast<int>(f.grids.size()); ++i)
        level.push_back({i, pt::root(f.grids[static_cast<size_t>(i)])});
    for (;;) {
        if (level.size() >= want) return level;
        std::vector<Item> next;
        bool branched = false;
        for (Item& it : level) {
            const pt::Grid& g = f.grids[static_cast<size_t>(it.grid)];
            int slot = 0;
            pt::Node probe = it.node;
            if (pt::advance(g, probe, slot) == pt::Status::Leaf || level.size() >= want) {
                next.push_back(it);
                continue;
            }
            branched = true;
            pt::Node opened = probe;
            pt::decide(g, opened, slot, true);
            next.push_back({it.grid, opened});
            pt::decide(g, probe, slot, false);
            if (pt::exit_reachable(g, probe)) next.push_back({it.grid, probe});
        }
        level.swap(next);
        if (!branched) return level;
    }
}

// The text-form positions of the slots: right passages of row r sit on line 2r + 1, down
// passages of row r on line 2r + 2, so in text order the slots go row by row, rights first.
std::vector<int> slots_in_text_order(const pt::Grid& g) {
    std::vector<int> order;
    const int across = g.rows * (g.cols - 1);
    for (int r = 0; r < g.rows; ++r) {
        for (int c = 0; c + 1 < g.cols; ++c) order.push_back(r * (g.cols - 1) + c);
        if (r + 1 < g.rows)
            for (int c = 0; c < g.cols; ++c) order.push_back(across + r * g.cols + c);
    }
    return order;
}

// The first `cap` completions of a leaf in text order (' ', an open passage, sorts before the
// walls '-' and '|').
void leaf_boards(const pt::Grid& g, const pt::Node& n, std::size_t cap,
                 std::vector<std::string>& out) {
    std::vector<int> free_slots;
    for (int s : slots_in_text_order(g))
        if (!(((n.open | n.walled) >> s) & 1u)) free_slots.push_back(s);
    const std::uint64_t count =
        free_slots.size() >= 63 ? ~std::uint64_t{0} : std::uint64_t{1} << free_slots.size();
    const std::uint64_t wanted = std::min<std::uint64_t>(count, cap);
    for (std::uint64_t m = 0; m < wanted; ++m) {
        PassageBoard b(g.rows, g.cols, g.entrance, g.exit);
        for (int s = 0; s < g.slots; ++s)
            if ((n.open >> s) & 1u) b.set_slot(s, true);
        for (size_t k = 0; k < free_slots.size(); ++k)
            if (!((m >> (free_slots.size() - 1 - k)) & 1u)) b.set_slot(free_slots[k], true);
        out.push_back(b.to_text());
    }
}

struct Collector {
    const Forest* f;
    std::size_t cap;
    std::uint64_t at_least;
    EnumerationResult r;
    // The histogram by value while the walk runs (a map lookup per leaf cost more than the rest of
    // the leaf's bookkeeping); into r.histogram by flush().
    std::vector<std::uint64_t> counts;

    void flush() {
        for (std::size_t value = 0; value < counts.size(); ++value)
            if (counts[value]) r.histogram[value] += counts[value];
        counts.clear();
    }

    void leaf(const pt::Grid& g, const pt::Node& n) {
        ++r.leaves;
        const std::uint64_t value =
            r.objective == WalkObjective::MaxVisits ? pt::leaf_max_visits(g, n) : pt::leaf_moves(n);
        if (value < at_least) return;
        const int undecided = g.slots - std::popcount(n.open | n.walled);
        const std::uint64_t boards = std::uint64_t{1} << undecided;
        r.feasible += boards;
        if (value >= counts.size()) counts.resize(value + 1, 0);
        counts[value] += boards;
        if (r.raise_optimum(value, boards)) {
            leaf_boards(g, n, cap, r.boards);
            if (r.boards.size() > 2 * cap) trim_boards(r.boards, cap);
        }
    }

    // Depth-first over the subtree below n (which it uses up).
    void explore(const pt::Grid& g, pt::Node& n) {
        for (;;) {
            int slot = 0;
            const std::uint32_t before = n.moves;
            const pt::Status st = pt::advance(g, n, slot);
            r.steps += n.moves - before;
            if (st == pt::Status::Leaf) {
                leaf(g, n);
                return;
            }
            // Moves bound max visits too, so the one bound serves both objectives.
            if (at_least > 0 && pt::moves_bound(g, n) < at_least) {
                ++r.cuts;
                return;
            }
            pt::Node opened = n;
            pt::decide(g, opened, slot, true);
            explore(g, opened);
            pt::decide(g, n, slot, false);
            if (!pt::exit_reachable(g, n)) return;
        }
    }
};

}  // namespace passage_detail

namespace passage_detail {

class PassageTree final : public EnumerationTree {
  public:
    PassageTree(int rows, int cols, int entrance, int exit, Forest forest, std::size_t want)
        : PassageTree(rows, cols, entrance, exit, forest, passage_detail::frontier(forest, want),
                      want) {}

    EnumerationResult run(const EnumerationOptions& options) const override;

  private:
    PassageTree(int rows, int cols, int entrance, int exit, Forest forest, std::vector<Item> items,
                std::size_t want)
        : EnumerationTree(want, items.size(),
                          EnumerationResult::of(EnumeratedModel::Passages, rows, cols, {0, entrance},
                                                {rows - 1, exit})),
          forest_(std::move(forest)),
          items_(std::move(items)) {}

    Forest forest_;
    std::vector<Item> items_;
};

}  // namespace passage_detail

// The grid as the results give it: the entrance and exit columns in start.c and exit.c (-1: every
// column).
namespace passage_detail {

std::unique_ptr<EnumerationTree> tree(int rows, int cols, Cell start, Cell exit,
                                      std::size_t want) {
    return std::make_unique<passage_detail::PassageTree>(
        rows, cols, start.c, exit.c, passage_detail::make_forest(rows, cols, start.c, exit.c),
        std::max<std::size_t>(want, 1));
}

}  // namespace passage_detail

EnumerationResult passage_detail::PassageTree::run(const EnumerationOptions& options) const {
    const std::vector<std::size_t> mine = selected(options);
    const EnumerationResult total = empty_result(options);
    return explore_subtrees(
        options, mine, items_.size(), total,
        [&] {
            return passage_detail::Collector{
                &forest_, options.board_cap, options.at_least, total, {}};
        },
        [&](passage_detail::Collector& c, std::size_t i) {
            const passage_detail::Item& it = items_[i];
            pt::Node n = it.node;
            c.explore(forest_.grids[static_cast<size_t>(it.grid)], n);
        });
}

namespace passage_detail {

TreeEstimate estimate(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                      std::uint64_t seed, std::uint64_t at_least) {
    const passage_detail::Forest forest =
        passage_detail::make_forest(rows, cols, start.c, exit.c);
    ProbeTally tally(probes);
    Rng rng(seed);
    // One estimate per tree of the forest, each from all the probes, summed.
    for (const pt::Grid& g : forest.grids) {
        for (std::uint64_t i = 0; i < probes; ++i) {
            pt::Node n = pt::root(g);
            double weight = 1, steps = 0;
            for (;;) {
                int slot = 0;
                const std::uint32_t before = n.moves;
                const pt::Status st = pt::advance(g, n, slot);
                steps += weight * (n.moves - before);
                if (st == pt::Status::Leaf) break;
                if (at_least > 0 && pt::moves_bound(g, n) < at_least) {
                    weight = 0;  // cut: no leaf below
                    break;
                }
                pt::Node walled = n;
                pt::decide(g, walled, slot, false);
                if (pt::exit_reachable(g, walled)) {
                    weight *= 2;
                    if (rng.below(2)) {
                        n = walled;
                        continue;
                    }
                }
                pt::decide(g, n, slot, true);
            }
            tally.probe(weight,
                        weight * std::ldexp(1.0, g.slots - std::popcount(n.open | n.walled)),
                        steps);
        }
        tally.end_tree();
    }
    return tally.estimate();
}

EnumerationResult sample(const EnumerationOptions& o) {
    return tree(4, 4, {0, -1}, {3, -1}, o.frontier)->run(o);
}

}  // namespace passage_detail

const EnumerationModel& passage_enumeration_model() {
    static const EnumerationModel model{EnumeratedModel::Passages, " passages",
                                        passage_detail::tree, passage_detail::estimate,
                                        nullptr, passage_detail::sample, "4x4 passage"};
    return model;
}

}  // namespace maze
