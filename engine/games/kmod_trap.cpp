#include "mazesearch/engine/squeaky_choice.hpp"
#include "mazesearch/engine/games/kmod_trap.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>
#include <deque>
#include <stdexcept>

#include "mazesearch/models/cells/bitboard.hpp"

namespace maze {

namespace {

// A padded copy of the grid: a ring of blocked cells around it, row stride cols + 2, so that
// every neighbour is a constant displacement away.
constexpr int kMaxPadded = (kMaxSide + 2) * (kMaxSide + 2);

enum : std::uint8_t { kUnknown = 0, kOpen = 1, kBlocked = 2 };

struct Layout {
    int rows, cols, stride;
    std::array<std::ptrdiff_t, 4> step;  // the square grid's order of preference
    int index(Cell x) const { return (x.r + 1) * stride + (x.c + 1); }
    int size() const { return (rows + 2) * stride; }
    // Squeaky's choice at p (squeaky_choice.hpp) over the counts mod k, a neighbour open where
    // `state` holds kOpen: the index of its step. The walk and the tree keep the exit reachable,
    // so p has an open neighbour.
    int choice(int p, const std::array<std::uint8_t, kMaxPadded>& state,
               const std::array<std::uint8_t, kMaxPadded>& count) const {
        const int d = first_least(4, [&](int i) -> unsigned {
            const auto w = static_cast<size_t>(p + step[static_cast<size_t>(i)]);
            return state[w] == kOpen ? count[w] : ~0u;
        });
        assert(state[static_cast<size_t>(p + step[static_cast<size_t>(d)])] == kOpen);
        return d;
    }
    Layout(int r, int c) : rows(r), cols(c), stride(c + 2), step(square_steps(c + 2)) {}
};

void check_k(int k) {
    if (k < 2 || k > 255) throw std::invalid_argument("a k-mod mouse needs 2 <= k <= 255");
}

// Brent's cycle detection over the walk's state (position, counts mod k).
struct Brent {
    std::array<std::uint8_t, kMaxPadded> saved{};
    int saved_pos = -1;
    std::uint64_t power = 1;
    std::uint64_t lambda = 0;

    // Called after each move; true when the state equals the saved one (a trap).
    bool repeated(int pos, const std::array<std::uint8_t, kMaxPadded>& count, int n) {
        ++lambda;
        if (pos == saved_pos &&
            std::memcmp(saved.data(), count.data(), static_cast<size_t>(n)) == 0)
            return true;
        if (lambda == power) {
            saved_pos = pos;
            std::memcpy(saved.data(), count.data(), static_cast<size_t>(n));
            power *= 2;
            lambda = 0;
        }
        return false;
    }
};

}  // namespace

KmodWalkResult kmod_walk(const Board& b, int k) {
    check_k(k);
    KmodWalkResult res;
    res.feasible = feasible(b);
    if (!res.feasible) return res;
    const Layout L(b.rows(), b.cols());
    const int n = L.size();
    // Each place's status as the tree keeps it: kOpen or kBlocked (the padding kUnknown).
    std::array<std::uint8_t, kMaxPadded> status{};
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c)
            status[static_cast<size_t>(L.index({r, c}))] = b.open(r, c) ? kOpen : kBlocked;
    std::array<std::uint8_t, kMaxPadded> count{};
    Brent brent;
    const int exit = L.index(b.exit());
    int pos = L.index(b.start());
    const auto kk = static_cast<std::uint8_t>(k);
    while (pos != exit) {
        std::uint8_t& here = count[static_cast<size_t>(pos)];
        here = static_cast<std::uint8_t>(here + 1 == kk ? 0 : here + 1);
        ++res.moves;
        // A feasible board: the start's component has an edge, so the choice is open.
        pos += L.step[static_cast<size_t>(L.choice(pos, status, count))];
        if (pos != exit && brent.repeated(pos, count, n)) {
            res.trapped = true;
            res.cycle_length = brent.lambda;
            return res;
        }
    }
    return res;
}

namespace {

// The decision tree of one grid, start and exit.
class TrapTree {
  public:
    TrapTree(int rows, int cols, Cell start, Cell exit, int k, int count_limit)
        : L_(rows, cols), k_(static_cast<std::uint8_t>(k)), count_limit_(count_limit) {
        res_.rows = rows;
        res_.cols = cols;
        res_.start = start;
        res_.exit = exit;
        exit_ = L_.index(exit);
        start_ = L_.index(start);
        n_ = L_.size();
    }

