// What a walk of any board model gives: its score alone (the searches), or its score with every
// visit count (the commands that show a board).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace maze {

// Feasible (the exit reachable from the start) and, when it is, the walk's moves in the model's
// convention.
struct WalkResult {
    bool feasible = false;
    std::uint64_t moves = 0;  // valid when feasible
};

// The same with the visits of every place (a board's cells, rows * cols, row-major, as the
// model's reference walk counts them); empty when infeasible.
struct WalkCounts {
    bool feasible = false;
    std::uint64_t moves = 0;
    std::vector<std::uint64_t> visits;
};

// What a walk does besides its length, read off its visit counts once it has ended: the searches
// that keep boards apart by how Squeaky walks them (MAP-Elites) describe a board by it. Its most
// visits of one cell, the first such cell in row-major order, and the visits in each quarter of
// the board (top-left, top-right, bottom-left, bottom-right; of an odd number of rows or columns
// the middle one counts to the lower or right half).
struct WalkProfile {
    std::uint64_t max_visits = 0;
    int hot_row = 0, hot_col = 0;
    std::array<std::uint64_t, 4> quarters{};
    friend bool operator==(const WalkProfile&, const WalkProfile&) = default;
};

// The profile of a walk over a rows x cols grid of places, visits(r, c) being place (r, c)'s
// count: written once for every model's walk, from its own key array or from its reference walk's
// counts.
template <class Visits>
WalkProfile profile_of(int rows, int cols, Visits visits) {
    WalkProfile p;
    const int half_r = rows / 2, half_c = cols / 2;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const std::uint64_t v = visits(r, c);
            if (v > p.max_visits) {
                p.max_visits = v;
                p.hot_row = r;
                p.hot_col = c;
            }
            p.quarters[static_cast<std::size_t>((r >= half_r ? 2 : 0) + (c >= half_c ? 1 : 0))] +=
                v;
        }
    return p;
}

// The same from a walk's counts, rows * cols of them in row-major order (a reference walk's).
inline WalkProfile profile_of(int rows, int cols, const std::vector<std::uint64_t>& visits) {
    return profile_of(rows, cols,
                      [&](int r, int c) { return visits[static_cast<std::size_t>(r * cols + c)]; });
}

}  // namespace maze
