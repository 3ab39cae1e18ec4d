// Graph files (docs/formats.md, "Graph files"): any simple undirected graph as a maze in the sense
// of the paper's Definition 1, in JSON: its vertices (with optional coordinates for drawing), its
// edges, each vertex's preference order over its neighbours, the start and the exit.
//
//   {"vertices": [{"id": "s", "pos": [0, 0]}, ...],      or a list of ids, or a count n (ids
//    "edges": [["s", "a"], ...],                           "0".."n-1")
//    "preferences": {"s": ["a", "b"], ...},             optional, per vertex; the default order
//    "start": "s", "exit": "e"}                            is that of the edges list
//
// A bad file is an InputError naming the line of the offending item and what was expected.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"

namespace maze {

// The most a graph file may hold: its size in bytes (checked while reading), its vertices, its
// edges and the length of one id.
inline constexpr std::size_t kMaxGraphFileBytes = std::size_t{32} << 20;
inline constexpr std::size_t kMaxGraphVertices = 1'000'000;
inline constexpr std::size_t kMaxGraphEdges = 2'000'000;
inline constexpr std::size_t kMaxVertexIdBytes = 256;

struct GraphFile {
    std::string description;       // free text, "" when the file has none
    std::vector<std::string> ids;  // vertex index -> its id, in the order of "vertices"
    int dimensions = 0;            // 0: no coordinates; 2 or 3: every vertex has a position
    std::vector<std::array<double, 3>> pos;  // per vertex when dimensions > 0 (z 0 in 2-D)
    std::vector<std::array<int, 2>> edges;   // in the order of "edges", as written
    MazeGraph graph;                         // neighbours most preferred first; start and exit

    int vertices() const { return graph.vertices(); }
    // The vertex with this id, if any.
    std::optional<int> index_of(std::string_view id) const;
    // Rebuilds the id lookup after ids were changed by hand (parse and the builders do it).
    void index_ids();
    // Throws std::invalid_argument unless the parts agree: one id per vertex, all distinct and
    // non-empty; positions for all or none; the edges exactly the graph's edges, each once; the
    // graph valid (MazeGraph::validate).
    void validate() const;

  private:
    std::unordered_map<std::string, int> by_id_;
};

// A vertex id as a graph file writes it: a JSON string, quoted and escaped.
std::string graph_id_text(const std::string& id);

// Reads the JSON text of a graph file; `source` names it in errors. Throws InputError(source,
// line, what was expected) for text that is not JSON, a missing or unknown key, a value of the
// wrong kind, an unknown or repeated vertex, a self-loop, an edge given twice, a preference list
// that is not exactly the vertex's neighbours, a start equal to the exit, or a graph over the
// limits above.
GraphFile parse_graph_file(std::string_view text, const std::string& source);

// The graph file at `path` ("-": standard input, named "<stdin>"); input longer than max_bytes
// is refused while it is read.
GraphFile load_graph_file(const std::string& path, std::size_t max_bytes = kMaxGraphFileBytes);

// The canonical text of a graph file: one vertex, edge and preference list a line, every
// preference list written out. parse_graph_file(graph_file_text(g)) gives g back.
std::string graph_file_text(const GraphFile& g);

// A graph file for a maze graph: ids "0".."n-1" unless given, no coordinates unless given, the
// edges in the order of the lists (each edge once, where its first end lists it).
GraphFile graph_file_from(const MazeGraph& g, std::vector<std::string> ids = {},
                          std::vector<std::array<double, 3>> pos = {}, int dimensions = 0);

// The grid board as a graph file: its open cells as vertices "r,c" (row-major, at x = c, y = r),
// edges between open neighbours, each preference list down, right, left, up (docs/rules.md,
// "Ties"). Squeaky walks it exactly as he walks the board.
GraphFile grid_graph_file(const Board& b);

// The same for any board model whose graph (full: vertex r * cols + c for every cell, the
// blocked ones isolated) has its cells on a grid: the open(r, c) cells as vertices "r,c", drawn
// at place(r, c), each keeping its preference list.
GraphFile cells_graph_file(const MazeGraph& full, int cols,
                           const std::function<bool(int, int)>& open,
                           const std::function<std::array<double, 3>(int, int)>& place);

}  // namespace maze