    KmodTreeResult run() {
        State s;
        s.status.fill(kBlocked);
        for (int r = 0; r < L_.rows; ++r)
            for (int c = 0; c < L_.cols; ++c)
                s.status[static_cast<size_t>(L_.index({r, c}))] = kUnknown;
        s.status[static_cast<size_t>(start_)] = kOpen;
        s.status[static_cast<size_t>(exit_)] = kOpen;
        s.pos = start_;
        s.count[static_cast<size_t>(start_)] = 1;  // the first visit, counted on leaving
        explore(s);
        if (counting_) res_.trapped_boards = trapped_boards_;
        return res_;
    }

  private:
    struct State {
        std::array<std::uint8_t, kMaxPadded> status{};
        std::array<std::uint8_t, kMaxPadded> count{};
        Brent brent;
        int pos = 0;
    };

    // Is the exit reachable from `from` through cells not (yet) blocked?
    bool exit_reachable(const State& s, int from) const {
        std::array<std::uint8_t, kMaxPadded> seen{};
        std::array<int, kMaxPadded> queue{};
        int head = 0, tail = 0;
        queue[static_cast<size_t>(tail++)] = from;
        seen[static_cast<size_t>(from)] = 1;
        while (head < tail) {
            const int v = queue[static_cast<size_t>(head++)];
            if (v == exit_) return true;
            for (int d = 0; d < 4; ++d) {
                const int w = v + L_.step[static_cast<size_t>(d)];
                if (seen[static_cast<size_t>(w)] || s.status[static_cast<size_t>(w)] == kBlocked)
                    continue;
                seen[static_cast<size_t>(w)] = 1;
                queue[static_cast<size_t>(tail++)] = w;
            }
        }
        return false;
    }

    int undecided(const State& s) const {
        int u = 0;
        for (int i = 0; i < n_; ++i) u += s.status[static_cast<size_t>(i)] == kUnknown;
        return u;
    }

    // The walk from s.pos, whose visit is already counted. Each unknown neighbour the mouse
    // looks at splits the walk: blocked (if the exit stays reachable) and open.
    void explore(State& s) {
        for (;;) {
            // Each neighbour not decided yet, in preference order, splits the walk: blocked
            // first (when the exit stays reachable), then open.
            for (int d = 0; d < 4; ++d) {
                const int nb = s.pos + L_.step[static_cast<size_t>(d)];
                std::uint8_t& st = s.status[static_cast<size_t>(nb)];
                if (st != kUnknown) continue;
                st = kBlocked;
                if (exit_reachable(s, s.pos)) {
                    State copy = s;
                    explore(copy);
                }
                st = kOpen;
            }
            // The exit stays reachable, so the mouse can always move.
            s.pos += L_.step[static_cast<size_t>(L_.choice(s.pos, s.status, s.count))];
            if (s.pos == exit_) {
                ++res_.escaped_leaves;
                res_.escaped_boards += std::uint64_t{1} << undecided(s);
                return;
            }
            if (s.brent.repeated(s.pos, s.count, n_)) {
                trapped_leaf(s);
                return;
            }
            std::uint8_t& here = s.count[static_cast<size_t>(s.pos)];
            here = static_cast<std::uint8_t>(here + 1 == k_ ? 0 : here + 1);
        }
    }

