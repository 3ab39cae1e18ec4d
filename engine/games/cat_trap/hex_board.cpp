#include "mazesearch/engine/games/cat_trap/hex_board.hpp"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace maze {

namespace {

// Neighbour offsets in the order of docs/games.md, 'Cat trap': (r,c+1) (r-1,c+1) (r-1,c) (r,c-1)
// (r+1,c-1) (r+1,c).
constexpr std::array<Hex, 6> kDirs{{{0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}, {1, 0}}};

// A sixth-turn: it maps each direction above to the next one.
Hex rotate(Hex h) {
    return {-h.c, h.r + h.c};
}
// A reflection of the hexagon (it fixes the diagonal c = -r).
Hex reflect(Hex h) {
    return {-h.c, -h.r};
}

}  // namespace

Hex HexSymmetry::apply(Hex h) const {
    if (mirror) h = reflect(h);
    for (int k = 0; k < rotation; ++k) h = rotate(h);
    return h;
}

Hex HexSymmetry::invert(Hex h) const {
    for (int k = rotation; k % 6 != 0; ++k) h = rotate(h);  // 6 - rotation more sixth-turns
    if (mirror) h = reflect(h);
    return h;
}

HexBoard::HexBoard(int side) : side_(side) {
    if (side < 2 || side > kMaxSide)
        throw std::invalid_argument("hex board side must be in [2, " + std::to_string(kMaxSide) +
                                    "], got " + std::to_string(side));
    const int k = side - 1;
    const int w = 2 * side - 1;
    index_.assign(static_cast<std::size_t>(w * w), -1);
    for (int r = -k; r <= k; ++r)
        for (int c = -k; c <= k; ++c) {
            if (std::abs(r + c) > k) continue;
            index_[static_cast<std::size_t>((r + k) * w + (c + k))] = static_cast<int>(hex_.size());
            hex_.push_back({r, c});
            border_.push_back(std::max({std::abs(r), std::abs(c), std::abs(r + c)}) == k);
        }
    nbr_.resize(hex_.size());
    for (std::size_t i = 0; i < hex_.size(); ++i)
        for (int d = 0; d < 6; ++d)
            nbr_[i][static_cast<std::size_t>(d)] =
                index({hex_[i].r + kDirs[static_cast<std::size_t>(d)].r,
                       hex_[i].c + kDirs[static_cast<std::size_t>(d)].c});
}

bool HexBoard::contains(Hex h) const {
    const int k = side_ - 1;
    return std::abs(h.r) <= k && std::abs(h.c) <= k && std::abs(h.r + h.c) <= k;
}

int HexBoard::index(Hex h) const {
    if (!contains(h)) return -1;
    const int k = side_ - 1;
    return index_[static_cast<std::size_t>((h.r + k) * (2 * side_ - 1) + (h.c + k))];
}

bool HexBoard::adjacent(int a, int b) const {
    const auto& n = neighbours(a);
    return std::find(n.begin(), n.end(), b) != n.end();
}

void border_distances(const HexBoard& board, const CellBits& blocked, std::vector<int>& dist) {
    assert(blocked.size() == static_cast<std::size_t>(board.words()));
    const int n = board.cells();
    dist.assign(static_cast<std::size_t>(n), kUnreachable);
    // A plain vector read from the front is the FIFO; kept per thread to avoid reallocating.
    thread_local std::vector<int> queue;
    queue.clear();
    for (int i = 0; i < n; ++i)
        if (board.border(i) && !test_bit(blocked, i)) {
            dist[static_cast<std::size_t>(i)] = 0;
            queue.push_back(i);
        }
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const int x = queue[head];
        const int dx = dist[static_cast<std::size_t>(x)] + 1;
        for (int y : board.neighbours(x)) {
            if (y < 0 || test_bit(blocked, y) || dist[static_cast<std::size_t>(y)] != kUnreachable)
                continue;
            dist[static_cast<std::size_t>(y)] = dx;
            queue.push_back(y);
        }
    }
}

int step_to_border(const HexBoard& board, const std::vector<int>& dist, int x) {
    const int d = dist[static_cast<std::size_t>(x)];
    assert(d > 0);
    for (int y : board.neighbours(x))
        if (y >= 0 && dist[static_cast<std::size_t>(y)] == d - 1) return y;
    assert(false && "a cell at distance d > 0 has a neighbour at d - 1");
    return -1;
}

std::string hex_text(Hex h) {
    // snprintf rather than operator+ chains, which trip GCC 12's -Wrestrict false positive.
    char buf[32];
    std::snprintf(buf, sizeof buf, "(%d, %d)", h.r, h.c);
    return buf;
}

}  // namespace maze
