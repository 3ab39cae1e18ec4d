// Random passage boards (Mouse Maze 2) for the cross-check tests.
#pragma once

#include <numeric>
#include <vector>

#include "mazesearch/models/passages/passage_board.hpp"
#include "mazesearch/engine/rng.hpp"

namespace maze::testing_support {

// A shape of 1x1 up to 16x16 (non-square included), small ones more often: both sides up to 5
// in 3 boards of 4, so that a test walks many boards in little time and still sees large ones.
inline std::pair<int, int> random_passage_shape(Rng& rng) {
    const int most = rng.below(4) == 0 ? 16 : 5;
    return {1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(most))),
            1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(most)))};
}

// Every passage open with probability p: a density of p near 0.5 is often infeasible, near 1 a
// short walk.
inline PassageBoard random_passage_board(Rng& rng, int rows, int cols, double p) {
    PassageBoard b(rows, cols, static_cast<int>(rng.below(static_cast<std::uint64_t>(cols))),
                   static_cast<int>(rng.below(static_cast<std::uint64_t>(cols))));
    for (int s = 0; s < b.slots(); ++s) b.set_slot(s, rng.bernoulli(p));
    return b;
}

// A random spanning tree of the grid's cells (Kruskal's method over the slots in random order;
// always feasible, with long dead ends), then every other passage opened with probability
// `extra`: the boards whose walks are long.
inline PassageBoard random_tree_board(Rng& rng, int rows, int cols, double extra) {
    PassageBoard b(rows, cols, static_cast<int>(rng.below(static_cast<std::uint64_t>(cols))),
                   static_cast<int>(rng.below(static_cast<std::uint64_t>(cols))));
    std::vector<int> order(static_cast<size_t>(b.slots()));
    std::iota(order.begin(), order.end(), 0);
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
    open_spanning_tree(b, order, [&] { return rng.bernoulli(extra); });
    return b;
}

// A mix of both kinds over random shapes: half plain random boards with a density drawn from
// [0.35, 1), half spanning trees with up to 30% extra passages.
inline PassageBoard random_mixed_passage_board(Rng& rng) {
    const auto [rows, cols] = random_passage_shape(rng);
    if (rng.below(2) == 0)
        return random_passage_board(rng, rows, cols, 0.35 + 0.65 * rng.uniform());
    return random_tree_board(rng, rows, cols, 0.3 * rng.uniform());
}

}  // namespace maze::testing_support
