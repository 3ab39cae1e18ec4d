#include "mazesearch/engine/mouse_walk.hpp"

#include <algorithm>
#include <cassert>

#include "mazesearch/engine/bitboard.hpp"
#include "mazesearch/engine/graph_walk.hpp"

namespace maze {

namespace {

constexpr std::ptrdiff_t kStride = kPaddedSide;
constexpr std::uint32_t kBlockedKey = 0xFFFFFFFCu;  // + rank 3 still fits: never the minimum
constexpr std::uint32_t kVisit = 4;                 // one visit; the low 2 bits hold the rank

// The step for each rank (down, right, left, up) in bytes, so that it adds straight to a pointer.
constexpr std::ptrdiff_t kKeyBytes = sizeof(std::uint32_t);
alignas(32) constexpr std::ptrdiff_t kStepBytes[4] = {kStride * kKeyBytes, kKeyBytes, -kKeyBytes,
                                                      -kStride* kKeyBytes};

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

inline std::ptrdiff_t index_of(Cell x) {
    return (x.r + 1) * kStride + x.c + 1;
}

// The largest visit count in a key array laid out for a board of `rows` rows. One visit added to
// a blocked key wraps it to 0 and turns an open cell's key into (count + 1) * 4, so the maximum
// needs no test per cell (and the compiler vectorises the loop). Counts stay below 2^30 - 1.
inline std::uint64_t max_visits_of(const std::uint32_t* key, int rows) {
    static_assert(kBlockedKey + kVisit == 0);
    std::uint32_t m = 0;
    const std::uint32_t* end = key + (rows + 1) * kStride;
    for (const std::uint32_t* p = key + kStride; p != end; ++p) m = std::max(m, *p + kVisit);
    return m / kVisit - 1;  // the start is open, so m >= kVisit
}

// One move from q, branch-free: count the visit, step to the smallest ranked neighbour key.
inline std::uint32_t* ranked_step(std::uint32_t* q) {
    *q += kVisit;
    const std::uint32_t down = q[kStride];
    const std::uint32_t right = q[1] + 1;
    const std::uint32_t left = q[-1] + 2;
    const std::uint32_t up = q[-kStride] + 3;
    const std::uint32_t m = std::min(std::min(down, right), std::min(left, up));
    return reinterpret_cast<std::uint32_t*>(reinterpret_cast<char*>(q) + kStepBytes[m & 3]);
}

// Continues a walk at q with plain comparisons until the exit e; returns the total moves, or
// kWalkOverflow past max_moves.
inline std::uint64_t branchy_walk(std::uint32_t* q, const std::uint32_t* e, std::uint64_t moves,
                                  std::uint64_t max_moves) {
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

}  // namespace

std::uint64_t MouseWalk::run(const Board& b, std::uint64_t max_moves) {
    assert(feasible(b) && "a walk of an infeasible board never ends");
    max_moves = std::min(max_moves, kMaxMoves);
    std::uint32_t* k = key_.data();
    lay_out(b, k);
    return branchy_walk(k + index_of(b.start()), k + index_of(b.exit()), 0, max_moves);
}

std::string_view objective_name(WalkObjective objective) {
    return objective == WalkObjective::MaxVisits ? "max-visits" : "moves";
}

std::optional<WalkObjective> objective_from_name(std::string_view name) {
    if (name == "moves") return WalkObjective::Moves;
    if (name == "max-visits") return WalkObjective::MaxVisits;
    return std::nullopt;
}

MostVisited most_visited(const Board& b, std::span<const std::uint64_t> visits) {
    assert(visits.size() == static_cast<size_t>(b.cells()));
    MostVisited best;
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) {
            const std::uint64_t v = visits[static_cast<size_t>(r * b.cols() + c)];
            if (v > best.visits) best = MostVisited{v, Cell{r, c}};
        }
    return best;
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
// feasible board of the batch. A lane's moves are the rounds since it was loaded. With
// kMaxVisits, a finished lane's keys also give its walk's most visits (into max_visits); without
// it, max_visits is not touched and the code is the moves-only walker.
template <int K, bool kMaxVisits>
size_t interleaved(std::span<const Board> boards, std::span<std::uint64_t> out,
                   std::span<std::uint64_t> max_visits, std::uint64_t max_moves,
                   bool check_feasible) {
    max_moves = std::min(max_moves, MouseWalk::kMaxMoves);
    size_t fallbacks = 0;
    // A walk past the 32-bit keys' range: the 64-bit reference walk gives its scores.
    auto by_reference = [&](size_t i) {
        const GraphWalkResult g = reference_grid_walk(boards[i]);
        out[i] = g.moves;
        if constexpr (kMaxVisits) max_visits[i] = most_visited(boards[i], g.visits).visits;
        ++fallbacks;
    };
    alignas(64) std::uint32_t keys[K][kPaddedCells];
    std::uint32_t* pos[K];
    const std::uint32_t* exit[K];
    std::uint64_t loaded_at[K];
    size_t item[K];
    std::uint64_t round = 0;
    size_t next = 0;
    int active = 0;

    // Loads the next feasible board into lane l (infeasible ones are scored on the way) and
    // returns its start, or nullptr when the batch is used up. It leaves pos[] alone, so that
    // the compiler can keep the lanes' positions in registers.
    auto load = [&](int l) __attribute__((noinline))->std::uint32_t* {
        while (next < boards.size()) {
            const size_t i = next++;
            const Board& b = boards[i];
            if (check_feasible && !feasible(b)) {
                out[i] = kInfeasible;
                continue;
            }
            lay_out(b, keys[l]);
            exit[l] = keys[l] + index_of(b.exit());
            loaded_at[l] = round;
            item[l] = i;
            ++active;
            return keys[l] + index_of(b.start());
        }
        exit[l] = nullptr;
        return nullptr;
    };
#pragma GCC unroll 16
    for (int l = 0; l < K; ++l) pos[l] = load(l);

    while (active == K) {
#pragma GCC unroll 16
        for (int l = 0; l < K; ++l) {
            std::uint32_t* q = pos[l];
            if (q == exit[l]) [[unlikely]] {
                out[item[l]] = round - loaded_at[l];
                if constexpr (kMaxVisits)
                    max_visits[item[l]] = max_visits_of(keys[l], boards[item[l]].rows());
                --active;
                q = load(l);
                if (!q) {
                    pos[l] = nullptr;
                    continue;
                }
            }
            pos[l] = ranked_step(q);
        }
        ++round;
        if (round % MouseWalk::kLimitCheckRounds == 0) [[unlikely]] {
#pragma GCC unroll 16
            for (int l = 0; l < K; ++l)
                if (pos[l] && round - loaded_at[l] >= max_moves) {
                    by_reference(item[l]);
                    --active;
                    pos[l] = load(l);
                }
        }
    }
    // The batch is used up. The live walks go on four in lock step while at least four are left
    // (their key arrays stay where they are), then the last ones one at a time.
    struct Live {
        std::uint32_t* pos;
        const std::uint32_t* exit;
        std::uint64_t moves;
        size_t item;
    };
    Live live[K];
    int n = 0;
#pragma GCC unroll 16
    for (int l = 0; l < K; ++l)
        if (pos[l]) live[n++] = Live{pos[l], exit[l], round - loaded_at[l], item[l]};
    auto finish = [&](int i, std::uint64_t moves) {
        const size_t it = live[i].item;
        if (moves == kWalkOverflow) {
            by_reference(it);
        } else {
            out[it] = moves;
            if constexpr (kMaxVisits) {
                // The lane whose key array holds this walk's exit.
                const auto lane = (live[i].exit - keys[0]) / kPaddedCells;
                max_visits[it] = max_visits_of(keys[lane], boards[it].rows());
            }
        }
        live[i] = live[--n];
    };
    constexpr int kTail = 4;
    while (n >= kTail) {
        int done = -1;
        for (std::uint64_t r = 1; done < 0; ++r) {
#pragma GCC unroll 4
            for (int i = 0; i < kTail; ++i) {
                if (live[i].pos == live[i].exit) [[unlikely]] {
                    if (done < 0) done = i;
                    continue;
                }
                live[i].pos = ranked_step(live[i].pos);
                ++live[i].moves;
            }
            if (r % MouseWalk::kLimitCheckRounds == 0) [[unlikely]] {
                for (int i = 0; i < kTail && done < 0; ++i)
                    if (live[i].moves >= max_moves) done = i;
            }
        }
        const bool arrived = live[done].pos == live[done].exit;
        finish(done, arrived ? live[done].moves : kWalkOverflow);
    }
    while (n > 0) finish(0, branchy_walk(live[0].pos, live[0].exit, live[0].moves, max_moves));
    return fallbacks;
}

}  // namespace

size_t evaluate_batch(std::span<const Board> boards, std::span<std::uint64_t> out,
                      std::uint64_t max_moves) {
    return interleaved<8, false>(boards, out, {}, max_moves, true);
}

size_t walk_feasible_batch(std::span<const Board> boards, std::span<std::uint64_t> out,
                           std::uint64_t max_moves) {
    assert(std::all_of(boards.begin(), boards.end(), [](const Board& b) { return feasible(b); }) &&
           "a walk of an infeasible board never ends");
    return interleaved<8, false>(boards, out, {}, max_moves, false);
}

size_t walk_feasible_batch(std::span<const Board> boards, std::span<std::uint64_t> out,
                           std::span<std::uint64_t> max_visits, std::uint64_t max_moves) {
    assert(max_visits.size() >= boards.size());
    assert(std::all_of(boards.begin(), boards.end(), [](const Board& b) { return feasible(b); }) &&
           "a walk of an infeasible board never ends");
    return interleaved<8, true>(boards, out, max_visits, max_moves, false);
}

}  // namespace maze
