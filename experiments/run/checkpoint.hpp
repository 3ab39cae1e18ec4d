// checkpoint.json of a run or repeat folder: everything needed to go on exactly where the run
// stopped (the optimizer's and the evaluator's state, the step, the logbook rows written).
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace maze::cli {

struct Checkpoint {
    int version = 1;
    std::uint64_t step = 0;
    std::uint64_t logbook_rows = 0;
    nlohmann::json optimizer;  // Optimizer::save()
    nlohmann::json evaluator;  // Evaluator::save()
    NLOHMANN_DEFINE_TYPE_INTRUSIVE(Checkpoint, version, step, logbook_rows, optimizer, evaluator)
};

// The checkpoint in `text` (the contents of a checkpoint.json); ConfigError naming `source` when
// it is not one (not JSON, a field missing or of the wrong kind).
Checkpoint parse_checkpoint(std::string_view text, const std::string& source);

void save_checkpoint(const std::filesystem::path& path, const Checkpoint& c);
// The checkpoint in `path`, none when there is no such file; ConfigError naming the file when
// it cannot be read.
std::optional<Checkpoint> load_checkpoint(const std::filesystem::path& path);

}  // namespace maze::cli
