#include "mazesearch/experiments/run/checkpoint.hpp"

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"

namespace maze::cli {

void save_checkpoint(const std::filesystem::path& path, const Checkpoint& c) {
    write_file_atomically(path, nlohmann::json(c).dump() + "\n");
}

std::optional<Checkpoint> load_checkpoint(const std::filesystem::path& path) {
    if (!std::filesystem::exists(path)) return std::nullopt;
    try {
        return read_json_file(path).get<Checkpoint>();
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError(path.string() + ": not a checkpoint: " + e.what());
    }
}

}  // namespace maze::cli
