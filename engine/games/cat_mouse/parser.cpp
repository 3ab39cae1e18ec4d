#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "mazesearch/engine/games/cat_mouse.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/input_file.hpp"
#include "mazesearch/engine/json_read_mark.hpp"

namespace maze {

// ---------------------------------------------------------------------------------------------
// The input format: a JSON array of arrays of node ids, read by nlohmann::json's SAX parser,
// which reports each value as it reads it. Lines and columns come from how far it has read.

namespace {

bool json_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Builds the lists from the parser's events; throws InputError at the first value that does not
// belong there and at the first syntax error.
class ListReader : public nlohmann::json_sax<nlohmann::json> {
  public:
    ListReader(std::string_view text, const std::string& source)
        : text_(text), source_(source), read_(text.data()) {}

    struct Entry {
        long long id;
        int line;
    };
    std::vector<std::vector<Entry>> lists;
    int open_line = 1;

    void read() {
        if (std::all_of(text_.begin(), text_.end(), json_space))
            throw InputError(source_, 1,
                             "empty input: expected an adjacency list such as [[2,5],[3],[0,4]]");
        const char** furthest = &read_;
        // Every failure throws; a parse that returns false otherwise would be a reader bug.
        if (!nlohmann::json::sax_parse(JsonReadMark(text_.data(), furthest),
                                       JsonReadMark(text_.data() + text_.size(), furthest), this))
            throw InputError(source_, 0, "the adjacency list could not be read");
    }

    bool null() override { wrong("null", consumed() - 4); }
    bool boolean(bool v) override { wrong(v ? "true" : "false", consumed() - (v ? 4 : 5)); }
    bool number_integer(number_integer_t v) override { return id(v, "a number"); }
    bool number_unsigned(number_unsigned_t v) override {
        // Saturated: any id this large is out of range anyway.
        return id(static_cast<long long>(std::min<number_unsigned_t>(v, kHugeId)), "a number");
    }
    bool number_float(number_float_t, const string_t& s) override {
        // Digits only: a whole number too large for 64 bits, out of range like any huge id.
        const bool whole = !s.empty() && std::all_of(s.begin() + (s[0] == '-' ? 1 : 0), s.end(),
                                                     [](char c) { return c >= '0' && c <= '9'; });
        if (whole && depth_ == 2) return id(s[0] == '-' ? -kHugeId : kHugeId, s);
        if (depth_ == 2) fail(number_start(), path() + "expected a whole node id, found " + s);
        wrong(s, number_start());
    }
    bool string(string_t&) override { wrong("a string", string_start()); }
    bool binary(binary_t&) override { wrong("binary data", consumed() - 1); }
    bool start_object(std::size_t) override { wrong("an object", consumed() - 1); }
    // Never reached: start_object stops the reading.
    bool key(string_t&) override { return false; }
    bool end_object() override { return false; }
    bool start_array(std::size_t) override {
        const std::size_t at = consumed() - 1;
        if (depth_ == 0) {
            open_line = where(at).first;
        } else if (depth_ == 1) {
            lists.emplace_back();
        } else {
            wrong("an array", at);
        }
        ++depth_;
        return true;
    }
    bool end_array() override {
        --depth_;
        return true;
    }
    // `position` is the parser's count of bytes read, the error's parse_error::byte: 1-based,
    // the byte at which it gave up (one past the end for a text that ends too soon).
    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::json::exception& e) override {
        // what() reads "[json.exception.parse_error.101] parse error at line L, column C: why";
        // the line and column are ours, the reason is nlohmann's, less its "last read" part (all
        // the text since the last string or number, not only the offending token), with the
        // offending byte instead.
        std::string why = e.what();
        const std::size_t colon = why.find(": ");
        if (colon != std::string::npos) why.erase(0, colon + 2);
        const std::size_t last = why.find("; last read: ");
        if (last != std::string::npos) {
            const std::size_t expected = why.find("; expected ", last);
            why.erase(last, expected == std::string::npos ? std::string::npos : expected - last);
        }
        const std::size_t at = position > 0 ? position - 1 : 0;
        if (why.find("unexpected end of input") == std::string::npos) why += "; found " + found(at);
        fail(at, why);
    }

  private:
    static constexpr long long kHugeId = 1'000'000'000'000LL;

    std::size_t consumed() const { return static_cast<std::size_t>(read_ - text_.data()); }

    // The first byte of the number just read: the parser has read one byte past its end, unless
    // the text ended there.
    std::size_t number_start() const {
        std::size_t at = consumed();
        if (at > 0 && !json_number_char(text_[at - 1])) --at;
        while (at > 0 && json_number_char(text_[at - 1])) --at;
        return at;
    }

    // The opening quote of the string just read (the parser stops on its closing quote).
    std::size_t string_start() const {
        std::size_t at = consumed() - 1;
        for (;;) {
            --at;
            std::size_t slashes = 0;
            while (slashes < at && text_[at - 1 - slashes] == '\\') ++slashes;
            if (text_[at] == '"' && slashes % 2 == 0) return at;
        }
    }

