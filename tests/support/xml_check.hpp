// A small XML reader for the picture tests: checks that a document is well-formed (one root
// element, tags balanced and properly nested, attribute values quoted, names not repeated within
// a tag, only the five named entities and character references, no stray '<' or '&') and lists
// its elements with their attributes and text, entities resolved.
#pragma once

#include <cctype>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace maze::testing_support {

struct XmlElement {
    std::string name;
    std::map<std::string, std::string> attributes;
    std::string text;  // character data directly inside, entities resolved
    int depth = 0;     // 0 for the root
    int parent = -1;   // index of the enclosing element in XmlDocument::elements; -1: the root
};

struct XmlDocument {
    std::string error;  // empty when well-formed, else what is wrong and where
    bool has_declaration = false;
    std::vector<XmlElement> elements;  // in document order

    bool ok() const { return error.empty(); }
    int count(std::string_view name) const {
        int n = 0;
        for (const XmlElement& e : elements) n += e.name == name ? 1 : 0;
        return n;
    }
    // The elements named `name` directly inside element `parent`.
    std::vector<const XmlElement*> children(int parent, std::string_view name) const {
        std::vector<const XmlElement*> out;
        for (const XmlElement& e : elements)
            if (e.parent == parent && e.name == name) out.push_back(&e);
        return out;
    }
    // The index of the first element with attribute id="id", or -1.
    int find_id(std::string_view id) const {
        for (std::size_t i = 0; i < elements.size(); ++i) {
            const auto it = elements[i].attributes.find("id");
            if (it != elements[i].attributes.end() && it->second == id) return static_cast<int>(i);
        }
        return -1;
    }
    std::vector<const XmlElement*> all(std::string_view name) const {
        std::vector<const XmlElement*> out;
        for (const XmlElement& e : elements)
            if (e.name == name) out.push_back(&e);
        return out;
    }
};

namespace xml_detail {

class Reader {
  public:
    explicit Reader(std::string_view s) : s_(s) {}

    XmlDocument read() {
        if (s_.substr(0, 5) == "<?xml") {
            const std::size_t end = s_.find("?>");
            if (end == std::string_view::npos) return fail("unterminated XML declaration");
            doc_.has_declaration = true;
            p_ = end + 2;
        }
        skip_misc();
        if (p_ >= s_.size() || s_[p_] != '<') return fail("no root element");
        if (!element(0, -1)) return doc_;
        skip_misc();
        if (p_ != s_.size()) return fail("content after the root element");
        return doc_;
    }

  private:
    XmlDocument fail(const std::string& what) {
        if (doc_.error.empty()) doc_.error = what + " at offset " + std::to_string(p_);
        return doc_;
    }
    bool failed(const std::string& what) {
        fail(what);
        return false;
    }

    static bool name_start(char c) {
        return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == ':';
    }
    static bool name_char(char c) {
        return name_start(c) || std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '.';
    }
    void skip_space() {
        while (p_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[p_]))) ++p_;
    }
    // Whitespace and comments between the declaration, the root and the end.
    void skip_misc() {
        for (;;) {
            skip_space();
            if (s_.substr(p_, 4) != "<!--") return;
            const std::size_t end = s_.find("-->", p_ + 4);
            if (end == std::string_view::npos) {
                p_ = s_.size();
                return;
            }
            p_ = end + 3;
        }
    }
    bool name(std::string& out) {
        if (p_ >= s_.size() || !name_start(s_[p_])) return failed("expected a name");
        const std::size_t b = p_;
        while (p_ < s_.size() && name_char(s_[p_])) ++p_;
        out = std::string(s_.substr(b, p_ - b));
        return true;
    }
    // Character data up to `stop`, entities resolved; a raw '<' is an error.
    bool chars(char stop, std::string& out) {
        while (p_ < s_.size() && s_[p_] != stop) {
            const char c = s_[p_];
            if (c == '<') return failed("'<' inside character data");
            if (c != '&') {
                out += c;
                ++p_;
                continue;
            }
            const std::size_t semi = s_.find(';', p_);
            if (semi == std::string_view::npos || semi - p_ > 10) return failed("bare '&'");
            const std::string_view ent = s_.substr(p_ + 1, semi - p_ - 1);
            if (ent == "amp")
                out += '&';
            else if (ent == "lt")
                out += '<';
            else if (ent == "gt")
                out += '>';
            else if (ent == "quot")
                out += '"';
            else if (ent == "apos")
                out += '\'';
            else if (ent.size() > 1 && ent[0] == '#')
                out += '?';  // a character reference; its value does not matter here
            else
                return failed("unknown entity &" + std::string(ent) + ";");
            p_ = semi + 1;
        }
        return true;
    }
    bool element(int depth, int parent) {
        ++p_;  // '<'
        XmlElement e;
        e.depth = depth;
        e.parent = parent;
        if (!name(e.name)) return false;
        const std::size_t index = doc_.elements.size();
        for (;;) {
            const std::size_t before = p_;
            skip_space();
            if (p_ >= s_.size()) return failed("unterminated start tag <" + e.name);
            if (s_[p_] == '/' || s_[p_] == '>') break;
            if (p_ == before) return failed("attributes of <" + e.name + "> not separated");
            std::string key;
            if (!name(key)) return false;
            skip_space();
            if (p_ >= s_.size() || s_[p_] != '=') return failed("attribute " + key + " has no =");
            ++p_;
            skip_space();
            if (p_ >= s_.size() || (s_[p_] != '"' && s_[p_] != '\''))
                return failed("attribute " + key + " is not quoted");
            const char quote = s_[p_++];
            std::string value;
            if (!chars(quote, value)) return false;
            if (p_ >= s_.size()) return failed("unterminated value of " + key);
            ++p_;
            if (!e.attributes.emplace(key, value).second)
                return failed("attribute " + key + " repeated in <" + e.name + ">");
        }
        doc_.elements.push_back(e);
        if (s_[p_] == '/') {
            if (s_.substr(p_, 2) != "/>") return failed("'/' not followed by '>'");
            p_ += 2;
            return true;
        }
        ++p_;  // '>'
        for (;;) {
            std::string text;
            if (!chars('<', text)) return false;
            doc_.elements[index].text += text;
            if (p_ >= s_.size()) return failed("<" + e.name + "> is never closed");
            if (s_.substr(p_, 4) == "<!--") {
                const std::size_t end = s_.find("-->", p_ + 4);
                if (end == std::string_view::npos) return failed("unterminated comment");
                p_ = end + 3;
                continue;
            }
            if (s_.substr(p_, 2) == "</") {
                p_ += 2;
                std::string closing;
                if (!name(closing)) return false;
                if (closing != e.name) return failed("</" + closing + "> closes <" + e.name + ">");
                skip_space();
                if (p_ >= s_.size() || s_[p_] != '>') return failed("unterminated end tag");
                ++p_;
                return true;
            }
            if (!element(depth + 1, static_cast<int>(index))) return false;
        }
    }

    std::string_view s_;
    std::size_t p_ = 0;
    XmlDocument doc_;
};

}  // namespace xml_detail

inline XmlDocument parse_xml(std::string_view document) {
    return xml_detail::Reader(document).read();
}

}  // namespace maze::testing_support
