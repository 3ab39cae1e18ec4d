// Cat and Mouse test helpers: LeetCode 913's examples, a reference solver that shares no code
// with the engine's, and random graphs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "mazesearch/engine/games/cat_mouse.hpp"
#include "mazesearch/engine/rng.hpp"

namespace maze::testing_support {

inline const AdjacencyLists kExample1 = {{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}};
inline const AdjacencyLists kExample2 = {{1, 3}, {0}, {3}, {0, 2}};

// The reference: plain fixed-point iteration over all positions, sharing no code with the
// solver. A sweep colours a position when a move reaches a position the player to move has
// won, or when every move (at least one) reaches a position the opponent has won; its plies are
// 1 + the least over the winning moves, or 1 + the most over the moves of a forced loss. Sweeps
// repeat, recomputing every coloured position's plies too, until nothing changes.

struct RefValue {
    int result = 0;  // 0 draw, 1 mouse wins, 2 cat wins
    int plies = -1;  // -1 for a draw
    friend bool operator==(const RefValue&, const RefValue&) = default;
};

class Reference {
  public:
    Reference(const AdjacencyLists& g, int hole)
        : g_(g),
          n_(static_cast<int>(g.size())),
          hole_(hole),
          val_(static_cast<std::size_t>(n_ * n_ * 2)) {
        for (int v = 0; v < n_; ++v) {
            if (v == hole) continue;
            for (int t = 0; t < 2; ++t) {
                at(hole, v, t) = {1, 0};
                at(v, v, t) = {2, 0};
            }
        }
        for (bool changed = true; changed;) {
            changed = false;
            ++sweeps_;
            if (sweeps_ > 100000) throw std::runtime_error("reference did not converge");
            for (int m = 0; m < n_; ++m)
                for (int c = 0; c < n_; ++c) {
                    if (c == hole || m == hole || m == c) continue;
                    for (int t = 0; t < 2; ++t) {
                        const RefValue v = evaluate(m, c, t);
                        if (!(v == at(m, c, t))) {
                            at(m, c, t) = v;
                            changed = true;
                        }
                    }
                }
        }
    }

    const RefValue& value(int m, int c, int t) const {
        return val_[static_cast<std::size_t>((m * n_ + c) * 2 + t)];
    }

  private:
    RefValue& at(int m, int c, int t) {
        return val_[static_cast<std::size_t>((m * n_ + c) * 2 + t)];
    }

    RefValue evaluate(int m, int c, int t) const {
        const int mover = t == 0 ? 1 : 2;
        const int other = 3 - mover;
        int best_win = -1, longest_loss = -1;
        bool any = false, all_lost = true;
        auto child = [&](const RefValue& v) {
            any = true;
            if (v.result == mover && (best_win < 0 || v.plies + 1 < best_win))
                best_win = v.plies + 1;
            if (v.result == other)
                longest_loss = std::max(longest_loss, v.plies + 1);
            else
                all_lost = false;
        };
        if (t == 0) {
            for (int x : g_[static_cast<std::size_t>(m)]) child(value(x, c, 1));
        } else {
            for (int x : g_[static_cast<std::size_t>(c)])
                if (x != hole_) child(value(m, x, 0));
        }
        if (best_win >= 0) return {mover, best_win};
        if (any && all_lost) return {other, longest_loss};
        return {};
    }

    const AdjacencyLists& g_;
    int n_;
    int hole_;
    std::vector<RefValue> val_;
    int sweeps_ = 0;
};

inline RefValue as_ref(const CatMouseResult& r) {
    return {r.result, r.plies ? static_cast<int>(*r.plies) : -1};
}

inline AdjacencyLists random_graph(maze::Rng& rng, int n, double density) {
    AdjacencyLists g(static_cast<std::size_t>(n));
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
            if (rng.bernoulli(density)) {
                g[static_cast<std::size_t>(a)].push_back(b);
                g[static_cast<std::size_t>(b)].push_back(a);
            }
    // Neighbour order must not matter.
    for (auto& l : g)
        for (std::size_t i = l.size(); i > 1; --i)
            std::swap(l[i - 1], l[static_cast<std::size_t>(rng.below(i))]);
    return g;
}

inline void isolate(AdjacencyLists& g, int v) {
    for (int u : g[static_cast<std::size_t>(v)]) {
        auto& l = g[static_cast<std::size_t>(u)];
        l.erase(std::find(l.begin(), l.end(), v));
    }
    g[static_cast<std::size_t>(v)].clear();
}

// A random tree on n nodes plus up to `extra` random edges (average degree about 2 + 2 *
// extra / n): sparse graphs with long games.
inline AdjacencyLists random_tree_plus_edges(maze::Rng& rng, int n, int extra) {
    AdjacencyLists g(n);
    auto has = [&](int a, int b) {
        const auto& l = g[static_cast<std::size_t>(a)];
        return std::find(l.begin(), l.end(), b) != l.end();
    };
    for (int v = 1; v < n; ++v) {
        const int u = static_cast<int>(rng.below(static_cast<std::uint64_t>(v)));
        g[static_cast<std::size_t>(u)].push_back(v);
        g[static_cast<std::size_t>(v)].push_back(u);
    }
    for (int k = 0; k < extra; ++k) {
        const int a = static_cast<int>(rng.below(n)), b = static_cast<int>(rng.below(n));
        if (a == b || has(a, b)) continue;
        g[static_cast<std::size_t>(a)].push_back(b);
        g[static_cast<std::size_t>(b)].push_back(a);
    }
    return g;
}

}  // namespace maze::testing_support
