#include "mazesearch/experiments/command_input.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/input_file.hpp"
#include "mazesearch/experiments/models/file_models.hpp"

namespace maze::experiments {

// Named, not anonymous: the command's library is a unity build.
namespace command_input {

constexpr std::size_t kHeadBytes = 4096;  // how much check_file_kinds reads of each file

// "a board file or a graph file": what a directory given in place of the file should have been.
std::string expected_text(const FileKinds& takes) {
    std::vector<std::string_view> files;
    for (ModelId k : takes.kinds) {
        const std::string_view f = file_model(k).file_text;
        if (std::find(files.begin(), files.end(), f) == files.end()) files.push_back(f);
    }
    std::string out;
    for (std::size_t i = 0; i < files.size(); ++i) out += (i ? " or " : "") + std::string(files[i]);
    return out;
}

// The kind of a file (its first kind when none can be told), refused unless `takes` has it.
ModelId kind_taken(std::string_view head, const std::string& name, const std::string& path,
                    const FileKinds& takes) {
    const std::optional<ModelId> kind = sniff_file_kind(head, path);
    if (!kind) return takes.kinds.front();
    if (!takes.takes(*kind))
        throw InputError(name, 0,
                         file_kind_name(*kind) + file_model(*kind).reason(head, path) + "; " +
                             takes.command + " takes " + takes.text());
    return *kind;
}

}  // namespace command_input

std::string file_kind_name(ModelId kind) {
    return std::string(file_model(kind).one);
}

std::optional<ModelId> sniff_file_kind(std::string_view head, std::string_view path) {
    for (const FileModel& m : file_models())
        if (m.starts_like(head)) return m.kind;
    for (const FileModel& m : file_models())
        if (m.named_like && m.named_like(path)) return m.kind;
    return std::nullopt;
}

bool FileKinds::takes(ModelId kind) const {
    for (ModelId k : kinds)
        if (k == kind) return true;
    return false;
}

std::string FileKinds::text() const {
    std::string out;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        if (i > 0) out += i + 1 == kinds.size() ? " and " : ", ";
        out += file_model(kinds[i]).plural;
    }
    return out;
}

InputFile read_input_file(const std::string& path, const FileKinds& takes) {
    InputFile file{path == "-" ? "<stdin>" : path, "", takes.kinds.front()};
    file.text =
        read_input_sniffed(path, command_input::expected_text(takes), [&](std::string_view head) {
            file.kind = command_input::kind_taken(head, file.name, path, takes);
            const FileModel& m = file_model(file.kind);
            return InputLimit{m.max_bytes, std::string(m.file_text)};
        });
    return file;
}

void check_file_kinds(const std::vector<std::string>& paths, const FileKinds& takes) {
    for (const std::string& path : paths) {
        std::error_code ec;
        if (path == "-" || std::filesystem::is_directory(path, ec)) continue;
        std::ifstream in(path, std::ios::binary);
        if (!in) continue;
        std::string head(command_input::kHeadBytes, '\0');
        in.read(head.data(), static_cast<std::streamsize>(head.size()));
        head.resize(static_cast<std::size_t>(in.gcount()));
        command_input::kind_taken(head, path, path, takes);
    }
}

}  // namespace maze::experiments
