#include "mouse_walk.hpp"

#include <algorithm>

#include "bitboard.hpp"
#include "graph_walk.hpp"

namespace maze {

namespace {

constexpr std::ptrdiff_t kStride = kPaddedSide;
constexpr std::uint32_t kBlockedKey = 0xFFFFFFFCu;  // + rank 3 still fits: never the minimum
constexpr std::uint32_t kVisit = 4;                 // one visit; the low 2 bits hold the rank

// The step for each rank: down, right, left, up.
alignas(32) constexpr std::ptrdiff_t kStep[4] = {kStride, 1, -1, -kStride};

// Lays the board into a padded key array (rows + 2 rows of the fixed stride); allocation-free.
inline void lay_out(const Board& b, std::uint32_t* key) {
    const int rows = b.rows();
    const int cols = b.cols();
    std::fill(key, key + (rows + 2) * kStride, kBlockedKey);
    for (int r = 0; r < rows; ++r) {
        const unsigned row = b.row(r);
        std::uint32_t* dst = key + (r + 1) * kStride + 1;
        for (int c = 0; c < cols; ++c) dst[c] = ((row >> c) & 1u) ? 0u : kBlockedKey;
    }
}

inline std::ptrdiff_t index_of(Cell x) { return (x.r + 1) * kStride + x.c + 1; }

// One move from q, branch-free: count the visit, step to the smallest ranked neighbour key.
inline std::uint32_t* ranked_step(std::uint32_t* q) {
    *q += kVisit;
    const std::uint32_t down = q[kStride];
    const std::uint32_t right = q[1] + 1;
    const std::uint32_t left = q[-1] + 2;
    const std::uint32_t up = q[-kStride] + 3;
    const std::uint32_t m = std::min(std::min(down, right), std::min(left, up));
    return q + kStep[m & 3];
}

}  // namespace

std::uint64_t MouseWalk::run(const Board& b, std::uint64_t max_moves) {
    max_moves = std::min(max_moves, kMaxMoves);
    std::uint32_t* k = key_.data();
    lay_out(b, k);
    std::uint32_t* q = k + index_of(b.start());
    const std::uint32_t* const e = k + index_of(b.exit());
    std::uint64_t moves = 0;
    while (q != e) {
        if (++moves > max_moves) return kWalkOverflow;
        const std::uint32_t down = q[kStride];
        const std::uint32_t right = q[1];
        const std::uint32_t left = q[-1];
        const std::uint32_t up = q[-kStride];
        *q += kVisit;
        // First least-visited neighbour in the order down, right, left, up.
        if (down <= right && down <= left && down <= up)
            q += kStride;
        else if (right <= left && right <= up)
            q += 1;
        else if (left <= up)
            q -= 1;
        else
            q -= kStride;
    }
    return moves;
}

std::uint64_t MouseWalk::visits(int r, int c) const {
    const std::uint32_t key = key_[static_cast<size_t>(index_of(Cell{r, c}))];
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

// K walks advance in lock step, one move per lane per round; a finished lane takes the next
// feasible board of the batch. A lane's moves are the rounds since it was loaded.
template <int K>
size_t interleaved(std::span<const Board> boards, std::span<std::uint64_t> out,
                   std::uint64_t max_moves) {
    max_moves = std::min(max_moves, MouseWalk::kMaxMoves);
    size_t fallbacks = 0;
    alignas(64) std::uint32_t keys[K][kPaddedCells];
    std::uint32_t* pos[K];
    const std::uint32_t* exit[K];
    std::uint64_t loaded_at[K];
    size_t item[K];
    std::uint64_t round = 0;
    size_t next = 0;
    int active = 0;

    // Loads the next feasible board into lane l (infeasible ones are scored on the way); false
    // when the batch is used up.
    auto refill = [&](int l) {
        while (next < boards.size()) {
            const size_t i = next++;
            const Board& b = boards[i];
            if (!feasible(b)) {
                out[i] = kInfeasible;
                continue;
            }
            lay_out(b, keys[l]);
            pos[l] = keys[l] + index_of(b.start());
            exit[l] = keys[l] + index_of(b.exit());
            loaded_at[l] = round;
            item[l] = i;
            ++active;
            return true;
        }
        pos[l] = nullptr;
        return false;
    };
    // A walk past the 32-bit keys' range is finished by the 64-bit reference walk.
    auto overflowed = [&](int l) {
        out[item[l]] = reference_grid_walk(boards[item[l]]).moves;
        ++fallbacks;
        --active;
        refill(l);
    };
    for (int l = 0; l < K; ++l) refill(l);

    while (active == K) {
#pragma GCC unroll 16
        for (int l = 0; l < K; ++l) {
            std::uint32_t* q = pos[l];
            if (q == exit[l]) [[unlikely]] {
                out[item[l]] = round - loaded_at[l];
                --active;
                if (!refill(l)) continue;
                q = pos[l];
            }
            pos[l] = ranked_step(q);
        }
        ++round;
        if (round % MouseWalk::kLimitCheckRounds == 0) [[unlikely]] {
            for (int l = 0; l < K; ++l)
                if (pos[l] && round - loaded_at[l] >= max_moves) overflowed(l);
        }
    }
    // Fewer than K walks left: finish them one lane at a time.
    for (int l = 0; l < K; ++l) {
        if (!pos[l]) continue;
        std::uint32_t* q = pos[l];
        std::uint64_t moves = round - loaded_at[l];
        while (q != exit[l] && moves < max_moves) {
            ++moves;
            q = ranked_step(q);
        }
        if (q == exit[l]) {
            out[item[l]] = moves;
        } else {
            out[item[l]] = reference_grid_walk(boards[item[l]]).moves;
            ++fallbacks;
        }
    }
    return fallbacks;
}

}  // namespace

size_t evaluate_batch(std::span<const Board> boards, std::span<std::uint64_t> out,
                      std::uint64_t max_moves) {
    return interleaved<8>(boards, out, max_moves);
}

}  // namespace maze
