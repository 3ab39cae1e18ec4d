// mazesearch.enumerate (docs/python.md): every board of a small grid, exactly, as
// `mazesearch enumerate --json` finds it, returned as the dict that command prints. The job is
// checked and run by the command's own pieces (parse_job, the tree cut once, run in segments), so
// the answer is the command's, and its JSON form is turned into Python objects, never parsed from
// text.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "mazesearch/experiments/enumeration/enumerate_job.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"
#include "mazesearch/search/enumeration/enumeration_models.hpp"
#include "mazesearch/search/enumeration/segmented_run.hpp"

namespace maze::python {

// Named, not anonymous: a unity build puts the module's files side by side.
namespace board_enumeration {

// A JSON value as the Python object json.loads would give for its text: objects as dicts, arrays
// as lists, whole numbers as ints, others as floats.
py::object python_of(const nlohmann::json& j) {
    switch (j.type()) {
        case nlohmann::json::value_t::object: {
            py::dict d;
            for (const auto& [key, value] : j.items()) d[py::str(key)] = python_of(value);
            return d;
        }
        case nlohmann::json::value_t::array: {
            py::list l;
            for (const nlohmann::json& value : j) l.append(python_of(value));
            return l;
        }
        case nlohmann::json::value_t::string:
            return py::str(j.get_ref<const std::string&>());
        case nlohmann::json::value_t::boolean:
            return py::bool_(j.get<bool>());
        case nlohmann::json::value_t::number_unsigned:
            return py::int_(j.get<std::uint64_t>());
        case nlohmann::json::value_t::number_integer:
            return py::int_(j.get<std::int64_t>());
        case nlohmann::json::value_t::number_float:
            return py::float_(j.get<double>());
        default:
            return py::none();
    }
}

// The command's options for the arguments, checked in Python's terms where the command's
// messages would name its own options.
experiments::EnumerateOptions options_of(const py::handle& rows_arg, const py::handle& cols_arg,
                                         const std::string& model, const std::string& objective,
                                         const py::handle& shard, const py::handle& threads_given,
                                         const py::handle& cap_arg) {
    if (!enumeration_model_named(model))
        throw py::value_error("enumerate: model '" + model + "': expected " +
                              enumeration_model_names(true));
    const auto rows = static_cast<int>(int_arg(rows_arg, "enumerate: rows", 1, kMaxSide));
    const auto cols = static_cast<int>(int_arg(cols_arg, "enumerate: cols", 1, kMaxSide));
    const int threads = threads_arg(threads_given, "enumerate: threads");
    // As the command's --cap.
    const auto cap = static_cast<std::size_t>(int_arg(cap_arg, "enumerate: cap", 0, 100000));
    experiments::EnumerateOptions o;
    o.model = model;
    o.rows = rows;
    o.cols = cols;
    o.objective = objective;
    o.threads = threads;
    o.cap = cap;
    if (!shard.is_none()) {
        const std::string given = py::repr(shard).cast<std::string>();
        if (!py::isinstance<py::sequence>(shard) || py::isinstance<py::str>(shard) ||
            py::len(shard) != 2)
            throw py::type_error("enumerate: shard: expected (i, n), got " + given);
        const py::sequence in = py::reinterpret_borrow<py::sequence>(shard);
        const std::string what = "enumerate: shard " + given + ":";
        // As the command's --shard takes it: at most nine digits.
        const long long n = int_arg(in[1], what + " n", 1, 999'999'999);
        const long long i = int_arg(in[0], what + " i", 0, n - 1);
        o.shard = std::to_string(i) + "/" + std::to_string(n);
    }
    return o;
}

// The job of `o` as `mazesearch enumerate` runs it in one process without --out (EnumerationJob's
// run_here): the tree cut once, run in one segment into the job's empty result. Stops early,
// returning nothing, when `stop` is set.
nlohmann::json run_job(const experiments::EnumerateOptions& o, const std::atomic<bool>& stop) {
    const EnumerationResult job = experiments::parse_job(o);
    const std::unique_ptr<EnumerationTree> tree = experiments::cut_tree(o, job);
    const EnumerationOptions eo = experiments::run_options(o, job);
    EnumerationResult total = job;
    std::vector<std::uint8_t> done;
    SegmentedRun run;
    run.stop_requested = [&stop] { return stop.load(); };
    if (!run_in_segments(*tree, eo, total, done, run)) return nullptr;
    return total.to_json();
}

}  // namespace board_enumeration

void bind_enumerate(py::module_& m) {
    using namespace board_enumeration;
    // Kept for the module's life: pybind11 holds the docstring's pointer.
    static const std::string doc =
        "Every board of a rows x cols grid, exactly: the dict `mazesearch enumerate --json` "
        "prints (optimum, optimal boards up to `cap`, feasible count, histogram, ...). model " +
        enumeration_model_names(false) +
        " (cells, the default), objective 'moves' or 'max-visits', shard (i, n) for shard i of "
        "n; threads 0: every core. Ctrl-C stops it.";
    m.def(
        "enumerate",
        [](const py::handle& rows, const py::handle& cols, const std::string& model,
           const std::string& objective, const py::handle& shard, const py::handle& threads,
           const py::handle& cap) {
            const experiments::EnumerateOptions o =
                options_of(rows, cols, model, objective, shard, threads, cap);
            // Checked before the work starts, so that a bad option is raised at once.
            experiments::parse_job(o);
            return python_of(
                run_without_gil([&](const std::atomic<bool>& stop) { return run_job(o, stop); }));
        },
        py::arg("rows"), py::arg("cols"), py::arg("model") = "cells",
        py::arg("objective") = "moves", py::arg("shard") = py::none(), py::arg("threads") = 0,
        py::arg("cap") = 8, doc.c_str());
}

}  // namespace maze::python
