#include "mazesearch/models/passages/passage_walk.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>

#include "mazesearch/engine/interleaved_walk.hpp"
#include "mazesearch/engine/walk_steps.hpp"

namespace maze {

namespace {

// ---------------------------------------------------------------------------------------------
// Feasibility: a flood fill over the rows' bit masks.

// The cells of one row connected to a cell of `seed` through the row's open right passages
// (bit c of `right`: (r, c)-(r, c+1) open). A row's connected cells are intervals, so filling
// rightwards and leftwards from the seeds separately covers them. Each direction is a
// Kogge-Stone prefix: after the step of shift k the fill has crossed every run of up to 2k - 1
// open passages, and p then holds the cells from which 2k passages in a row are open. Written
// out, since the loop was not unrolled.
constexpr RowMask fill_row(RowMask seed, RowMask right) {
    unsigned p = right;
    unsigned up = seed;    // towards higher columns
    unsigned down = seed;  // towards lower columns
    up |= (up & p) << 1;
    down |= (down >> 1) & p;
    p &= p >> 1;
    up |= (up & p) << 2;
    down |= (down >> 2) & p;
    p &= p >> 2;
    up |= (up & p) << 4;
    down |= (down >> 4) & p;
    p &= p >> 4;
    up |= (up & p) << 8;
    down |= (down >> 8) & p;
    return static_cast<RowMask>(up | down);
}

// The cells reachable from the entrance cell; with stop_at_exit the fill may end as soon as the
// exit cell is reached. Sweeps down then up, growing each row from its neighbours through the
// open down passages and filling its runs, until a full pass changes nothing (Gauss-Seidel
// order lets one pass cross many rows).
std::array<RowMask, kMaxSide> reach_from_entrance(const PassageBoard& b, bool stop_at_exit) {
    const int rows = b.rows();
    std::array<RowMask, kMaxSide> reach{};
    reach[0] = fill_row(static_cast<RowMask>(1u << b.entrance()), b.right_row(0));
    const int exit_row = rows - 1;
    const RowMask exit_bit = static_cast<RowMask>(1u << b.exit());
    if (stop_at_exit && (reach[exit_row] & exit_bit)) return reach;
    bool changed = true;
    // Returns true when the exit cell has been reached and the fill may stop.
    auto grow = [&](int r) {
        unsigned seed = reach[r];
        if (r > 0) seed |= reach[r - 1] & b.down_row(r - 1);
        if (r + 1 < rows) seed |= reach[r + 1] & b.down_row(r);
        if (seed == reach[r]) return false;
        reach[r] = fill_row(static_cast<RowMask>(seed), b.right_row(r));
        changed = true;
        return stop_at_exit && r == exit_row && (reach[r] & exit_bit);
    };
    while (changed) {
        changed = false;
        for (int r = 1; r < rows; ++r)
            if (grow(r)) return reach;
        for (int r = rows - 2; r >= 0; --r)
            if (grow(r)) return reach;
    }
    return reach;
}

// ---------------------------------------------------------------------------------------------
// The walk's layout: one array of three parts, each kPaddedCells words of row stride kPaddedSide:
// the keys, the walls right of the cells and the walls below them. A wall word is 0 where the
// passage is open and kWall where it is walled, and it lies at a fixed distance from its cell's
// key, so the mouse is one pointer and every word he reads is a constant displacement from it.

using walk_steps::index_of;
using walk_steps::kStride;
using walk_steps::kVisit;
constexpr std::ptrdiff_t kRightWalls = kPaddedCells;     // from a key to its cell's right wall
constexpr std::ptrdiff_t kDownWalls = 2 * kPaddedCells;  // from a key to its cell's down wall
constexpr std::uint32_t kWall = 0xFFFFFFFFu;             // ORed onto a key: never the smallest key

// kWallWords[m]: the wall words of four passages whose open bits are m (word c: 0 where bit c is
// set, kWall where it is not), so that a row of 16 passages is laid out with four 16-byte copies.
constexpr std::array<std::array<std::uint32_t, 4>, 16> make_wall_words() {
    std::array<std::array<std::uint32_t, 4>, 16> t{};
    for (unsigned m = 0; m < 16; ++m)
        for (unsigned c = 0; c < 4; ++c) t[m][c] = ((m >> c) & 1u) ? 0u : kWall;
    return t;
}
constexpr std::array<std::array<std::uint32_t, 4>, 16> kWallWords = make_wall_words();

inline void put_walls(std::uint32_t* dst, RowMask open) {
    for (int q = 0; q < 4; ++q)
        std::memcpy(dst + 4 * q, kWallWords[(open >> (4 * q)) & 0xFu].data(), 16);
}

// Lays the board into its words (allocation-free). Keys: 0 for rows 0..rows+1 (the padding's
// keys are read but always masked by a wall). Right walls: the padding column left of the board
// is walled, and so is everything right of the last column, since its passage bits are 0. Down
// walls: the padding row above is walled (the entrance is one-way: the mouse never goes back out
// through it), and so is the last row, whose passage bits are 0. Nothing else is ever read.
inline void lay_out(const PassageBoard& b, std::uint32_t* words) {
    const int rows = b.rows();
    std::fill(words, words + (rows + 2) * kStride, 0u);
    std::uint32_t* wall_right = words + kRightWalls;
    std::uint32_t* wall_down = words + kDownWalls;
    std::fill(wall_down, wall_down + kStride, kWall);
    for (int r = 0; r < rows; ++r) {
        std::uint32_t* right_row = wall_right + (r + 1) * kStride;
        right_row[0] = kWall;
        put_walls(right_row + 1, b.right_row(r));
        put_walls(wall_down + (r + 1) * kStride + 1, b.down_row(r));
    }
}

// Squeaky's order of preference (the square grid's, kSquareOrder) as displacements from a cell's
// key: to the neighbour's key (walk_steps::kSteps), and to the wall between, which is the cell's
// own right or down passage, or its left or upper neighbour's.
constexpr std::array<std::ptrdiff_t, 4> make_wall_steps() {
    std::array<std::ptrdiff_t, 4> steps{};
    for (std::size_t d = 0; d < 4; ++d) {
        const auto [dr, dc] = kSquareOrder[d];
        steps[d] = dc != 0 ? kRightWalls + (dc < 0 ? -1 : 0) : kDownWalls + (dr < 0 ? -kStride : 0);
    }
    return steps;
}
constexpr std::array<std::ptrdiff_t, 4> kWallSteps = make_wall_steps();
using walk_steps::kSteps;

// A neighbour's key ORed with the wall between: a walled one reads 0xFFFFFFFF, above every open
// one (the rank is added before the wall, so that it cannot wrap a walled key round to 0).
struct PassageKeys {
    static constexpr int kDirections = 4;
    static constexpr int kRankBits = 2;
    static std::uint32_t key(const std::uint32_t* q, auto d, std::uint32_t r) {
        return (q[kSteps[d]] + r) | q[kWallSteps[d]];
    }
    static std::ptrdiff_t step(auto d) { return kSteps[d]; }
    static const std::ptrdiff_t* step_bytes() { return walk_steps::kStepBytes; }
};
using PassageSteps = KeyedSteps<PassageKeys>;

// The moves of a walk of `steps` cell-to-cell steps: the move in and the move out added.
constexpr std::uint64_t kInAndOut = 2;

// The step limit for a move limit (every walk has the move in and the move out).
inline std::uint64_t step_limit(std::uint64_t max_moves) {
    max_moves = std::min(max_moves, PassageWalk::kMaxMoves);
    return max_moves < kInAndOut ? 0 : max_moves - kInAndOut;
}

}  // namespace

bool feasible(const PassageBoard& b) {
    return (reach_from_entrance(b, true)[b.rows() - 1] >> b.exit()) & 1u;
}

std::array<RowMask, kMaxSide> passage_reach(const PassageBoard& b) {
    return reach_from_entrance(b, false);
}

std::uint64_t PassageWalk::run(const PassageBoard& b, std::uint64_t max_moves) {
    assert(feasible(b) && "a walk of an infeasible board never ends");
    std::uint32_t* w = words_.data();
    lay_out(b, w);
    exit_ = index_of(b.exit_cell());
    if (max_moves < kInAndOut) return kWalkOverflow;
    const std::uint64_t steps =
        PassageSteps::branchy(w + index_of(b.entrance_cell()), w + exit_, 0, step_limit(max_moves));
    return steps == kWalkOverflow ? kWalkOverflow : steps + kInAndOut;
}

std::uint64_t PassageWalk::visits(int r, int c) const {
    const std::ptrdiff_t i = index_of(Cell{r, c});
    return words_[static_cast<size_t>(i)] / kVisit + (i == exit_ ? 1 : 0);
}

WalkResult evaluate(const PassageBoard& b, PassageWalk& walker) {
    return checked_walk(b, walker);
}

WalkResult evaluate(const PassageBoard& b) {
    PassageWalk walker;
    return evaluate(b, walker);
}

WalkCounts walk_report(const PassageBoard& b) {
    return counted_walk<PassageWalk>(b);
}

void evaluate_batch_serial(std::span<const PassageBoard> boards, std::span<std::uint64_t> out) {
    walk_one_by_one<PassageWalk>(boards, out);
}

// Named, not anonymous: the instrumented trees build the engine as a unity build, where the
// picture of the same model has a PassageLayout of its own.
namespace passage_walk_batch {

// The passage walk's layout for interleaved_walk: a lane's words are a cell's key and its two
// walls; the moves are the steps and the move in and out.
struct PassageLayout : PassageSteps {
    static constexpr int kWords = kPassageWalkWords;
    std::span<const PassageBoard> boards;
    std::span<std::uint64_t> out;
    bool check_feasible;
    std::span<WalkProfile> profiles = {};  // empty: not asked for
    size_t fallbacks = 0;

