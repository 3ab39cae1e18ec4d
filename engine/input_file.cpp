#include "mazesearch/engine/input_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <vector>

#include "mazesearch/engine/input_error.hpp"

namespace maze {

std::string byte_size_text(std::size_t bytes) {
    constexpr std::size_t kMiB = std::size_t{1} << 20, kKiB = std::size_t{1} << 10;
    if (bytes >= kMiB && bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
    if (bytes >= kKiB && bytes % kKiB == 0) return std::to_string(bytes / kKiB) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string read_input_stream(std::istream& in, const std::string& source, std::size_t max_bytes,
                              std::string_view kind) {
    std::string text;
    std::vector<char> chunk(std::size_t{1} << 16);
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto got = static_cast<std::size_t>(in.gcount());
        if (got > max_bytes - text.size())
            throw InputError(source, 0,
                             "the input is longer than " + byte_size_text(max_bytes) +
                                 ", the most " + std::string(kind) + " may take");
        text.append(chunk.data(), got);
    }
    if (in.bad()) throw InputError(source, 0, "read error");
    return text;
}

std::string read_input(const std::string& path, std::size_t max_bytes, std::string_view kind) {
    if (path == "-") return read_input_stream(std::cin, "<stdin>", max_bytes, kind);
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw InputError(path, 0, std::string("cannot open the file: ") + std::strerror(errno));
    if (S_ISDIR(st.st_mode))
        throw InputError(path, 0, "is a directory; expected " + std::string(kind));
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path, 0, std::string("cannot open the file: ") + std::strerror(errno));
    return read_input_stream(in, path, max_bytes, kind);
}

}  // namespace maze
