#include "mazesearch/search/enumeration/decision_tree.hpp"

#include <bit>
#include <stdexcept>

namespace maze::enumeration {

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
