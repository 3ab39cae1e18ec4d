// checkpoint.json of a run or repeat folder: everything needed to go on exactly where the run
// stopped (the optimizer's and the evaluator's state, the step, the logbook rows written).
//
// Each save keeps the one before as checkpoint.prev.json (files.hpp: written, synced, renamed), so
// that a latest checkpoint found corrupt (truncated, emptied by a power loss, edited) falls back to
// the previous one; a resumed run then ends exactly as an uninterrupted one, only later.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "mazesearch/search/state_json.hpp"

namespace maze::experiments {

struct Checkpoint {
    int version = 1;
    std::uint64_t step = 0;
    std::uint64_t logbook_rows = 0;
    nlohmann::json optimizer;  // Optimizer::save()
    nlohmann::json evaluator;  // Evaluator::save()
    // Read strictly (search/state_json.hpp): a float or a negative number in an integer field is
    // an error, not a conversion.
    MAZESEARCH_DEFINE_STATE(Checkpoint, version, step, logbook_rows, optimizer, evaluator)
};

// The checkpoint in `text` (the contents of a checkpoint.json); ConfigError naming `source` when
// it is not one (not JSON, a field missing or of the wrong kind).
Checkpoint parse_checkpoint(std::string_view text, const std::string& source);

// checkpoint.prev.json beside checkpoint.json.
std::filesystem::path previous_checkpoint_path(const std::filesystem::path& path);

// Writes `c` to `path`, keeping the checkpoint it replaces as the previous one.
void save_checkpoint(const std::filesystem::path& path, const Checkpoint& c);

// The latest usable checkpoint: `path`, else the previous one. A checkpoint is usable when it
// parses and `accept` (which restores it, throwing std::exception when it cannot) takes it. Each
// one passed over is said through `warn` with its path and why. None when neither file exists (no
// checkpoint written yet); ConfigError naming the files and what to do when both are unusable.
std::optional<Checkpoint> load_checkpoint(const std::filesystem::path& path,
                                          const std::function<void(const Checkpoint&)>& accept,
                                          const std::function<void(const std::string&)>& warn);

}  // namespace maze::experiments