    void trapped_leaf(const State& s) {
        ++res_.trapped_leaves;
        std::vector<int> unknown;
        for (int i = 0; i < n_; ++i)
            if (s.status[static_cast<size_t>(i)] == kUnknown) unknown.push_back(i);
        if (counting_ && static_cast<int>(unknown.size()) > count_limit_) counting_ = false;
        if (counting_) {
            // Every completion of the undecided cells keeps this walk; count those that leave
            // the exit reachable.
            State t = s;
            const std::uint64_t total = std::uint64_t{1} << unknown.size();
            for (std::uint64_t mask = 0; mask < total; ++mask) {
                for (size_t j = 0; j < unknown.size(); ++j)
                    t.status[static_cast<size_t>(unknown[j])] = (mask >> j) & 1 ? kOpen : kBlocked;
                trapped_boards_ += exit_reachable(t, start_);
            }
        }
        // The fewest open cells: a 0-1 breadth-first search from the walk's open region to the
        // exit, where an undecided cell costs 1 (it must be opened) and an open cell 0.
        std::array<int, kMaxPadded> dist;
        std::array<int, kMaxPadded> parent;
        dist.fill(1 << 30);
        parent.fill(-1);
        std::deque<int> dq;
        dist[static_cast<size_t>(start_)] = 0;
        dq.push_back(start_);
        while (!dq.empty()) {
            const int v = dq.front();
            dq.pop_front();
            for (int d = 0; d < 4; ++d) {
                const int w = v + L_.step[static_cast<size_t>(d)];
                const std::uint8_t st = s.status[static_cast<size_t>(w)];
                if (st == kBlocked) continue;
                const int cost = st == kUnknown ? 1 : 0;
                if (dist[static_cast<size_t>(v)] + cost < dist[static_cast<size_t>(w)]) {
                    dist[static_cast<size_t>(w)] = dist[static_cast<size_t>(v)] + cost;
                    parent[static_cast<size_t>(w)] = v;
                    cost ? dq.push_back(w) : dq.push_front(w);
                }
            }
        }
        Board b(L_.rows, L_.cols, res_.start, res_.exit);
        std::array<std::uint8_t, kMaxPadded> open{};
        for (int i = 0; i < n_; ++i)
            open[static_cast<size_t>(i)] = s.status[static_cast<size_t>(i)] == kOpen;
        for (int v = exit_; v != -1; v = parent[static_cast<size_t>(v)])
            open[static_cast<size_t>(v)] = 1;
        int open_cells = 0;
        for (int r = 0; r < L_.rows; ++r)
            for (int c = 0; c < L_.cols; ++c) {
                const bool o = open[static_cast<size_t>(L_.index({r, c}))];
                b.set_open(r, c, o);
                open_cells += o;
            }
        if (!res_.smallest || open_cells < res_.smallest->open_count()) res_.smallest = b;
    }

    Layout L_;
    std::uint8_t k_;
    int count_limit_;
    int exit_ = 0, start_ = 0, n_ = 0;
    bool counting_ = true;
    std::uint64_t trapped_boards_ = 0;
    KmodTreeResult res_;
};

}  // namespace

KmodTreeResult kmod_trap_tree(int rows, int cols, Cell start, Cell exit, int k, int count_limit) {
    check_k(k);
    assert(rows * cols <= 65 && "2^undecided boards must fit in 64 bits");
    assert(count_limit >= 0 && count_limit < 64);
    const Board probe(rows, cols, start, exit);  // validates the shape, start and exit
    (void)probe;
    return TrapTree(rows, cols, start, exit, k, count_limit).run();
}

KmodSmallestResult smallest_kmod_traps(int k, int max_cells, bool any_placement,
                                       const std::function<void(int)>& progress) {
    check_k(k);
    KmodSmallestResult out;
    out.k = k;
    for (int cells = 2; cells <= max_cells; ++cells) {
        if (progress) progress(cells);
        for (int rows = 1; rows <= cells; ++rows) {
            if (cells % rows) continue;
            const int cols = cells / rows;
            if (rows > kMaxSide || cols > kMaxSide) continue;
            std::vector<std::pair<Cell, Cell>> placements;
            if (any_placement) {
                for (int s = 0; s < cells; ++s)
                    for (int e = 0; e < cells; ++e)
                        if (s != e)
                            placements.push_back({{s / cols, s % cols}, {e / cols, e % cols}});
            } else if (rows > 1) {
                placements.push_back({{0, 0}, {rows - 1, 0}});
            }
            for (const auto& [s, e] : placements) {
                KmodTreeResult t = kmod_trap_tree(rows, cols, s, e, k);
                ++out.grids_searched;
                out.leaves += t.escaped_leaves + t.trapped_leaves;
                if (t.trapped_leaves) out.grids.push_back(std::move(t));
            }
        }
        if (!out.grids.empty()) {
            out.cells = cells;
            return out;
        }
    }
    return out;
}

}  // namespace maze
