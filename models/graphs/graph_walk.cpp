#include "mazesearch/engine/squeaky_choice.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"

#include <algorithm>
#include <limits>
#include <queue>
#include <stdexcept>
#include <string>

namespace maze {

void MazeGraph::validate() const {
    const int n = vertices();
    if (start < 0 || start >= n || exit < 0 || exit >= n)
        throw std::invalid_argument("start or exit vertex out of range");
    if (start == exit) throw std::invalid_argument("start and exit must differ");
    // Each list sorted once, so that a repeat and the other end of each edge are found in
    // O(log degree): a vertex with many neighbours (graph files may have one) costs no more than
    // its edges.
    std::vector<std::vector<int>> sorted(static_cast<size_t>(n));
    for (int v = 0; v < n; ++v) {
        auto& s = sorted[static_cast<size_t>(v)];
        s = neighbours[static_cast<size_t>(v)];
        for (int w : s) {
            if (w < 0 || w >= n)
                throw std::invalid_argument("vertex " + std::to_string(v) +
                                            " has an out-of-range neighbour");
            if (w == v) throw std::invalid_argument("loop at vertex " + std::to_string(v));
        }
        std::sort(s.begin(), s.end());
        if (std::adjacent_find(s.begin(), s.end()) != s.end())
            throw std::invalid_argument("repeated edge at vertex " + std::to_string(v));
    }
    for (int v = 0; v < n; ++v)
        for (int w : neighbours[static_cast<size_t>(v)]) {
            const auto& back = sorted[static_cast<size_t>(w)];
            if (!std::binary_search(back.begin(), back.end(), v))
                throw std::invalid_argument("edge " + std::to_string(v) + "-" + std::to_string(w) +
                                            " is not listed both ways");
        }
}

MazeGraph grid_graph(const Board& b) {
    MazeGraph g;
    const int rows = b.rows();
    const int cols = b.cols();
    g.neighbours.resize(static_cast<size_t>(rows * cols));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            if (!b.open(r, c)) continue;
            for (const auto& [dr, dc] : kSquareOrder) {  // each list in Squeaky's order
                const int nr = r + dr;
                const int nc = c + dc;
                if (b.in_bounds(nr, nc) && b.open(nr, nc))
                    g.neighbours[static_cast<size_t>(r * cols + c)].push_back(nr * cols + nc);
            }
        }
    g.start = b.start().r * cols + b.start().c;
    g.exit = b.exit().r * cols + b.exit().c;
    return g;
}

namespace {

std::vector<int> distances_from(const MazeGraph& g, int from) {
    std::vector<int> dist(static_cast<size_t>(g.vertices()), -1);
    std::queue<int> q;
    dist[static_cast<size_t>(from)] = 0;
    q.push(from);
    while (!q.empty()) {
        const int v = q.front();
        q.pop();
        for (int w : g.neighbours[static_cast<size_t>(v)])
            if (dist[static_cast<size_t>(w)] < 0) {
                dist[static_cast<size_t>(w)] = dist[static_cast<size_t>(v)] + 1;
                q.push(w);
            }
    }
    return dist;
}

// Definition 2's choice: Squeaky's rule over v's neighbours in preference order.
int choose(const MazeGraph& g, const std::vector<std::uint64_t>& visits, int v) {
    const std::vector<int>& list = g.neighbours[static_cast<size_t>(v)];
    return first_least(list.begin(), list.end(),
                       [&](int w) { return visits[static_cast<size_t>(w)]; }, -1);
}

}  // namespace

GraphWalkResult reference_walk(const MazeGraph& g, int modulus) {
    g.validate();
    if (modulus == 1 || modulus < 0)
        throw std::invalid_argument("k-mod mouse needs k >= 2 (0: ordinary mouse)");
    GraphWalkResult res;
    const size_t n = static_cast<size_t>(g.vertices());
    res.visits.assign(n, 0);
    res.feasible = distances_from(g, g.start)[static_cast<size_t>(g.exit)] >= 0;
    if (!res.feasible) return res;

    int v = g.start;
    if (modulus == 0) {
        while (v != g.exit) {
            ++res.visits[static_cast<size_t>(v)];
            ++res.moves;
            v = choose(g, res.visits, v);
        }
        return res;
    }

    // k-mod: the mouse sees counts modulo k. The state (position, counts mod k) determines the
    // rest of the walk, so a repeated state is a trap. Brent's method compares the current state
    // with one saved at power-of-two distances; it finds any cycle without storing the history.
    const std::uint64_t k = static_cast<std::uint64_t>(modulus);
    std::vector<std::uint64_t> seen(n, 0);  // counts mod k
    std::vector<std::uint64_t> saved_seen = seen;
    int saved_v = v;
    std::uint64_t power = 1;
    std::uint64_t lambda = 0;
    while (v != g.exit) {
        ++res.visits[static_cast<size_t>(v)];
        seen[static_cast<size_t>(v)] = (seen[static_cast<size_t>(v)] + 1) % k;
        ++res.moves;
        v = choose(g, seen, v);
        ++lambda;
        if (v == saved_v && seen == saved_seen) {
            res.trapped = true;
            res.cycle_start = res.moves;
            return res;
        }
        if (lambda == power) {
            saved_v = v;
            saved_seen = seen;
            power *= 2;
            lambda = 0;
        }
    }
    return res;
}

WalkTrace trace_walk(const MazeGraph& g, std::uint64_t max_moves, std::size_t keep,
                     bool (*stop)(void*), void* stop_context) {
    g.validate();
    WalkTrace t;
    t.visits.assign(static_cast<size_t>(g.vertices()), 0);
    t.feasible = distances_from(g, g.start)[static_cast<size_t>(g.exit)] >= 0;
    if (!t.feasible) return t;
    int v = g.start;
    if (keep > 0) t.path.push_back(v);
    while (v != g.exit) {
        if (t.moves == max_moves) return t;
        if ((t.moves & 0xFFFFF) == 0xFFFFF && stop && stop(stop_context)) return t;
        ++t.visits[static_cast<size_t>(v)];
        ++t.moves;
        v = choose(g, t.visits, v);
        if (t.path.size() < keep) t.path.push_back(v);
    }
    t.complete = true;
    return t;
}

GraphWalkResult reference_grid_walk(const Board& b, int modulus) {
    return reference_walk(grid_graph(b), modulus);
}

double theorem8_bound(const MazeGraph& g) {
    g.validate();
    const std::vector<int> from_start = distances_from(g, g.start);
    std::vector<int> comp;
    for (int v = 0; v < g.vertices(); ++v)
        if (from_start[static_cast<size_t>(v)] >= 0) comp.push_back(v);
    int delta = 0;
    for (int v : comp)
        delta = std::max(delta, static_cast<int>(g.neighbours[static_cast<size_t>(v)].size()));
    int diam = 0;
    for (int v : comp) {
        const std::vector<int> d = distances_from(g, v);
        for (int w : comp) diam = std::max(diam, d[static_cast<size_t>(w)]);
    }
    double sum = 0;
    double power = 1;
    for (int i = 1; i <= diam; ++i) {
        power *= delta;
        sum += power;
    }
    return static_cast<double>(comp.size()) * sum;
}

}  // namespace maze
