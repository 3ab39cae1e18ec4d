// A config's YAML as JSON, with the file and line where every key was set (so that an error
// names them), and JSON back to YAML (a run folder's config.yaml). Text is checked first: a
// control character or bytes that are not UTF-8 have no place in a config.
#pragma once

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace maze::experiments {

// Where each dotted key was set ("configs/x.yaml:12").
using Marks = std::map<std::string, std::string>;

// The offset of the first byte of `text` that is a control character (but tab and line ends: LF,
// or CR directly before LF) or not part of valid UTF-8; npos when there is none.
std::size_t bad_text_byte(std::string_view text);
// What such a byte is: "a control character (byte 0x01)", "not UTF-8 text (byte 0xC3)".
std::string bad_byte_text(unsigned char c);
// ConfigError "SOURCE:LINE: ..." for the first such byte of `text`.
void require_text(std::string_view text, const std::string& source);

// The YAML `text` as JSON (null for an empty document), each key's place in `marks` as
// "SOURCE:LINE". ConfigError for text that is not YAML ("SOURCE:LINE: not valid YAML: ...";
// without a source, "not valid YAML: ..."), a duplicate key, a key that is not a word, aliases
// that expand too far.
nlohmann::json yaml_to_json(const std::string& text, const std::string& source, Marks& marks);

// JSON as YAML text (maps in block style, lists in flow style).
std::string to_yaml(const nlohmann::json& j);

}  // namespace maze::experiments
