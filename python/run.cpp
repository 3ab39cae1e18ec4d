// mazesearch.run and mazesearch.resume (docs/python.md): a run of a config, the same run the
// command makes into the same run folder, with progress told to a Python function, Ctrl-C
// writing the checkpoint, and targets whose value is a Python function (`kind: python`). The
// package's running.py wraps these with the config's overrides and the result object.
#include <pybind11/stl.h>

#include <chrono>
#include <exception>
#include <mutex>
#include <string>
#include <vector>

#include "board_classes.hpp"
#include "bindings.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/experiments/run/step_gate.hpp"
#include "mazesearch/experiments/runner.hpp"

namespace maze::python {

// Named, not anonymous: a unity build puts the module's files side by side.
namespace run_binding {

using experiments::StepReport;

// A Python exception raised inside the run (by the objective or the progress function): the
// run stops with a C++ error that its log records, and the first such exception is raised again
// in the caller once the run has ended, as it was.
struct PythonErrors {
    std::mutex mutex;
    std::exception_ptr first;
    void keep(std::exception_ptr e) {
        std::lock_guard lock(mutex);
        if (!first) first = std::move(e);
    }
};

// Past 2^53 a double no longer holds every integer: 2^53 + 1 would be taken as 2^53.
constexpr long long kLargestExactInteger = 1LL << 53;

// Whether the integer `v` (a Python int, a NumPy integer) is past 2^53 either way, read exactly.
bool past_exact_doubles(const py::handle& v) {
    const py::int_ i = py::reinterpret_steal<py::int_>(PyNumber_Index(v.ptr()));
    if (!i) throw py::error_already_set();
    int overflow = 0;
    const long long x = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
    return overflow != 0 || x > kLargestExactInteger || x < -kLargestExactInteger;
}

// The first integer past 2^53 that the objective returned, as its text and its place, or "":
// checked before any conversion, since NumPy makes a list of ints and floats a float64 array
// (2^53 + 1 rounded on the way) and an int64 array's float64 copy rounds it too.
std::string integer_past_exact_doubles(const py::object& result, const py::array& given) {
    const py::module_ np = py::module_::import("numpy");
    if (!py::isinstance<py::array>(result) && PySequence_Check(result.ptr())) {
        py::ssize_t k = 0;
        for (const py::handle item : result) {
            py::object v = py::reinterpret_borrow<py::object>(item);
            if (py::isinstance<py::array>(v) && py::array(v).ndim() == 0) v = v.attr("item")();
            if ((PyLong_Check(v.ptr()) || py::isinstance(v, np.attr("integer"))) &&
                past_exact_doubles(v))
                return py::str(py::int_(v)).cast<std::string>() + " (value " + std::to_string(k) +
                       ")";
            ++k;
        }
    }
    const char kind = given.dtype().kind();
    if (kind != 'i' && kind != 'u') return "";
    // Compared in the array's own integer type, exactly (int64's abs(-2^63) is -2^63).
    const py::object limit = np.attr(kind == 'i' ? "int64" : "uint64")(kLargestExactInteger);
    py::object past = np.attr("greater")(given, limit);
    if (kind == 'i')
        past = np.attr("logical_or")(past, np.attr("less")(given, np.attr("negative")(limit)));
    const py::array where = np.attr("flatnonzero")(past);
    if (where.size() == 0) return "";
    const py::object k = where.attr("__getitem__")(0);
    return py::str(given.attr("flat").attr("__getitem__")(k).attr("item")()).cast<std::string>() +
           " (value " + py::str(k).cast<std::string>() + ")";
}

// The values the objective returned for a batch of n boards: n numbers, or a TypeError naming
// what came back. Numbers only: strings ("5") were taken as their values, and an integer past
// 2^53, which no double holds exactly, would be rounded.
void take_values(const py::object& result, std::span<double> values) {
    const py::module_ np = py::module_::import("numpy");
    const auto wrong = [&](const std::string& why) {
        return py::type_error("the objective returned " +
                              std::string(py::repr(result)).substr(0, 80) + " for a batch of " +
                              std::to_string(values.size()) + " boards" + why +
                              "; expected that many numbers (an array of shape (" +
                              std::to_string(values.size()) + ",))");
    };
    py::array given;
    try {
        given = np.attr("asarray")(result);
    } catch (const py::error_already_set&) {
        throw wrong("");
    }
    const std::string past = integer_past_exact_doubles(result, given);
    if (!past.empty())
        throw wrong(", with the integer " + past + " past 2**53, which no double holds exactly");
    const char kind = given.dtype().kind();
    if (kind != 'b' && kind != 'i' && kind != 'u' && kind != 'f')
        throw wrong(", of dtype " + py::str(given.dtype()).cast<std::string>());
    const auto got = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(given);
    if (!got || got.ndim() != 1 || static_cast<std::size_t>(got.size()) != values.size())
        throw wrong("");
    std::copy(got.data(), got.data() + got.size(), values.begin());
}

// The function the engine scores a batch with: the batch as arrays, the objective called with
// the GIL, its values checked. A KeyboardInterrupt the objective raises stops the run as Ctrl-C
// does (`cancel`; the step under way is dropped, experiments/run/step_gate.hpp), any other
// exception fails it.
BatchScore python_score(const Target& model, const PythonHooks& hooks, PythonErrors& errors,
                        std::atomic<bool>& cancel) {
    // The batches of the model's part of the module whose target `model` is.
    PythonBatch batch;
    for (const PythonModel* m : python_models())
        if (m->python_batch && (batch = m->python_batch(hooks, model))) break;
    if (!batch) throw std::logic_error("a python target of a model the module cannot give it");
    return [batch = std::move(batch), &errors, &cancel](std::span<const Genome> genomes,
                                                         std::span<double> values) {
        py::gil_scoped_acquire gil;
        try {
            const py::object result = batch(genomes);
            take_values(result, values);
        } catch (py::error_already_set& e) {
            const std::string what = e.what();
            const bool interrupt = e.matches(PyExc_KeyboardInterrupt);
            errors.keep(std::current_exception());
            if (!interrupt) throw std::runtime_error("the objective raised " + what);
            cancel.store(true);
            throw experiments::StepAbandoned(experiments::StepAbandoned::Why::Interrupted);
        }
    };
}

// The run's step hook: stops the run when Ctrl-C was caught (`stop`), and calls the progress
// function every progress_seconds and at each repeat's end. Its exception stops the run (the
// checkpoint is written) and is raised again afterwards.
experiments::StepHook step_hook(const PythonHooks& hooks, const std::atomic<bool>& stop,
                                std::atomic<bool>& cancel, PythonErrors& errors) {
    using Clock = std::chrono::steady_clock;
    auto last = std::make_shared<Clock::time_point>(Clock::now());
    return [&hooks, &stop, &cancel, &errors, last](const StepReport& s) {
        if (stop.load()) cancel.store(true);
        if (hooks.progress.is_none() || cancel.load()) return;
        const Clock::time_point now = Clock::now();
        if (!s.ended && std::chrono::duration<double>(now - *last).count() < hooks.progress_seconds)
            return;
        *last = now;
        py::gil_scoped_acquire gil;
        try {
            // Returning False stops the run as Ctrl-C does; None (no return) goes on.
            const py::object go = hooks.progress(s);
            if (py::isinstance<py::bool_>(go) && !go.cast<bool>()) cancel.store(true);
        } catch (py::error_already_set&) {
            errors.keep(std::current_exception());
            cancel.store(true);
        }
    };
}

// Runs `go(options)` (a run or a resume) without the GIL, and says how it ended: the exit status
// (0 finished, 130 stopped) or the Python exception raised inside it.
int run_with_hooks(const PythonHooks& hooks,
                   const std::function<int(const experiments::RunOptions&)>& go) {
    PythonErrors errors;
    std::atomic<bool> cancel{false};
    const experiments::ExternalObjective objective = [&](const Target& model) {
        return python_score(model, hooks, errors, cancel);
    };
    int status = 0;
    try {
        // Ctrl-C sets `cancel` at once, which the run looks at before each batch.
        status = run_without_gil(
            [&](const std::atomic<bool>& stop) {
                experiments::RunOptions options;
                options.quiet = true;
                options.catch_signals = false;  // Python's own Ctrl-C, watched by run_without_gil
                options.cancel = &cancel;
                options.on_step = step_hook(hooks, stop, cancel, errors);
                if (!hooks.score_cells.is_none()) options.objective = &objective;
                // A Python thread state for this thread for the whole run: each call of the
                // objective then only takes the GIL, where a thread without one would make and
                // destroy a thread state every call (measured: about 10 us a call).
                py::gil_scoped_acquire keep_thread_state;
                py::gil_scoped_release while_the_engine_works;
                return go(options);
            },
            &cancel);
    } catch (...) {
        if (errors.first) std::rethrow_exception(errors.first);
        throw;
    }
    if (errors.first) std::rethrow_exception(errors.first);
    return status;
}

PythonHooks hooks_of(py::object score_cells, py::object score_passages, py::object progress,
                     double progress_seconds) {
    if (!(progress_seconds >= 0)) throw py::value_error("progress_seconds: expected 0 or more");
    return PythonHooks{std::move(score_cells), std::move(score_passages), std::move(progress),
                       progress_seconds};
}

}  // namespace run_binding

void bind_run(py::module_& m) {
    using namespace run_binding;
    py::class_<StepReport>(m, "Progress",
                           "What a run says after a step of a repeat (run's `progress` function).")
        .def_readonly("repeat", &StepReport::repeat)
        .def_readonly("step", &StepReport::step)
        .def_readonly("evaluations", &StepReport::evaluations)
        .def_readonly("rejected", &StepReport::rejected)
        .def_readonly("best", &StepReport::best, "The repeat's best value so far, or None.")
        .def_readonly("fraction", &StepReport::fraction, "The share of the budget spent, 0 to 1.")
        .def_readonly("seconds", &StepReport::seconds)
        .def_readonly("ended", &StepReport::ended, "The repeat's last report.")
        .def("__repr__", [](const StepReport& s) {
            return "Progress(repeat=" + std::to_string(s.repeat) +
                   ", evaluations=" + std::to_string(s.evaluations) +
                   ", best=" + py::repr(py::cast(s.best)).cast<std::string>() +
                   ", fraction=" + py::repr(py::float_(s.fraction)).cast<std::string>() +
                   (s.ended ? ", ended" : "") + ")";
        });
    m.def(
        "_run",
        [](const std::string& text, const std::string& source, bool is_path,
           std::vector<std::string> overrides, const std::string& function, py::object score_cells,
           py::object score_passages, py::object progress, double progress_seconds,
           py::list folder) {
            const auto load = [&] {
                return is_path ? experiments::load_config(text, overrides)
                               : experiments::load_config_text(text, source, overrides);
            };
            experiments::RunConfig config = load();
            const bool python_target = config.target.get_string("kind", "") == "python";
            if (python_target != !score_cells.is_none())
                throw py::value_error(
                    config.source + ": " +
                    (python_target ? "target.kind python is scored by a Python function: give it, "
                                     "mazesearch.run(config, objective=f)"
                                   : "objective= is for a config whose target is kind: python "
                                     "(its board keys as mouse-maze's or passages')"));
            if (python_target) {
                // The function's name and code hash go into config.json, so that a resume can
                // tell whether it was given the same one.
                overrides.push_back("target.function=" + function);
                config = load();
            }
            // The folder is chosen here, so that the caller knows it even when the run stops.
            if (config.output.empty())
                config.output = experiments::RunFolder::default_path(config.name).string();
            folder.append(config.output);
            const PythonHooks hooks = hooks_of(std::move(score_cells), std::move(score_passages),
                                               std::move(progress), progress_seconds);
            const int status = run_with_hooks(hooks, [&](const experiments::RunOptions& o) {
                return experiments::run_experiment(config, o);
            });
            return status;
        },
        "Runs a config (running.py's run() is the documented call).");
    m.def(
        "_resume",
        [](const std::string& folder, py::object score_cells, py::object score_passages,
           py::object progress, double progress_seconds) {
            const PythonHooks hooks = hooks_of(std::move(score_cells), std::move(score_passages),
                                               std::move(progress), progress_seconds);
            return run_with_hooks(hooks, [&](const experiments::RunOptions& o) {
                return experiments::resume_experiment(folder, o);
            });
        },
        "Resumes a run folder (running.py's resume() is the documented call).");
}

}  // namespace maze::python
