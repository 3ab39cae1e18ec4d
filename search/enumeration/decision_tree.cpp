#include "mazesearch/search/enumeration/decision_tree.hpp"

#include <bit>
#include <stdexcept>

namespace maze::enumeration {

// Is the exit reachable from the mouse through open or undecided cells?
bool exit_reachable(const Grid& g, const Node& n) {
    const std::uint64_t pass = g.all & ~n.blocked;
    const std::uint64_t target = g.bit(g.exit_pad);
    // The flood starts from every open cell but the exit, not from the mouse alone: each of them
    // is connected to the mouse through open cells (the walk visited them, or looked at them from
    // a cell it visited), so the answer is the same, and the open region is usually a few cells
    // from the exit, so the flood ends after a few rounds instead of one per cell of distance.
    std::uint64_t reach = n.open & ~target;
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
    static_assert(kMaxPadded <= 128);  // a padded index fits in 7 bits (the keys below)
    const std::uint64_t undecided = g.all & ~(n.open | n.blocked);
    const int s = g.stride;
    std::uint16_t* const v = n.v.data();
    int p = n.pos;
    std::uint32_t moves = n.moves;
    Status st;
    for (;;) {
        if (p == g.exit_pad) {
            st = Status::Leaf;
            break;
        }
        if (const std::uint64_t seen = g.around[static_cast<size_t>(p)] & undecided) {
            // Down, right, left, up is the order of falling cell bits: the first undecided
            // neighbour is the highest bit (found without a branch per direction).
            cell = g.pad_of[static_cast<size_t>(63 - std::countl_zero(seen))];
            st = Status::Branch;
            break;
        }
        if (++moves > kMaxWalk) throw std::runtime_error("enumeration: a walk is too long");
        // The least-visited neighbour without a branch (its outcome is data, so a branch would
        // be mispredicted often): each neighbour's key is its count above 127 - its index, and
        // the smallest key wins. Ties go to the larger index, which is the order down (p + s),
        // right (p + 1), left (p - 1), up (p - s). Walls count 0xFFFF and never win while an
        // open neighbour exists.
        const std::uint32_t r = 127u - static_cast<std::uint32_t>(p);
        const std::uint32_t down =
            std::uint32_t{v[p + s]} << 8 | (r - static_cast<std::uint32_t>(s));
        const std::uint32_t right = std::uint32_t{v[p + 1]} << 8 | (r - 1);
        const std::uint32_t left = std::uint32_t{v[p - 1]} << 8 | (r + 1);
        const std::uint32_t up = std::uint32_t{v[p - s]} << 8 | (r + static_cast<std::uint32_t>(s));
        ++v[p];
        std::uint32_t m1 = std::min(down, right);
        std::uint32_t m2 = std::min(left, up);
        asm("" : "+r"(m1), "+r"(m2));
        const std::uint32_t best = std::min(m1, m2);
        p = 127 - static_cast<int>(best & 0xFF);
    }
    n.pos = static_cast<std::uint8_t>(p);
    n.moves = moves;
    return st;
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
