// What mazesearch.open_sweep (experiments/python/mazesearch/runs.py, docs/python.md) needs of the
// engine: the check `mazesearch` makes of a sweep.json, and the table `mazesearch summarize
// SWEEP --format json` prints. Both are the command's own code (SweepSpec::from_json,
// sweep_table), so a sweep read from Python is read as the command reads it; runs.py reads the
// rest of the folders in plain Python.
#include <pybind11/stl.h>

#include <cmath>
#include <filesystem>
#include <optional>
#include <string>

#include "bindings.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"
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
    m.def("_check_sweep_spec", &check_sweep_spec, py::arg("folder"),
          "Checks FOLDER/sweep.json as the command does; ValueError naming the file otherwise.");
    m.def("_sweep_table_json", &sweep_table_json, py::arg("folder"), py::arg("by") = py::none(),
          py::arg("past") = py::none(), py::arg("optimum") = py::none(), py::arg("compare") = false,
          "The text `mazesearch summarize FOLDER --format json` prints (by: the text of --by, "
          "None without it); ValueError with the command's message when it fails.");
}

}  // namespace maze::python
