// Reading a whole input (a board, a graph, a tree, a config) with a size limit checked while
// reading: a directory, a file that cannot be opened and an endless or huge input (/dev/zero, a
// stream that never ends) are refused with an InputError that names the source, before memory
// runs out and without reading the rest.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace maze {

// The whole of the file at `path`; "-" reads standard input (named "<stdin>"). `kind` says what
// the input is ("a board file", "a Cat and Mouse graph") in the message about the limit.
std::string read_input(const std::string& path, std::size_t max_bytes, std::string_view kind);

// The whole of `in`, named `source` in messages, with the same limit.
std::string read_input_stream(std::istream& in, const std::string& source, std::size_t max_bytes,
                              std::string_view kind);

// The limit of an input whose kind is told by its beginning (read_input_sniffed): the most it may
// take and what it is, for the message about the limit ("a board file").
struct InputLimit {
    std::size_t max_bytes = 0;
    std::string kind;
};

// As read_input, the limit chosen by `limit_for` from the input's first bytes (the first 64 KiB,
// or the whole of a shorter input). `limit_for` is called once, before the rest is read; it may
// throw to refuse the input unread (an input of a kind the command does not take). `kind` says
// what the input may be in the message about a directory ("a board file or a graph file").
std::string read_input_sniffed(const std::string& path, std::string_view kind,
                               const std::function<InputLimit(std::string_view head)>& limit_for);

// The lines of a board's text: a trailing '\r' dropped from each, and the blank lines at the end.
std::vector<std::string> text_lines(std::string_view text);

// What a size limit reads as in a message: "1 MiB", "256 MiB", "4096 bytes".
std::string byte_size_text(std::size_t bytes);

}  // namespace maze
