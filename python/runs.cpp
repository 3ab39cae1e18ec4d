// What mazesearch.open_run and open_sweep (python/mazesearch/runs.py, docs/python.md)
// need of the engine: a run's status as every reader shows it, its logbook, the check
// `mazesearch` makes of a sweep.json, and the table `mazesearch summarize SWEEP --format json`
// prints. All are the command's own code (run_status_now, LogbookView, SweepSpec::from_json,
// sweep_table), so a folder read from Python is read as the command and serve read it; runs.py
// reads the rest in plain Python.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <type_traits>
#include <variant>
#include <string>

#include "bindings.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/run/logbook_reader.hpp"
#include "mazesearch/experiments/run/run_status.hpp"
#include "mazesearch/experiments/sweep/sweep_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_spec.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"

namespace maze::python {

// Named, not anonymous: a unity build puts the module's files side by side.
namespace run_folders {

// A folder that cannot be read as the command would read it, as a ValueError with the command's
// message (which names the file): runs.py turns it into a RunFolderError. A file the system
// cannot read (FileError) is the same to the reader as a bad one.
template <typename Work>
auto as_value_error(Work work) -> decltype(work()) {
    try {
        return work();
    } catch (const experiments::ConfigError& e) {
        throw py::value_error(e.what());
    } catch (const experiments::FileError& e) {
        throw py::value_error(e.what());
    }
}

// A run folder's status, and a repeat folder's, as every reader shows it (run_status.hpp): None
// before the run wrote one.
std::optional<std::string> run_status(const std::string& folder) {
    return as_value_error([&]() -> std::optional<std::string> {
        const std::string s = experiments::run_status_now(folder);
        if (s.empty()) return std::nullopt;
        return s;
    });
}

std::optional<std::string> repeat_status(const std::string& run, const std::string& folder) {
    return as_value_error([&]() -> std::optional<std::string> {
        const std::string s = experiments::repeat_status_now(run, folder);
        if (s.empty()) return std::nullopt;
        return s;
    });
}

// The status of each of the points `ids` of the sweep in `folder`, as the sweep, summarize and
// serve give it (point_state).
std::vector<std::string> point_statuses(const std::string& folder, const std::vector<int>& ids) {
    return as_value_error([&] {
        const std::filesystem::path file = std::filesystem::path(folder) / "sweep.json";
        const experiments::SweepSpec spec =
            experiments::SweepSpec::from_json(experiments::read_json_file(file), file.string());
        const experiments::PointRuns runs(folder, spec);  // a point's run must be its own
        std::vector<std::string> out;
        for (const int id : ids) {
            if (id < 0 || static_cast<std::size_t>(id) >= spec.points.size())
                throw py::index_error(file.string() + ": no point " + std::to_string(id));
            out.push_back(
                experiments::point_state(folder, runs, spec.points[static_cast<std::size_t>(id)])
                    .status);
        }
        return out;
    });
}

// logbook.csv's text read strictly by the run library's reader (run/logbook_reader.hpp): a dict
// of its columns in the header's order, the counters int64 arrays, the others float64 (NaN where
// empty). `name` is the file's name in the messages.
py::dict read_logbook(const std::string& text, const std::string& name) {
    const experiments::LogbookColumns book =
        as_value_error([&] { return experiments::LogbookView(text).columns_strict(name); });
    py::dict out;
    for (std::size_t i = 0; i < book.names.size(); ++i)
        std::visit(
            [&](const auto& values) {
                using Value = typename std::decay_t<decltype(values)>::value_type;
                py::array_t<Value> array(static_cast<py::ssize_t>(values.size()));
                std::copy(values.begin(), values.end(), array.mutable_data());
                out[py::str(book.names[i])] = std::move(array);
            },
            book.columns[i]);
    return out;
}

void check_sweep_spec(const std::string& folder) {
    const std::filesystem::path file = std::filesystem::path(folder) / "sweep.json";
    as_value_error([&] {
        experiments::SweepSpec::from_json(experiments::read_json_file(file), file.string());
    });
}

// The JSON text of `summarize FOLDER --format json` with the options given: `by` none: the
// sweep's group keys (the command without --by), else the comma-separated keys (--by).
std::string sweep_table_json(const std::string& folder, const std::optional<std::string>& by,
                             std::optional<double> past, std::optional<double> optimum,
                             bool compare) {
    // The command refuses NaN for --past and --optimum (its not_nan check), and so does this.
    if ((past && std::isnan(*past)) || (optimum && std::isnan(*optimum)))
        throw py::value_error("table: past and optimum must be numbers, not NaN");
    experiments::SweepTableOptions o;
    o.by = by.value_or("");
    o.past = past;
    if (optimum) o.optimum = *optimum;
    o.format = "json";
    o.compare = compare;
    return as_value_error([&] { return experiments::sweep_table(o, {folder}, by.has_value()); });
}

}  // namespace run_folders

void bind_runs(py::module_& m) {
    using namespace run_folders;
    m.def("_run_status", &run_status, py::arg("folder"),
          "The status of the run folder FOLDER as `mazesearch serve` shows it (a sweep's point: "
          "its point's); None before the run wrote one. ValueError naming a bad file.");
    m.def("_repeat_status", &repeat_status, py::arg("run"), py::arg("folder"),
          "The status of FOLDER, a repeat folder of the run folder RUN, as `mazesearch serve` "
          "shows it; None before the repeat wrote one. ValueError naming a bad file.");
    m.def("_point_statuses", &point_statuses, py::arg("folder"), py::arg("ids"),
          "The statuses of the points IDS of the sweep in FOLDER, as `mazesearch summarize` and "
          "serve give them. ValueError naming a bad file.");
    m.def("_read_logbook", &read_logbook, py::arg("text"), py::arg("name"),
          "TEXT, the text of the logbook.csv NAME, as a dict of NumPy arrays by column (the "
          "counters int64, the rest float64, NaN where empty); ValueError naming NAME and the "
          "line otherwise.");
    m.def("_check_sweep_spec", &check_sweep_spec, py::arg("folder"),
          "Checks FOLDER/sweep.json as the command does; ValueError naming the file otherwise.");
    m.def("_sweep_table_json", &sweep_table_json, py::arg("folder"), py::arg("by") = py::none(),
          py::arg("past") = py::none(), py::arg("optimum") = py::none(), py::arg("compare") = false,
          "The text `mazesearch summarize FOLDER --format json` prints (by: the text of --by, "
          "None without it); ValueError with the command's message when it fails.");
}

}  // namespace maze::python
