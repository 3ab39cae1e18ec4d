// What a run reports: summary.json of each repeat, the summary of all repeats, and the lines
// printed at the end (the best board, its score, where the files are).
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/search/evaluator.hpp"

namespace maze::experiments {

class BoardView;

// A score as people read it: integral values without decimals, others to six digits,
// infinities as "inf" / "-inf".
std::string format_score(double v);

// summary.json of one repeat.
nlohmann::json repeat_summary(const RunConfig& config, const BoardView& view, const Evaluator& ev,
                              std::uint64_t seed, std::uint64_t steps, const std::string& reason,
                              int repeat);
// summary.json of a run of several repeats: best, median and worst of their best scores, the
// totals, and every repeat's summary.
nlohmann::json aggregate_summary(const RunConfig& config, const BoardView& view,
                                 const std::vector<nlohmann::json>& repeats);

// Prints the best repeat's board and score, the run folder and the picture (standard output).
void print_report(const RunConfig& config, const BoardView& view, const std::filesystem::path& root,
                  const std::vector<nlohmann::json>& repeats);

}  // namespace maze::experiments
