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
#include "mazesearch/engine/json_text_place.hpp"

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
        : text_(text), source_(source), place_(text) {}

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
        // Every failure throws; a parse that returns false otherwise would be a reader bug.
        if (!nlohmann::json::sax_parse(place_.begin(), place_.end(), this))
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
        const auto [at, why] = place_.syntax_error(position, e.what());
        fail(at, why);
    }

  private:
    static constexpr long long kHugeId = 1'000'000'000'000LL;

    std::size_t consumed() const { return place_.consumed(); }
    std::size_t number_start() const { return place_.number_start(); }
    std::size_t string_start() const { return place_.string_start(); }
    std::pair<int, int> where(std::size_t at) { return place_.where(at); }
    std::string found(std::size_t at) const { return place_.found(at); }

    [[noreturn]] void fail(std::size_t at, const std::string& what) {
        const auto [line, column] = where(at);
        throw InputError(source_, line, "column " + std::to_string(column) + ": " + what);
    }

    // The place of the value being read: "[u]: " for a node's list, "[u][i]: " for an entry.
    std::string path() const {
        // Appended in parts: GCC 12 warns falsely (-Wrestrict) on "[" + std::to_string(...).
        std::string out;
        if (depth_ == 1) {
            out += '[';
            out += std::to_string(lists.size());
            out += "]: ";
        } else if (depth_ == 2) {
            out += '[';
            out += std::to_string(lists.size() - 1);
            out += "][";
            out += std::to_string(lists.back().size());
            out += "]: ";
        }
        return out;
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
    JsonTextPlace place_;
    int depth_ = 0;  // 0 outside the lists, 1 in the list of lists, 2 in a node's list
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
