#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>

#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/search/enumeration/decision_tree.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"
#include "mazesearch/search/enumeration/subtree_driver.hpp"

namespace maze {

namespace {

using namespace enumeration;

// Board texts of the completions of a leaf (its undecided cells free), up to `cap`, in text order.
void leaf_boards(const Grid& g, const Node& n, Cell start, Cell exit, std::size_t cap,
                 std::vector<std::string>& out) {
    const std::uint64_t undecided = g.all & ~(n.open | n.blocked);
    std::vector<int> free_bits;
    for (std::uint64_t u = undecided; u; u &= u - 1) free_bits.push_back(std::countr_zero(u));
    const std::uint64_t count =
        free_bits.size() >= 63 ? ~std::uint64_t{0} : std::uint64_t{1} << free_bits.size();
    // In text order '#' < '.', so "blocked" first: iterate masks of open free cells from the
    // lowest, with the earliest cell as the most significant choice.
    const std::uint64_t wanted = std::min<std::uint64_t>(count, cap);
    for (std::uint64_t m = 0; m < wanted; ++m) {
        std::string text;
        for (int r = 0; r < g.rows; ++r) {
            for (int c = 0; c < g.cols; ++c) {
                const int b = r * g.cols + c;
                char ch;
                if (Cell{r, c} == start)
                    ch = 'S';
                else if (Cell{r, c} == exit)
                    ch = 'E';
                else if (n.open >> b & 1)
                    ch = '.';
                else if (n.blocked >> b & 1)
                    ch = '#';
                else {
                    const auto it = std::find(free_bits.begin(), free_bits.end(), b);
                    const size_t k = static_cast<size_t>(it - free_bits.begin());
                    ch = (m >> (free_bits.size() - 1 - k) & 1) ? '.' : '#';
                }
                text += ch;
            }
            text += '\n';
        }
        out.push_back(std::move(text));
    }
}

struct Collector {
    const Grid* g;
    Cell start, exit;
    std::size_t cap;
    EnumerationResult r;  // r.objective says what a leaf is worth
    // Boards per value, indexed by the value: a leaf adds to it without the std::map lookup of
    // r.histogram, into which explore() folds it once per subtree.
    std::vector<std::uint64_t> counts = {};

    [[gnu::always_inline]] void leaf(const Node& n) {
        const int undecided = g->rows * g->cols - n.decided;
        const std::uint64_t boards = std::uint64_t{1} << undecided;
        const std::uint64_t value =
            r.objective == WalkObjective::MaxVisits ? max_visits(*g, n) : n.moves;
        ++r.leaves;
        r.feasible += boards;
        if (value >= counts.size()) counts.resize(value + 1, 0);
        counts[value] += boards;
        if (value >= r.optimum || r.optimal_boards == 0) best(n, value, boards);
    }

    // A leaf worth at least the best so far: the optimum and its boards. Out of line, so that
    // the common part of leaf() stays small enough to inline into the walk.
    [[gnu::noinline]] void best(const Node& n, std::uint64_t value, std::uint64_t boards) {
        if (r.raise_optimum(value, boards)) {
            leaf_boards(*g, n, start, exit, cap, r.boards);
            if (r.boards.size() > 2 * cap) trim_boards(r.boards, cap);
        }
    }

    // Depth-first over the subtree below n (which it uses up); kCols is g->cols.
    template <int kCols>
    void walk(Node& n) {
        for (;;) {
            int cell = 0;
            const std::uint32_t before = n.moves;
            const Status st = advance<kCols>(*g, n, cell);
            r.steps += n.moves - before;
            if (st == Status::Leaf) {
                leaf(n);
                return;
            }
            // When blocking the cell cuts the exit off (every completion of that child is
            // infeasible), the open child is the only one and walks on in place: no copy.
            if (exit_reachable<kCols>(*g, n.open, n.blocked | g->bit(cell))) {
                Node opened;
                copy_node(opened, n, g->padded);  // only the grid's part of the counts
                decide(*g, opened, cell, true);
                walk<kCols>(opened);
                decide(*g, n, cell, false);
            } else {
                decide(*g, n, cell, true);
            }
        }
    }

    void flush() {}  // explore() folds its counts into r itself

    // The whole subtree below n (which it uses up), its histogram folded into r's.
    void explore(Node& n) {
        // The width as a compile-time constant: the walk's loads and the flood's shifts take
        // constant offsets. Every width a board can have (1 to kMaxSide = 16) has its own walk;
        // walk<0>, which reads the width at run time, is only a fallback.
        static constexpr auto walks = []<std::size_t... k>(std::index_sequence<k...>) {
            return std::array{&Collector::walk<static_cast<int>(k)>...};
        }
        (std::make_index_sequence<17>{});
        (this->*walks[g->cols < 17 ? static_cast<std::size_t>(g->cols) : 0])(n);
        for (std::size_t value = 0; value < counts.size(); ++value)
            if (counts[value]) {
                r.histogram[value] += counts[value];
                counts[value] = 0;
            }
    }
};

}  // namespace

namespace {

class CellTree final : public EnumerationTree {
  public:
    CellTree(int rows, int cols, Cell start, Cell exit, std::vector<Node> nodes, std::size_t want,
             const Grid& g)
        : EnumerationTree(want, nodes.size(), EnumerationResult::of_cells(rows, cols, start, exit)),
          start_(start),
          exit_(exit),
          g_(g),
          nodes_(std::move(nodes)) {}

    EnumerationResult run(const EnumerationOptions& options) const override;

  private:
    Cell start_, exit_;
    Grid g_;
    std::vector<Node> nodes_;
};

}  // namespace

std::unique_ptr<EnumerationTree> cell_enumeration_tree(int rows, int cols, Cell start, Cell exit,
                                                       std::size_t want) {
    const Board shape(rows, cols, start, exit);  // validates
    if (rows * cols > kMaxEnumerationCells || (rows + 2) * (cols + 2) > kMaxPadded)
        throw std::invalid_argument(
            "enumeration handles grids of at most 64 cells with (rows + 2) * (cols + 2) <= 128 "
            "(8x8, 7x9, 16x4, ...)");
    want = std::max<std::size_t>(want, 1);
    const Grid g(rows, cols, start, exit);
    return std::make_unique<CellTree>(rows, cols, start, exit, frontier(g, want), want, g);
}

EnumerationResult enumerate_boards(int rows, int cols, Cell start, Cell exit,
                                   const EnumerationOptions& options) {
    return cell_enumeration_tree(rows, cols, start, exit, options.frontier)->run(options);
}

EnumerationResult CellTree::run(const EnumerationOptions& options) const {
    if (options.at_least > 0)
        throw std::invalid_argument("the cell enumeration counts every board (no at_least)");
    const std::vector<std::size_t> mine = selected(options);
    const EnumerationResult total = empty_result(options);
    return explore_subtrees(
        options, mine, nodes_.size(), total,
        [&] {
            return Collector{&g_, start_, exit_, options.board_cap, total};
        },
        [&](Collector& c, std::size_t i) {
            Node n = nodes_[i];
            c.explore(n);
        });
}

}  // namespace maze
