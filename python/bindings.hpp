// What the parts of the Python module `mazesearch` (docs/python.md) share: each part adds its
// classes and functions to the module, and the boards' conversions from NumPy arrays and the
// waiting without the GIL are written once here.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <future>
#include <string>
#include <thread>
#include <utility>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/passages/passage_board.hpp"
#include "mazesearch/experiments/command_input.hpp"

namespace maze::python {

namespace py = pybind11;

// The parts of the module, in the order module.cpp adds them: the exception BoardError and the
// engine's errors as Python's, each board model's class with its walk() and path() (its part in
// its folder, python/board_classes.hpp) and load(), the Walk class and score_batch(),
// enumerate(), and what mazesearch.open_sweep reads through the command's code.
void bind_errors(py::module_& m);
void bind_boards(py::module_& m);
void bind_walks(py::module_& m);
void bind_enumerate(py::module_& m);
void bind_runs(py::module_& m);
// mazesearch.run and resume (the compiled half: _run, _resume, Progress).
void bind_run(py::module_& m);

// A NumPy array of cells or passages as bytes, nonzero for open: C-contiguous, one byte per
// entry, without a copy when it is already a contiguous bool or uint8 array. Any integer array is
// taken as 0 closed and nonzero open; another dtype (floats) is a TypeError naming `who` and the
// array (`what`), a wrong number of dimensions a ValueError.
py::array open_bytes(const py::handle& array, int ndim, const std::string& who,
                     const std::string& what);

// The picture `mazesearch render` draws of a board or graph given as its file's text, of kind
// `kind`: Squeaky's walk on it, cells (vertices) coloured by visits, and the title (empty: the
// score, as render's title says it). What a board, a graph and a walk show in Jupyter
// (_repr_svg_), and what their svg() returns.
std::string board_svg(const std::string& text, ModelId kind, const std::string& title,
                      int cell_pixels);
// svg()'s cell_pixels as given from Python: 4 to 256.
int cell_pixels_arg(const py::handle& value);

// The file at `path` as the command reads it, refused unless `takes` has its kind; a missing
// file is Python's FileNotFoundError, every other fault the engine's message as a BoardError.
experiments::InputFile read_board_input(const std::string& path,
                                        const experiments::FileKinds& takes);

// The passages right of and below cell (r, c) as the module's arrays hold them (True open): the
// passage right of the last column and the one below the last row lead out of the board and are
// False. PassageBoard.right_array / down_array and the batches of a passage objective.
inline bool right_passage(const PassageBoard& b, int r, int c) {
    return c + 1 < b.cols() && b.right_open(r, c);
}
inline bool down_passage(const PassageBoard& b, int r, int c) {
    return r + 1 < b.rows() && b.down_open(r, c);
}

// An integer given from Python (an int or a NumPy integer; a bool, a float or a string is a
// TypeError) from `lo` to `hi`. One outside them is a ValueError "WHAT VALUE: expected LO to HI"
// with the value as given, never wrapped or cut to fit a C++ int (2**40 became 0).
long long int_arg(const py::handle& value, const std::string& what, long long lo, long long hi);
// A thread count from Python by the one rule of thread_count.hpp (0: every core, 1 to 1024).
int threads_arg(const py::handle& value, const std::string& what);

// A cell given from Python as (r, c): a pair of ints inside a rows x cols board, else a TypeError
// or a ValueError naming `what` and the cell as given.
Cell cell_of(const py::handle& pair, const std::string& what, int rows, int cols);

// A row of a board as open_bytes gives it, `cols` bytes, as a mask: bit c set when byte c is
// nonzero (open).
inline RowMask row_mask(const std::uint8_t* row, int cols) {
    unsigned mask = 0;
    for (int c = 0; c < cols; ++c) mask |= (row[c] != 0 ? 1u : 0u) << c;
    return static_cast<RowMask>(mask);
}

// Runs work(stop) on a thread of its own while the caller waits without the GIL, so that other
// Python threads run meanwhile. Every tenth of a second the caller takes the GIL back for a moment
// to let Python handle a signal it has caught (Ctrl-C): the exception that raises then sets `stop`
// (and `also`, when given), waits for the work to end and is raised here. The work's own
// exception is raised here too.
template <typename Work>
auto run_without_gil(Work work, std::atomic<bool>* also = nullptr)
    -> decltype(work(std::declval<const std::atomic<bool>&>())) {
    using Result = decltype(work(std::declval<const std::atomic<bool>&>()));
    std::atomic<bool> stop{false};
    std::packaged_task<Result()> task([&] { return work(stop); });
    std::future<Result> done = task.get_future();
    std::thread worker(std::move(task));
    for (;;) {
        bool ready = false;
        {
            py::gil_scoped_release release;
            ready = done.wait_for(std::chrono::milliseconds(100)) == std::future_status::ready;
        }
        if (ready) break;
        if (PyErr_CheckSignals() != 0) {
            stop = true;
            if (also) *also = true;
            {
                py::gil_scoped_release release;
                worker.join();
            }
            throw py::error_already_set();
        }
    }
    worker.join();
    return done.get();
}

}  // namespace maze::python
