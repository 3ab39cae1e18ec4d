// Reading graph files: a JSON document checked item by item, each error naming its line
// (graph_file.hpp).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <unordered_set>
#include <utility>

#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/input_file.hpp"
#include "mazesearch/engine/located_json.hpp"

namespace maze {

// Named (not anonymous): the engine's sources are compiled one by one, but a unity build would
// put this beside graph_file.cpp.
namespace graph_file_reader {

using Json = nlohmann::json;

constexpr double kMaxCoordinate = 1e9;

// What a JSON value is, for "found ..." in messages.
std::string kind_of(const Json& v) {
    switch (v.type()) {
        case Json::value_t::null:
            return "null";
        case Json::value_t::boolean:
            return v.get<bool>() ? "true" : "false";
        case Json::value_t::string:
            return "the string " + v.dump();
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned:
        case Json::value_t::number_float:
            return "the number " + v.dump();
        case Json::value_t::array:
            return "an array";
        case Json::value_t::object:
            return "an object";
        default:
            return "a value";
    }
}

// Reads one graph file's document into a GraphFile, failing at the first bad item with its line.
class Reader {
  public:
    Reader(std::string_view text, const std::string& source) : doc_(text, source) {}

    GraphFile read() {
        const Json& root = doc_.root();
        if (!root.is_object())
            fail({},
                 "expected a JSON object with the keys \"vertices\", \"edges\", \"start\" and "
                 "\"exit\", found " +
                     kind_of(root));
        for (const auto& [key, value] : root.items()) {
            static const char* const known[] = {"description", "vertices", "edges",
                                                "preferences", "start",    "exit"};
            if (std::find(std::begin(known), std::end(known), key) == std::end(known))
                fail_key({key}, "unknown key " + graph_id_text(key) +
                                    "; expected \"vertices\", \"edges\", \"preferences\", "
                                    "\"start\", \"exit\" or \"description\"");
        }
        for (const char* key : {"vertices", "edges", "start", "exit"})
            if (!root.contains(key))
                fail({}, std::string("no \"") + key +
                             "\" key; a graph file needs \"vertices\", \"edges\", \"start\" and "
                             "\"exit\"");
        if (root.contains("description")) {
            const Json& d = root["description"];
            if (!d.is_string())
                fail({"description"}, "description: expected a string, found " + kind_of(d));
            g_.description = d.get<std::string>();
        }
        read_vertices(root["vertices"]);
        read_edges(root["edges"]);
        if (root.contains("preferences")) read_preferences(root["preferences"]);
        g_.graph.start = vertex(root["start"], {"start"}, "start");
        g_.graph.exit = vertex(root["exit"], {"exit"}, "exit");
        if (g_.graph.start == g_.graph.exit)
            fail({"exit"},
                 "exit: " + graph_id_text(g_.ids[static_cast<std::size_t>(g_.graph.exit)]) +
                     " is also the start; expected an exit other than the start");
        g_.index_ids();
        g_.validate();  // what the reader has checked, once more as a whole
        return std::move(g_);
    }

  private:
    [[noreturn]] void fail(const JsonPath& path, const std::string& what) const {
        throw InputError(doc_.source(), doc_.line_of(path), what);
    }
    [[noreturn]] void fail_key(const JsonPath& path, const std::string& what) const {
        throw InputError(doc_.source(), doc_.key_line_of(path), what);
    }

    static std::string at(const JsonPath& path) { return json_path_text(path); }

    // A whole number in [0, limit], or nothing.
    static std::optional<std::uint64_t> whole(const Json& v) {
        if (v.is_number_unsigned()) return v.get<std::uint64_t>();
        if (v.is_number_integer() && v.get<std::int64_t>() >= 0)
            return static_cast<std::uint64_t>(v.get<std::int64_t>());
        return std::nullopt;
    }

