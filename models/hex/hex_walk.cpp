#include "mazesearch/models/hex/hex_walk.hpp"

#include <algorithm>
#include <cassert>
#include <random>

#include "mazesearch/engine/interleaved_walk.hpp"
#include "mazesearch/engine/walk_steps.hpp"

namespace maze {

// Named, not anonymous: the instrumented trees build the engine as a unity build.
namespace hex_walk_keys {

constexpr std::ptrdiff_t kHexStride = HexWalk::kStride;
constexpr std::uint32_t kHexVisit = 8;  // one visit; the low 3 bits hold a direction's rank
constexpr std::uint32_t kHexBlocked = 0xFFFFFFF8u;  // + rank 5 still fits: never the minimum

// Squeaky's step on the hexagonal grid, written once: the six neighbours of q in the order of
// preference (down-right, down-left, right, left, up-right, up-left) and their displacements.
constexpr std::ptrdiff_t kHexOffset[kHexDirections] = {kHexStride, kHexStride - 1, 1,
                                                       -1,         1 - kHexStride, -kHexStride};
// The same in bytes, by rank (the two unused ranks never win). Not `inline`: see walk_steps.hpp.
alignas(64) constexpr std::ptrdiff_t kHexStepBytes[8] = {
    kHexStride * 4, (kHexStride - 1) * 4, 4, -4, (1 - kHexStride) * 4, -kHexStride * 4, 0, 0};

// The six neighbours' keys for the walks' steps (walk_steps.hpp): a blocked one reads
// kHexBlocked, above every open one even with its rank added.
struct HexKeys {
    static constexpr int kDirections = kHexDirections;
    static constexpr int kRankBits = 3;
    static std::uint32_t key(const std::uint32_t* q, auto d, std::uint32_t r) {
        return q[kHexOffset[d]] + r;
    }
    static std::ptrdiff_t step(auto d) { return kHexOffset[d]; }
    static const std::ptrdiff_t* step_bytes() { return kHexStepBytes; }
};
using HexSteps = KeyedSteps<HexKeys>;
static_assert(HexSteps::kVisit == kHexVisit);

// A cell's place in the array: row r shifted left by r / 2, so that the rows' shifts lie in
// 0..(rows - 1) / 2 once (rows - 1) / 2 is added; one blocked ring around.
inline std::ptrdiff_t hex_index_of(Cell x, int rows) {
    return (x.r + 1) * kHexStride + (x.c - x.r / 2 + (rows - 1) / 2) + 1;
}

// The keys of four cells of a row (open 0, blocked kHexBlocked) for each four bits of its mask.
constexpr std::array<FourKeys, 16> kHexFourKeys = four_keys(kHexBlocked);
// A row's 16 keys from its first cell on stay inside its stride, whatever its shift.
static_assert(1 + (kMaxSide - 1) / 2 + kMaxSide <= kHexStride);

// The rows' cells four at a time (lay_out_row), over the blocked array. Cell by cell, the layout
// cost as much as the walk of a bench board (about 93 moves).
void hex_lay_out(const HexCellBoard& b, std::uint32_t* key) {
    const int rows = b.rows();
    std::fill(key, key + (rows + 2) * kHexStride, kHexBlocked);
    const Board& cells = b.square_cells();
    const unsigned mask = cells.full_row();
    for (int r = 0; r < rows; ++r)
        lay_out_row(key + hex_index_of({r, 0}, rows), cells.row(r) & mask, kHexFourKeys);
}

}  // namespace hex_walk_keys

std::uint64_t HexWalk::run(const HexCellBoard& b, std::uint64_t max_moves) {
    using namespace hex_walk_keys;  // its names are the hex walk's own (kHex..., hex_...)
    assert(feasible(b) && "a walk of an infeasible board never ends");
    rows_ = b.rows();
    std::uint32_t* k = key_.data();
    hex_lay_out(b, k);
    return HexSteps::branchy(k + hex_index_of(b.start(), rows_), k + hex_index_of(b.exit(), rows_),
                             0, std::min(max_moves, kMaxMoves));
}

std::uint64_t HexWalk::visits(int r, int c) const {
    using namespace hex_walk_keys;  // its names are the hex walk's own (kHex..., hex_...)
    const std::uint32_t key = key_[static_cast<std::size_t>(hex_index_of({r, c}, rows_))];
    return key == kHexBlocked ? 0 : key / kHexVisit;
}

WalkResult evaluate(const HexCellBoard& b, HexWalk& walker) {
    return checked_walk(b, walker);
}

WalkResult evaluate(const HexCellBoard& b) {
    HexWalk walker;
    return evaluate(b, walker);
}

WalkCounts walk_report(const HexCellBoard& b) {
    return counted_walk<HexWalk>(b);
}

void evaluate_batch_serial(std::span<const HexCellBoard> boards, std::span<std::uint64_t> out) {
    walk_one_by_one<HexWalk>(boards, out);
}

// Named, not anonymous: the instrumented trees build the engine as a unity build.
namespace hex_walk_keys {

// The largest visit count in a lane's keys: one visit added to a blocked key wraps it to 0, and
// an open cell's key becomes (count + 1) * 8, so no cell needs a test.
std::uint64_t hex_max_visits_of(const std::uint32_t* key, int rows) {
    static_assert(kHexBlocked + kHexVisit == 0);
    std::uint32_t m = 0;
    for (const std::uint32_t* p = key + kHexStride; p != key + (rows + 1) * kHexStride; ++p)
        m = std::max(m, *p + kHexVisit);
    return m / kHexVisit - 1;
}

// The layout interleaved_walk asks for: a lane's words are a board's key array.
struct HexLayout : HexSteps {
    static constexpr int kWords = HexWalk::kWords;
    std::span<const HexCellBoard> boards;
    std::span<std::uint64_t> out;
    std::span<std::uint64_t> max_visits;  // empty: not asked for
    bool check_feasible = true;
    std::span<WalkProfile> profiles = {};  // empty: not asked for
    std::size_t fallbacks = 0;

