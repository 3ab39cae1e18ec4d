#include "mazesearch/engine/squeaky_choice.hpp"
#include "mazesearch/models/graphs/csr_walk.hpp"

#include <algorithm>
#include <cassert>
#include <limits>
#include <stdexcept>

#include "mazesearch/models/cells/mouse_walk.hpp"

namespace maze {

CsrGraph CsrGraph::from(const MazeGraph& g) {
    g.validate();
    CsrGraph c;
    const auto n = static_cast<std::size_t>(g.vertices());
    std::size_t total = 0;
    for (const auto& list : g.neighbours) total += list.size();
    if (total >= std::numeric_limits<std::uint32_t>::max())
        throw std::invalid_argument("a graph with 2^32 or more neighbour entries");
    c.offsets.assign(n + 1, 0);
    c.neighbours.reserve(total);
    for (std::size_t v = 0; v < n; ++v) {
        for (int w : g.neighbours[v]) c.neighbours.push_back(static_cast<std::uint32_t>(w));
        c.offsets[v + 1] = static_cast<std::uint32_t>(c.neighbours.size());
    }
    c.start = static_cast<std::uint32_t>(g.start);
    c.exit = static_cast<std::uint32_t>(g.exit);
    return c;
}

MazeGraph CsrGraph::to_maze_graph() const {
    MazeGraph g;
    g.neighbours.resize(vertices());
    for (std::uint32_t v = 0; v < vertices(); ++v)
        for (std::uint32_t w : neighbours_of(v)) g.neighbours[v].push_back(static_cast<int>(w));
    g.start = static_cast<int>(start);
    g.exit = static_cast<int>(exit);
    return g;
}

bool CsrWalk::feasible(const CsrGraph& g) {
    vertices_ = g.vertices();
    if (count_.size() < vertices_) count_.resize(vertices_);
    if (queue_.size() < vertices_) queue_.resize(vertices_);
    std::fill_n(count_.begin(), vertices_, 0u);  // 1 = reached
    std::size_t head = 0, tail = 0;
    queue_[tail++] = g.start;
    count_[g.start] = 1;
    while (head < tail) {
        const std::uint32_t v = queue_[head++];
        if (v == g.exit) return true;
        for (std::uint32_t w : g.neighbours_of(v))
            if (!count_[w]) {
                count_[w] = 1;
                queue_[tail++] = w;
            }
    }
    return false;
}

std::uint64_t CsrWalk::run(const CsrGraph& g, std::uint64_t max_moves) {
    max_moves = std::min(max_moves, kMaxMoves);
    vertices_ = g.vertices();
    if (count_.size() < vertices_) count_.resize(vertices_);
    std::fill_n(count_.begin(), vertices_, 0u);
    std::uint32_t* const count = count_.data();
    const std::uint32_t* const offsets = g.offsets.data();
    const std::uint32_t* const nbrs = g.neighbours.data();
    std::uint32_t v = g.start;
    const std::uint32_t exit = g.exit;
    std::uint64_t moves = 0;
    while (v != exit) {
        if (moves == max_moves) return kWalkOverflow;
        ++count[v];
        ++moves;
        // Squeaky's rule over v's neighbours in preference order. Counts stay below 2^32 - 1
        // (at most max_moves), so every neighbour is open to the rule.
        const std::uint32_t next = first_least(nbrs + offsets[v], nbrs + offsets[v + 1],
                                               [&](std::uint32_t w) { return count[w]; }, v);
        assert(next != v);  // a feasible graph: every vertex the walk reaches has a neighbour
        v = next;
    }
    return moves;
}

CsrWalkResult CsrWalk::evaluate(const CsrGraph& g, bool want_visits, std::uint64_t max_moves) {
    CsrWalkResult r;
    r.feasible = feasible(g);
    if (!r.feasible) return r;
    const std::uint64_t moves = run(g, max_moves);
    if (moves != kWalkOverflow) {
        r.moves = moves;
        const auto c = counts();
        for (std::uint32_t x : c) r.max_visits = std::max<std::uint64_t>(r.max_visits, x);
        if (want_visits) r.visits.assign(c.begin(), c.end());
        return r;
    }
    // Too long for 32-bit counts: the 64-bit reference walk, from the start.
    GraphWalkResult ref = reference_walk(g.to_maze_graph());
    r.reference = true;
    r.moves = ref.moves;
    for (std::uint64_t x : ref.visits) r.max_visits = std::max(r.max_visits, x);
    if (want_visits) r.visits = std::move(ref.visits);
    return r;
}

}  // namespace maze