    // The text of an id as written: a string, or a whole number standing for its decimal text.
    std::string id_text(const Json& v, const JsonPath& path, const std::string& what) const {
        if (v.is_string()) return v.get<std::string>();
        if (const auto n = whole(v)) return std::to_string(*n);
        fail(path, what +
                       ": expected a vertex id (a string, or a whole number for the ids of a "
                       "counted list), found " +
                       kind_of(v));
    }

    // The vertex a reference names.
    int vertex(const Json& v, const JsonPath& path, const std::string& what) const {
        const std::string id = id_text(v, path, what);
        const auto it = index_.find(id);
        if (it == index_.end())
            fail(path, what + ": " + graph_id_text(id) +
                           " is not a vertex; expected the id of a vertex listed in \"vertices\"");
        return it->second;
    }

    void add_vertex(std::string id, const JsonPath& path) {
        if (id.empty()) fail(path, at(path) + ": an empty id; expected a non-empty string");
        if (id.size() > kMaxVertexIdBytes)
            fail(path, at(path) + ": an id of " + std::to_string(id.size()) + " bytes; at most " +
                           std::to_string(kMaxVertexIdBytes));
        const int v = static_cast<int>(g_.ids.size());
        const auto [it, added] = index_.emplace(id, v);
        if (!added)
            fail(path, at(path) + ": the vertex " + graph_id_text(id) +
                           " is listed twice (first on line " +
                           std::to_string(doc_.line_of({"vertices", std::to_string(it->second)})) +
                           ", vertices[" + std::to_string(it->second) +
                           "]); expected each vertex once");
        g_.ids.push_back(std::move(id));
    }

    void read_position(const Json& p, const JsonPath& path, std::size_t v) {
        if (!p.is_array() || p.size() < 2 || p.size() > 3)
            fail(path, at(path) + ": expected a position [x, y] or [x, y, z], found " +
                           (p.is_array() ? "an array of " + std::to_string(p.size()) + " values"
                                         : kind_of(p)));
        const int dims = static_cast<int>(p.size());
        if (v == 0) g_.dimensions = dims;
        if (dims != g_.dimensions)
            fail(path, at(path) + ": a position in " + std::to_string(dims) +
                           " dimensions, but "
                           "vertices[0] has " +
                           std::to_string(g_.dimensions) +
                           "; expected every position in the same dimensions");
        std::array<double, 3> xyz{0, 0, 0};
        for (std::size_t i = 0; i < p.size(); ++i) {
            if (!p[i].is_number())
                fail(path, at(path) + ": expected numbers, found " + kind_of(p[i]));
            const double x = p[i].get<double>();
            if (!std::isfinite(x) || std::fabs(x) > kMaxCoordinate)
                fail(path, at(path) + ": the coordinate " + p[i].dump() +
                               " is out of range; expected at most 1e9 in absolute value");
            xyz[i] = x;
        }
        g_.pos.push_back(xyz);
    }

