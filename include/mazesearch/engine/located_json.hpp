// JSON read with the lines of its values, for input files whose errors must name the line of the
// offending item (graph files, docs/formats.md "Graph files").
//
// The text is parsed once into an nlohmann::json document; a key repeated in one object, and
// text that is not JSON, are refused there with their line (nlohmann itself would keep the last
// of two equal keys without a word). The lines of the other values are not stored (a document of
// millions of values would need as much memory again): line_of() finds one by reading the text a
// second time up to that value, which only the error paths do.
//
// Used inside the engine; its own dependency, nlohmann::json, is private to the engine library,
// so the public headers do not include this one.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace maze {

// The place of a value in a document: the keys and array indices (as decimal text) from the
// root, e.g. {"edges", "3", "1"} for the second entry of the fourth edge.
using JsonPath = std::vector<std::string>;

// "edges[3][1]" or "preferences.\"a\"[0]"-style text for messages: keys after a dot, indices in
// brackets; a key that is not a plain word is quoted.
std::string json_path_text(const JsonPath& path);

class LocatedJson {
  public:
    // Parses `text` (kept by reference: it must outlive this object). Throws InputError(source,
    // line, "column C: why") for text that is not JSON, with nlohmann's reason, and
    // InputError(source, line, ...) for a key given twice in one object (naming both lines).
    LocatedJson(std::string_view text, std::string source);

    const nlohmann::json& root() const { return root_; }
    const std::string& source() const { return source_; }

    // The 1-based line where the value at `path` begins; 0 when there is no such value.
    int line_of(const JsonPath& path) const;
    // The line of the key that names the last member of `path` (an object member); 0 if none.
    int key_line_of(const JsonPath& path) const;

  private:
    std::string_view text_;
    std::string source_;
    nlohmann::json root_;
};

}  // namespace maze
