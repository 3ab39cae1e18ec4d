#include "mazesearch/experiments/command_input.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "mazesearch/engine/board.hpp"
#include "mazesearch/engine/graph_file.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/input_file.hpp"

namespace maze::experiments {

// Named, not anonymous: the command's library is a unity build.
namespace command_input {

constexpr std::size_t kHeadBytes = 4096;  // how much check_file_kinds reads of each file

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

bool ends_with_json(std::string_view path) {
    return path.size() >= 5 && path.substr(path.size() - 5) == ".json";
}

// Why a file is taken for its kind, as the refusal says it.
std::string reason(FileKind kind, std::string_view head) {
    switch (kind) {
        case FileKind::PassageBoard:
            return " (it starts with '+')";
        case FileKind::GraphFile: {
            for (char c : head)
                if (!is_space(c)) return c == '{' ? " (it starts with '{')" : " (named *.json)";
            return " (named *.json)";
        }
        case FileKind::CellBoard:
            break;
    }
    return "";
}

std::string plural(FileKind kind) {
    switch (kind) {
        case FileKind::CellBoard:
            return "cell boards";
        case FileKind::PassageBoard:
            return "passage boards";
        case FileKind::GraphFile:
            return "graph files";
    }
    return "";
}

// "a board file or a graph file": what a directory given in place of the file should have been.
std::string expected_text(const FileKinds& takes) {
    bool boards = false, graphs = false;
    for (FileKind k : takes.kinds) (k == FileKind::GraphFile ? graphs : boards) = true;
    if (boards && graphs) return "a board file or a graph file";
    return graphs ? "a graph file" : "a board file";
}

// The kind of a file (its first kind when none can be told), refused unless `takes` has it.
FileKind kind_taken(std::string_view head, const std::string& name, const std::string& path,
                    const FileKinds& takes) {
    const std::optional<FileKind> kind = sniff_file_kind(head, path);
    if (!kind) return takes.kinds.front();
    if (!takes.takes(*kind))
        throw InputError(name, 0,
                         file_kind_name(*kind) + reason(*kind, head) + "; " + takes.command +
                             " takes " + takes.text());
    return *kind;
}

}  // namespace command_input

std::string file_kind_name(FileKind kind) {
    switch (kind) {
        case FileKind::CellBoard:
            return "a cell board";
        case FileKind::PassageBoard:
            return "a passage board";
        case FileKind::GraphFile:
            return "a graph file";
    }
    return "a file";
}

std::optional<FileKind> sniff_file_kind(std::string_view head, std::string_view path) {
    if (!head.empty()) {
        const char first = head.front();
        if (first == '+') return FileKind::PassageBoard;
        if (first == '.' || first == '#' || first == 'S' || first == 'E')
            return FileKind::CellBoard;
        for (char c : head) {
            if (command_input::is_space(c)) continue;
            if (c == '{') return FileKind::GraphFile;
            break;
        }
    }
    if (command_input::ends_with_json(path)) return FileKind::GraphFile;
    return std::nullopt;
}

bool FileKinds::takes(FileKind kind) const {
    for (FileKind k : kinds)
        if (k == kind) return true;
    return false;
}

std::string FileKinds::text() const {
    std::string out;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        if (i > 0) out += i + 1 == kinds.size() ? " and " : ", ";
        out += command_input::plural(kinds[i]);
    }
    return out;
}

InputFile read_input_file(const std::string& path, const FileKinds& takes) {
    InputFile file{path == "-" ? "<stdin>" : path, "", takes.kinds.front()};
    file.text =
        read_input_sniffed(path, command_input::expected_text(takes), [&](std::string_view head) {
            file.kind = command_input::kind_taken(head, file.name, path, takes);
            return file.kind == FileKind::GraphFile
                       ? InputLimit{kMaxGraphFileBytes, "a graph file"}
                       : InputLimit{kMaxBoardFileBytes, "a board file"};
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
