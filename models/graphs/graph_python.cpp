// mazesearch.Graph (docs/python.md), the graph model's part of the Python module: graph files (docs/formats.md, "Graph files") from and to
// NumPy arrays and their JSON text. Every graph, however it is given, is read by the command's own
// parser, so it gets the command's checks and messages.
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "board_classes.hpp"
#include "bindings.hpp"
#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/command_input.hpp"

namespace maze::python {

// Named, not anonymous: a unity build puts the module's files side by side.
namespace graph_files {

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

// A str argument as UTF-8 text, or a ValueError naming it (a lone surrogate has none; pybind11
// said only "Unable to cast Python instance to C++ type").
std::string utf8_of(const py::handle& s, const std::string& what) {
    Py_ssize_t size = 0;
    const char* text = PyUnicode_AsUTF8AndSize(s.ptr(), &size);
    if (text == nullptr) {
        PyErr_Clear();
        throw py::value_error("Graph.from_arrays: " + what + ": " +
                              py::repr(s).cast<std::string>() + " is not UTF-8 text");
    }
    return {text, static_cast<std::size_t>(size)};
}

// The items of a list argument (any sequence but a string), or a TypeError naming the argument
// and what it should be.
std::vector<py::object> items_of(const py::handle& given, const std::string& what,
                                 const std::string& expected) {
    if (py::isinstance<py::str>(given) || py::isinstance<py::bytes>(given) ||
        !PySequence_Check(given.ptr()))
        throw py::type_error("Graph.from_arrays: " + what + ": expected " + expected + ", got " +
                             py::repr(given).cast<std::string>().substr(0, 80));
    std::vector<py::object> items;
    for (const py::handle item : given) items.push_back(py::reinterpret_borrow<py::object>(item));
    return items;
}

// A vertex given from Python: its index (an int) or its id (a str), as the id the file writes.
nlohmann::json vertex_id(const py::handle& v, const std::vector<std::string>& ids,
                         const std::string& what) {
    if (py::isinstance<py::str>(v)) return utf8_of(v, what);
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
    py::array a;
    try {
        a = py::module_::import("numpy").attr("asarray")(given);
    } catch (py::error_already_set& e) {  // rows of different lengths: NumPy's message alone
        if (!e.matches(PyExc_ValueError)) throw;
        throw py::value_error("Graph.from_arrays: " + what + ": not an array (" +
                              py::str(e.value()).cast<std::string>() + ")");
    }
    if (std::string(kinds).find(a.dtype().kind()) == std::string::npos)
        throw py::type_error("Graph.from_arrays: " + what + ": expected " +
                             (std::string(kinds) == "iu" ? "integers" : "numbers") +
                             ", got an array of dtype " + py::str(a.dtype()).cast<std::string>());
    return a;
}

// One coordinate of `pos` as JSON, as given: an integer (a bool, an int) as that integer, so the
// parser's range message names it exactly (2**62 was named 4.611686018427388e+18), a float as
// its double. JSON has no infinity or NaN (they became null: "expected numbers, found null"), so
// those are named here, with their place.
nlohmann::json coordinate(const py::handle& x, py::ssize_t v, py::ssize_t d) {
    const std::string where =
        "Graph.from_arrays: pos[" + std::to_string(v) + "][" + std::to_string(d) + "]: ";
    if (PyLong_Check(x.ptr())) {
        int overflow = 0;
        const long long i = PyLong_AsLongLongAndOverflow(x.ptr(), &overflow);
        if (overflow == 0) return i;
        return x.cast<unsigned long long>();  // past int64: a uint64 array's
    }
    const py::module_ np = py::module_::import("numpy");
    const std::string given = py::str(x).cast<std::string>();
    if (np.attr("isnan")(x).cast<bool>())
        throw py::value_error(where + "a coordinate that is not a number (" + given +
                              "); expected finite numbers");
    if (np.attr("isinf")(x).cast<bool>())
        throw py::value_error(where + "an infinite coordinate (" + given +
                              "); expected finite numbers");
    const double value = PyFloat_AsDouble(x.ptr());
    if (value == -1.0 && PyErr_Occurred()) throw py::error_already_set();
    if (!std::isfinite(value))  // a long double past any double
        throw py::value_error(where + "the coordinate " + given +
                              " is out of range; expected at most 1e9 in absolute value");
    return value;
}

// `pos` as one JSON array of coordinates per vertex, each as given (coordinate).
std::vector<nlohmann::json> positions(const py::object& pos, long long n) {
    const py::array a = numbers(pos, "biuf", "pos");
    if (a.ndim() != 2 || a.shape(0) != n || (a.shape(1) != 2 && a.shape(1) != 3))
        throw py::value_error("Graph.from_arrays: pos: expected an n x 2 or n x 3 array");
    const py::list rows = a.attr("tolist")();
    std::vector<nlohmann::json> out;
    for (py::ssize_t v = 0; v < static_cast<py::ssize_t>(n); ++v) {
        nlohmann::json xyz = nlohmann::json::array();
        const py::list row = rows[static_cast<std::size_t>(v)];
        for (py::ssize_t d = 0; d < static_cast<py::ssize_t>(row.size()); ++d)
            xyz.push_back(coordinate(row[static_cast<std::size_t>(d)], v, d));
        out.push_back(std::move(xyz));
    }
    return out;
}

// The vertices' ids: `ids` (strings, one per vertex), or "0".."n-1" when None.
std::vector<std::string> vertex_names(const py::object& ids, long long n) {
    std::vector<std::string> names;
    if (ids.is_none()) {
        for (long long i = 0; i < n; ++i) names.push_back(std::to_string(i));
        return names;
    }
    const std::vector<py::object> given = items_of(ids, "ids", "a list of strings, one a vertex");
    for (std::size_t k = 0; k < given.size(); ++k) {
        const std::string what = "ids[" + std::to_string(k) + "]";
        if (!py::isinstance<py::str>(given[k]))
            throw py::type_error("Graph.from_arrays: " + what + ": expected a string, got " +
                                 py::repr(given[k]).cast<std::string>().substr(0, 80));
        names.push_back(utf8_of(given[k], what));
    }
    if (static_cast<long long>(names.size()) != n)
        throw py::value_error("Graph.from_arrays: ids: " + std::to_string(names.size()) +
                              " ids for " + std::to_string(n) + " vertices");
    return names;
}

// The file's "preferences": one list of neighbours (indices or ids) or None per vertex.
nlohmann::json preference_lists(const py::object& preferences,
                                const std::vector<std::string>& names) {
    const std::vector<py::object> lists =
        items_of(preferences, "preferences", "one list of neighbour indices (or None) per vertex");
    if (lists.size() != names.size())
        throw py::value_error("Graph.from_arrays: preferences: " + std::to_string(lists.size()) +
                              " lists for " + std::to_string(names.size()) +
                              " vertices; expected one (or None) per vertex");
    nlohmann::json out = nlohmann::json::object();
    for (std::size_t v = 0; v < lists.size(); ++v) {
        if (lists[v].is_none()) continue;
        const std::string what = "preferences[" + std::to_string(v) + "]";
        nlohmann::json order = nlohmann::json::array();
        for (const py::object& w : items_of(lists[v], what, "a list of neighbour indices or None"))
            order.push_back(vertex_id(w, names, what));
        out[names[v]] = order;
    }
    return out;
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
    const std::vector<std::string> names = vertex_names(ids, n);
    nlohmann::ordered_json doc;
    if (!description.empty()) doc["description"] = description;
    doc["vertices"] = nlohmann::json::array();
    const std::vector<nlohmann::json> xyz =
        pos.is_none() ? std::vector<nlohmann::json>{} : positions(pos, n);
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (pos.is_none())
            doc["vertices"].push_back(names[i]);
        else
            doc["vertices"].push_back({{"id", names[i]}, {"pos", xyz[i]}});
    }
    doc["edges"] = nlohmann::json::array();
    for (py::ssize_t k = 0; k < e.shape(0); ++k)
        doc["edges"].push_back(
            {id_of_index(e.at(k, 0), names, "edges"), id_of_index(e.at(k, 1), names, "edges")});
    if (!preferences.is_none()) doc["preferences"] = preference_lists(preferences, names);
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

void bind(py::module_& m) {
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
                    read_board_input(path.string(), FileKinds{"Graph.load", {ModelId::Graph}});
                return parse_graph_file(f.text, f.name);
            },
            py::arg("path"), "The graph file at `path`.")
        .def_static("from_board", static_cast<GraphFile (*)(const Board&)>(&grid_graph_file),
                    py::arg("board"),
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
                return board_svg(graph_file_text(g), ModelId::Graph, title, 32);
            },
            py::arg("title") = "",
            "The picture `mazesearch render` draws (SVG text): the vertices at their "
            "coordinates (on a circle without), coloured by Squeaky's visits.")
        .def("_repr_svg_",
             [](const GraphFile& g) {
                 return board_svg(graph_file_text(g), ModelId::Graph, "", 32);
             })
        .def("__repr__", [](const GraphFile& g) {
            return "<Graph: " + std::to_string(g.vertices()) + " vertices, " +
                   std::to_string(g.edges.size()) + " edges, start " +
                   graph_id_text(g.ids[static_cast<std::size_t>(g.graph.start)]) + ", exit " +
                   graph_id_text(g.ids[static_cast<std::size_t>(g.graph.exit)]) + ">";
        });
    m.def(
        "walk",
        [](const GraphFile& g, const py::handle& kmod) {
            return walk_file(
                {"<graph>", graph_file_text(g), ModelId::Graph}, {g.vertices()},
                [&g](std::size_t v) -> py::object { return py::str(g.ids[v]); }, kmod);
        },
        py::arg("board"), py::arg("kmod") = 0,
        "Walks a Board, a PassageBoard, a HexBoard or a Graph as `mazesearch eval` does: kmod 0 "
        "Squeaky, k >= 2 a k-mod mouse. Returns a Walk (for a graph, visits per vertex and "
        "most_visited naming the vertex by its id).");
    m.def(
        "path",
        [](const GraphFile& g, const py::handle& limit) { return walk_path(g.graph, limit); },
        py::arg("board"), py::arg("limit") = 10'000'000,
        "Squeaky's walk on a Board, a HexBoard or a Graph, place by place: an int32 array of "
        "moves + 1 positions, the start first and the exit last (a cell r, c as r * cols + c; a "
        "graph's vertex as its index). Its first `moves` entries are the cells the moves leave, "
        "so numpy.bincount of them gives walk(board).visits. A ValueError when the exit cannot "
        "be reached or the walk is longer than `limit` moves (1 to 10^9).");
}

py::object load(const experiments::InputFile& file) {
    return py::cast(parse_graph_file(file.text, file.name));
}

}  // namespace graph_files

}  // namespace maze::python

namespace maze {

// Its part of the Python module (models/board_models.def): a graph is no board of open cells,
// and python targets do not take graphs.
const python::PythonModel* board_models::graph::python_model() {
    static const python::PythonModel m{.model = ModelId::Graph,
        .class_name = "Graph",
                                       .bind = python::graph_files::bind,
                                       .load = python::graph_files::load};
    return &m;
}

}  // namespace maze
