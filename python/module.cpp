// The compiled part of the Python module `mazesearch` (docs/python.md): the engine's boards,
// walks, batch scores and enumeration, called from Python with NumPy arrays. The package
// python/mazesearch/ re-exports it. This file makes the module and its exception.
#include <string>

#include "bindings.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/search/params.hpp"

namespace maze::python {

// Named, not anonymous: a unity build puts the module's files side by side.
namespace module_errors {

// The class mazesearch.BoardError, made once when the module is imported (a heap object, as
// Python wants exception classes, never destroyed: it lives as long as the interpreter).
PyObject* board_error_class = nullptr;

const char* const kBoardErrorDoc =
    "A bad board or board file: the engine's message exactly as the command prints it\n"
    "(\"f.txt:3: unknown character 'x' in column 2: expected '.', '#', 'S' or 'E'\"),\n"
    "with `source` (the file name, or \"<string>\", \"<array>\") and `line` (1-based; 0 when\n"
    "no one line is at fault). A subclass of ValueError.";

// Raises mazesearch.BoardError(message) with its source and line.
void raise_board_error(const char* message, const std::string& source, int line) {
    py::object error = py::reinterpret_borrow<py::object>(board_error_class)(message);
    error.attr("source") = source;
    error.attr("line") = line;
    PyErr_SetObject(board_error_class, error.ptr());
}

}  // namespace module_errors

void bind_errors(py::module_& m) {
    using module_errors::board_error_class;
    py::dict attributes;
    attributes["source"] = py::none();
    attributes["line"] = 0;
    board_error_class = PyErr_NewExceptionWithDoc(
        "mazesearch.BoardError", module_errors::kBoardErrorDoc, PyExc_ValueError, attributes.ptr());
    if (!board_error_class) throw py::error_already_set();
    m.add_object("BoardError", py::handle(board_error_class));
    // The engine's bad input as Python's: a board's or a file's fault is a BoardError (the
    // command's exit status 2), a bad option of an enumeration a ValueError.
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const BoardError& e) {
            module_errors::raise_board_error(e.what(), e.source(), e.line());
        } catch (const InputError& e) {
            module_errors::raise_board_error(e.what(), e.source(), e.line());
        } catch (const experiments::ConfigError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const ParamError& e) {  // a config's key, named with its file and line
            PyErr_SetString(PyExc_ValueError, e.what());
        }
    });
}

}  // namespace maze::python

PYBIND11_MODULE(_mazesearch, m) {
    m.doc() =
        "The compiled engine of mazesearch: boards, Squeaky's walks, batch scores and the\n"
        "exhaustive enumeration. Import the package `mazesearch`, which re-exports it.";
    maze::python::bind_errors(m);
    maze::python::bind_boards(m);
    maze::python::bind_walks(m);
    maze::python::bind_enumerate(m);
    maze::python::bind_runs(m);
    maze::python::bind_run(m);
}
