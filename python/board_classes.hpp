// What the board models' parts of the Python module share (each model's part is in its folder,
// models/*/..._python.cpp): the table of those parts, the conversions of cells to and from NumPy
// arrays, what every board class has (bind_common), the walks that walk() and path() return, and
// the batches score_batch and a python target's objective are given.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include <pybind11/stl/filesystem.h>

#include "bindings.hpp"
#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/models/model_id.hpp"
#include "mazesearch/search/genome.hpp"
#include "mazesearch/search/target.hpp"

namespace maze::python {

// What a run's Python side gives: the objective's two adapters (running.py: one for boards given
// as one array of cells, one for passage boards, given as four arrays; None for a built-in
// target), the progress function (None: none) and how often it is called.
struct PythonHooks {
    py::object score_cells, score_passages, progress;
    double progress_seconds = 1.0;
};

// A python target's batches: the call of its objective's adapter on a batch of its boards.
using PythonBatch = std::function<py::object(std::span<const Genome> genomes)>;

// A board model's part of the module, one for each line of models/board_models.def, defined in
// the model's folder.
struct PythonModel {
    ModelId model;
    // Its class's name in the module ("Board").
    const char* class_name;
    // Adds the model's class (mazesearch.Board, ...) and its overloads of walk() and path().
    void (*bind)(py::module_& m);
    // The board of a checked file of this model, as its class (mazesearch.load).
    py::object (*load)(const experiments::InputFile& file);
    // score_batch(model=NAME): the moves (-1 infeasible) of n boards of open cells given as n x
    // rows x cols bytes, nonzero open, like `shape` (its size, start and exit); null: score_batch
    // does not take the model.
    void (*score_cells)(const Board& shape, const std::uint8_t* bytes, std::size_t n,
                        std::int64_t* out, int threads, const std::atomic<bool>& stop) = nullptr;
    // A python target's batches when `target` is of this model (null when it is not, or when
    // python targets do not take the model).
    PythonBatch (*python_batch)(const PythonHooks& hooks, const Target& target) = nullptr;
};

// Every model's part, in the order of board_models.def; the one of a model.
const std::vector<const PythonModel*>& python_models();
const PythonModel& python_model(ModelId model);

std::string shape_text(const py::array& a);
py::tuple cell_tuple(Cell x);
// A cell board from a rows x cols array, True (nonzero) open; the start and the exit must be
// open in it. `who` names the call in errors.
Board board_from_array(const py::handle& array, const py::handle& start, const py::handle& exit,
                       const std::string& who);
py::array_t<bool> board_to_array(const Board& b);
// The board of rows x cols and of the given start and exit (None: the bottom left cell) that a
// class's constructor makes; `who` names it in errors.
Board open_board(const py::handle& rows_arg, const py::handle& cols_arg, const py::handle& start,
                 const py::handle& exit, const std::string& who);

// mazesearch.walk of a board of `kind` given as its file's text, of rows x cols cells (most_visited
// names a cell (r, c)), as `eval` walks it: kmod 0 Squeaky, k >= 2 a k-mod mouse. A Walk.
py::object walk_board(const std::string& text, ModelId kind, int rows, int cols,
                      const py::handle& kmod);
// The same for any file, `shape` the visits array's and `place` naming a place by its index.
py::object walk_file(const experiments::InputFile& file, const std::vector<py::ssize_t>& shape,
                     const std::function<py::object(std::size_t)>& place, const py::handle& kmod);
// mazesearch.path: the positions of Squeaky's walk on `g`, the start first and the exit last.
py::array_t<std::int32_t> walk_path(const MazeGraph& g, const py::handle& limit);

// "mazesearch.Board.from_text('S.\nE.\n')": the expression that makes the board again.
template <typename BoardT>
std::string board_repr(const BoardT& b, const char* cls) {
    return std::string("mazesearch.") + cls + ".from_text(" +
           py::repr(py::str(b.to_text())).template cast<std::string>() + ")";
}

// What every board class has: text, files, equality, hashing and pickling by their text.
template <typename BoardT>
void bind_common(py::class_<BoardT>& cls, const char* name, ModelId kind) {
    cls.def_static(
           "from_text",
           [](const std::string& text, const std::string& source) {
               return BoardT::parse(text, source);
           },
           py::arg("text"), py::arg("source") = "<string>",
           "The board drawn in `text` (its file's form); `source` names it in errors.")
        .def_static(
            "load",
            [name, kind](const std::filesystem::path& path) {
                const experiments::InputFile f = read_board_input(
                    path.string(), experiments::FileKinds{std::string(name) + ".load", {kind}});
                return BoardT::parse(f.text, f.name);
            },
            py::arg("path"), "The board in the file at `path` (\"-\": standard input).")
        .def("to_text", &BoardT::to_text, "The board's text form, as its file holds it.")
        .def(
            "save",
            [](const BoardT& b, const std::filesystem::path& path) { b.save(path.string()); },
            py::arg("path"), "Writes the board's text form to `path`.")
        .def_property_readonly("rows", &BoardT::rows)
        .def_property_readonly("cols", &BoardT::cols)
        .def(
            "__eq__", [](const BoardT& a, const BoardT& b) { return a == b; }, py::is_operator())
        .def("__hash__", [](const BoardT& b) { return py::hash(py::str(b.to_text())); })
        .def("__str__", &BoardT::to_text)
        .def("__repr__", [name](const BoardT& b) { return board_repr(b, name); })
        .def(
            "svg",
            [kind](const BoardT& b, const std::string& title, const py::handle& cell_pixels) {
                return board_svg(b.to_text(), kind, title, cell_pixels_arg(cell_pixels));
            },
            py::arg("title") = "", py::arg("cell_pixels") = 32,
            "The board as `mazesearch render` draws it (SVG text): Squeaky's visits on it, the "
            "title its score unless one is given.")
        .def("_repr_svg_", [kind](const BoardT& b) { return board_svg(b.to_text(), kind, "", 32); })
        .def(py::pickle([](const BoardT& b) { return b.to_text(); },
                        [](const std::string& text) { return BoardT::parse(text, "<pickle>"); }));
}

// walk(board, kmod=0) and path(board, limit=...) for a board class of rows x cols cells.
template <typename BoardT>
void bind_board_walks(py::module_& m, ModelId kind) {
    m.def(
        "walk",
        [kind](const BoardT& b, const py::handle& kmod) {
            return walk_board(b.to_text(), kind, b.rows(), b.cols(), kmod);
        },
        py::arg("board"), py::arg("kmod") = 0);
    m.def(
        "path",
        [](const BoardT& b, const py::handle& limit) { return walk_path(grid_graph(b), limit); },
        py::arg("board"), py::arg("limit") = 10'000'000);
}

// Boards scored a chunk at a time: a multiple of the batch walk's eight lanes, small enough for
// the chunks to share out evenly over the cores, large enough that handing one out costs little.
constexpr std::size_t kScoreChunk = 256;

// Scores boards [0, n) of `bytes` (n boards of rows x cols bytes, nonzero open) into `out`
// (moves, -1 when infeasible): each chunk turned into boards like `shape` (its start and exit
// kept open) and walked by the batch walk, the chunks spread over `threads`.
template <class BoardT>
void score_chunks(const BoardT& shape, const std::uint8_t* bytes, std::size_t n, std::int64_t* out,
                  int threads, const std::atomic<bool>& stop) {
    const std::size_t chunks = (n + kScoreChunk - 1) / kScoreChunk;
    const std::size_t cells = static_cast<std::size_t>(shape.cells());
    // No more threads than chunks: each one's boards and moves are made whether it works or not.
    WorkerTeam team(static_cast<int>(
        std::min<std::size_t>(chunks, static_cast<std::size_t>(WorkerTeam::resolve(threads)))));
    // Each worker's boards and moves, reused from chunk to chunk.
    std::vector<std::vector<BoardT>> boards(static_cast<std::size_t>(team.size()),
                                            std::vector<BoardT>(kScoreChunk, shape));
    std::vector<std::vector<std::uint64_t>> moves(static_cast<std::size_t>(team.size()),
                                                  std::vector<std::uint64_t>(kScoreChunk));
    team.run(chunks, [&](std::size_t k, int worker) {
        if (stop) return;
        const std::size_t lo = k * kScoreChunk;
        const std::size_t count = std::min(kScoreChunk, n - lo);
        std::vector<BoardT>& b = boards[static_cast<std::size_t>(worker)];
        std::vector<std::uint64_t>& m = moves[static_cast<std::size_t>(worker)];
        for (std::size_t i = 0; i < count; ++i) {
            b[i] = shape;
            const std::uint8_t* cell = bytes + (lo + i) * cells;
            for (int r = 0; r < shape.rows(); ++r, cell += shape.cols())
                b[i].block_in_row(
                    r, static_cast<RowMask>(shape.full_row() & ~row_mask(cell, shape.cols())));
        }
        evaluate_batch(std::span<const BoardT>(b.data(), count),
                       std::span<std::uint64_t>(m.data(), count));
        for (std::size_t i = 0; i < count; ++i)
            out[lo + i] = m[i] == kInfeasible ? -1 : static_cast<std::int64_t>(m[i]);
    });
}

// A batch of boards of open cells (cell or hexagonal boards) as an N x rows x cols bool array,
// True open: what a python target's objective is given for them (running.py's cells adapter).
template <class CellTarget>
py::array_t<bool> cell_batch(const CellTarget& t, std::span<const Genome> genomes) {
    const auto n = static_cast<py::ssize_t>(genomes.size());
    py::array_t<bool> a(
        {n, static_cast<py::ssize_t>(t.rows()), static_cast<py::ssize_t>(t.cols())});
    bool* out = a.mutable_data();
    for (const Genome& g : genomes) {
        const auto b = t.to_board(g);
        for (int r = 0; r < b.rows(); ++r)
            for (int c = 0; c < b.cols(); ++c) *out++ = b.open(r, c);
    }
    return a;
}

// A python target's batches for a model of open cells whose target is a CellTarget: null when
// `target` is not one.
template <class CellTarget>
PythonBatch cell_python_batch(const PythonHooks& hooks, const Target& target) {
    const auto* t = dynamic_cast<const CellTarget*>(&target);
    if (!t) return nullptr;
    return [t, &hooks](std::span<const Genome> genomes) {
        return hooks.score_cells(cell_batch(*t, genomes));
    };
}

}  // namespace maze::python

// Each model's part, for its line of models/board_models.def, defined in its folder.
namespace maze::board_models {
#define MAZESEARCH_MODEL_ENTRY const python::PythonModel* python_model();
#include "mazesearch/models/model_entries.inc"
}  // namespace maze::board_models
