// mazesearch.Board, mazesearch.PassageBoard and mazesearch.HexBoard (docs/python.md): the engine's boards from and to
// NumPy arrays and their text forms (docs/formats.md, "Board files" and "Passage boards"), read
// with the command's own checks, so that a bad file says in Python what the command says.
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cerrno>
#include <filesystem>
#include <functional>
#include <string>

#include "bindings.hpp"
#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/models/passages/passage_board.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/models/file_models.hpp"
#include "mazesearch/models/hex/hex_cell_board.hpp"

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

// Named, not anonymous: a unity build puts the module's files side by side.
namespace board_classes {

using experiments::FileKinds;

std::string shape_text(const py::array& a) {
    return py::str(a.attr("shape")).cast<std::string>();
}

std::string cell_text(Cell x) {
    // Appended in parts: GCC 12 warns falsely (-Wrestrict) on "(" + std::to_string(...).
    std::string out = "(";
    out += std::to_string(x.r);
    out += ", ";
    out += std::to_string(x.c);
    out += ')';
    return out;
}

py::tuple cell_tuple(Cell x) {
    return py::make_tuple(x.r, x.c);
}

// A cell board from a rows x cols array, True (nonzero) open; the start and the exit must be
// open in it. `who` names the call in errors.
Board board_from_array(const py::handle& array, const py::handle& start, const py::handle& exit,
                       const std::string& who = "Board.from_array") {
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
                                 std::string("the ") + name + " " + cell_text(x) +
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

// A passage board from its rows x cols arrays of right and down passages (True open); the last
// column of `right` and the last row of `down` lead out of the board and are ignored.
PassageBoard passages_from_arrays(const py::handle& right, const py::handle& down,
                                  const py::handle& entrance, const py::handle& exit) {
    const py::array ra = open_bytes(right, 2, "PassageBoard.from_arrays", "right");
    const py::array da = open_bytes(down, 2, "PassageBoard.from_arrays", "down");
    if (ra.shape(0) != da.shape(0) || ra.shape(1) != da.shape(1))
        throw py::value_error("PassageBoard.from_arrays: right has the shape " + shape_text(ra) +
                              " and down " + shape_text(da) + "; expected both rows x cols");
    if (ra.shape(0) < 1 || ra.shape(1) < 1 || ra.shape(0) > kMaxSide || ra.shape(1) > kMaxSide)
        throw BoardError(
            "<array>", 0,
            "passage board size " + shape_text(ra) + " is outside 1x1..16x16 (rows, cols)");
    const auto cols = static_cast<long long>(ra.shape(1));
    const auto column = [cols](const py::handle& v, const char* name) {
        return static_cast<int>(
            int_arg(v, std::string("PassageBoard.from_arrays: ") + name, 0, cols - 1));
    };
    PassageBoard b(static_cast<int>(ra.shape(0)), static_cast<int>(cols),
                   column(entrance, "entrance"), column(exit, "exit"));
    const auto* rb = static_cast<const std::uint8_t*>(ra.data());
    const auto* db = static_cast<const std::uint8_t*>(da.data());
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) {
            if (c + 1 < b.cols() && rb[r * b.cols() + c]) b.set_right(r, c, true);
            if (r + 1 < b.rows() && db[r * b.cols() + c]) b.set_down(r, c, true);
        }
    return b;
}

// One of a passage board's arrays: `open(r, c)` for every cell.
py::array_t<bool> passage_array(const PassageBoard& b, const std::function<bool(int, int)>& open) {
    py::array_t<bool> out({b.rows(), b.cols()});
    auto view = out.mutable_unchecked<2>();
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) view(r, c) = open(r, c);
    return out;
}

// "mazesearch.Board.from_text('S.\nE.\n')": the expression that makes the board again.
template <typename BoardT>
std::string board_repr(const BoardT& b, const char* cls) {
    return std::string("mazesearch.") + cls + ".from_text(" +
           py::repr(py::str(b.to_text())).template cast<std::string>() + ")";
}

// What both board classes have: text, files, equality, hashing and pickling by their text.
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
                const experiments::InputFile f =
                    read_board_input(path.string(), FileKinds{std::string(name) + ".load", {kind}});
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

}  // namespace board_classes

