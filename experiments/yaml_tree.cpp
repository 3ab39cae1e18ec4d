#include "mazesearch/experiments/yaml_tree.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/yaml_scalar.hpp"

namespace maze::experiments {

namespace {

// The offset of the first byte of `text` that is not part of valid UTF-8 (no overlong forms, no
// surrogates, nothing past U+10FFFF), or npos. JSON (config.json) holds only valid UTF-8.
std::size_t invalid_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t n = 0;
        unsigned lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
        if (c < 0x80) {
            ++i;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            if (c == 0xE0) lo = 0xA0;
            if (c == 0xED) hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;
        } else {
            return i;
        }
        for (std::size_t k = 1; k <= n; ++k) {
            if (i + k >= text.size()) return i;
            const auto d = static_cast<unsigned char>(text[i + k]);
            if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xBF)) return i;
        }
        i += n + 1;
    }
    return std::string_view::npos;
}

// A control character a config may not hold, neither in its text nor through an escape: all but
// tab, line feed and carriage return (a lone carriage return is refused apart, by bad_text_byte).
bool forbidden_control(unsigned char c) {
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F;
}

// The first byte of `text` that has no place in a config: one that is not part of valid UTF-8,
// or a control character other than tab, line feed and carriage return (NUL bytes also made
// yaml-cpp take the text for UTF-16 or UTF-32 and decode it into code points that are no
// UTF-8). npos when there is none.
std::string byte_hex(unsigned char c) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", c);
    return hex;
}

// The YAML tree as JSON, with the file and line of every key in `marks`. A config is a few dozen
// nodes; the limits stop aliases that expand exponentially or refer to themselves.
class YamlToJson {
  public:
    // file: the config's name for marks and messages; empty for an override's value.
    YamlToJson(std::string file, Marks& marks) : file_(std::move(file)), marks_(marks) {}

    nlohmann::json convert(const YAML::Node& n, const std::string& key, int depth = 0) {
        if (++nodes_ > kMaxNodes)
            throw ConfigError(place(n) + "more than " + std::to_string(kMaxNodes) +
                              " values (aliases that expand too far?)");
        if (depth > kMaxDepth)
            throw ConfigError(place(n) + "nested more than " + std::to_string(kMaxDepth) +
                              " levels deep");
        if (!key.empty()) marks_[key] = line_of(n);
        switch (n.Type()) {
            case YAML::NodeType::Map:
                require_plain_tag(n, "map", key);
                return convert_map(n, key, depth);
            case YAML::NodeType::Sequence: {
                require_plain_tag(n, "seq", key);
                nlohmann::json j = nlohmann::json::array();
                for (const auto& item : n) j.push_back(convert(item, "", depth + 1));
                return j;
            }
            case YAML::NodeType::Scalar:
                require_utf8_scalar(n);
                try {
                    return scalar_value(n.Scalar(), n.Tag());
                } catch (const ConfigError& e) {
                    throw ConfigError(place(n) + (key.empty() ? "" : key + ": ") + e.what());
                }
            default:
                return nullptr;
        }
    }

  private:
    static constexpr int kMaxDepth = 64;
    static constexpr std::size_t kMaxNodes = 100000;

    std::string line_of(const YAML::Node& n) const {
        return file_ + ":" + std::to_string(n.Mark().line + 1);
    }
    std::string place(const YAML::Node& n) const {
        return file_.empty() ? std::string() : line_of(n) + ": ";
    }

    // A mapping or a list may carry its own tag (!!map, !!seq) and no other.
    void require_plain_tag(const YAML::Node& n, const std::string& kind,
                           const std::string& key) const {
        const std::string& tag = n.Tag();
        if (tag.empty() || tag == "?" || tag == "tag:yaml.org,2002:" + kind) return;
        throw ConfigError(place(n) + (key.empty() ? "" : key + ": ") +
                          "a tag a config does not read (" + tag + ")");
    }

    // An escape such as "\\uD800" (a lone surrogate) makes a string that is not UTF-8; one such
    // as "\\x01" or "\\x7f" a control character the text itself may not hold (tab, line feed and
    // carriage return are kept: config.yaml writes them as escapes again).
    void require_utf8_scalar(const YAML::Node& n) const {
        const std::string& s = n.Scalar();
        if (invalid_utf8(s) != std::string_view::npos)
            throw ConfigError(place(n) + "an escape that makes no UTF-8 character");
        for (const char ch : s) {
            const auto c = static_cast<unsigned char>(ch);
            if (forbidden_control(c))
                throw ConfigError(place(n) + "an escape that makes " + bad_byte_text(c));
        }
    }

