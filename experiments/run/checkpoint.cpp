#include "mazesearch/experiments/run/checkpoint.hpp"

#include <vector>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

Checkpoint parse_checkpoint(std::string_view text, const std::string& source) {
    try {
        return nlohmann::json::parse(text).get<Checkpoint>();
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError(source + ": not a checkpoint: " + e.what());
    } catch (const std::invalid_argument& e) {
        throw ConfigError(source + ": not a checkpoint: " + e.what());
    }
}

fs::path previous_checkpoint_path(const fs::path& path) {
    return path.parent_path() / (path.stem().string() + ".prev" + path.extension().string());
}

void save_checkpoint(const fs::path& path, const Checkpoint& c) {
    write_file_keeping_previous(path, previous_checkpoint_path(path),
                                nlohmann::json(c).dump() + "\n");
}

std::optional<Checkpoint> load_checkpoint(const fs::path& path,
                                          const std::function<void(const Checkpoint&)>& accept,
                                          const std::function<void(const std::string&)>& warn) {
    std::optional<Checkpoint> taken;
    take_latest_or_previous(
        path, previous_checkpoint_path(path),
        [&](const fs::path& p) {
            Checkpoint c = parse_checkpoint(read_text_file(p), p.string());
            accept(c);
            taken = std::move(c);
        },
        warn, "checkpoint",
        [&](const std::string& files) {
            return "To start this run (or repeat) from the beginning instead, remove " + files +
                   " and resume again";
        });
    return taken;
}

}  // namespace maze::experiments
