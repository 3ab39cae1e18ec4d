#include "mazesearch/experiments/run/checkpoint.hpp"

#include <vector>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"

namespace fs = std::filesystem;

namespace maze::cli {

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
    std::vector<std::string> problems;
    for (const fs::path& p : {path, previous_checkpoint_path(path)}) {
        std::error_code ec;
        if (!fs::exists(p, ec)) continue;
        try {
            Checkpoint c = parse_checkpoint(read_text_file(p), p.string());
            accept(c);
            if (!problems.empty())
                warn(p.string() + ": resuming from this previous checkpoint instead");
            return c;
        } catch (const std::exception& e) {
            const std::string why = e.what();
            // Messages of the parser start with the path already.
            problems.push_back(why.rfind(p.string(), 0) == 0 ? why : p.string() + ": " + why);
            warn(problems.back() + " (corrupt; skipped)");
        }
    }
    if (problems.empty()) return std::nullopt;
    std::string message = "no usable checkpoint: ";
    for (std::size_t i = 0; i < problems.size(); ++i) message += (i ? "; " : "") + problems[i];
    message += ". To start this run (or repeat) from the beginning instead, remove " +
               path.string() + " and " + previous_checkpoint_path(path).string() +
               " and resume again";
    throw ConfigError(message);
}

}  // namespace maze::cli
