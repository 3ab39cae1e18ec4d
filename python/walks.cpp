// mazesearch.walk, path and score_batch (docs/python.md): one board walked as `eval` walks it,
// with what eval says of it, the same walk place by place, and a NumPy batch of boards scored at
// the engine's speed on every core, all without the GIL.
#include <pybind11/stl.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "board_classes.hpp"
#include "bindings.hpp"
#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/models/board_file.hpp"

namespace maze::python {

// Named, not anonymous: a unity build puts the module's files side by side.
namespace board_walks {


// What one walk says (mazesearch.Walk), the keys of `eval --json` as attributes.
struct Walk {
    std::string text;                     // the board's file text, for its picture
    ModelId kind = ModelId::Cells;  // of `text`
    bool feasible = false;
    int kmod = 0;
    bool trapped = false;
    std::string convention;  // "paper" (cells), "in-and-out" (passages)
    py::object moves = py::none();
    py::object flash = py::none();
    py::object moves_before_trap = py::none();
    py::object most_visited = py::none();
    py::object visits = py::none();
    py::object theorem8_bound = py::none();
};

// A value of eval's JSON facts (the Flash count, the Theorem 8 bound), or None.
py::object fact(const nlohmann::ordered_json& facts, const char* key) {
    if (!facts.contains(key) || facts[key].is_null()) return py::none();
    if (facts[key].is_number_unsigned()) return py::int_(facts[key].get<std::uint64_t>());
    return py::float_(facts[key].get<double>());
}

// Walks the board of `file` with the model `eval` uses for it, the GIL released, and says what
// eval says: kmod 0 is Squeaky, k >= 2 a k-mod mouse (which may be trapped).
// `shape`: the visits array's (rows x cols for a board, the vertices for a graph); `place`
// names a cell or a vertex by its index, for most_visited.
Walk walk_of_file(const experiments::InputFile& file, const std::vector<py::ssize_t>& shape,
                  const std::function<py::object(std::size_t)>& place,
                  const py::handle& kmod_arg) {
    const auto kmod = static_cast<int>(int_arg(kmod_arg, "walk: kmod", 0, 1'000'000));
    if (kmod == 1)
        throw py::value_error(
            "walk: kmod 1: expected 0 (Squeaky) or a k-mod mouse, "
            "2 <= k <= 1000000");
    const std::unique_ptr<experiments::BoardFile> board = experiments::load_board_file(file);
    experiments::WalkReport rep;
    nlohmann::ordered_json facts = nlohmann::ordered_json::object();
    {
        py::gil_scoped_release release;
        rep = board->walk(kmod);
        board->add_facts(rep, kmod, &facts, nullptr);
    }
    Walk w;
    w.text = file.text;
    w.kind = file.kind;
    w.feasible = rep.feasible;
    w.kmod = kmod;
    w.trapped = rep.trapped;
    w.convention = board->describe()["convention"].get<std::string>();
    if (rep.moves) w.moves = py::int_(*rep.moves);
    if (rep.trapped) w.moves_before_trap = py::int_(rep.moves_before_trap);
    w.flash = fact(facts, "flash");
    w.theorem8_bound = fact(facts, "theorem8_bound");
    if (!rep.visits.empty()) {
        py::array_t<std::int64_t> visits(shape);
        std::copy(rep.visits.begin(), rep.visits.end(), visits.mutable_data());
        w.visits = visits;
    }
    if (rep.moves) {
        const std::size_t most = rep.most_visited();
        w.most_visited = py::make_tuple(place(most), rep.visits[most]);
    }
    return w;
}

std::string walk_repr(const Walk& w) {
    std::string out = "Walk(feasible=" + std::string(w.feasible ? "True" : "False");
    out += ", moves=" + py::repr(w.moves).cast<std::string>();
    if (w.kmod) out += ", kmod=" + std::to_string(w.kmod);
    if (w.trapped)
        out += ", trapped=True, moves_before_trap=" +
               py::repr(w.moves_before_trap).cast<std::string>();
    if (!w.most_visited.is_none())
        out += ", most_visited=" + py::repr(w.most_visited).cast<std::string>();
    return out + ")";
}

// A batch of at least this many boards is scored on a thread of its own while the caller waits
// for it and for Ctrl-C (run_without_gil); a smaller one on the calling thread.
constexpr std::size_t kWatchedBatch = 4096;

py::array_t<std::int64_t> score_batch(const py::handle& batch, const py::handle& start,
                                      const py::handle& exit, const py::handle& threads_given,
                                      const std::string& model) {
    // The models whose part of the module scores boards of open cells (cells, hex).
    const PythonModel* scorer = nullptr;
    std::string names;
    for (const PythonModel* m : python_models()) {
        if (!m->score_cells) continue;
        if (model_name(m->model) == model) scorer = m;
        names.append(names.empty() ? "" : " or ").append("\"").append(model_name(m->model)).append("\"");
    }
    if (!scorer)
        throw py::value_error("score_batch: model '" + model + "': expected " + names);
    const py::array a = open_bytes(batch, 3, "score_batch", "boards");
    if (a.shape(1) < 1 || a.shape(2) < 1 || a.shape(1) > kMaxSide || a.shape(2) > kMaxSide)
        throw py::value_error("score_batch: boards of " + std::to_string(a.shape(1)) + "x" +
                              std::to_string(a.shape(2)) +
                              " cells; expected an array of shape (boards, rows, cols) with "
                              "rows and cols from 1 to 16");
    const int threads = threads_arg(threads_given, "score_batch: threads");
    const int rows = static_cast<int>(a.shape(1));
    const int cols = static_cast<int>(a.shape(2));
    // Checks the start and the exit (inside, different) as the engine does for any board.
    const Board shape(rows, cols, cell_of(start, "start", rows, cols),
                      exit.is_none() ? Cell{rows - 1, 0} : cell_of(exit, "exit", rows, cols));
    const auto n = static_cast<std::size_t>(a.shape(0));
    py::array_t<std::int64_t> out(static_cast<py::ssize_t>(n));
    const auto* bytes = static_cast<const std::uint8_t*>(a.data());
    std::int64_t* scores = out.mutable_data();
    auto work = [&](const std::atomic<bool>& stop) {
        scorer->score_cells(shape, bytes, n, scores, threads, stop);
        return 0;
    };
    if (n >= kWatchedBatch) {
        run_without_gil(work);
    } else {
        py::gil_scoped_release release;
        const std::atomic<bool> never{false};
        work(never);
    }
    return out;
}

}  // namespace board_walks

// The longest path `path` gives, in moves: its array holds one 32-bit position per move.
constexpr std::uint64_t kMaxPathMoves = 1'000'000'000;

// mazesearch.path: the positions of Squeaky's walk on `g` (the start first, the exit last), by
// the reference walk, on a thread of its own so that Ctrl-C stops it. A walk longer than `limit`
// moves or an infeasible maze is a ValueError: a path is never cut short without saying so.
py::array_t<std::int32_t> walk_path(const MazeGraph& g, const py::handle& limit_arg) {
    const long long limit =
        int_arg(limit_arg, "path: limit", 1, static_cast<long long>(kMaxPathMoves));
    const auto moves = static_cast<std::uint64_t>(limit);
    WalkTrace t = run_without_gil([&](const std::atomic<bool>& stop) {
        return trace_walk(
            g, moves, moves + 1,
            [](void* s) { return static_cast<const std::atomic<bool>*>(s)->load(); },
            const_cast<std::atomic<bool>*>(&stop));
    });
    if (!t.feasible)
        throw py::value_error("path: the exit cannot be reached from the start (infeasible)");
    if (!t.complete)
        throw py::value_error("path: the walk is longer than limit=" + std::to_string(limit) +
                              " moves; pass a larger limit (at most " +
                              std::to_string(kMaxPathMoves) + ")");
    py::array_t<std::int32_t> out(static_cast<py::ssize_t>(t.path.size()));
    std::copy(t.path.begin(), t.path.end(), out.mutable_data());
    return out;
}

py::object walk_file(const experiments::InputFile& file, const std::vector<py::ssize_t>& shape,
                     const std::function<py::object(std::size_t)>& place, const py::handle& kmod) {
    return py::cast(board_walks::walk_of_file(file, shape, place, kmod));
}

py::object walk_board(const std::string& text, ModelId kind, int rows, int cols,
                      const py::handle& kmod) {
    const auto width = static_cast<std::size_t>(cols);
    return walk_file({"<board>", text, kind}, {rows, cols},
                     [width](std::size_t i) -> py::object {
                         return py::make_tuple(i / width, i % width);
                     },
                     kmod);
}

int cell_pixels_arg(const py::handle& value) {
    return static_cast<int>(int_arg(value, "svg: cell_pixels", 4, 256));
}

std::string board_svg(const std::string& text, ModelId kind, const std::string& title,
                      int cell_pixels) {
    if (cell_pixels < 4 || cell_pixels > 256)
        throw py::value_error("svg: cell_pixels " + std::to_string(cell_pixels) +
                              ": expected 4 to 256");
    const experiments::InputFile file{"<board>", text, kind};
    const std::unique_ptr<experiments::BoardFile> board = experiments::load_board_file(file);
    std::string svg;
    {
        py::gil_scoped_release release;
        const experiments::WalkReport rep = board->walk(0);
        svg = board->svg(rep, title.empty() ? board->title_score(rep) : title, cell_pixels);
    }
    return svg;
}

void bind_walks(py::module_& m) {
    using namespace board_walks;
    py::class_<Walk>(m, "Walk",
                     "What one walk says: the keys of `mazesearch eval --json` as attributes.")
        .def_readonly("feasible", &Walk::feasible, "The exit can be reached from the start.")
        .def_readonly("moves", &Walk::moves,
                      "Moves until the first arrival at the exit in the model's convention "
                      "(cells: the paper's; passages: the move in and the move out counted); "
                      "None when infeasible or trapped.")
        .def_readonly("flash", &Walk::flash, "Cells: the Flash count, moves + 2; else None.")
        .def_readonly("convention", &Walk::convention, "\"paper\" or \"in-and-out\".")
        .def_readonly("visits", &Walk::visits,
                      "Each cell's visits (the moves that left it), an int64 array rows x cols; "
                      "None when infeasible.")
        .def_readonly("most_visited", &Walk::most_visited,
                      "((r, c), visits) of the first most-visited cell in row-major order; None "
                      "unless the walk reached the exit.")
        .def_readonly("kmod", &Walk::kmod, "0 for Squeaky, k for a k-mod mouse.")
        .def_readonly("trapped", &Walk::trapped, "A k-mod mouse was trapped (a state repeated).")
        .def_readonly("moves_before_trap", &Walk::moves_before_trap,
                      "The moves walked when the repeat was seen; None unless trapped.")
        .def_readonly("theorem8_bound", &Walk::theorem8_bound,
                      "Cells, Squeaky, feasible: the paper's Theorem 8 bound on the moves.")
        .def("__repr__", &walk_repr)
        .def(
            "svg",
            [](const Walk& w, const std::string& title, const py::handle& cell_pixels) {
                return board_svg(w.text, w.kind, title, cell_pixels_arg(cell_pixels));
            },
            py::arg("title") = "", py::arg("cell_pixels") = 32,
            "The walk's heat map as `mazesearch render` draws it (SVG text): Squeaky's visits "
            "on the board, the title its score unless one is given.")
        .def("_repr_svg_", [](const Walk& w) { return board_svg(w.text, w.kind, "", 32); });

    m.def("score_batch", &score_batch, py::arg("boards"), py::arg("start") = py::make_tuple(0, 0),
          py::arg("exit") = py::none(), py::arg("threads") = 0, py::arg("model") = "cells",
          "The moves of each board of an N x rows x cols array (True or nonzero open), -1 for an "
          "infeasible board, as an int64 array of N. The start and exit are always open (their "
          "entries are not read); the exit defaults to (rows - 1, 0). threads 0: every core. "
          "model \"hex\": the boards are hexagonal (HexBoard.from_array's layout).");
    // walk() and path() of each model are added with its class (python/board_classes.hpp).
    m.def(
        "bench_boards", [] { return BenchSample<Board>::boards(); },
        "The fixed board set `mazesearch bench` walks (its signature is their total moves).");
}

}  // namespace maze::python
