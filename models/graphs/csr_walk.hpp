// Squeaky's walk on a general graph, fast: the graph in compressed sparse rows (one array of
// offsets, one of neighbours, each vertex's neighbours most preferred first) and 32-bit visit
// counts, so that a step reads one short run of neighbours and their counts and nothing else.
// A walk too long for 32-bit counts is handed to the 64-bit reference walk (graph_walk.hpp),
// which finishes it, so every result is exact. Checked against reference_walk on random graphs
// and against the grid walks on grid-shaped graphs (tests/engine/csr_walk_test.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mazesearch/models/graphs/graph_walk.hpp"

namespace maze {

// A maze graph in compressed sparse rows: vertex v's neighbours are
// neighbours[offsets[v]] .. neighbours[offsets[v + 1] - 1], most preferred first.
struct CsrGraph {
    std::vector<std::uint32_t> offsets{0};  // vertices() + 1 entries
    std::vector<std::uint32_t> neighbours;
    std::uint32_t start = 0;
    std::uint32_t exit = 1;

    std::uint32_t vertices() const { return static_cast<std::uint32_t>(offsets.size() - 1); }
    std::span<const std::uint32_t> neighbours_of(std::uint32_t v) const {
        return {neighbours.data() + offsets[v], neighbours.data() + offsets[v + 1]};
    }

    // The layout of a maze graph (validated: std::invalid_argument as MazeGraph::validate).
    static CsrGraph from(const MazeGraph& g);
    // Back to lists (for the reference walk).
    MazeGraph to_maze_graph() const;
};

struct CsrWalkResult {
    bool feasible = false;         // the exit is reachable from the start (else not walked)
    std::uint64_t moves = 0;       // valid when feasible
    std::uint64_t max_visits = 0;  // the largest visit count of one vertex (the exit's is 0)
    bool reference = false;        // the 32-bit counts would have overflowed: walked in 64 bits
    std::vector<std::uint64_t> visits;  // per vertex, when asked for
};

// One reusable walker: its scratch arrays grow to the largest graph walked and are reused, so
// walking many graphs allocates nothing after the first.
class CsrWalk {
  public:
    // The most moves the 32-bit counts can take: every count is at most the moves, and stays
    // below 2^32 - 1, the "no neighbour yet" value of a step's comparison.
    static constexpr std::uint64_t kMaxMoves = 0xFFFFFFFEull;

    // Whether the exit is reachable from the start (a breadth-first search).
    bool feasible(const CsrGraph& g);
    // Walks a graph that must be feasible; returns the moves (paper convention), or
    // kWalkOverflow (mouse_walk.hpp) once the walk passes max_moves (at most kMaxMoves).
    std::uint64_t run(const CsrGraph& g, std::uint64_t max_moves = kMaxMoves);
    // The visit counts of the last run, per vertex.
    std::span<const std::uint32_t> counts() const { return {count_.data(), vertices_}; }

    // Feasibility, the walk, and the reference walk when the fast one overflows (or was stopped
    // at max_moves, which tests make small). With want_visits, the result has every count.
    CsrWalkResult evaluate(const CsrGraph& g, bool want_visits = false,
                           std::uint64_t max_moves = kMaxMoves);

  private:
    std::vector<std::uint32_t> count_;
    std::vector<std::uint32_t> queue_;
    std::uint32_t vertices_ = 0;
};

}  // namespace maze
