// Does one combination of a sweep beat another over its seeds? Each combination is tested against
// the leader (the highest median, the first of equals) with the Mann-Whitney rank test, and the
// leader's lead is estimated with the Hodges-Lehmann shift and its 95% interval
// (experiments/stats/rank_compare.hpp). Rank statistics: nothing assumes the scores are normal.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "mazesearch/experiments/sweep/sweep_table.hpp"

namespace maze::experiments {

// The comparison as a Markdown table, with a line that says how to read it.
std::string compare_groups_markdown(const GroupTable& t);
// The same as JSON: the leader and one entry per other combination.
nlohmann::json compare_groups_json(const GroupTable& t);

}  // namespace maze::experiments
