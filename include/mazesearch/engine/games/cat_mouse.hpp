// Cat and Mouse (LeetCode 913 rules; docs/games.md, 'Cat and Mouse'), solved exactly by retrograde
// analysis.
//
// An undirected graph; the mouse moves first. Each player must move along an edge and the cat
// may never enter the hole. The cat on the mouse's node: the cat wins. The mouse in the hole:
// the mouse wins. Play that never ends is a draw. Results use LeetCode's codes: 1 mouse wins,
// 2 cat wins, 0 draw.
//
// The solver colours the terminal positions and percolates the colours back to their
// predecessors with out-degree counters (the algorithm of docs/games.md, 'Cat and Mouse'), in
// breadth-first order, so that it also yields the length of optimal play: the winner hurries (the
// first winning child found is the nearest one) and the loser delays (the child that completes a
// forced loss is the farthest one). A player who cannot move at all (only possible in a start
// position: an isolated mouse, or a cat whose only neighbour is the hole) ends the game in a
// draw, as in that percolation, where such a position's counter never reaches zero.
//
// The code under cat_mouse/: percolation.hpp (the algorithm), solver.cpp (the graph, the table
// and the entry points), parser.cpp (the JSON input).
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace maze {

// Positions within a player's plane are indexed mouse * n + cat, which must fit in 32 bits: the
// layers of the percolation hold 32-bit indices, half the memory of 64-bit ones.
inline constexpr std::size_t kCatMouseMaxNodes = 46340;

// LeetCode's adjacency list: lists[v] holds the neighbours of node v.
using AdjacencyLists = std::vector<std::vector<int>>;

// A simple undirected graph in compressed form: the neighbours of v are
// adj[offset[v] .. offset[v + 1]).
class CatMouseGraph {
  public:
    CatMouseGraph() = default;
    // Throws std::invalid_argument for a node id out of range, a self-loop, a repeated
    // neighbour or a list that is not symmetric (u lists v but v does not list u).
    explicit CatMouseGraph(const AdjacencyLists& lists);

    int nodes() const { return static_cast<int>(offset_.size()) - 1; }
    // neighbours and degree take a node: 0 <= v < nodes().
    std::span<const std::uint32_t> neighbours(int v) const {
        assert(v >= 0 && v < nodes());
        return {adj_.data() + offset_[static_cast<std::size_t>(v)],
                adj_.data() + offset_[static_cast<std::size_t>(v) + 1]};
    }
    int degree(int v) const {
        assert(v >= 0 && v < nodes());
        return static_cast<int>(offset_[static_cast<std::size_t>(v) + 1] -
                                offset_[static_cast<std::size_t>(v)]);
    }
    int max_degree() const;
    std::size_t edges() const { return adj_.size() / 2; }
    std::span<const std::uint32_t> offsets() const { return offset_; }
    std::span<const std::uint32_t> adjacency() const { return adj_; }

  private:
    std::vector<std::uint32_t> offset_{0};
    std::vector<std::uint32_t> adj_;
};

enum class CatMouseTurn : std::uint8_t { Mouse = 0, Cat = 1 };

inline constexpr int kCatMouseDraw = 0;
inline constexpr int kCatMouseMouseWins = 1;
inline constexpr int kCatMouseCatWins = 2;

struct CatMouseResult {
    int result = kCatMouseDraw;          // 0 draw, 1 mouse wins, 2 cat wins
    std::optional<std::uint64_t> plies;  // moves of both players under optimal play; none: draw
    friend bool operator==(const CatMouseResult&, const CatMouseResult&) = default;
};

namespace detail {
// Frees the solver's calloc'd arrays (zero pages arrive lazily, so unreached positions are free).
struct FreeDeleter {
    void operator()(void* p) const;
};
}  // namespace detail

// The value of every position of one graph and hole: a target that asks about many starts
// solves once. One byte per position (two per node pair), plus four for the plies if kept.
class CatMouseTable {
  public:
    int nodes() const { return n_; }
    int hole() const { return hole_; }
    // The position with the mouse on `mouse`, the cat on `cat` (not the hole) and `turn` to
    // move. Without plies kept, the result's plies are empty.
    CatMouseResult at(int mouse, int cat, CatMouseTurn turn = CatMouseTurn::Mouse) const;

  private:
    friend CatMouseTable solve_cat_mouse_table(const CatMouseGraph&, int, bool, int);
    int n_ = 0;
    int hole_ = 0;
    std::unique_ptr<std::uint8_t[], detail::FreeDeleter> cells_;
    std::unique_ptr<std::uint32_t[], detail::FreeDeleter> plies_;
};

// Solves every position. Throws std::invalid_argument for a hole that is not a node or a graph
// too large to index (more than 46,340 nodes). Big graphs share each layer of the percolation
// among a WorkerTeam of `threads` threads (0: every hardware thread; 1: the calling thread only);
// the result never depends on the thread count.
CatMouseTable solve_cat_mouse_table(const CatMouseGraph& g, int hole, bool with_plies = true,
                                    int threads = 0);

// Solves one start position (mouse to move) without keeping a table of plies, and stops as soon
// as that position is decided. Throws std::invalid_argument for nodes out of range or the cat in
// the hole.
CatMouseResult solve_cat_mouse(const CatMouseGraph& g, int mouse = 1, int cat = 2, int hole = 0,
                               int threads = 0);

// LeetCode 913's catMouseGame: mouse on 1, cat on 2, hole 0.
int cat_mouse_game(const AdjacencyLists& lists);

// Reads a LeetCode-style adjacency list such as [[2,5],[3],[0,4,5]] (JSON, through nlohmann::json)
// and checks it: at least 3 nodes, ids in range, no self-loops, no repeated neighbours, symmetric.
// Throws InputError(source, line, "column C: ...") for text that is not JSON (the reason in
// nlohmann's words) and for a value of the wrong kind, named by its place ("[u]" the list of node
// u, "[u][i]" its entry i); InputError(source, line, ...) naming the offending list entry for the
// checks.
CatMouseGraph parse_cat_mouse_graph(std::string_view text, const std::string& source);

// The most input load_cat_mouse_graph reads (by default).
inline constexpr std::size_t kCatMouseMaxInputBytes = std::size_t{256} << 20;

// The same for a file; "-" reads standard input (named "<stdin>"). Input longer than max_bytes
// is refused (InputError, line 0) as soon as that much has been read.
CatMouseGraph load_cat_mouse_graph(const std::string& path,
                                   std::size_t max_bytes = kCatMouseMaxInputBytes);

}  // namespace maze
