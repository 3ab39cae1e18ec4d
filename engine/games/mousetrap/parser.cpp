// The CEOI text of a Mousetrap instance: reading it, with errors that name the line, and writing
// it.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "mazesearch/engine/games/mousetrap.hpp"
#include "mazesearch/engine/games/mousetrap/tree_checks.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/input_file.hpp"

namespace maze {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

bool is_blank(std::string_view line) {
    return std::all_of(line.begin(), line.end(), is_space);
}

// A token as quoted in an error message: long ones are cut short.
std::string quote(std::string_view token) {
    constexpr std::size_t kShown = 24;
    return "'" + std::string(token.substr(0, kShown)) + (token.size() > kShown ? "...'" : "'");
}

// Splits `line` into whole numbers; stores at most `max` of them in `out` and returns how many
// there are (possibly more than max).
int read_numbers(std::string_view line, std::int64_t* out, int max, const std::string& source,
                 int line_no) {
    // Far above any room number, and safe from overflow.
    constexpr std::size_t kMaxDigits = 12;
    int count = 0;
    std::size_t i = 0;
    while (true) {
        while (i < line.size() && is_space(line[i])) ++i;
        if (i == line.size()) return count;
        const std::size_t begin = i;
        while (i < line.size() && !is_space(line[i])) ++i;
        const std::string_view token = line.substr(begin, i - begin);
        if (!std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; }))
            throw InputError(source, line_no, "expected a whole number, found " + quote(token));
        if (token.size() > kMaxDigits)
            throw InputError(source, line_no, "number too large: " + quote(token));
        std::int64_t v = 0;
        for (const char c : token) v = v * 10 + (c - '0');
        if (count < max) out[count] = v;
        ++count;
    }
}

// The lines of the text that are not blank, one at a time, with their line numbers.
class LineReader {
  public:
    explicit LineReader(std::string_view text) : text_(text) {}

    // The next line that is not blank; false at the end of the text.
    bool next(std::string_view& line) {
        while (pos_ < text_.size()) {
            const std::size_t end = text_.find('\n', pos_);
            const std::size_t stop = end == std::string_view::npos ? text_.size() : end;
            line = text_.substr(pos_, stop - pos_);
            pos_ = stop + 1;
            ++line_no_;
            if (!is_blank(line)) return true;
        }
        return false;
    }
    // The line last read (0 before the first).
    int line_no() const { return line_no_; }

  private:
    std::string_view text_;
    std::size_t pos_ = 0;
    int line_no_ = 0;
};

// The header line 'n t m': a tree of n rooms with its trap and mouse, no passage yet.
MousetrapTree read_header(std::string_view line, const std::string& source, int line_no) {
    std::int64_t v[3] = {0, 0, 0};
    const int header = read_numbers(line, v, 3, source, line_no);
    if (header != 3)
        throw InputError(source, line_no,
                         "expected 'n t m' (rooms, trap, mouse): three numbers, found " +
                             std::to_string(header));
    if (v[0] < 1 || v[0] > kMousetrapMaxRooms)
        throw InputError(source, line_no,
                         "n = " + std::to_string(v[0]) + ": the number of rooms must be 1 to " +
                             std::to_string(kMousetrapMaxRooms));
    const int n = static_cast<int>(v[0]);
    for (int k = 1; k <= 2; ++k)
        if (v[k] < 1 || v[k] > n)
            throw InputError(source, line_no,
                             std::string(k == 1 ? "trap t = " : "mouse m = ") +
                                 std::to_string(v[k]) + " is not a room (1 to " +
                                 std::to_string(n) + ")");
    MousetrapTree tree;
    tree.rooms = n;
    tree.trap = static_cast<int>(v[1]) - 1;
    tree.mouse = static_cast<int>(v[2]) - 1;
    return tree;
}

// The passage line 'a b' as two rooms (0-based), checked against the tree read so far
// (`lines`: the line of each passage in it).
std::pair<int, int> read_passage(std::string_view line, const std::string& source, int line_no,
                                 const MousetrapTree& tree, const std::vector<int>& lines,
                                 detail::Components& comp) {
    const int n = tree.rooms;
    std::int64_t v[2] = {0, 0};
    const int count = read_numbers(line, v, 2, source, line_no);
    if (count != 2)
        throw InputError(source, line_no,
                         "expected a passage 'a b': two numbers, found " + std::to_string(count));
    for (int k = 0; k < 2; ++k)
        if (v[k] < 1 || v[k] > n)
            throw InputError(source, line_no,
                             "room " + std::to_string(v[k]) + " is out of range (1 to " +
                                 std::to_string(n) + ")");
    const int x = static_cast<int>(v[0]) - 1;
    const int y = static_cast<int>(v[1]) - 1;
    auto name = [&] { return std::to_string(x + 1) + " " + std::to_string(y + 1); };
    if (x == y) throw InputError(source, line_no, "passage " + name() + " joins a room to itself");
    if (!comp.join(x, y)) {
        // Rare, so a scan for the same pair is cheap enough.
        for (std::size_t i = 0; i < tree.a.size(); ++i)
            if ((tree.a[i] == x && tree.b[i] == y) || (tree.a[i] == y && tree.b[i] == x))
                throw InputError(source, line_no,
                                 "passage " + name() + " repeats the passage on line " +
                                     std::to_string(lines[i]));
        throw InputError(
            source, line_no,
            "passage " + name() + " closes a cycle (the rooms are already connected): not a tree");
    }
    return {x, y};
}

}  // namespace

MousetrapTree parse_mousetrap(std::string_view text, const std::string& source) {
    LineReader reader(text);
    std::string_view line;
    if (!reader.next(line))
        throw InputError(source, reader.line_no() + 1,
                         "empty input: expected 'n t m' (rooms, trap, mouse)");
    MousetrapTree tree = read_header(line, source, reader.line_no());
    const int n = tree.rooms;
    const auto passages = static_cast<std::size_t>(n - 1);
    tree.a.reserve(passages);
    tree.b.reserve(passages);
    std::vector<int> lines;  // the line of each passage, to point back at a repeated one
    lines.reserve(passages);
    detail::Components comp(n);
    const std::string expected = "n-1 = " + std::to_string(n - 1) + " passages";
    while (reader.next(line)) {
        const int line_no = reader.line_no();
        if (tree.a.size() == passages) throw InputError(source, line_no, "more than " + expected);
        const auto [x, y] = read_passage(line, source, line_no, tree, lines, comp);
        tree.a.push_back(x);
        tree.b.push_back(y);
        lines.push_back(line_no);
    }
    // n-1 passages without a cycle connect all n rooms, so only a short count is left to catch.
    if (tree.a.size() != passages)
        throw InputError(source, reader.line_no() + 1,
                         "end of input after " + std::to_string(tree.a.size()) + " of the " +
                             expected + " (the rooms are not connected)");
    return tree;
}

MousetrapTree read_mousetrap(const std::string& path) {
    const std::string text = read_input(path, kMousetrapMaxInputBytes, "a Mousetrap tree");
    return parse_mousetrap(text, path == "-" ? "<stdin>" : path);
}

std::string mousetrap_text(const MousetrapTree& tree) {
    std::string out;
    out.reserve(16 * tree.a.size() + 32);
    out += std::to_string(tree.rooms) + " " + std::to_string(tree.trap + 1) + " " +
           std::to_string(tree.mouse + 1) + "\n";
    for (std::size_t i = 0; i < tree.a.size(); ++i) {
        out += std::to_string(tree.a[i] + 1);
        out += ' ';
        out += std::to_string(tree.b[i] + 1);
        out += '\n';
    }
    return out;
}

}  // namespace maze
