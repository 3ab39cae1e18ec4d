// mazesearch summarize DIR...: one Markdown table row per run directory (best, median and worst
// over its repeats, beside the reference figure its config names).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "mazesearch/cli/command_options.hpp"
#include "mazesearch/cli/commands.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/run/report.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_runner.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"

namespace maze::experiments {

namespace {

// The cells of a run's measures: the median over its repeats, empty where it has none.
std::string measure_cells(const RunFigures& f, const std::vector<std::string>& measures) {
    std::string cells;
    for (const std::string& m : measures) {
        const auto it = f.measures.find(m);
        cells +=
            " " +
            (it == f.measures.end() ? std::string() : score_text(median_of_sorted(it->second))) +
            " |";
    }
    return cells;
}

// The table's row of the run folder d (its figures f); `optimum` NaN: no column of runs that
// reached it; a column of each of `measures` (its repeats' median).
std::string table_row(const std::string& d, const RunFigures& f, double optimum,
                      const std::vector<std::string>& measures) {
    const nlohmann::json cfg = read_json_file(std::filesystem::path(d) / "config.json");
    const std::vector<double>& scores = f.scores;
    const std::string label = markdown_cell(cfg.value("label", cfg.value("name", d)));
    const std::string ref = cfg.contains("reference") && cfg["reference"].is_number()
                                ? score_text(cfg["reference"].get<double>())
                                : "";
    const size_t n = scores.size();
    const std::string median = n == 0 ? "" : score_text(median_of_sorted(scores));
    std::string hits;
    if (!std::isnan(optimum))
        hits = " " +
               std::to_string(std::count_if(scores.begin(), scores.end(),
                                            [&](double v) { return v >= optimum; })) +
               " |";
    return "| " + label + " | " + ref + " | " + std::to_string(f.runs) + " | " +
           (n ? score_text(scores.back()) : "") + " | " + median + " | " +
           (n ? score_text(scores.front()) : "") + " |" + hits + measure_cells(f, measures) + " " +
           table_number(f.evals / static_cast<double>(f.runs)) + " | " +
           table_number(f.secs / static_cast<double>(f.runs)) + " |\n";
}

void print_table(const std::vector<std::string>& rows, double optimum,
                 const std::vector<std::string>& measures) {
    const bool with_optimum = !std::isnan(optimum);
    std::string opt_col = with_optimum ? " reached " + score_text(optimum) + " |" : "";
    std::string opt_rule = with_optimum ? " ---: |" : "";
    for (const std::string& m : measures) {
        opt_col += " median " + markdown_cell(m) + " |";
        opt_rule += " ---: |";
    }
    std::printf(
        "| run | reference | runs | best | median | worst |%s evaluations per run | "
        "seconds per run |\n",
        opt_col.c_str());
    std::printf("| --- | ---: | ---: | ---: | ---: | ---: |%s ---: | ---: |\n", opt_rule.c_str());
    for (const std::string& row : rows) std::fputs(row.c_str(), stdout);
}

// A CLI11 check: a number a double holds (1e400 was read as inf, 1e-400 as 0, and said so in
// the table's column: "reached inf").
CLI::Validator double_range() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            const char* first = text.data() + (text.rfind('+', 0) == 0);
            double v = 0;
            const auto [end, ec] = std::from_chars(first, text.data() + text.size(), v);
            if (ec != std::errc::result_out_of_range) return "";
            return text + ": " +
                   (std::abs(std::strtod(first, nullptr)) > 1
                        ? "a number past a double's range (1.7976931348623157e+308)"
                        : "a number too close to 0 for a double (not 0, but below 5e-324)");
        },
        "", "");
}

// The sweep options (sweep_table.hpp) and the folders, which may be run folders instead.
struct SummarizeOptions : SweepTableOptions {
    std::vector<std::string> dirs;
};

}  // namespace

Command add_summarize(CLI::App& app) {
    auto o = std::make_shared<SummarizeOptions>();
    CLI::App* sub = app.add_subcommand(
        "summarize", "Markdown table of finished run directories, or of a sweep's combinations");
    sub->add_option("dirs", o->dirs,
                    "Run directories (made by `mazesearch run`), finished, or "
                    "sweep folders (made by `mazesearch sweep`)")
        ->required();
    sub->add_option("--optimum", o->optimum, "Also count the runs that reached this score")
        ->check(double_range() & not_nan());
    sub->add_option("--past", o->past, "Sweeps: also count the runs whose best is above this")
        ->check(double_range() & not_nan());
    CLI::Option* by =
        sub->add_option("--by", o->by,
                        "Sweeps: group by these swept keys (comma-separated) [the swept keys "
                        "but seed]");
    sub->add_option("--format", o->format, "Sweeps: md, csv or json [md]")
        ->check(CLI::IsMember({"md", "csv", "json"}));
    sub->add_flag("--compare", o->compare,
                  "Sweeps: test each combination against the one with the highest median "
                  "(Mann-Whitney rank test, Hodges-Lehmann interval of the difference)");
    CLI::Option* measure = sub->add_option(
        "--measure", o->measure,
        "Sweeps, with --compare: compare on this measure of the optimizer at each run's end "
        "(map-elites: coverage, qd_score, elites) instead of the best scores");
    sub->footer(
        "Every folder is read before the table is printed: a folder that is not a finished run\n"
        "is an error (exit status 2) and no table is printed. A sweep's table has one row per\n"
        "combination of its swept keys, over its seeds, and counts only its finished points;\n"
        "several sweeps make one table, each row named by its sweep's folder first.");
    return {sub, [o, by, measure] {
                // Every table first, so that a bad folder stops the command before any output.
                refuse_repeated_folders(o->dirs);
                std::vector<std::string> sweeps, runs;
                std::vector<RunFigures> figures;
                std::set<std::string> measured;
                for (const std::string& d : o->dirs) {
                    if (is_sweep_folder(d)) {
                        sweeps.push_back(d);
                        continue;
                    }
                    runs.push_back(d);
                    figures.push_back(read_run_figures(d));
                    for (const auto& [name, values] : figures.back().measures)
                        measured.insert(name);
                }
                const std::vector<std::string> measures(measured.begin(), measured.end());
                std::vector<std::string> rows;
                for (std::size_t i = 0; i < runs.size(); ++i)
                    rows.push_back(table_row(runs[i], figures[i], o->optimum, measures));
                if (!sweeps.empty() && !rows.empty())
                    throw ConfigError("summarize: give run folders or sweep folders, not both");
                const bool sweep_options = o->format != "md" || o->compare || o->past ||
                                           by->count() > 0 || measure->count() > 0;
                if (sweep_options && !rows.empty()) {
                    throw ConfigError(
                        "summarize: --by, --past, --format, --compare and --measure are for "
                        "sweep folders");
                }
                if (measure->count() > 0 && !o->compare)
                    throw ConfigError(
                        "summarize: --measure is what --compare compares; give "
                        "--compare too");
                if (!sweeps.empty())
                    std::fputs(sweep_table(*o, sweeps, by->count() > 0).c_str(), stdout);
                if (!rows.empty()) print_table(rows, o->optimum, measures);
                return kExitOk;
            }};
}

}  // namespace maze::experiments
