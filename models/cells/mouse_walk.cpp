#include "mazesearch/models/cells/mouse_walk.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>

#include "mazesearch/engine/interleaved_walk.hpp"
#include "mazesearch/engine/walk_steps.hpp"
#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"

namespace maze {

namespace {

using walk_steps::index_of;
using walk_steps::kStride;
using walk_steps::kVisit;

constexpr std::uint32_t kBlockedKey = 0xFFFFFFFCu;  // + rank 3 still fits: never the minimum

// The keys of four cells of a row (open 0, blocked kBlockedKey) for each four bits of its mask.
constexpr std::array<FourKeys, 16> kFourKeys = four_keys(kBlockedKey);

// Lays the board into a padded key array (rows + 2 rows of the fixed stride); allocation-free.
// A row's 16 cells are four copies from kFourKeys (the mask's bits past the board's columns
// are 0: blocked, as the padding is), so laying out a 13x13 board costs about 150 instructions
// where filling the array and then writing cell by cell cost 1,480 (callgrind), as many as 80
// moves of the batch walk.
inline void lay_out(const Board& b, std::uint32_t* key) {
    static_assert(kStride == 1 + 16 + 1, "a row is its 16 cells and a blocked word each side");
    const int rows = b.rows();
    const unsigned mask = b.full_row();
    std::fill(key, key + kStride, kBlockedKey);
    for (int r = 0; r < rows; ++r) {
        const unsigned row = b.row(r) & mask;
        std::uint32_t* line = key + (r + 1) * kStride;
        line[0] = kBlockedKey;
        lay_out_row(line + 1, row, kFourKeys);
        line[kStride - 1] = kBlockedKey;
    }
    std::fill(key + (rows + 1) * kStride, key + (rows + 2) * kStride, kBlockedKey);
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

// A cell's neighbours are their keys, in the square grid's order of preference
// (walk_steps::kSteps): a blocked one reads kBlockedKey, above every open one.
struct GridKeys {
    static constexpr int kDirections = 4;
    static constexpr int kRankBits = 2;
    static std::uint32_t key(const std::uint32_t* q, auto d, std::uint32_t r) {
        return q[walk_steps::kSteps[d]] + r;
    }
    static std::ptrdiff_t step(auto d) { return walk_steps::kSteps[d]; }
    static const std::ptrdiff_t* step_bytes() { return walk_steps::kStepBytes; }
};
using GridSteps = KeyedSteps<GridKeys>;

}  // namespace

std::uint64_t MouseWalk::run(const Board& b, std::uint64_t max_moves) {
    assert(feasible(b) && "a walk of an infeasible board never ends");
    max_moves = std::min(max_moves, kMaxMoves);
    std::uint32_t* k = key_.data();
    lay_out(b, k);
    return GridSteps::branchy(k + index_of(b.start()), k + index_of(b.exit()), 0, max_moves);
}

std::string_view objective_name(WalkObjective objective) {
    return objective == WalkObjective::MaxVisits ? "max-visits" : "moves";
}

std::optional<WalkObjective> objective_from_name(std::string_view name) {
    if (name == "moves") return WalkObjective::Moves;
    if (name == "max-visits") return WalkObjective::MaxVisits;
    return std::nullopt;
}

MostVisited most_visited(int rows, int cols, std::span<const std::uint64_t> visits) {
    assert(visits.size() == static_cast<size_t>(rows * cols));
    MostVisited best;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const std::uint64_t v = visits[static_cast<size_t>(r * cols + c)];
            if (v > best.visits) best = MostVisited{v, Cell{r, c}};
        }
    return best;
}

MostVisited most_visited(const Board& b, std::span<const std::uint64_t> visits) {
    return most_visited(b.rows(), b.cols(), visits);
}

std::uint64_t MouseWalk::visits(int r, int c) const {
    const std::uint32_t key = key_[static_cast<size_t>(index_of(Cell{r, c}))];
    return key == kBlockedKey ? 0 : key / kVisit;
}

WalkResult evaluate(const Board& b, MouseWalk& walker) {
    return checked_walk(b, walker);
}

WalkResult evaluate(const Board& b) {
    MouseWalk walker;
    return evaluate(b, walker);
}

WalkCounts reference_counts(const Board& b) {
    GraphWalkResult g = reference_grid_walk(b);
    return WalkCounts{g.feasible, g.moves, std::move(g.visits)};
}

WalkCounts walk_report(const Board& b) {
    return counted_walk<MouseWalk>(b);
}

void evaluate_batch_serial(std::span<const Board> boards, std::span<std::uint64_t> out) {
    walk_one_by_one<MouseWalk>(boards, out);
}

namespace {

// The grid walk's layout for interleaved_walk: a lane's words are its key array, a step a move.
// With kMaxVisits a finished walk's keys also give its most visits (into max_visits), with
// kProfile its profile (into profiles); without them, neither is touched and the code is the
// moves-only walker.
template <bool kMaxVisits, bool kProfile = false>
struct GridLayout : GridSteps {
    static constexpr int kWords = kPaddedCells;
    std::span<const Board> boards;
    std::span<std::uint64_t> out, max_visits;
    bool check_feasible;
    std::span<WalkProfile> profiles = {};
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
    void arrived(size_t i, std::uint64_t moves, const std::uint32_t* keys) {
        out[i] = moves;
        if constexpr (kMaxVisits) max_visits[i] = max_visits_of(keys, boards[i].rows());
        if constexpr (kProfile)
            profiles[i] = profile_of(boards[i].rows(), boards[i].cols(), [keys](int r, int c) {
                const std::uint32_t key = keys[index_of(Cell{r, c})];
                return key == kBlockedKey ? std::uint64_t{0} : std::uint64_t{key / kVisit};
            });
    }
    // A walk past the 32-bit keys' range: the 64-bit reference walk gives its scores.
    void overflow(size_t i) {
        const GraphWalkResult g = reference_grid_walk(boards[i]);
        out[i] = g.moves;
        if constexpr (kMaxVisits) max_visits[i] = most_visited(boards[i], g.visits).visits;
        if constexpr (kProfile)
            profiles[i] = profile_of(boards[i].rows(), boards[i].cols(), g.visits);
        ++fallbacks;
    }
};

template <int K, bool kMaxVisits>
size_t interleaved(std::span<const Board> boards, std::span<std::uint64_t> out,
                   std::span<std::uint64_t> max_visits, std::uint64_t max_moves,
                   bool check_feasible) {
    GridLayout<kMaxVisits> layout{{}, boards, out, max_visits, check_feasible};
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

size_t walk_feasible_batch(std::span<const Board> boards, std::span<std::uint64_t> out,
                           std::span<WalkProfile> profiles, std::uint64_t max_moves) {
    assert(profiles.size() >= boards.size());
    assert(std::all_of(boards.begin(), boards.end(), [](const Board& b) { return feasible(b); }) &&
           "a walk of an infeasible board never ends");
    GridLayout<false, true> layout{{}, boards, out, {}, false, profiles};
    interleaved_walk<8>(layout, boards.size(), std::min(max_moves, MouseWalk::kMaxMoves));
    return layout.fallbacks;
}

}  // namespace maze
