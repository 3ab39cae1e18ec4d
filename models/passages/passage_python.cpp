// mazesearch.PassageBoard (docs/python.md): Mouse Maze 2's boards from and to NumPy arrays (the
// passages right of and below each cell) and their text form (docs/formats.md, "Passage
// boards"), their walks, and their batches for a python target's objective: the passage model's
// part of the Python module (python/board_classes.hpp).
#include <functional>

#include "board_classes.hpp"
#include "mazesearch/models/passages/passage_model.hpp"
#include "mazesearch/models/passages/passage_target.hpp"

namespace maze::python {

// Named, not anonymous: a unity build puts the module's files side by side.
namespace passage_python {

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

// A batch of passage boards as the arrays of PassageBoard.right_array and down_array (N x rows x
// cols each, True open) and their entrance and exit columns (N each).
py::tuple passage_batch(const PassageTarget& t, std::span<const Genome> genomes) {
    const auto n = static_cast<py::ssize_t>(genomes.size());
    const auto rows = static_cast<py::ssize_t>(t.rows()), cols = static_cast<py::ssize_t>(t.cols());
    py::array_t<bool> right({n, rows, cols}), down({n, rows, cols});
    py::array_t<std::int64_t> entrance(n), exit(n);
    bool* ro = right.mutable_data();
    bool* dn = down.mutable_data();
    for (py::ssize_t i = 0; i < n; ++i) {
        const PassageBoard b = t.to_board(genomes[static_cast<std::size_t>(i)]);
        for (int r = 0; r < b.rows(); ++r)
            for (int c = 0; c < b.cols(); ++c) {
                *ro++ = right_passage(b, r, c);
                *dn++ = down_passage(b, r, c);
            }
        entrance.mutable_data()[i] = b.entrance();
        exit.mutable_data()[i] = b.exit();
    }
    return py::make_tuple(right, down, entrance, exit);
}

void bind(py::module_& m) {
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
    // Walked as eval walks it; its path is not offered (the move in and the move out are not
    // places of the board).
    m.def(
        "walk",
        [](const PassageBoard& b, const py::handle& kmod) {
            return walk_board(b.to_text(), ModelId::Passages, b.rows(), b.cols(), kmod);
        },
        py::arg("board"), py::arg("kmod") = 0);
}

py::object load(const experiments::InputFile& file) {
    return py::cast(PassageBoard::parse(file.text, file.name));
}

PythonBatch python_batch(const PythonHooks& hooks, const Target& target) {
    const auto* t = dynamic_cast<const PassageTarget*>(&target);
    if (!t) return nullptr;
    return [t, &hooks](std::span<const Genome> genomes) {
        return hooks.score_passages(*passage_batch(*t, genomes));
    };
}

}  // namespace passage_python

}  // namespace maze::python

namespace maze {

// Its part of the Python module (models/board_models.def).
const python::PythonModel* board_models::passages::python_model() {
    static const python::PythonModel m{.model = ModelId::Passages,
        .class_name = "PassageBoard",
                                       .bind = python::passage_python::bind,
                                       .load = python::passage_python::load,
                                       .python_batch = python::passage_python::python_batch};
    return &m;
}

}  // namespace maze
