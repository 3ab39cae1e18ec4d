// The board classes of the Python module (docs/python.md): each model's class is in its folder
// (models/cells/cell_python.cpp: mazesearch.Board, ...); this file holds the table of them, what
// they share (the conversions of cells to and from NumPy arrays, files read as the command reads
// them) and mazesearch.load, so that a bad file says in Python what the command says.
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cerrno>
#include <filesystem>
#include <string>

#include "board_classes.hpp"
#include "bindings.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/models/file_models.hpp"
#include "mazesearch/experiments/models/target_models.hpp"

namespace maze::python {

// The file at `path` as the command reads it (read_input_file: its kind told by its first bytes,
// refused unless `takes` has it). A missing file is Python's FileNotFoundError; every other
// fault the engine's message as a BoardError.
experiments::InputFile read_board_input(const std::string& path,
                                        const experiments::FileKinds& takes) {
    try {
        return experiments::read_input_file(path, takes);
    } catch (const InputError&) {
        std::error_code ec;
        if (path != "-" && !std::filesystem::exists(path, ec)) {
            errno = ENOENT;
            PyErr_SetFromErrnoWithFilenameObject(PyExc_FileNotFoundError, py::str(path).ptr());
            throw py::error_already_set();
        }
        throw;
    }
}

const std::vector<const PythonModel*>& python_models() {
    static const std::vector<const PythonModel*> models = {
#define MAZESEARCH_BOARD_MODEL(id, name, folder) board_models::name::python_model(),
#include "mazesearch/models/board_models.def"
#undef MAZESEARCH_BOARD_MODEL
    };
    return models;
}

const PythonModel& python_model(ModelId model) {
    for (const PythonModel* m : python_models())
        if (m->model == model) return *m;
    throw std::logic_error("a board model with no part in the Python module");
}

std::string shape_text(const py::array& a) {
    return py::str(a.attr("shape")).cast<std::string>();
}

// Named, not anonymous: a unity build puts the module's files side by side.
namespace board_classes {

std::string cell_text(Cell x) {
    // Appended in parts: GCC 12 warns falsely (-Wrestrict) on "(" + std::to_string(...).
    std::string out = "(";
    out += std::to_string(x.r);
    out += ", ";
    out += std::to_string(x.c);
    out += ')';
    return out;
}

}  // namespace board_classes

py::tuple cell_tuple(Cell x) {
    return py::make_tuple(x.r, x.c);
}

Board board_from_array(const py::handle& array, const py::handle& start, const py::handle& exit,
                       const std::string& who) {
    const py::array a = open_bytes(array, 2, who, "the array");
    const int rows = static_cast<int>(a.shape(0));
    const int cols = static_cast<int>(a.shape(1));
    if (a.shape(0) > kMaxSide || a.shape(1) > kMaxSide || rows < 1 || cols < 1)
        throw BoardError("<array>", 0,
                         "board size " + shape_text(a) + " is outside 1x1..16x16 (rows, cols)");
    const Cell s = cell_of(start, "start", rows, cols);
    const Cell e = exit.is_none() ? Cell{rows - 1, 0} : cell_of(exit, "exit", rows, cols);
    Board b(rows, cols, s, e);
    const auto* bytes = static_cast<const std::uint8_t*>(a.data());
    for (int r = 0; r < rows; ++r) {
        const RowMask open = row_mask(bytes + r * cols, cols);
        for (const auto& [x, name] : {std::pair{s, "start"}, std::pair{e, "exit"}})
            if (x.r == r && !((open >> x.c) & 1u))
                throw BoardError("<array>", 0,
                                 std::string("the ") + name + " " + board_classes::cell_text(x) +
                                     " is blocked in the array; the start and the exit are "
                                     "always open");
        b.block_in_row(r, static_cast<RowMask>(b.full_row() & ~open));
    }
    return b;
}

py::array_t<bool> board_to_array(const Board& b) {
    py::array_t<bool> out({b.rows(), b.cols()});
    auto view = out.mutable_unchecked<2>();
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) view(r, c) = b.open(r, c);
    return out;
}

Board open_board(const py::handle& rows_arg, const py::handle& cols_arg, const py::handle& start,
                 const py::handle& exit, const std::string& who) {
    const auto rows = static_cast<int>(int_arg(rows_arg, who + ": rows", 1, kMaxSide));
    const auto cols = static_cast<int>(int_arg(cols_arg, who + ": cols", 1, kMaxSide));
    const Cell s = cell_of(start, "start", rows, cols);
    return Board(rows, cols, s,
                 exit.is_none() ? Cell{rows - 1, 0} : cell_of(exit, "exit", rows, cols));
}

py::array open_bytes(const py::handle& array, int ndim, const std::string& who,
                     const std::string& what) {
    const py::module_ np = py::module_::import("numpy");
    py::array a = np.attr("asarray")(array);
    if (a.ndim() != ndim)
        throw py::value_error(who + ": " + what + " must be a " + std::to_string(ndim) +
                              "-D array; got the shape " + shape_text(a));
    const char kind = a.dtype().kind();
    if (kind == 'b' || (kind == 'u' && a.itemsize() == 1)) {
        a = np.attr("ascontiguousarray")(a);
        return kind == 'b' ? py::array(a.attr("view")(np.attr("uint8"))) : a;
    }
    if (kind == 'u' || kind == 'i')
        return np.attr("ascontiguousarray")(np.attr("not_equal")(a, 0))
            .attr("view")(np.attr("uint8"));
    throw py::type_error(who + ": " + what +
                         " must hold bools or integers (0 closed, nonzero open); got dtype " +
                         py::str(a.dtype()).cast<std::string>());
}

void bind_boards(py::module_& m) {
    for (const PythonModel* model : python_models()) model->bind(m);
    m.def(
        "load",
        [](const std::filesystem::path& path) -> py::object {
            const experiments::InputFile f = read_board_input(
                path.string(), experiments::FileKinds{"mazesearch.load",
                                                      experiments::every_file_kind()});
            return python_model(f.kind).load(f);
        },
        py::arg("path"),
        "The board in the file at `path`: a Board, a PassageBoard, a Graph or a HexBoard, told "
        "by how it starts as the command tells them.");
    // __init__.py: the board classes, one per model, in the list's order.
    m.def("_board_class_names", [] {
        std::vector<std::string> names;
        for (const PythonModel* model : python_models()) names.emplace_back(model->class_name);
        return names;
    });
    // runs.py: the class a run's best.txt is read as, by its config's target kind and, for a
    // python target, the model it names; None for a kind whose best.txt is kept as text.
    m.def("_target_board_class",
          [m](const std::string& kind, const std::string& model) -> py::object {
              const experiments::TargetModel* t = kind == "python"
                                                      ? experiments::python_target_model(model)
                                                      : experiments::target_model_of_kind(kind);
              if (!t || !t->python) return py::none();
              return m.attr(python_model(t->model).class_name);
          });
}

}  // namespace maze::python
