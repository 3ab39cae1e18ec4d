// mazesearch summarize DIR...: one Markdown table row per run directory (best, median and worst
// over its repeats, beside the reference figure its config names).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/commands/commands.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/run/report.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/search/state_json.hpp"

namespace maze::experiments {

namespace {

std::string num(double v) {
    // Integers and infinities as a score is printed; fractions (means) to one decimal.
    if (!std::isfinite(v) || v == std::trunc(v)) return format_score(v);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

// d is a finished run folder (config.json and summary.json); ConfigError naming it otherwise.
void check_finished_run(const std::string& d) {
    const std::filesystem::path dir(d);
    std::error_code ec;
    if (!std::filesystem::exists(dir, ec))
        throw ConfigError(d + ": not a run folder (no such folder)");
    if (!std::filesystem::is_directory(dir, ec))
        throw ConfigError(d + ": not a run folder (not a folder)");
    if (!std::filesystem::exists(dir / "config.json", ec))
        throw ConfigError(d + ": not a run folder (no config.json)");
    if (!std::filesystem::exists(dir / "summary.json", ec))
        throw ConfigError(d + ": not finished (status: " + RunFolder::status(dir) +
                          "); finish it with `mazesearch resume " + d + "`");
}

// What the repeats of a run found and spent.
struct RunFigures {
    std::vector<double> scores;  // the best of each repeat that has one, smallest first
    std::size_t runs = 0;
    double evals = 0, secs = 0;  // summed over the repeats
};

RunFigures read_figures(const std::string& d, const nlohmann::json& s, const nlohmann::json& cfg) {
    RunFigures f;
    std::vector<nlohmann::json> runs;
    try {
        if (s.contains("runs"))
            for (const auto& r : s.at("runs")) runs.push_back(r);
        else
            runs.push_back(s);
        for (const auto& r : runs) {
            // A number, or "inf"/"-inf" for a target that rates boards so; null: none.
            if (!r.at("best_score").is_null()) f.scores.push_back(r.at("best_score").get<Real>());
            f.evals += r.at("evaluations").get<double>();
            f.secs += r.at("seconds").get<double>();
        }
        if (!cfg.is_object()) throw ConfigError("config.json: not an object");
    } catch (const std::exception& e) {
        throw ConfigError(d + ": not the summary of a run: " + e.what());
    }
    std::sort(f.scores.begin(), f.scores.end());
    f.runs = runs.size();
    return f;
}

// The table's row of the run folder d; `optimum` NaN: no column of runs that reached it.
std::string table_row(const std::string& d, double optimum) {
    check_finished_run(d);
    const std::filesystem::path dir(d);
    const nlohmann::json s = read_json_file(dir / "summary.json");
    const nlohmann::json cfg = read_json_file(dir / "config.json");
    const RunFigures f = read_figures(d, s, cfg);
    const std::vector<double>& scores = f.scores;
    const std::string label = cfg.value("label", cfg.value("name", d));
    const std::string ref = cfg.contains("reference") && cfg["reference"].is_number()
                                ? num(cfg["reference"].get<double>())
                                : "";
    const size_t n = scores.size();
    const std::string median =
        n == 0 ? "" : num(n % 2 ? scores[n / 2] : (scores[n / 2 - 1] + scores[n / 2]) / 2);
    std::string hits;
    if (!std::isnan(optimum))
        hits = " " +
               std::to_string(std::count_if(scores.begin(), scores.end(),
                                            [&](double v) { return v >= optimum; })) +
               " |";
    return "| " + label + " | " + ref + " | " + std::to_string(f.runs) + " | " +
           (n ? num(scores.back()) : "") + " | " + median + " | " + (n ? num(scores.front()) : "") +
           " |" + hits + " " + num(f.evals / static_cast<double>(f.runs)) + " | " +
           num(f.secs / static_cast<double>(f.runs)) + " |\n";
}

void print_table(const std::vector<std::string>& rows, double optimum) {
    const bool with_optimum = !std::isnan(optimum);
    const std::string opt_col = with_optimum ? " reached " + num(optimum) + " |" : "";
    std::printf(
        "| run | reference | runs | best | median | worst |%s evaluations per run | "
        "seconds per run |\n",
        opt_col.c_str());
    std::printf("| --- | ---: | ---: | ---: | ---: | ---: |%s ---: | ---: |\n",
                with_optimum ? " ---: |" : "");
    for (const std::string& row : rows) std::fputs(row.c_str(), stdout);
}

}  // namespace

Command add_summarize(CLI::App& app) {
    auto dirs = std::make_shared<std::vector<std::string>>();
    auto optimum = std::make_shared<double>(std::numeric_limits<double>::quiet_NaN());
    CLI::App* sub = app.add_subcommand("summarize", "Markdown table of finished run directories");
    sub->add_option("dirs", *dirs, "Run directories (made by `mazesearch run`), finished")
        ->required();
    sub->add_option("--optimum", *optimum, "Also count the runs that reached this score")
        ->check(not_nan());
    sub->footer(
        "Every folder is read before the table is printed: a folder that is not a finished run\n"
        "is an error (exit status 2) and no table is printed.");
    return {sub, [dirs, optimum] {
                // Every row first, so that a bad folder stops the command before any output.
                std::vector<std::string> rows;
                for (const std::string& d : *dirs) rows.push_back(table_row(d, *optimum));
                print_table(rows, *optimum);
                return kExitOk;
            }};
}

}  // namespace maze::experiments
