#include "mazesearch/engine/input_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <vector>

#include "mazesearch/engine/input_error.hpp"

namespace maze {

std::string byte_size_text(std::size_t bytes) {
    constexpr std::size_t kMiB = std::size_t{1} << 20, kKiB = std::size_t{1} << 10;
    if (bytes >= kMiB && bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
    if (bytes >= kKiB && bytes % kKiB == 0) return std::to_string(bytes / kKiB) + " KiB";
    return std::to_string(bytes) + " bytes";
}

// Named, not anonymous: the engine is built as a unity build.
namespace input_reading {

constexpr std::size_t kChunkBytes = std::size_t{1} << 16;

// Reads `in` whole; the limit comes from `limit_for`, called with the first chunk.
std::string read_stream(std::istream& in, const std::string& source,
                        const std::function<InputLimit(std::string_view)>& limit_for) {
    std::string text;
    std::vector<char> chunk(kChunkBytes);
    std::optional<InputLimit> limit;
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto got = static_cast<std::size_t>(in.gcount());
        if (!limit) limit = limit_for(std::string_view(chunk.data(), got));
        if (got > limit->max_bytes - text.size())
            throw InputError(source, 0,
                             "the input is longer than " + byte_size_text(limit->max_bytes) +
                                 ", the most " + limit->kind + " may take");
        text.append(chunk.data(), got);
    }
    if (in.bad()) throw InputError(source, 0, "read error");
    return text;
}

// Opens `path` for reading; a missing file or a directory is an InputError naming it.
std::ifstream open_input(const std::string& path, std::string_view kind) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw InputError(path, 0, std::string("cannot open the file: ") + std::strerror(errno));
    if (S_ISDIR(st.st_mode))
        throw InputError(path, 0, "is a directory; expected " + std::string(kind));
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path, 0, std::string("cannot open the file: ") + std::strerror(errno));
    return in;
}

}  // namespace input_reading

std::string read_input_stream(std::istream& in, const std::string& source, std::size_t max_bytes,
                              std::string_view kind) {
    return input_reading::read_stream(in, source, [&](std::string_view) {
        return InputLimit{max_bytes, std::string(kind)};
    });
}

std::string read_input(const std::string& path, std::size_t max_bytes, std::string_view kind) {
    if (path == "-") return read_input_stream(std::cin, "<stdin>", max_bytes, kind);
    std::ifstream in = input_reading::open_input(path, kind);
    return read_input_stream(in, path, max_bytes, kind);
}

std::string read_input_sniffed(const std::string& path, std::string_view kind,
                               const std::function<InputLimit(std::string_view head)>& limit_for) {
    if (path == "-") return input_reading::read_stream(std::cin, "<stdin>", limit_for);
    std::ifstream in = input_reading::open_input(path, kind);
    return input_reading::read_stream(in, path, limit_for);
}

std::vector<std::string> text_lines(std::string_view text) {
    std::vector<std::string> lines;
    size_t pos = 0;
    while (pos < text.size()) {
        const size_t nl = text.find('\n', pos);
        const size_t end = nl == std::string_view::npos ? text.size() : nl;
        std::string line(text.substr(pos, end - pos));
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(std::move(line));
        pos = end + (nl == std::string_view::npos ? 0 : 1);
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
}

}  // namespace maze
