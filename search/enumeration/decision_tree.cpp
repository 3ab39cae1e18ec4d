#include "mazesearch/search/enumeration/decision_tree.hpp"

#include <bit>
#include <stdexcept>

namespace maze::enumeration {

// Is the exit reachable from the mouse through open or undecided cells?
bool exit_reachable(const Grid& g, const Node& n) {
    const std::uint64_t pass = g.all & ~n.blocked;
    std::uint64_t reach = g.bit(n.pos);
    const std::uint64_t target = g.bit(g.exit_pad);
    for (;;) {
        const std::uint64_t grown =
            (reach | ((reach << 1) & g.not_left) | ((reach >> 1) & g.not_right) |
             (reach << g.cols) | (reach >> g.cols)) &
            pass;
        if (grown & target) return true;
        if (grown == reach) return false;
        reach = grown;
    }
}

// Walks on until the exit (Leaf) or a neighbour that is not decided yet (Branch: its padded
// index in `cell`).
Status advance(const Grid& g, Node& n, int& cell) {
    for (;;) {
        const int p = n.pos;
        if (p == g.exit_pad) return Status::Leaf;
        for (int d = 0; d < 4; ++d) {
            const int q = p + g.step[static_cast<size_t>(d)];
            if (n.v[static_cast<size_t>(q)] == kUnknown) {
                cell = q;
                return Status::Branch;
            }
        }
        if (++n.moves > kMaxWalk) throw std::runtime_error("enumeration: a walk is too long");
        const std::uint16_t down = n.v[static_cast<size_t>(p + g.stride)];
        const std::uint16_t right = n.v[static_cast<size_t>(p + 1)];
        const std::uint16_t left = n.v[static_cast<size_t>(p - 1)];
        const std::uint16_t up = n.v[static_cast<size_t>(p - g.stride)];
        ++n.v[static_cast<size_t>(p)];
        int next;
        if (down <= right && down <= left && down <= up)
            next = p + g.stride;
        else if (right <= left && right <= up)
            next = p + 1;
        else if (left <= up)
            next = p - 1;
        else
            next = p - g.stride;
        n.pos = static_cast<std::uint8_t>(next);
    }
}

Node root(const Grid& g) {
    Node n;
    n.v.fill(kWall);
    for (int b = 0; b < g.rows * g.cols; ++b)
        n.v[static_cast<size_t>(g.pad_of[static_cast<size_t>(b)])] = kUnknown;
    n.v[static_cast<size_t>(g.start_pad)] = 0;
    n.v[static_cast<size_t>(g.exit_pad)] = 0;
    n.open = g.bit(g.start_pad) | g.bit(g.exit_pad);
    n.pos = static_cast<std::uint8_t>(g.start_pad);
    n.decided = static_cast<std::uint8_t>(std::popcount(n.open));
    return n;
}

void decide(const Grid& g, Node& n, int cell, bool open) {
    if (open) {
        n.v[static_cast<size_t>(cell)] = 0;
        n.open |= g.bit(cell);
    } else {
        n.v[static_cast<size_t>(cell)] = kWall;
        n.blocked |= g.bit(cell);
    }
    ++n.decided;
}

std::vector<Node> frontier(const Grid& g, std::size_t want) {
    std::vector<Node> level{root(g)};
    for (;;) {
        std::vector<Node> next;
        bool branched = false;
        for (Node& n : level) {
            int cell = 0;
            Node probe = n;
            if (advance(g, probe, cell) == Status::Leaf || level.size() >= want) {
                next.push_back(n);
                continue;
            }
            branched = true;
            Node opened = probe;
            decide(g, opened, cell, true);
            next.push_back(opened);
            decide(g, probe, cell, false);
            if (exit_reachable(g, probe)) next.push_back(probe);
        }
        level.swap(next);
        if (!branched || level.size() >= want) return level;
    }
}

}  // namespace maze::enumeration
