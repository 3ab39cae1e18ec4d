// mazesearch.Board (docs/python.md): the cell boards from and to NumPy arrays and their text
// form (docs/formats.md, "Board files"), their walks, their batches for score_batch and for a
// python target's objective: the cell model's part of the Python module (python/board_classes.hpp).
#include "board_classes.hpp"
#include "mazesearch/models/cells/cell_model.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"

namespace maze::python {

// Named, not anonymous: a unity build puts the module's files side by side.
namespace cell_python {

void bind(py::module_& m) {
    py::class_<Board> board(m, "Board",
                            "A board of open and blocked cells (docs/rules.md): up to 16x16, a "
                            "start S and an exit E, always open.");
    board
        .def(py::init([](const py::handle& rows, const py::handle& cols, const py::handle& start,
                         const py::handle& exit) {
                 return open_board(rows, cols, start, exit, "Board");
             }),
             py::arg("rows"), py::arg("cols"), py::arg("start") = py::make_tuple(0, 0),
             py::arg("exit") = py::none(),
             "An all-open board; the exit defaults to the bottom left cell (rows - 1, 0).")
        .def_static(
            "from_array",
            [](const py::handle& array, const py::handle& start, const py::handle& exit) {
                return board_from_array(array, start, exit, "Board.from_array");
            },
            py::arg("array"),
                    py::arg("start") = py::make_tuple(0, 0), py::arg("exit") = py::none(),
                    "The board of a rows x cols array, True (nonzero) open; the exit defaults "
                    "to the bottom left cell (rows - 1, 0). The start and exit must be open.")
        .def("to_array", &board_to_array, "The cells as a rows x cols bool array, True open.")
        .def_property_readonly("start", [](const Board& b) { return cell_tuple(b.start()); })
        .def_property_readonly("exit", [](const Board& b) { return cell_tuple(b.exit()); });
    bind_common(board, "Board", ModelId::Cells);
    bind_board_walks<Board>(m, ModelId::Cells);
}

py::object load(const experiments::InputFile& file) {
    return py::cast(Board::parse(file.text, file.name));
}

void score(const Board& shape, const std::uint8_t* bytes, std::size_t n, std::int64_t* out,
           int threads, const std::atomic<bool>& stop) {
    score_chunks(shape, bytes, n, out, threads, stop);
}

}  // namespace cell_python

}  // namespace maze::python

namespace maze {

// Its part of the Python module (models/board_models.def).
const python::PythonModel* board_models::cells::python_model() {
    static const python::PythonModel m{
        .model = ModelId::Cells,
        .class_name = "Board",
        .bind = python::cell_python::bind,
        .load = python::cell_python::load,
        .score_cells = python::cell_python::score,
        .python_batch = python::cell_python_batch<MouseMazeTarget>};
    return &m;
}

}  // namespace maze
