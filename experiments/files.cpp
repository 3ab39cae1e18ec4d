#include "mazesearch/experiments/files.hpp"

#include <fstream>
#include <sstream>

#include "mazesearch/experiments/config.hpp"

namespace maze::cli {

void write_file_atomically(const std::filesystem::path& path, const std::string& text) {
    const std::filesystem::path tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary);
        if (!out) throw ConfigError(tmp.string() + ": cannot open the file for writing");
        out << text;
        out.flush();
        if (!out) throw ConfigError(tmp.string() + ": write error");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw ConfigError(path.string() + ": cannot replace the file: " + ec.message());
}

std::string read_text_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ConfigError(path.string() + ": cannot open the file");
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

nlohmann::json read_json_file(const std::filesystem::path& path) {
    const std::string text = read_text_file(path);
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError(path.string() + ": not valid JSON: " + e.what());
    }
}

}  // namespace maze::cli