    std::uint32_t* load(std::size_t i, std::uint32_t* keys, const std::uint32_t*& exit) {
        const HexCellBoard& b = boards[i];
        if (check_feasible && !feasible(b)) {
            out[i] = kInfeasible;
            return nullptr;
        }
        hex_lay_out(b, keys);
        exit = keys + hex_index_of(b.exit(), b.rows());
        return keys + hex_index_of(b.start(), b.rows());
    }
    void arrived(std::size_t i, std::uint64_t moves, const std::uint32_t* keys) {
        out[i] = moves;
        if (!max_visits.empty()) max_visits[i] = hex_max_visits_of(keys, boards[i].rows());
        if (!profiles.empty()) {
            const int rows = boards[i].rows();
            profiles[i] = profile_of(rows, boards[i].cols(), [keys, rows](int r, int c) {
                const std::uint32_t key = keys[hex_index_of({r, c}, rows)];
                return key == kHexBlocked ? std::uint64_t{0} : std::uint64_t{key / kHexVisit};
            });
        }
    }
    void overflow(std::size_t i) {
        const WalkCounts w = reference_counts(boards[i]);
        out[i] = w.moves;
        if (!max_visits.empty())
            max_visits[i] = *std::max_element(w.visits.begin(), w.visits.end());
        if (!profiles.empty())
            profiles[i] = profile_of(boards[i].rows(), boards[i].cols(), w.visits);
        ++fallbacks;
    }
};

}  // namespace hex_walk_keys

std::size_t evaluate_batch(std::span<const HexCellBoard> boards, std::span<std::uint64_t> out,
                           std::uint64_t max_moves) {
    using namespace hex_walk_keys;  // its names are the hex walk's own (kHex..., hex_...)
    HexLayout layout{{}, boards, out, {}, true};
    interleaved_walk<8>(layout, boards.size(), std::min(max_moves, HexWalk::kMaxMoves));
    return layout.fallbacks;
}

std::vector<HexCellBoard> BenchSample<HexCellBoard>::boards() {
    constexpr int kSide = 13;
    constexpr std::size_t kCount = 32;
    std::mt19937_64 rng(20261128);
    std::vector<HexCellBoard> out;
    while (out.size() < kCount) {
        // 100 to 380 per mille blocked, in steps of 40, round after round.
        const std::uint64_t per_mille = 100 + 40 * (out.size() % 8);
        HexCellBoard b(kSide, kSide);
        for (int r = 0; r < kSide; ++r)
            for (int c = 0; c < kSide; ++c) {
                const Cell x{r, c};
                const bool blocked = rng() % 1000 < per_mille;
                if (blocked && !(x == b.start()) && !(x == b.exit())) b.set_open(x, false);
            }
        if (feasible(b)) out.push_back(b);
    }
    return out;
}

std::size_t walk_feasible_batch(std::span<const HexCellBoard> boards, std::span<std::uint64_t> out,
                                std::span<std::uint64_t> max_visits, std::uint64_t max_moves) {
    using namespace hex_walk_keys;  // its names are the hex walk's own (kHex..., hex_...)
    assert(std::all_of(boards.begin(), boards.end(),
                       [](const HexCellBoard& b) { return feasible(b); }) &&
           "a walk of an infeasible board never ends");
    HexLayout layout{{}, boards, out, max_visits, false};
    interleaved_walk<8>(layout, boards.size(), std::min(max_moves, HexWalk::kMaxMoves));
    return layout.fallbacks;
}

std::size_t walk_feasible_batch(std::span<const HexCellBoard> boards, std::span<std::uint64_t> out,
                                std::span<WalkProfile> profiles, std::uint64_t max_moves) {
    using namespace hex_walk_keys;  // its names are the hex walk's own (kHex..., hex_...)
    assert(profiles.size() >= boards.size());
    assert(std::all_of(boards.begin(), boards.end(),
                       [](const HexCellBoard& b) { return feasible(b); }) &&
           "a walk of an infeasible board never ends");
    HexLayout layout{{}, boards, out, {}, false, profiles};
    interleaved_walk<8>(layout, boards.size(), std::min(max_moves, HexWalk::kMaxMoves));
    return layout.fallbacks;
}

}  // namespace maze
