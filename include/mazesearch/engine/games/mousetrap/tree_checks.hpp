// Checks that a Mousetrap instance is a tree, shared by the parser, the fast solver and the
// exhaustive search.
#pragma once

#include <cassert>
#include <cstddef>
#include <utility>
#include <vector>

#include "mazesearch/engine/games/mousetrap.hpp"

namespace maze::detail {

// Union-find over the rooms with path halving and union by size: finds the passage that closes a
// cycle on the line that holds it.
class Components {
  public:
    explicit Components(int n) : parent_(static_cast<std::size_t>(n)), size_(parent_.size(), 1) {
        for (int i = 0; i < n; ++i) parent_[static_cast<std::size_t>(i)] = i;
    }
    int find(int x) {
        assert(x >= 0 && static_cast<std::size_t>(x) < parent_.size());
        while (parent_[static_cast<std::size_t>(x)] != x) {
            int& p = parent_[static_cast<std::size_t>(x)];
            p = parent_[static_cast<std::size_t>(p)];
            x = p;
        }
        return x;
    }
    // False when x and y were already connected.
    bool join(int x, int y) {
        x = find(x);
        y = find(y);
        if (x == y) return false;
        if (size_[static_cast<std::size_t>(x)] < size_[static_cast<std::size_t>(y)])
            std::swap(x, y);
        parent_[static_cast<std::size_t>(y)] = x;
        size_[static_cast<std::size_t>(x)] += size_[static_cast<std::size_t>(y)];
        return true;
    }

  private:
    std::vector<int> parent_;
    std::vector<int> size_;
};

// Room and passage counts, trap and mouse in range: what the fast solver needs to index safely.
void check_shape(const MousetrapTree& tree);

// The checks of the fast solver, for callers that build trees in code.
void check_tree(const MousetrapTree& tree);

}  // namespace maze::detail
