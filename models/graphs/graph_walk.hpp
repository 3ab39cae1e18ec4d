// The reference walk: Squeaky on a general graph, straight from the paper's Definition 2.
// Deliberately plain (vectors, 64-bit counts) so that it is obviously right; the fast grid walk
// is tested against it.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "mazesearch/models/cells/board.hpp"

namespace maze {

// A maze in the sense of the paper's Definition 1: an undirected simple graph, a start, an exit,
// and for each vertex its neighbours in preference order (most preferred first).
struct MazeGraph {
    std::vector<std::vector<int>> neighbours;
    int start = 0;
    int exit = 1;

    int vertices() const { return static_cast<int>(neighbours.size()); }
    // Throws std::invalid_argument if the lists are not a simple undirected graph or start/exit
    // are out of range or equal.
    void validate() const;
};

// The grid board as a graph: vertex r * cols + c for each open cell (blocked cells are isolated
// vertices), neighbours in the order down, right, left, up.
MazeGraph grid_graph(const Board& b);

struct GraphWalkResult {
    bool feasible = false;              // exit reachable from start
    bool trapped = false;               // k-mod only: a state repeated, so the mouse never escapes
    std::uint64_t moves = 0;            // moves until first arrival at the exit (valid if escaped)
    std::vector<std::uint64_t> visits;  // per vertex; for a k-mod mouse the true visit counts
    std::uint64_t cycle_start = 0;      // trapped: the move at which the repeated state was seen
};

// Walks an ordinary mouse (modulus 0) or a k-mod mouse (modulus k >= 2: counts are compared
// modulo k). An infeasible maze is not walked. A k-mod walk detects state repetition exactly
// (Brent's cycle detection over the state position + counts mod k) and reports `trapped`.
GraphWalkResult reference_walk(const MazeGraph& g, int modulus = 0);

// reference_walk on grid_graph(b).
GraphWalkResult reference_grid_walk(const Board& b, int modulus = 0);

// The walk step by step, for watching it: the positions the ordinary mouse takes (the start first),
// the first `keep` of them kept, the walk itself cut after `max_moves` moves. The visits and moves
// are those of reference_walk while the walk is complete; `stop` (if set) is asked every 2^20
// moves whether to give up early (a deadline), which also leaves the walk incomplete.
struct WalkTrace {
    bool feasible = false;
    bool complete = false;              // reached the exit within max_moves (and not stopped)
    std::uint64_t moves = 0;            // the moves walked (all of them when complete)
    std::vector<std::uint64_t> visits;  // per vertex, over the moves walked
    std::vector<int> path;              // the first positions, at most `keep`
};
WalkTrace trace_walk(const MazeGraph& g, std::uint64_t max_moves, std::size_t keep,
                     bool (*stop)(void*) = nullptr, void* stop_context = nullptr);

// The Theorem 8 bound |V| * sum_{i=1..diam} Delta^i over the component of the start, as a
// double (it overflows 64 bits quickly). Exact while below 2^53.
double theorem8_bound(const MazeGraph& g);

}  // namespace maze
