// Reading and writing the files of run directories and enumeration results. Writes go to a
// temporary file that is then renamed, so a reader (or a crash) never sees half a file.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace maze::cli {

// Throw ConfigError naming the file on failure.
void write_file_atomically(const std::filesystem::path& path, const std::string& text);
std::string read_text_file(const std::filesystem::path& path);
nlohmann::json read_json_file(const std::filesystem::path& path);

}  // namespace maze::cli