    nlohmann::json convert_map(const YAML::Node& n, const std::string& key, int depth) {
        nlohmann::json j = nlohmann::json::object();
        std::map<std::string, std::string> first;  // key -> where it was first set in this map
        for (const auto& kv : n) {
            if (!kv.first.IsScalar())
                throw ConfigError(place(kv.first) + (key.empty() ? "" : key + ": ") +
                                  "a key must be a plain word, not a list or a mapping");
            require_utf8_scalar(kv.first);
            const std::string k = kv.first.Scalar();
            const std::string sub = key.empty() ? k : key + "." + k;
            const auto [it, fresh] = first.emplace(k, line_of(kv.first));
            if (!fresh)
                throw ConfigError(place(kv.first) + sub + ": duplicate key" +
                                  (file_.empty() ? "" : " (first set at " + it->second + ")"));
            nlohmann::json v = convert(kv.second, sub, depth + 1);
            marks_[sub] = line_of(kv.first);
            j[k] = std::move(v);
        }
        return j;
    }

    std::string file_;
    Marks& marks_;
    std::size_t nodes_ = 0;
};

}  // namespace

std::size_t bad_text_byte(std::string_view text) {
    const std::size_t utf8 = invalid_utf8(text);
    const std::size_t end = utf8 == std::string_view::npos ? text.size() : utf8;
    for (std::size_t i = 0; i < end; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (forbidden_control(c)) return i;
        // A carriage return only as half of a CRLF line end: yaml-cpp keeps a lone one inside the
        // value, and config.yaml, written from that value, loaded back without it.
        if (c == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) return i;
    }
    return utf8;
}

std::string bad_byte_text(unsigned char c) {
    if (c == '\r') return "a carriage return that does not end a line (byte 0x0D)";
    return c < 0x80 ? "a control character (byte " + byte_hex(c) + ")"
                    : "not UTF-8 text (byte " + byte_hex(c) + ")";
}

// ConfigError naming `source` and the line of the first byte that has no place in a config.
void require_text(std::string_view text, const std::string& source) {
    const std::size_t bad = bad_text_byte(text);
    if (bad == std::string_view::npos) return;
    const auto line =
        1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(bad), '\n');
    const auto c = static_cast<unsigned char>(text[bad]);
    throw ConfigError(source + ":" + std::to_string(line) + ": " + bad_byte_text(c));
}

nlohmann::json yaml_to_json(const std::string& text, const std::string& source, Marks& marks) {
    YAML::Node doc;
    try {
        doc = YAML::Load(text);
    } catch (const YAML::Exception& e) {
        throw ConfigError(
            (source.empty() ? "" : source + ":" + std::to_string(e.mark.line + 1) + ": ") +
            "not valid YAML: " + e.msg);
    }
    if (doc.IsNull()) return nullptr;
    return YamlToJson(source, marks).convert(doc, "");
}

namespace {

// Whether a string holds a control character (the tab, line feed or carriage return an escape
// may put there): yaml-cpp could write it raw, in a plain or single-quoted scalar, and the config
// would not load back to the same value (a lone carriage return is refused, one before a line end
// is taken for the line end).
bool has_control(const std::string& s) {
    return std::any_of(s.begin(), s.end(), [](char ch) {
        const auto c = static_cast<unsigned char>(ch);
        return c < 0x20 || c == 0x7F;
    });
}

void emit(YAML::Emitter& out, const nlohmann::json& j) {
    if (j.is_object()) {
        out << YAML::BeginMap;
        for (const auto& [k, v] : j.items()) {
            out << YAML::Key;
            if (has_control(k)) out << YAML::DoubleQuoted;
            out << k << YAML::Value;
            emit(out, v);
        }
        out << YAML::EndMap;
    } else if (j.is_array()) {
        out << YAML::Flow << YAML::BeginSeq;
        for (const auto& v : j) emit(out, v);
        out << YAML::EndSeq;
    } else if (j.is_string()) {
        const std::string& s = j.get_ref<const std::string&>();
        // Quoted when plain it would read back as something else: a control character (escaped,
        // "\r"), or a string that reads as a number, true/false or null ("20.0", "yes", "~").
        if (has_control(s) || !reads_back_as_text(s)) out << YAML::DoubleQuoted;
        out << s;
    } else if (j.is_null()) {
        out << YAML::Null;
    } else {
        out << j.dump();
    }
}

}  // namespace

std::string to_yaml(const nlohmann::json& j) {
    YAML::Emitter out;
    emit(out, j);
    return std::string(out.c_str()) + "\n";
}
}  // namespace maze::experiments
