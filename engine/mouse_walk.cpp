#include "mazesearch/engine/mouse_walk.hpp"

#include <algorithm>
#include <cassert>

#include "mazesearch/engine/bitboard.hpp"
#include "mazesearch/engine/graph_walk.hpp"
#include "mazesearch/engine/interleaved_walk.hpp"

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

// The grid walk's layout for interleaved_walk: a lane's words are its key array, a step a move.
// With kMaxVisits a finished walk's keys also give its most visits (into max_visits); without
// it, max_visits is not touched and the code is the moves-only walker.
template <bool kMaxVisits>
struct GridLayout {
    static constexpr int kWords = kPaddedCells;
    std::span<const Board> boards;
    std::span<std::uint64_t> out, max_visits;
    bool check_feasible;
    size_t fallbacks = 0;

    std::uint32_t* load(size_t i, std::uint32_t* keys, const std::uint32_t*& exit) {
        const Board& b = boards[i];
        if (check_feasible && !feasible(b)) {
            out[i] = kInfeasible;
            return nullptr;
        }
        lay_out(b, keys);
        exit = keys + index_of(b.exit());
        return keys + index_of(b.start());
    }
    static std::uint32_t* step(std::uint32_t* q) { return ranked_step(q); }
    static std::uint64_t branchy(std::uint32_t* q, const std::uint32_t* e, std::uint64_t moves,
                                 std::uint64_t max_moves) {
        return branchy_walk(q, e, moves, max_moves);
    }
    void arrived(size_t i, std::uint64_t moves, const std::uint32_t* keys) {
        out[i] = moves;
        if constexpr (kMaxVisits) max_visits[i] = max_visits_of(keys, boards[i].rows());
    }
    // A walk past the 32-bit keys' range: the 64-bit reference walk gives its scores.
    void overflow(size_t i) {
        const GraphWalkResult g = reference_grid_walk(boards[i]);
        out[i] = g.moves;
        if constexpr (kMaxVisits) max_visits[i] = most_visited(boards[i], g.visits).visits;
        ++fallbacks;
    }
};

template <int K, bool kMaxVisits>
size_t interleaved(std::span<const Board> boards, std::span<std::uint64_t> out,
                   std::span<std::uint64_t> max_visits, std::uint64_t max_moves,
                   bool check_feasible) {
    GridLayout<kMaxVisits> layout{boards, out, max_visits, check_feasible};
    interleaved_walk<K>(layout, boards.size(), std::min(max_moves, MouseWalk::kMaxMoves));
    return layout.fallbacks;
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
