// What a walk of any board model gives: its score alone (the searches), or its score with every
// visit count (the commands that show a board).
#pragma once

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

}  // namespace maze
