// What a walk is worth to a search (docs/rules.md, "Objectives"): its moves (the paper's score,
// the default), or the visits of its most-visited cell (an objective the paper's Section 6
// suggests). Apart from the walks, so that whoever names an objective needs no walk.
#pragma once

#include <optional>
#include <string_view>

namespace maze {

enum class WalkObjective { Moves, MaxVisits };
// "moves" or "max-visits", the names of configs, command options and result files.
std::string_view objective_name(WalkObjective objective);
std::optional<WalkObjective> objective_from_name(std::string_view name);

}  // namespace maze
