// mazesearch.Graph (docs/python.md): graph files (docs/formats.md, "Graph files") from and to
// NumPy arrays and their JSON text. Every graph, however it is given, is read by the command's own
// parser, so it gets the command's checks and messages.
#include <pybind11/stl.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "mazesearch/engine/graph_file.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/command_input.hpp"

namespace maze::python {

// Named, not anonymous: a unity build puts the module's files side by side.
namespace graph_files {

using experiments::FileKind;
using experiments::FileKinds;

// An index of the edges array (its least or its greatest) checked as given: from 0 to `limit`
// - 1, else a ValueError naming it as it is, not as it would be in a long long (2**64 - 1 wrapped
// to -1).
long long graph_index(const py::handle& v, long long limit, const std::string& what) {
    const py::int_ i = py::reinterpret_steal<py::int_>(PyNumber_Index(v.ptr()));
    if (!i) throw py::error_already_set();
    int overflow = 0;
    const long long x = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
    if (overflow != 0 || x < 0 || x >= limit)
        throw py::value_error("Graph.from_arrays: " + what + ": vertex " +
                              py::repr(i).cast<std::string>() + "; expected an index from 0 to " +
                              std::to_string(limit - 1));
    return x;
}

// The id of vertex index i, as the file writes it.
const std::string& id_of_index(long long i, const std::vector<std::string>& ids,
                               const std::string& what) {
    if (i < 0 || i >= static_cast<long long>(ids.size()))
        throw py::value_error("Graph.from_arrays: " + what + ": vertex " + std::to_string(i) +
                              " of a graph of " + std::to_string(ids.size()) + " vertices");
    return ids[static_cast<std::size_t>(i)];
}

// A vertex given from Python: its index (an int) or its id (a str), as the id the file writes.
nlohmann::json vertex_id(const py::handle& v, const std::vector<std::string>& ids,
                         const std::string& what) {
    if (py::isinstance<py::str>(v)) return v.cast<std::string>();
    if (PyBool_Check(v.ptr()) || (!py::isinstance<py::int_>(v) &&
                                  !py::isinstance(v, py::module_::import("numpy").attr("integer"))))
        throw py::type_error("Graph.from_arrays: " + what + ": expected a vertex index or id");
    const auto n = static_cast<long long>(ids.size());
    const py::int_ i = py::reinterpret_steal<py::int_>(PyNumber_Index(v.ptr()));
    if (!i) throw py::error_already_set();
    int overflow = 0;
    const long long x = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
    if (overflow != 0 || x < 0 || x >= n)  // named as given, even past any long long
        throw py::value_error("Graph.from_arrays: " + what + ": vertex " +
                              py::repr(i).cast<std::string>() + " of a graph of " +
                              std::to_string(n) + " vertices");
    return id_of_index(x, ids, what);
}

// An array argument of `kinds` (NumPy's dtype kinds: "iu" integers, "biuf" numbers), or a
// TypeError naming it: a float array of vertex indices was cut to whole numbers (0.7 became 0),
// strings and complex numbers were read as numbers.
py::array numbers(const py::handle& given, const char* kinds, const std::string& what) {
    const py::array a = py::module_::import("numpy").attr("asarray")(given);
    if (std::string(kinds).find(a.dtype().kind()) == std::string::npos)
        throw py::type_error("Graph.from_arrays: " + what + ": expected " +
                             (std::string(kinds) == "iu" ? "integers" : "numbers") +
                             ", got an array of dtype " + py::str(a.dtype()).cast<std::string>());
    return a;
}

// The graph of arrays: `edges` an E x 2 integer array of vertex indices; `vertices` their count
// (default: one more than the largest index); `ids` their names (default "0".."n-1"); `pos` an
// n x 2 or n x 3 float array; `preferences` one list of neighbour indices per vertex (or None for
// the edges' order). Written as a graph file's JSON and read by the command's parser, whose
// message then names the item ("edges[3]: ...") with the source "<arrays>".
GraphFile from_arrays(const py::handle& edges, const py::handle& start, const py::handle& exit,
                      const py::object& vertices, const py::object& ids, const py::object& pos,
                      const py::object& preferences, const std::string& description) {
    const py::array given = numbers(edges, "iu", "edges");
    if (given.ndim() != 2 || given.shape(1) != 2)
        throw py::value_error(
            "Graph.from_arrays: edges: expected an E x 2 array of vertex indices");
    // Every index checked as the integer given, before it is made a C++ int.
    const auto limit = static_cast<long long>(kMaxGraphVertices);
    if (given.size() > 0) {
        (void)graph_index(given.attr("min")(), limit, "edges");
        (void)graph_index(given.attr("max")(), limit, "edges");
    }
    const auto e = py::array_t<long long, py::array::c_style | py::array::forcecast>::ensure(given);
    long long n = 0;
    for (py::ssize_t k = 0; k < e.size(); ++k) n = std::max(n, e.data()[k] + 1);
    if (!vertices.is_none()) n = int_arg(vertices, "Graph.from_arrays: vertices", 0, limit);
    std::vector<std::string> names;
    if (ids.is_none())
        for (long long i = 0; i < n; ++i) names.push_back(std::to_string(i));
    else
        names = ids.cast<std::vector<std::string>>();
    if (static_cast<long long>(names.size()) != n)
        throw py::value_error("Graph.from_arrays: ids: " + std::to_string(names.size()) +
                              " ids for " + std::to_string(n) + " vertices");
    nlohmann::ordered_json doc;
    if (!description.empty()) doc["description"] = description;
    doc["vertices"] = nlohmann::json::array();
    py::array_t<double, py::array::c_style | py::array::forcecast> p;
    if (!pos.is_none()) {
        p = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(
            numbers(pos, "biuf", "pos"));
        if (!p || p.ndim() != 2 || p.shape(0) != n || (p.shape(1) != 2 && p.shape(1) != 3))
            throw py::value_error("Graph.from_arrays: pos: expected an n x 2 or n x 3 array");
    }
    for (long long i = 0; i < n; ++i) {
        if (pos.is_none()) {
            doc["vertices"].push_back(names[static_cast<std::size_t>(i)]);
            continue;
        }
        nlohmann::json xyz = nlohmann::json::array();
        for (py::ssize_t d = 0; d < p.shape(1); ++d) xyz.push_back(p.at(i, d));
        doc["vertices"].push_back({{"id", names[static_cast<std::size_t>(i)]}, {"pos", xyz}});
    }
    doc["edges"] = nlohmann::json::array();
    for (py::ssize_t k = 0; k < e.shape(0); ++k)
        doc["edges"].push_back(
            {id_of_index(e.at(k, 0), names, "edges"), id_of_index(e.at(k, 1), names, "edges")});
    if (!preferences.is_none()) {
        doc["preferences"] = nlohmann::json::object();
        const auto lists = preferences.cast<std::vector<py::object>>();
        if (lists.size() != names.size())
            throw py::value_error(
                "Graph.from_arrays: preferences: " + std::to_string(lists.size()) + " lists for " +
                std::to_string(names.size()) + " vertices; expected one (or None) per vertex");
        for (std::size_t v = 0; v < lists.size(); ++v) {
            if (lists[v].is_none()) continue;
            nlohmann::json order = nlohmann::json::array();
            for (const py::handle& w : lists[v])
                order.push_back(vertex_id(w, names, "preferences"));
            doc["preferences"][names[v]] = order;
        }
    }
    doc["start"] = vertex_id(start, names, "start");
    doc["exit"] = vertex_id(exit, names, "exit");
    try {
        return parse_graph_file(doc.dump(), "<arrays>");
    } catch (const InputError& err) {
        throw InputError("<arrays>", 0, err.detail());  // one line of JSON: no line to name
    }
}

py::array_t<long long> edges_array(const GraphFile& g) {
    py::array_t<long long> a({static_cast<py::ssize_t>(g.edges.size()), py::ssize_t{2}});
    for (std::size_t k = 0; k < g.edges.size(); ++k) {
        a.mutable_at(static_cast<py::ssize_t>(k), 0) = g.edges[k][0];
        a.mutable_at(static_cast<py::ssize_t>(k), 1) = g.edges[k][1];
    }
    return a;
}

py::object pos_array(const GraphFile& g) {
    if (g.dimensions == 0) return py::none();
    py::array_t<double> a(
        {static_cast<py::ssize_t>(g.pos.size()), static_cast<py::ssize_t>(g.dimensions)});
    for (std::size_t v = 0; v < g.pos.size(); ++v)
        for (int d = 0; d < g.dimensions; ++d)
            a.mutable_at(static_cast<py::ssize_t>(v), d) = g.pos[v][static_cast<std::size_t>(d)];
    return a;
}

}  // namespace graph_files

void bind_graphs(py::module_& m) {
    using namespace graph_files;
    py::class_<GraphFile>(m, "Graph",
                          "A maze on any simple undirected graph (a graph file, docs/formats.md): "
                          "vertices, edges, each vertex's neighbours in the mouse's order of "
                          "preference, a start and an exit.")
        .def_static("from_arrays", &from_arrays, py::arg("edges"), py::arg("start"),
                    py::arg("exit"), py::arg("vertices") = py::none(), py::arg("ids") = py::none(),
                    py::arg("pos") = py::none(), py::arg("preferences") = py::none(),
                    py::arg("description") = "",
                    "The graph of an E x 2 array of vertex indices; start and exit an index or "
                    "an id; vertices their count (default: the largest index + 1); ids their "
                    "names (\"0\"..\"n-1\"); pos an n x 2 or n x 3 array; preferences one list of "
                    "neighbours per vertex, most preferred first (None: the edges' order). "
                    "Checked as the command checks a graph file.")
        .def_static(
            "from_text",
            [](const std::string& text, const std::string& source) {
                return parse_graph_file(text, source);
            },
            py::arg("text"), py::arg("source") = "<string>",
            "The graph of a graph file's JSON text; `source` names it in errors.")
        .def_static(
            "load",
            [](const std::filesystem::path& path) {
                const experiments::InputFile f =
                    read_board_input(path.string(), FileKinds{"Graph.load", {FileKind::GraphFile}});
                return parse_graph_file(f.text, f.name);
            },
            py::arg("path"), "The graph file at `path`.")
        .def_static("from_board", &grid_graph_file, py::arg("board"),
                    "A cell board as a graph: its open cells as vertices \"r,c\", each preferring "
                    "down, right, left, up; Squeaky walks it as he walks the board.")
        .def("to_text", &graph_file_text, "The graph's canonical graph file text.")
        .def(
            "save",
            [](const GraphFile& g, const std::filesystem::path& path) {
                std::ofstream out(path, std::ios::binary);
                if (!out) throw BoardError(path.string(), 0, "cannot open the file for writing");
                out << graph_file_text(g);
                out.flush();
                if (!out) throw BoardError(path.string(), 0, "write error");
            },
            py::arg("path"), "Writes the graph file.")
        .def_property_readonly("vertices", &GraphFile::vertices)
        .def_property_readonly("ids", [](const GraphFile& g) { return g.ids; })
        .def_property_readonly("edges", &edges_array, "An E x 2 int array of vertex indices.")
        .def_property_readonly("pos", &pos_array, "n x 2 or n x 3 floats, or None.")
        .def_property_readonly(
            "preferences", [](const GraphFile& g) { return g.graph.neighbours; },
            "Each vertex's neighbours (indices), most preferred first.")
        .def_property_readonly("start", [](const GraphFile& g) { return g.graph.start; })
        .def_property_readonly("exit", [](const GraphFile& g) { return g.graph.exit; })
        .def_property_readonly("description", [](const GraphFile& g) { return g.description; })
        .def(
            "__eq__",
            [](const GraphFile& a, const GraphFile& b) {
                return graph_file_text(a) == graph_file_text(b);
            },
            py::is_operator())
        .def("__hash__", [](const GraphFile& g) { return py::hash(py::str(graph_file_text(g))); })
        .def("__str__", &graph_file_text)
        .def(
            "svg",
            [](const GraphFile& g, const std::string& title) {
                return board_svg(graph_file_text(g), FileKind::GraphFile, title, 32);
            },
            py::arg("title") = "",
            "The picture `mazesearch render` draws (SVG text): the vertices at their "
            "coordinates (on a circle without), coloured by Squeaky's visits.")
        .def("_repr_svg_",
             [](const GraphFile& g) {
                 return board_svg(graph_file_text(g), FileKind::GraphFile, "", 32);
             })
        .def("__repr__", [](const GraphFile& g) {
            return "<Graph: " + std::to_string(g.vertices()) + " vertices, " +
                   std::to_string(g.edges.size()) + " edges, start " +
                   graph_id_text(g.ids[static_cast<std::size_t>(g.graph.start)]) + ", exit " +
                   graph_id_text(g.ids[static_cast<std::size_t>(g.graph.exit)]) + ">";
        });
}

}  // namespace maze::python
