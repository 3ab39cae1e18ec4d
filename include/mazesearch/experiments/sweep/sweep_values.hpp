// The values of one override of a sweep: `key=a,b,c` is a list, `key=range(1, 11)` a range,
// anything else one value (docs/formats.md, "Sweep folders").
#pragma once

#include <string>
#include <vector>

namespace maze::experiments {

// The values of one override's value text: the comma-separated list, or the range, expanded;
// a single value is a list of one. `where` names the override in errors (ConfigError).
std::vector<std::string> sweep_values(const std::string& text, const std::string& where);

// The text split at its commas outside quotes, YAML flow collections and parentheses that pair
// up, each item trimmed; ConfigError naming `where` for a quote or a flow collection not closed.
std::vector<std::string> split_sweep_list(const std::string& text, const std::string& where);

// True for range(...), spaces around it allowed.
bool is_sweep_range(const std::string& text);

}  // namespace maze::experiments