    // Infeasible boards, and those whose entrance cell is the exit cell, are scored here.
    std::uint32_t* load(size_t i, std::uint32_t* words, const std::uint32_t*& exit) {
        const PassageBoard& b = boards[i];
        if (check_feasible && !feasible(b)) {
            out[i] = kInfeasible;
            return nullptr;
        }
        if (b.entrance_cell() == b.exit_cell()) {
            // In and out at once (a one-row board): a lane steps before it looks for the exit,
            // so this walk of no step never takes one.
            out[i] = kInAndOut;
            return nullptr;
        }
        lay_out(b, words);
        exit = words + index_of(b.exit_cell());
        return words + index_of(b.entrance_cell());
    }
    void arrived(size_t i, std::uint64_t steps, const std::uint32_t* words) {
        out[i] = steps + kInAndOut;
        if (!profiles.empty()) {
            // A cell's visits as PassageWalk::visits counts them: the exit's has the move out.
            const std::ptrdiff_t exit = index_of(boards[i].exit_cell());
            profiles[i] =
                profile_of(boards[i].rows(), boards[i].cols(), [words, exit](int r, int c) {
                    const std::ptrdiff_t k = index_of(Cell{r, c});
                    return std::uint64_t{words[k] / kVisit} + (k == exit ? 1 : 0);
                });
        }
    }
    // A walk past the limit: the 64-bit reference walk gives its moves.
    void overflow(size_t i) {
        const WalkCounts w = reference_counts(boards[i]);
        out[i] = w.moves;
        if (!profiles.empty())
            profiles[i] = profile_of(boards[i].rows(), boards[i].cols(), w.visits);
        ++fallbacks;
    }
};

template <int K>
size_t interleaved(std::span<const PassageBoard> boards, std::span<std::uint64_t> out,
                   std::uint64_t max_moves, bool check_feasible,
                   std::span<WalkProfile> profiles = {}) {
    PassageLayout layout{{}, boards, out, check_feasible, profiles};
    if (max_moves < kInAndOut) {
        // No walk fits: every feasible board goes to the reference walk.
        for (size_t i = 0; i < boards.size(); ++i) {
            if (check_feasible && !feasible(boards[i]))
                out[i] = kInfeasible;
            else
                layout.overflow(i);
        }
        return layout.fallbacks;
    }
    interleaved_walk<K>(layout, boards.size(), step_limit(max_moves));
    return layout.fallbacks;
}

}  // namespace passage_walk_batch

size_t evaluate_batch(std::span<const PassageBoard> boards, std::span<std::uint64_t> out,
                      std::uint64_t max_moves) {
    assert(out.size() >= boards.size());
    return passage_walk_batch::interleaved<8>(boards, out, max_moves, true);
}

size_t walk_feasible_batch(std::span<const PassageBoard> boards, std::span<std::uint64_t> out,
                           std::uint64_t max_moves) {
    assert(out.size() >= boards.size());
    assert(std::all_of(boards.begin(), boards.end(),
                       [](const PassageBoard& b) { return feasible(b); }) &&
           "a walk of an infeasible board never ends");
    return passage_walk_batch::interleaved<8>(boards, out, max_moves, false);
}

size_t walk_feasible_batch(std::span<const PassageBoard> boards, std::span<std::uint64_t> out,
                           std::span<WalkProfile> profiles, std::uint64_t max_moves) {
    assert(out.size() >= boards.size() && profiles.size() >= boards.size());
    assert(std::all_of(boards.begin(), boards.end(),
                       [](const PassageBoard& b) { return feasible(b); }) &&
           "a walk of an infeasible board never ends");
    return passage_walk_batch::interleaved<8>(boards, out, max_moves, false, profiles);
}

}  // namespace maze
