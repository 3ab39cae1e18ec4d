// The tables of finished runs and of sweeps: what a run folder's repeats found and spent, and a
// sweep's points grouped by the swept keys (one row per combination over its seeds: best, median,
// worst, how many runs passed a score, evaluations and seconds), as Markdown, CSV and JSON.
#pragma once

#include <cstddef>
#include <filesystem>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/experiments/sweep/point_runs.hpp"  // ConfigFiles
#include "mazesearch/experiments/sweep/sweep_spec.hpp"

namespace maze::experiments {

// What the repeats of a finished run found and spent.
struct RunFigures {
    std::vector<double> scores;  // the best of each repeat that has one, smallest first
    std::size_t runs = 0;
    double evals = 0, secs = 0;  // summed over the repeats
    // The optimizer's measures at each repeat's end (Optimizer::measures: map-elites' coverage,
    // qd_score, elites), by name, smallest first.
    std::map<std::string, std::vector<double>> measures;
};
// The figures of the finished run folder `dir` (its summary.json and config.json); ConfigError
// naming the folder when it is not one, or not finished (with the command that finishes it).
RunFigures read_run_figures(const std::filesystem::path& dir);

// A score or a threshold as a table writes it: an integer digit for digit, any other number as the
// shortest text that reads back as it (never rounded: 0.04 was "0.0" in a header, a median of
// 1234567.5 was "1.23457e+06" in CSV), inf, -inf and nan as words.
std::string score_text(double v);
// A mean a run in a table (evaluations, seconds): integers as scores, fractions to one decimal.
std::string table_number(double v);
// The median of sorted values (the middle of the middle two for an even count, as
// stats::middle_of takes it: -inf with a number is -inf, -inf with inf is 0); NaN for none.
double median_of_sorted(const std::vector<double>& sorted);
// A CSV field: quoted (quotes doubled) when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& text);
// A Markdown table cell: '|' escaped (\|), line breaks made spaces.
std::string markdown_cell(const std::string& text);
// A score in JSON, which has no infinity: a number, or "inf", "-inf", "nan" as the run files
// write them.
nlohmann::json score_json(double v);

// One combination of a sweep's group keys and its seeds.
struct SweepGroup {
    std::vector<std::string> values;  // one per group key
    std::vector<int> points;          // its points' ids
    std::size_t finished = 0;         // of its points
    std::vector<double> scores;       // each finished run's best (every repeat), smallest first
    std::size_t runs = 0;
    double evals = 0, secs = 0;  // summed over the finished runs
    // From the config of its first point that has one (config.json): its `label` (else its
    // name) and the published figure it names (`reference`), shown when configs are swept.
    std::string label;
    std::optional<double> reference;
    std::map<std::string, std::vector<double>> measures;  // each finished run's, smallest first
};

// The sweep's points grouped by `keys` (default: its group keys), in the order of their first
// point. A key that is not swept is a ConfigError naming the swept keys. `files`: which config
// files the points' runs are checked against (PointRuns).
std::vector<SweepGroup> group_sweep(const std::filesystem::path& dir, const SweepSpec& spec,
                                    const std::vector<std::string>& keys,
                                    ConfigFiles files = ConfigFiles::named_too);

// How a table of groups is written: its keys and, when set, the score a run must beat to count
// as past it and the one it must reach (an optimum).
struct GroupTable {
    std::vector<std::string> keys;
    std::vector<SweepGroup> groups;
    std::optional<double> past;
    std::optional<double> reached;
};
// The measures any group of the table has, by name (a column each), in the order of their names.
std::vector<std::string> measure_names(const GroupTable& t);
std::string group_table_markdown(const GroupTable& t);
std::string group_table_csv(const GroupTable& t);
nlohmann::json group_table_json(const GroupTable& t);

bool all_points_finished(const std::filesystem::path& dir, const SweepSpec& spec);
// SWEEP/summary.md, summary.csv and summary.json: grouped by the group keys, runs past the
// config's `reference` counted when it names one.
void write_sweep_tables(const std::filesystem::path& dir, const SweepSpec& spec);

// What `mazesearch summarize` takes for sweep folders: --by (comma-separated keys; "" groups
// nothing), --optimum (NaN: no column of runs that reached it), --past, --format (md, csv or
// json) and --compare. Here so that the command and the Python module make the same table.
struct SweepTableOptions {
    std::string by;
    double optimum = std::numeric_limits<double>::quiet_NaN();
    std::optional<double> past;
    std::string format = "md";
    bool compare = false;
    // --measure: --compare tests the runs' values of this measure (the optimizer's, e.g.
    // qd_score) instead of their best scores; "" the best scores. ConfigError when no run of the
    // table has it.
    std::string measure;
};
// ConfigError when two of `dirs` are the same folder (by their files, however they are named:
// a/sw, a/sw/, ./a/sw, a link to it), whose runs a table would count twice.
void refuse_repeated_folders(const std::vector<std::string>& dirs);

// (sweep_folder_tables.cpp) The table of the sweep folders `dirs` as `summarize` prints it, grouped
// by o.by when `by_given`, else by each sweep's group keys. Several sweeps make one table, each row
// named first by its sweep's folder (its name, or as many of the last parts of its path as tell it
// from the others: a/sw and b/sw); ConfigError when they are grouped by other keys, a folder is
// given twice, or a folder cannot be read.
std::string sweep_table(const SweepTableOptions& o, const std::vector<std::string>& dirs,
                        bool by_given);

}  // namespace maze::experiments