py::array open_bytes(const py::handle& array, int ndim, const std::string& who,
                     const std::string& what) {
    const py::module_ np = py::module_::import("numpy");
    py::array a = np.attr("asarray")(array);
    if (a.ndim() != ndim)
        throw py::value_error(who + ": " + what + " must be a " + std::to_string(ndim) +
                              "-D array; got the shape " + board_classes::shape_text(a));
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
    using namespace board_classes;
    py::class_<Board> board(m, "Board",
                            "A board of open and blocked cells (docs/rules.md): up to 16x16, a "
                            "start S and an exit E, always open.");
    board
        .def(py::init([](const py::handle& rows_arg, const py::handle& cols_arg,
                         const py::handle& start, const py::handle& exit) {
                 const auto rows = static_cast<int>(int_arg(rows_arg, "Board: rows", 1, kMaxSide));
                 const auto cols = static_cast<int>(int_arg(cols_arg, "Board: cols", 1, kMaxSide));
                 const Cell s = cell_of(start, "start", rows, cols);
                 return Board(
                     rows, cols, s,
                     exit.is_none() ? Cell{rows - 1, 0} : cell_of(exit, "exit", rows, cols));
             }),
             py::arg("rows"), py::arg("cols"), py::arg("start") = py::make_tuple(0, 0),
             py::arg("exit") = py::none(),
             "An all-open board; the exit defaults to the bottom left cell (rows - 1, 0).")
        .def_static(
            "from_array",
            [](const py::handle& array, const py::handle& start, const py::handle& exit) {
                return board_from_array(array, start, exit);
            },
            py::arg("array"),
                    py::arg("start") = py::make_tuple(0, 0), py::arg("exit") = py::none(),
                    "The board of a rows x cols array, True (nonzero) open; the exit defaults "
                    "to the bottom left cell (rows - 1, 0). The start and exit must be open.")
        .def("to_array", &board_to_array, "The cells as a rows x cols bool array, True open.")
        .def_property_readonly("start", [](const Board& b) { return cell_tuple(b.start()); })
        .def_property_readonly("exit", [](const Board& b) { return cell_tuple(b.exit()); });
    bind_common(board, "Board", ModelId::Cells);

    py::class_<PassageBoard> passages(
        m, "PassageBoard",
        "A Mouse Maze 2 board (docs/rules.md): every cell open, the passages between them open or "
        "walled; the mouse comes in above column `entrance` and leaves below column `exit`.");
    passages
        .def_static("from_arrays", &passages_from_arrays, py::arg("right"), py::arg("down"),
                    py::arg("entrance") = 0, py::arg("exit") = 0,
                    "The board of two rows x cols arrays, True (nonzero) open: the passage right "
                    "of each cell and the one below it (the last column of `right` and the last "
                    "row of `down` are ignored).")
        .def(
            "right_array",
            [](const PassageBoard& b) {
                return passage_array(b, [&](int r, int c) { return right_passage(b, r, c); });
            },
            "The passages right of the cells, rows x cols, True open (the last column False).")
        .def(
            "down_array",
            [](const PassageBoard& b) {
                return passage_array(b, [&](int r, int c) { return down_passage(b, r, c); });
            },
            "The passages below the cells, rows x cols, True open (the last row False).")
        .def_property_readonly("entrance", &PassageBoard::entrance)
        .def_property_readonly("exit", &PassageBoard::exit);
    bind_common(passages, "PassageBoard", ModelId::Passages);

    py::class_<HexCellBoard> hex(
        m, "HexBoard",
        "A hexagonal board of open and blocked cells (docs/rules.md, \"Hexagonal boards\"): up "
        "to 16x16, every odd row half a cell to the right, a start S and an exit E, always open.");
    hex.def(py::init([](const py::handle& rows_arg, const py::handle& cols_arg,
                        const py::handle& start, const py::handle& exit) {
                const auto rows =
                    static_cast<int>(int_arg(rows_arg, "HexBoard: rows", 1, kMaxSide));
                const auto cols =
                    static_cast<int>(int_arg(cols_arg, "HexBoard: cols", 1, kMaxSide));
                const Cell s = cell_of(start, "start", rows, cols);
                return HexCellBoard(
                    rows, cols, s,
                    exit.is_none() ? Cell{rows - 1, 0} : cell_of(exit, "exit", rows, cols));
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

    m.def(
        "load",
        [](const std::filesystem::path& path) -> py::object {
            const experiments::InputFile f = read_board_input(
                path.string(),
                FileKinds{"mazesearch.load", experiments::every_file_kind()});
            if (f.kind == ModelId::Graph) return py::cast(parse_graph_file(f.text, f.name));
            if (f.kind == ModelId::Passages)
                return py::cast(PassageBoard::parse(f.text, f.name));
            if (f.kind == ModelId::Hex) return py::cast(HexCellBoard::parse(f.text, f.name));
            return py::cast(Board::parse(f.text, f.name));
        },
        py::arg("path"),
        "The board in the file at `path`: a Board, a PassageBoard, a Graph or a HexBoard, told "
        "by how it starts as the command tells them.");
}

}  // namespace maze::python
