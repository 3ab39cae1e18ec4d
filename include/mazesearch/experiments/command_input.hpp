// What the commands take as input: the kind of a board or graph file, told by its first bytes so
// that a command given a file of another kind says so ("maze.txt: a passage board; neighbourhood
// takes cell boards") instead of letting the wrong parser fail on it. The numeric options that
// must be finite are CLI11 checks, in command_options.hpp (the Python module reads files too but
// parses no command line).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mazesearch/models/model_id.hpp"

namespace maze::experiments {

// The kind of a file is the board model it is of (ModelId): "a cell board", "a passage board",
// "a graph file", "a hex board" (experiments/models/file_models.hpp registers the kinds).
std::string file_kind_name(ModelId kind);

// The kind of a file told by its beginning `head`: a passage board starts with '+', a graph file
// with '{' (after any white space), a cell board with '.', '#', 'S' or 'E', a hex board with the
// line "hex". A file that starts otherwise is a graph file when its name ends in ".json", and of
// no kind (nullopt) else.
std::optional<ModelId> sniff_file_kind(std::string_view head, std::string_view path);

// The kinds a command takes, and how the command is named when it refuses one: `command` is the
// subject of "COMMAND takes cell boards" ("render", "bench --boards", "`initial:` of a mouse-maze
// target"). A file of no kind is read as the first kind, whose parser then says what is wrong.
struct FileKinds {
    std::string command;
    std::vector<ModelId> kinds;

    bool takes(ModelId kind) const;
    // "cell boards", "cell boards and passage boards", "cell boards, passage boards and ...".
    std::string text() const;
};

// A file read whole, with its kind.
struct InputFile {
    std::string name;  // the path as given, "<stdin>" for "-"
    std::string text;
    ModelId kind;
};

// Reads the board or graph file at `path` ("-": standard input). A file of a kind `takes` does
// not include is refused before the rest is read, with an InputError (exit status 2) such as
// "g.json: a graph file (it starts with '{'); render takes cell boards and passage boards". The
// size limits are those of the kind: board files 1 MiB, graph files 32 MiB. A missing file or a
// directory is an InputError naming the path.
InputFile read_input_file(const std::string& path, const FileKinds& takes);

// Refuses the first of `paths` whose kind `takes` does not include, reading only the beginning
// of each: a command that prints as it goes (eval) checks every file before the first result.
// Standard input, and files that cannot be opened, are left to read_input_file.
void check_file_kinds(const std::vector<std::string>& paths, const FileKinds& takes);

}  // namespace maze::experiments
