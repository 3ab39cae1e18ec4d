// The numbers the Python module takes as arguments (sizes, cells, counts, limits): each checked as
// a Python integer against its own range before it becomes a C++ int, so that one that does not
// fit is an error naming the argument and its value, never wrapped or cut to fit.
#include <optional>
#include <string>

#include "bindings.hpp"
#include "mazesearch/engine/thread_count.hpp"

namespace maze::python {

// Named, not anonymous: a unity build puts the module's files side by side.
namespace python_arguments {

// `value` as a Python int, or a TypeError: bools (True is not 1 here) and floats are refused,
// NumPy's integers taken (operator.index).
py::int_ integer(const py::handle& value, const std::string& what) {
    const py::module_ np = py::module_::import("numpy");
    if (PyBool_Check(value.ptr()) || py::isinstance(value, np.attr("bool_")) ||
        PyFloat_Check(value.ptr()) || !PyIndex_Check(value.ptr()))
        throw py::type_error(what + ": expected an int, got " +
                             py::repr(value).cast<std::string>());
    return py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
}

// The int's value, or nothing when no long long holds it.
std::optional<long long> fitted(const py::int_& i) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
    if (overflow != 0) return std::nullopt;
    return v;
}

}  // namespace python_arguments

long long int_arg(const py::handle& value, const std::string& what, long long lo, long long hi) {
    const py::int_ i = python_arguments::integer(value, what);
    const std::optional<long long> v = python_arguments::fitted(i);
    if (!v || *v < lo || *v > hi)
        throw py::value_error(what + " " + py::repr(i).cast<std::string>() + ": expected " +
                              std::to_string(lo) + " to " + std::to_string(hi));
    return *v;
}

int threads_arg(const py::handle& value, const std::string& what) {
    const py::int_ i = python_arguments::integer(value, what);
    const std::optional<long long> v = python_arguments::fitted(i);
    if (!v || !is_thread_count(*v))
        throw py::value_error(what + " " + py::repr(i).cast<std::string>() + ": " +
                              thread_count_expected());
    return static_cast<int>(*v);
}

Cell cell_of(const py::handle& pair, const std::string& what, int rows, int cols) {
    const auto wrong_type = [&] {
        return py::type_error(what + ": expected a cell (r, c) of two ints, got " +
                              py::repr(pair).cast<std::string>());
    };
    if (!py::isinstance<py::sequence>(pair) || py::isinstance<py::str>(pair) || py::len(pair) != 2)
        throw wrong_type();
    const py::sequence rc = py::reinterpret_borrow<py::sequence>(pair);
    std::optional<long long> v[2];
    for (int k = 0; k < 2; ++k) {
        try {
            v[k] = python_arguments::fitted(python_arguments::integer(rc[k], what));
        } catch (const py::type_error&) {
            throw wrong_type();
        }
    }
    if (!v[0] || !v[1] || *v[0] < 0 || *v[0] >= rows || *v[1] < 0 || *v[1] >= cols)
        throw py::value_error(what + " " + py::repr(pair).cast<std::string>() +
                              " is outside the board: expected (r, c) with 0 <= r < " +
                              std::to_string(rows) + " and 0 <= c < " + std::to_string(cols));
    return Cell{static_cast<int>(*v[0]), static_cast<int>(*v[1])};
}

}  // namespace maze::python
