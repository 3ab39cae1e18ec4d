#include "mouse_walk.hpp"

#include <algorithm>

#include "bitboard.hpp"
#include "graph_walk.hpp"

namespace maze {

namespace {

constexpr std::uint32_t kBlockedKey = 0xFFFFFFE0u;  // + 24 still fits: never the minimum
constexpr std::uint32_t kVisit = 32;                // one visit; the low 5 bits hold rank * 8

// Lays the board into a padded key array of the given stride; returns nothing, allocation-free.
inline void lay_out(const Board& b, std::uint32_t* key, int stride) {
    const int rows = b.rows();
    const int cols = b.cols();
    std::fill(key, key + (rows + 2) * stride, kBlockedKey);
    for (int r = 0; r < rows; ++r) {
        const unsigned row = b.row(r);
        std::uint32_t* dst = key + (r + 1) * stride + 1;
        for (int c = 0; c < cols; ++c) dst[c] = ((row >> c) & 1u) ? 0u : kBlockedKey;
    }
}

// The four steps down, right, left, up as signed bytes, selected by (key & 24).
inline std::uint32_t step_table(int stride) {
    const auto byte = [](int v) { return static_cast<std::uint32_t>(static_cast<std::uint8_t>(v)); };
    return byte(stride) | byte(1) << 8 | byte(-1) << 16 | byte(-stride) << 24;
}

inline int index_of(Cell x, int stride) { return (x.r + 1) * stride + x.c + 1; }

// One move from p: count the visit, then step to the smallest neighbour key.
inline int step(std::uint32_t* k, int p, int stride, std::uint32_t table) {
    k[p] += kVisit;
    const std::uint32_t down = k[p + stride];
    const std::uint32_t right = k[p + 1] + 8;
    const std::uint32_t left = k[p - 1] + 16;
    const std::uint32_t up = k[p - stride] + 24;
    const std::uint32_t m = std::min(std::min(down, right), std::min(left, up));
    return p + static_cast<std::int8_t>(table >> (m & 24));
}

}  // namespace

std::uint64_t MouseWalk::run(const Board& b) {
    const int stride = b.cols() + 2;
    stride_ = stride;
    std::uint32_t* k = key_.data();
    lay_out(b, k, stride);
    const std::uint32_t table = step_table(stride);
    int p = index_of(b.start(), stride);
    const int e = index_of(b.exit(), stride);
    std::uint64_t moves = 0;
    while (p != e) {
        if (++moves > kMaxMoves) return kWalkOverflow;
        p = step(k, p, stride, table);
    }
    return moves;
}

std::uint64_t MouseWalk::visits(int r, int c) const {
    const std::uint32_t key = key_[static_cast<size_t>((r + 1) * stride_ + c + 1)];
    return key == kBlockedKey ? 0 : key / kVisit;
}

WalkResult evaluate(const Board& b, MouseWalk& walker) {
    if (!feasible(b)) return {false, 0};
    std::uint64_t moves = walker.run(b);
    if (moves == kWalkOverflow) moves = reference_grid_walk(b).moves;
    return {true, moves};
}

WalkResult evaluate(const Board& b) {
    MouseWalk walker;
    return evaluate(b, walker);
}

void evaluate_batch_serial(std::span<const Board> boards, std::span<std::uint64_t> out) {
    MouseWalk walker;
    for (size_t i = 0; i < boards.size(); ++i) {
        const WalkResult r = evaluate(boards[i], walker);
        out[i] = r.feasible ? r.moves : kInfeasible;
    }
}

namespace {

// K walks advance in lock step; a finished lane takes the next feasible board of the batch.
template <int K>
void interleaved(std::span<const Board> boards, std::span<std::uint64_t> out) {
    alignas(64) std::uint32_t keys[K][kPaddedCells];
    int pos[K];
    int exit[K];
    int stride[K];
    std::uint32_t table[K];
    std::uint64_t moves[K];
    size_t item[K];
    bool live[K];
    size_t next = 0;
    int active = 0;

    // Loads the next feasible board into lane l; infeasible ones are scored on the way.
    auto refill = [&](int l) {
        while (next < boards.size()) {
            const size_t i = next++;
            const Board& b = boards[i];
            if (!feasible(b)) {
                out[i] = kInfeasible;
                continue;
            }
            stride[l] = b.cols() + 2;
            lay_out(b, keys[l], stride[l]);
            table[l] = step_table(stride[l]);
            pos[l] = index_of(b.start(), stride[l]);
            exit[l] = index_of(b.exit(), stride[l]);
            moves[l] = 0;
            item[l] = i;
            live[l] = true;
            ++active;
            return;
        }
        live[l] = false;
    };
    for (int l = 0; l < K; ++l) refill(l);

    while (active == K) {
#pragma GCC unroll 8
        for (int l = 0; l < K; ++l) {
            if (pos[l] == exit[l] || moves[l] >= MouseWalk::kMaxMoves) [[unlikely]] {
                out[item[l]] = pos[l] == exit[l] ? moves[l]
                                                 : reference_grid_walk(boards[item[l]]).moves;
                --active;
                refill(l);
                continue;
            }
            ++moves[l];
            pos[l] = step(keys[l], pos[l], stride[l], table[l]);
        }
    }
    // Fewer than K walks left: finish them one lane at a time.
    for (int l = 0; l < K; ++l) {
        if (!live[l]) continue;
        std::uint32_t* k = keys[l];
        int p = pos[l];
        std::uint64_t m = moves[l];
        while (p != exit[l] && m < MouseWalk::kMaxMoves) {
            ++m;
            p = step(k, p, stride[l], table[l]);
        }
        out[item[l]] = p == exit[l] ? m : reference_grid_walk(boards[item[l]]).moves;
    }
}

}  // namespace

void evaluate_batch(std::span<const Board> boards, std::span<std::uint64_t> out) {
    interleaved<4>(boards, out);
}

}  // namespace maze
