// The command line's words before CLI11 reads it: a word where a command is expected that is
// none of the commands is named, with the nearest command, instead of CLI11's "A subcommand is
// required".
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

namespace maze::experiments {

// The candidate nearest `word`: one that starts `word` or that `word` starts (the longest such),
// else the one fewest single-character edits away, if that is at most a third of the word's
// length (at least 2); none if nothing is near.
std::optional<std::string> nearest_word(const std::string& word,
                                        const std::vector<std::string>& candidates);

// The message for the first word of argv that stands where a command (or a command's command,
// as `solve cat-mouse`) is expected and is not one, or for no command at all; nullopt when the
// words name commands (what follows them is CLI11's to check).
std::optional<std::string> unknown_command_message(const CLI::App& app, int argc,
                                                   const char* const* argv);

}  // namespace maze::experiments
