// mazesearch.HexBoard (docs/python.md): the hexagonal boards from and to NumPy arrays (row r,
// column c as the file draws them, odd rows half a cell to the right) and their text form, their
// walks, their batches for score_batch(model="hex") and for a python target's objective: the
// hexagonal model's part of the Python module (python/board_classes.hpp).
#include "board_classes.hpp"
#include "mazesearch/models/hex/hex_model.hpp"
#include "mazesearch/models/hex/hex_target.hpp"

namespace maze::python {

// Named, not anonymous: a unity build puts the module's files side by side.
namespace hex_python {

void bind(py::module_& m) {
    py::class_<HexCellBoard> hex(
        m, "HexBoard",
        "A hexagonal board of open and blocked cells (docs/rules.md, \"Hexagonal boards\"): up "
        "to 16x16, every odd row half a cell to the right, a start S and an exit E, always open.");
    hex.def(py::init([](const py::handle& rows, const py::handle& cols, const py::handle& start,
                        const py::handle& exit) {
                return HexCellBoard::from_square_cells(
                    open_board(rows, cols, start, exit, "HexBoard"));
            }),
            py::arg("rows"), py::arg("cols"), py::arg("start") = py::make_tuple(0, 0),
            py::arg("exit") = py::none(),
            "An all-open hexagonal board; the exit defaults to the bottom left cell (rows - 1, 0).")
        .def_static(
            "from_array",
            [](const py::handle& array, const py::handle& start, const py::handle& exit) {
                return HexCellBoard::from_square_cells(
                    board_from_array(array, start, exit, "HexBoard.from_array"));
            },
            py::arg("array"), py::arg("start") = py::make_tuple(0, 0), py::arg("exit") = py::none(),
            "The board of a rows x cols array (row r, column c as the file draws them: odd rows "
            "half a cell to the right), True (nonzero) open; the exit defaults to (rows - 1, 0). "
            "The start and exit must be open.")
        .def(
            "to_array", [](const HexCellBoard& b) { return board_to_array(b.square_cells()); },
            "The cells as a rows x cols bool array, True open.")
        .def_property_readonly("start", [](const HexCellBoard& b) { return cell_tuple(b.start()); })
        .def_property_readonly("exit", [](const HexCellBoard& b) { return cell_tuple(b.exit()); });
    bind_common(hex, "HexBoard", ModelId::Hex);
    bind_board_walks<HexCellBoard>(m, ModelId::Hex);
}

py::object load(const experiments::InputFile& file) {
    return py::cast(HexCellBoard::parse(file.text, file.name));
}

void score(const Board& shape, const std::uint8_t* bytes, std::size_t n, std::int64_t* out,
           int threads, const std::atomic<bool>& stop) {
    score_chunks(HexCellBoard::from_square_cells(shape), bytes, n, out, threads, stop);
}

}  // namespace hex_python

}  // namespace maze::python

namespace maze {

// Its part of the Python module (models/board_models.def).
const python::PythonModel* board_models::hex::python_model() {
    static const python::PythonModel m{
        .model = ModelId::Hex,
        .class_name = "HexBoard",
        .bind = python::hex_python::bind,
        .load = python::hex_python::load,
        .score_cells = python::hex_python::score,
        .python_batch = python::cell_python_batch<HexMazeTarget>};
    return &m;
}

}  // namespace maze