    // 1-based line and column of the byte at `at`. The parser's events come in the order of the
    // text, so the lines are counted forward from the last call.
    std::pair<int, int> where(std::size_t at) {
        if (at < counted_) {
            counted_ = 0;
            line_ = 1;
            line_start_ = 0;
        }
        for (; counted_ < at && counted_ < text_.size(); ++counted_)
            if (text_[counted_] == '\n') {
                ++line_;
                line_start_ = counted_ + 1;
            }
        return {line_, static_cast<int>(at - line_start_) + 1};
    }

    // The byte at `at`, for a message.
    std::string found(std::size_t at) const {
        if (at >= text_.size()) return "the end of the input";
        const auto ch = static_cast<unsigned char>(text_[at]);
        if (ch < 32 || ch > 126) return "a byte " + std::to_string(ch);
        return std::string("'") + text_[at] + "'";
    }

    [[noreturn]] void fail(std::size_t at, const std::string& what) {
        const auto [line, column] = where(at);
        throw InputError(source_, line, "column " + std::to_string(column) + ": " + what);
    }

    // The place of the value being read: "[u]: " for a node's list, "[u][i]: " for an entry.
    std::string path() const {
        if (depth_ == 1) return "[" + std::to_string(lists.size()) + "]: ";
        if (depth_ == 2)
            return "[" + std::to_string(lists.size() - 1) + "][" +
                   std::to_string(lists.back().size()) + "]: ";
        return "";
    }

    // A value of the wrong kind for its place; `found` describes it, `at` is its first byte.
    [[noreturn]] void wrong(const std::string& found, std::size_t at) {
        std::string expected;
        if (depth_ == 0)
            expected = "'[' to open the list of adjacency lists";
        else if (depth_ == 1)
            expected = "'[' to open the adjacency list of node " + std::to_string(lists.size());
        else
            expected = "a node id";
        fail(at, path() + "expected " + expected + ", found " + found);
    }

    bool id(long long v, const std::string& found) {
        const std::size_t at = number_start();
        if (depth_ != 2) wrong(found, at);
        lists.back().push_back({v, where(at).first});
        return true;
    }

    std::string_view text_;
    const std::string& source_;
    const char* read_;
    int depth_ = 0;  // 0 outside the lists, 1 in the list of lists, 2 in a node's list
    std::size_t counted_ = 0;
    int line_ = 1;
    std::size_t line_start_ = 0;
};

}  // namespace

CatMouseGraph parse_cat_mouse_graph(std::string_view text, const std::string& source) {
    ListReader reader(text, source);
    reader.read();
    const auto& lists = reader.lists;
    const std::size_t n = lists.size();
    if (n < 3)
        throw InputError(source, reader.open_line,
                         "the graph has " + std::to_string(n) +
                             " node(s); Cat and Mouse needs at least 3 (hole 0, mouse 1, cat 2)");
    if (n > kCatMouseMaxNodes)
        throw InputError(source, reader.open_line,
                         "the graph has " + std::to_string(n) + " nodes; at most " +
                             std::to_string(kCatMouseMaxNodes) + " are supported");
    // Each list sorted once (with its entries' lines) for the duplicate and symmetry checks.
    std::vector<std::vector<int>> sorted(n);
    for (std::size_t u = 0; u < n; ++u) {
        for (const auto& e : lists[u]) {
            const std::string where =
                "node " + std::to_string(u) + " lists " + std::to_string(e.id);
            if (e.id < 0 || static_cast<unsigned long long>(e.id) >= n)
                throw InputError(source, e.line,
                                 where + ", which is not a node (the nodes are 0.." +
                                     std::to_string(n - 1) + ")");
            if (static_cast<std::size_t>(e.id) == u)
                throw InputError(source, e.line, where + " (a self-loop)");
            sorted[u].push_back(static_cast<int>(e.id));
        }
        std::sort(sorted[u].begin(), sorted[u].end());
    }
    AdjacencyLists plain(n);
    for (std::size_t u = 0; u < n; ++u) {
        for (const auto& e : lists[u]) {
            const auto v = static_cast<std::size_t>(e.id);
            const auto [lo, hi] =
                std::equal_range(sorted[u].begin(), sorted[u].end(), static_cast<int>(v));
            if (hi - lo > 1)
                throw InputError(
                    source, e.line,
                    "node " + std::to_string(u) + " lists " + std::to_string(v) + " twice");
            if (!std::binary_search(sorted[v].begin(), sorted[v].end(), static_cast<int>(u)))
                throw InputError(source, e.line,
                                 std::to_string(u) + " lists " + std::to_string(v) + " but " +
                                     std::to_string(v) + " does not list " + std::to_string(u));
            plain[u].push_back(static_cast<int>(v));
        }
    }
    return CatMouseGraph(plain);
}

CatMouseGraph load_cat_mouse_graph(const std::string& path, std::size_t max_bytes) {
    const std::string text = read_input(path, max_bytes, "a Cat and Mouse graph");
    return parse_cat_mouse_graph(text, path == "-" ? "<stdin>" : path);
}

}  // namespace maze
