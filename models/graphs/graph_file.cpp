#include "mazesearch/models/graphs/graph_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <unordered_set>
#include <utility>

#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/input_file.hpp"
#include "mazesearch/engine/located_json.hpp"

namespace maze {

using Json = nlohmann::json;

std::string graph_id_text(const std::string& id) {
    return Json(id).dump();
}

std::optional<int> GraphFile::index_of(std::string_view id) const {
    const auto it = by_id_.find(std::string(id));
    if (it == by_id_.end()) return std::nullopt;
    return it->second;
}

void GraphFile::index_ids() {
    by_id_.clear();
    by_id_.reserve(ids.size());
    for (std::size_t v = 0; v < ids.size(); ++v) by_id_.emplace(ids[v], static_cast<int>(v));
}

void GraphFile::validate() const {
    graph.validate();
    const std::size_t n = static_cast<std::size_t>(vertices());
    if (ids.size() != n) throw std::invalid_argument("graph file: one id per vertex expected");
    std::unordered_set<std::string> distinct;
    for (const std::string& id : ids)
        if (id.empty() || !distinct.insert(id).second)
            throw std::invalid_argument("graph file: the ids must be distinct and non-empty");
    if (dimensions != 0 && dimensions != 2 && dimensions != 3)
        throw std::invalid_argument("graph file: 0, 2 or 3 dimensions expected");
    if ((dimensions == 0 && !pos.empty()) || (dimensions > 0 && pos.size() != n))
        throw std::invalid_argument("graph file: a position for every vertex or for none");
    std::size_t listed = 0;
    for (const auto& list : graph.neighbours) listed += list.size();
    if (listed != 2 * edges.size())
        throw std::invalid_argument("graph file: the edges are not those of the lists");
    // The lists are a simple graph (validate above) with as many entries as two per edge, so
    // they are exactly the edges when every edge is listed and none is given twice.
    const auto key = [](int a, int b) {
        const auto [lo, hi] = std::minmax(a, b);
        return static_cast<std::uint64_t>(lo) << 32 | static_cast<std::uint32_t>(hi);
    };
    std::unordered_set<std::uint64_t> listed_pairs;
    listed_pairs.reserve(listed / 2);
    for (std::size_t v = 0; v < n; ++v)
        for (int w : graph.neighbours[v]) listed_pairs.insert(key(static_cast<int>(v), w));
    std::unordered_set<std::uint64_t> seen;
    seen.reserve(edges.size());
    for (const auto& e : edges) {
        if (std::min(e[0], e[1]) < 0 || static_cast<std::size_t>(std::max(e[0], e[1])) >= n ||
            e[0] == e[1] || !seen.insert(key(e[0], e[1])).second)
            throw std::invalid_argument("graph file: bad or repeated edge");
        if (!listed_pairs.count(key(e[0], e[1])))
            throw std::invalid_argument("graph file: an edge missing from the lists");
    }
}

namespace {

// A coordinate as written: whole numbers without a fraction, others exactly (17 digits).
std::string number_text(double x) {
    if (x == std::floor(x) && std::fabs(x) < 1e15) return std::to_string(static_cast<long long>(x));
    return Json(x).dump();
}

}  // namespace

std::string graph_file_text(const GraphFile& g) {
    g.validate();
    const auto id = [&](int v) { return graph_id_text(g.ids[static_cast<std::size_t>(v)]); };
    std::string out = "{\n";
    if (!g.description.empty()) out += "  \"description\": " + graph_id_text(g.description) + ",\n";
    out += "  \"vertices\": [";
    for (int v = 0; v < g.vertices(); ++v) {
        out += v ? ",\n    " : "\n    ";
        if (g.dimensions == 0) {
            out += id(v);
            continue;
        }
        const auto& p = g.pos[static_cast<std::size_t>(v)];
        out += "{\"id\": " + id(v) + ", \"pos\": [" + number_text(p[0]) + ", " + number_text(p[1]) +
               (g.dimensions == 3 ? ", " + number_text(p[2]) : "") + "]}";
    }
    out += g.vertices() ? "\n  ],\n" : "],\n";
    out += "  \"edges\": [";
    for (std::size_t i = 0; i < g.edges.size(); ++i)
        out += (i ? ",\n    [" : "\n    [") + id(g.edges[i][0]) + ", " + id(g.edges[i][1]) + "]";
    out += g.edges.empty() ? "],\n" : "\n  ],\n";
    out += "  \"preferences\": {";
    bool first = true;
    for (int v = 0; v < g.vertices(); ++v) {
        const auto& list = g.graph.neighbours[static_cast<std::size_t>(v)];
        if (list.empty()) continue;
        out += first ? "\n    " : ",\n    ";
        first = false;
        out += id(v) + ": [";
        for (std::size_t i = 0; i < list.size(); ++i) out += (i ? ", " : "") + id(list[i]);
        out += "]";
    }
    out += first ? "},\n" : "\n  },\n";
    out += "  \"start\": " + id(g.graph.start) + ",\n";
    out += "  \"exit\": " + id(g.graph.exit) + "\n}\n";
    return out;
}

GraphFile graph_file_from(const MazeGraph& graph, std::vector<std::string> ids,
                          std::vector<std::array<double, 3>> pos, int dimensions) {
    GraphFile g;
    g.graph = graph;
    const int n = graph.vertices();
    if (ids.empty())
        for (int v = 0; v < n; ++v) ids.push_back(std::to_string(v));
    g.ids = std::move(ids);
    g.pos = std::move(pos);
    g.dimensions = dimensions;
    for (int u = 0; u < n; ++u)
        for (int w : graph.neighbours[static_cast<std::size_t>(u)])
            if (u < w) g.edges.push_back({u, w});
    g.index_ids();
    g.validate();
    return g;
}

GraphFile grid_graph_file(const Board& b) {
    // Vertex r * cols + c, lists down, right, left, up.
    return cells_graph_file(
        grid_graph(b), b.cols(), [&](int r, int c) { return b.open(r, c); },
        [](int r, int c) {
            return std::array<double, 3>{static_cast<double>(c), static_cast<double>(r), 0.0};
        });
}

GraphFile cells_graph_file(const MazeGraph& full, int cols,
                           const std::function<bool(int, int)>& open,
                           const std::function<std::array<double, 3>(int, int)>& place) {
    const int cells = full.vertices();
    std::vector<int> index(static_cast<std::size_t>(cells), -1);
    std::vector<std::string> ids;
    std::vector<std::array<double, 3>> pos;
    for (int cell = 0; cell < cells; ++cell) {
        const int r = cell / cols, c = cell % cols;
        if (!open(r, c)) continue;
        index[static_cast<std::size_t>(cell)] = static_cast<int>(ids.size());
        ids.push_back(std::to_string(r) + "," + std::to_string(c));
        pos.push_back(place(r, c));
    }
    MazeGraph g;
    g.neighbours.resize(ids.size());
    for (int cell = 0; cell < cells; ++cell) {
        const int v = index[static_cast<std::size_t>(cell)];
        if (v < 0) continue;
        for (int w : full.neighbours[static_cast<std::size_t>(cell)])
            g.neighbours[static_cast<std::size_t>(v)].push_back(index[static_cast<std::size_t>(w)]);
    }
    g.start = index[static_cast<std::size_t>(full.start)];
    g.exit = index[static_cast<std::size_t>(full.exit)];
    return graph_file_from(g, std::move(ids), std::move(pos), 2);
}

}  // namespace maze
