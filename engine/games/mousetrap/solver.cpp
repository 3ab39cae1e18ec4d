#include <algorithm>
#include <cassert>
#include <functional>
#include <stdexcept>

#include "mazesearch/engine/games/mousetrap.hpp"
#include "mazesearch/engine/games/mousetrap/tree_checks.hpp"

namespace maze {

namespace {

template <class V>
auto& at(V& v, int x) {
    return v[static_cast<std::size_t>(x)];
}

// slot_ of a room off the path: in a side subtree of p0 .. p(L-1), or elsewhere (t and its other
// subtrees, which the mouse can never reach).
constexpr int kAway = -1;
constexpr int kSide = -2;

}  // namespace

std::int64_t MousetrapSolver::solve(const MousetrapTree& tree) {
    detail::check_shape(tree);
    root_at_trap(tree);
    if (tree.mouse == tree.trap) return 0;
    const std::int32_t hi = side_values(tree);
    group_side_values();
    // can_win(hi) holds (nothing needs blocking), can_win(-1) does not.
    std::int64_t lo = -1;
    std::int64_t top = hi;
    assert(can_win(top) && !can_win(lo));
    while (top - lo > 1) {
        const std::int64_t mid = lo + (top - lo) / 2;
        (can_win(mid) ? top : lo) = mid;
    }
    return top;
}

void MousetrapSolver::root_at_trap(const MousetrapTree& tree) {
    const int n = tree.rooms;
    const auto un = static_cast<std::size_t>(n);
    const int trap = tree.trap;
    // Each room's degree and the XOR of its neighbours: once a room has one neighbour left, the
    // XOR is that neighbour. No adjacency lists are built, and peeling a path touches one cache
    // line per room (a BFS over lists chases three).
    link_.assign(un, Link{});
    for (std::size_t i = 0; i < tree.a.size(); ++i) {
        const int x = tree.a[i];
        const int y = tree.b[i];
        if (x < 0 || x >= n || y < 0 || y >= n)
            throw std::invalid_argument("mousetrap: a passage leads to no room");
        Link& lx = at(link_, x);
        Link& ly = at(link_, y);
        ++lx.degree;
        lx.others ^= y;
        ++ly.degree;
        ly.others ^= x;
    }
    // Children per room (rooted at t): the degree less the parent.
    children_.resize(un);
    for (std::size_t v = 0; v < un; ++v)
        children_[v] = link_[v].degree - (static_cast<int>(v) == trap ? 0 : 1);

    // Peel leaves towards t: order_ lists every room but t, each after all of its children.
    parent_.resize(un);
    order_.clear();
    order_.reserve(un);
    for (std::size_t v = 0; v < un; ++v)
        if (link_[v].degree == 1 && static_cast<int>(v) != trap)
            order_.push_back(static_cast<int>(v));
    for (std::size_t head = 0; head < order_.size(); ++head) {
        const int x = order_[head];
        Link& lx = at(link_, x);
        // A room whose last neighbour was peeled before it lies in a part without t.
        if (lx.degree != 1) throw std::invalid_argument("mousetrap: the passages are not a tree");
        lx.degree = 0;
        const int p = lx.others;
        if (p < 0 || p >= n) throw std::invalid_argument("mousetrap: the passages are not a tree");
        at(parent_, x) = p;
        Link& lp = at(link_, p);
        lp.others ^= x;
        if (--lp.degree == 1 && p != trap) order_.push_back(p);
    }
    // n-1 passages, all peeled: a tree. A cycle, a repeated passage or a self-loop stops the
    // peeling short.
    if (order_.size() != un - 1)
        throw std::invalid_argument("mousetrap: the passages are not a tree");
}

std::int32_t MousetrapSolver::side_values(const MousetrapTree& tree) {
    const auto un = static_cast<std::size_t>(tree.rooms);
    const int trap = tree.trap;
    // slot_: the path index i of p_i, kSide in a side subtree of p0 .. p(L-1), kAway elsewhere
    // (t and its other subtrees, which the mouse can never reach).
    slot_.assign(un, kAway);
    path_.clear();
    for (int x = tree.mouse; x != trap; x = at(parent_, x)) {
        at(slot_, x) = static_cast<int>(path_.size());
        path_.push_back(x);
    }
    // w() on the path: suffix sums of side(p_i), walking down from t to m.
    weight_.resize(un);
    std::int32_t sum = 0;
    for (std::size_t i = path_.size(); i-- > 0;) {
        const int p = path_[i];
        sum += at(children_, p) - (i == 0 ? 0 : 1);
        at(weight_, p) = sum;
    }
    // w() top-down (reverse peel order: parents first) over the side subtrees.
    for (std::size_t i = order_.size(); i-- > 0;) {
        const int x = order_[i];
        if (at(slot_, x) >= 0) continue;
        const int y = at(parent_, x);
        if (y == trap || at(slot_, y) == kAway) continue;
        at(slot_, x) = kSide;
        at(weight_, x) = at(weight_, y) + at(children_, x);
    }
    // f() bottom-up (peel order: children first): each finished f goes to its parent's two
    // largest, or, for a side child of the path, to the list of its path room.
    first_.assign(un, 0);
    second_.assign(un, 0);
    side_pairs_.clear();
    std::int32_t hi = 0;
    for (const int x : order_) {
        if (at(slot_, x) != kSide) continue;
        const std::int32_t f = at(children_, x) <= 1 ? at(weight_, x) : at(second_, x);
        const int y = at(parent_, x);
        const int slot = at(slot_, y);
        if (slot >= 0) {
            side_pairs_.push_back({slot, f});
            hi = std::max(hi, f);
        } else if (f > at(first_, y)) {
            at(second_, y) = at(first_, y);
            at(first_, y) = f;
        } else if (f > at(second_, y)) {
            at(second_, y) = f;
        }
    }
    return hi;
}

void MousetrapSolver::group_side_values() {
    // The side children grouped by path room (a counting sort), heaviest first in each group.
    side_begin_.assign(path_.size() + 1, 0);
    for (const auto& [slot, f] : side_pairs_) ++side_begin_[static_cast<std::size_t>(slot) + 1];
    for (std::size_t i = 1; i < side_begin_.size(); ++i) side_begin_[i] += side_begin_[i - 1];
    side_f_.resize(side_pairs_.size());
    {
        std::vector<std::size_t>& fill = cursor_;
        fill.assign(side_begin_.begin(), side_begin_.end() - 1);
        for (const auto& [slot, f] : side_pairs_)
            side_f_[fill[static_cast<std::size_t>(slot)]++] = f;
    }
    for (std::size_t i = 0; i + 1 < side_begin_.size(); ++i)
        std::sort(side_f_.begin() + static_cast<std::ptrdiff_t>(side_begin_[i]),
                  side_f_.begin() + static_cast<std::ptrdiff_t>(side_begin_[i + 1]),
                  std::greater<>());
}

bool MousetrapSolver::can_win(std::int64_t k) const {
    std::int64_t blocked = 0;  // passages blocked at the path rooms below the current one
    const std::size_t len = side_begin_.size() - 1;
    for (std::size_t i = 0; i < len; ++i) {
        std::int64_t need = 0;
        for (std::size_t j = side_begin_[i]; j < side_begin_[i + 1]; ++j) {
            if (side_f_[j] + blocked <= k) break;
            ++need;
        }
        blocked += need;
        // By the time the mouse leaves p_i the trapper has had i + 1 operations.
        if (blocked > static_cast<std::int64_t>(i) + 1 || blocked > k) return false;
    }
    return true;
}

std::int64_t solve_mousetrap(const MousetrapTree& tree) {
    MousetrapSolver solver;
    return solver.solve(tree);
}

}  // namespace maze