    void read_vertices(const Json& vs) {
        const JsonPath path{"vertices"};
        if (const auto n = whole(vs)) {
            if (*n > kMaxGraphVertices)
                fail(path, "vertices: " + std::to_string(*n) + " vertices; at most " +
                               std::to_string(kMaxGraphVertices));
            for (std::uint64_t v = 0; v < *n; ++v) add_vertex(std::to_string(v), path);
        } else if (vs.is_array()) {
            if (vs.size() > kMaxGraphVertices)
                fail(path, "vertices: " + std::to_string(vs.size()) + " vertices; at most " +
                               std::to_string(kMaxGraphVertices));
            bool with_pos = false;
            for (std::size_t v = 0; v < vs.size(); ++v) {
                const Json& e = vs[v];
                const JsonPath here{"vertices", std::to_string(v)};
                if (e.is_object()) {
                    for (const auto& [key, value] : e.items())
                        if (key != "id" && key != "pos")
                            fail_key({"vertices", std::to_string(v), key},
                                     at(here) + ": unknown key " + graph_id_text(key) +
                                         "; expected \"id\" and optionally \"pos\"");
                    if (!e.contains("id"))
                        fail(here, at(here) +
                                       ": no \"id\"; expected {\"id\": ID} or {\"id\": "
                                       "ID, \"pos\": [x, y]}");
                    add_vertex(
                        id_text(e["id"], {"vertices", std::to_string(v), "id"}, at(here) + ".id"),
                        here);
                    if (v == 0) with_pos = e.contains("pos");
                    if (e.contains("pos") != with_pos)
                        fail(here, at(here) +
                                       (with_pos ? ": no \"pos\", but vertices[0] has one"
                                                 : ": a \"pos\", but vertices[0] has none") +
                                       "; expected a position for every vertex or for none");
                    if (with_pos)
                        read_position(e["pos"], {"vertices", std::to_string(v), "pos"}, v);
                } else {
                    if (v == 0) with_pos = false;
                    if (with_pos)
                        fail(here, at(here) +
                                       ": no \"pos\", but vertices[0] has one; expected a "
                                       "position for every vertex or for none");
                    add_vertex(id_text(e, here, at(here)), here);
                }
            }
        } else {
            fail(path,
                 "vertices: expected a list of vertices or their number, found " + kind_of(vs));
        }
        g_.graph.neighbours.assign(g_.ids.size(), {});
        edge_of_.assign(g_.ids.size(), {});
    }

    void read_edges(const Json& es) {
        if (!es.is_array())
            fail({"edges"}, "edges: expected a list of edges [a, b], found " + kind_of(es));
        if (es.size() > kMaxGraphEdges)
            fail({"edges"}, "edges: " + std::to_string(es.size()) + " edges; at most " +
                                std::to_string(kMaxGraphEdges));
        std::unordered_map<std::uint64_t, std::size_t> first;
        first.reserve(es.size());
        g_.edges.reserve(es.size());
        for (std::size_t i = 0; i < es.size(); ++i) {
            const Json& e = es[i];
            const JsonPath here{"edges", std::to_string(i)};
            if (!e.is_array() || e.size() != 2)
                fail(here, at(here) + ": expected an edge [a, b] of two vertex ids, found " +
                               (e.is_array() ? "a list of " + std::to_string(e.size()) + " values"
                                             : kind_of(e)));
            const int a = vertex(e[0], {"edges", std::to_string(i), "0"}, at(here) + "[0]");
            const int b = vertex(e[1], {"edges", std::to_string(i), "1"}, at(here) + "[1]");
            const std::string& ia = g_.ids[static_cast<std::size_t>(a)];
            if (a == b)
                fail(here, at(here) + ": the edge joins " + graph_id_text(ia) +
                               " to itself; expected two different vertices (no loops)");
            const auto [lo, hi] = std::minmax(a, b);
            const auto [it, added] = first.emplace(
                static_cast<std::uint64_t>(lo) << 32 | static_cast<std::uint32_t>(hi), i);
            if (!added)
                fail(here, at(here) + ": the edge " + graph_id_text(ia) + "-" +
                               graph_id_text(g_.ids[static_cast<std::size_t>(b)]) +
                               " is given twice (first on line " +
                               std::to_string(doc_.line_of({"edges", std::to_string(it->second)})) +
                               ", edges[" + std::to_string(it->second) +
                               "]); expected each edge once");
            g_.edges.push_back({a, b});
            // The default preference order: the order of the edges list.
            g_.graph.neighbours[static_cast<std::size_t>(a)].push_back(b);
            g_.graph.neighbours[static_cast<std::size_t>(b)].push_back(a);
            edge_of_[static_cast<std::size_t>(a)].push_back(i);
            edge_of_[static_cast<std::size_t>(b)].push_back(i);
        }
    }

