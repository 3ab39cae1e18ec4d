#include "mazesearch/experiments/run/checkpoint.hpp"

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"

namespace maze::cli {

void save_checkpoint(const std::filesystem::path& path, const Checkpoint& c) {
    write_file_atomically(path, nlohmann::json(c).dump() + "\n");
}

Checkpoint parse_checkpoint(std::string_view text, const std::string& source) {
    try {
        return nlohmann::json::parse(text).get<Checkpoint>();
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError(source + ": not a checkpoint: " + e.what());
    }
}

std::optional<Checkpoint> load_checkpoint(const std::filesystem::path& path) {
    if (!std::filesystem::exists(path)) return std::nullopt;
    return parse_checkpoint(read_text_file(path), path.string());
}

}  // namespace maze::cli
