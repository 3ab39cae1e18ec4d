// What the config tests share: a good config and the message of loading it with overrides.
#pragma once

#include <string>
#include <vector>

#include "mazesearch/experiments/config.hpp"

namespace maze::testing_support::config_support {

inline const char* const kGood = R"(name: t
seed: 7
repeats: 3
target:
  kind: mouse-maze
  rows: 5
  cols: 6
  start: [0, 1]
  exit: [4, 2]
optimizer:
  kind: genetic
  mutation: 0.05
budget:
  evaluations: 1000
)";

// The message of load_config_text on `text`, named cfg.yaml.
inline std::string text_error(const std::string& text,
                              const std::vector<std::string>& overrides = {}) {
    try {
        maze::experiments::load_config_text(text, "cfg.yaml", overrides);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace maze::testing_support::config_support