    void read_preferences(const Json& ps) {
        if (!ps.is_object())
            fail({"preferences"},
                 "preferences: expected an object {\"id\": [neighbour ids, most preferred first], "
                 "...}, found " +
                     kind_of(ps));
        const std::size_t n = g_.ids.size();
        // Stamps: neighbour_[w] == a + 1 while a's list is read when w is a's neighbour, and
        // listed_[w] == a + 1 once the list has named w.
        std::vector<int> neighbour(n, 0), listed(n, 0);
        for (const auto& [key, list] : ps.items()) {
            const JsonPath here{"preferences", key};
            const auto found = index_.find(key);
            if (found == index_.end())
                fail_key(here, "preferences: " + graph_id_text(key) +
                                   " is not a vertex; expected the id of a vertex listed in "
                                   "\"vertices\"");
            const int a = found->second;
            const std::string& ia = g_.ids[static_cast<std::size_t>(a)];
            const std::string list_name = "the preference list of " + graph_id_text(ia);
            if (!list.is_array())
                fail(here, list_name +
                               ": expected a list of its neighbours, most preferred "
                               "first, found " +
                               kind_of(list));
            const auto& nbrs = g_.graph.neighbours[static_cast<std::size_t>(a)];
            for (int w : nbrs) neighbour[static_cast<std::size_t>(w)] = a + 1;
            std::vector<int> order;
            order.reserve(list.size());
            for (std::size_t i = 0; i < list.size(); ++i) {
                const JsonPath entry{"preferences", key, std::to_string(i)};
                const int w = vertex(list[i], entry, list_name + ", entry " + std::to_string(i));
                const std::string& iw = g_.ids[static_cast<std::size_t>(w)];
                if (neighbour[static_cast<std::size_t>(w)] != a + 1)
                    fail(entry, list_name + " names " + graph_id_text(iw) + ", but no edge joins " +
                                    graph_id_text(ia) + " and " + graph_id_text(iw) +
                                    "; expected exactly the neighbours of " + graph_id_text(ia) +
                                    neighbour_names(a));
                if (listed[static_cast<std::size_t>(w)] == a + 1)
                    fail(entry, list_name + " names " + graph_id_text(iw) +
                                    " twice; expected each neighbour once");
                listed[static_cast<std::size_t>(w)] = a + 1;
                order.push_back(w);
            }
            if (order.size() != nbrs.size()) {
                std::size_t k = 0;
                while (listed[static_cast<std::size_t>(nbrs[k])] == a + 1) ++k;
                const std::size_t edge = edge_of_[static_cast<std::size_t>(a)][k];
                fail(here, list_name + " leaves out " +
                               graph_id_text(g_.ids[static_cast<std::size_t>(nbrs[k])]) +
                               ", a neighbour by the edge on line " +
                               std::to_string(doc_.line_of({"edges", std::to_string(edge)})) +
                               " (edges[" + std::to_string(edge) +
                               "]); expected every neighbour of " + graph_id_text(ia) + " once");
            }
            g_.graph.neighbours[static_cast<std::size_t>(a)] = std::move(order);
        }
    }

    // ": "b", "c"" listing a's neighbours for a message (the first few), or " (it has none)".
    std::string neighbour_names(int a) const {
        const auto& nbrs = g_.graph.neighbours[static_cast<std::size_t>(a)];
        if (nbrs.empty()) return " (it has none)";
        std::string s = ":";
        for (std::size_t i = 0; i < nbrs.size() && i < 8; ++i)
            s += (i ? ", " : " ") + graph_id_text(g_.ids[static_cast<std::size_t>(nbrs[i])]);
        if (nbrs.size() > 8) s += ", ...";
        return s;
    }

    LocatedJson doc_;
    GraphFile g_;
    std::unordered_map<std::string, int> index_;
    std::vector<std::vector<std::size_t>> edge_of_;  // per vertex, the edge of each default slot
};

}  // namespace graph_file_reader

GraphFile parse_graph_file(std::string_view text, const std::string& source) {
    return graph_file_reader::Reader(text, source).read();
}

GraphFile load_graph_file(const std::string& path, std::size_t max_bytes) {
    const std::string text = read_input(path, max_bytes, "a graph file");
    return parse_graph_file(text, path == "-" ? "<stdin>" : path);
}

}  // namespace maze
