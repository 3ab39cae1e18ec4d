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

}  // namespace maze::enumeration
