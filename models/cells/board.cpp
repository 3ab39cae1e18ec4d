#include "mazesearch/models/cells/board.hpp"

#include <bit>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/input_file.hpp"

namespace maze {

namespace {

std::string describe(const std::string& source, int line, const std::string& what) {
    std::ostringstream out;
    out << source;
    if (line > 0) out << ':' << line;
    out << ": " << what;
    return out.str();
}

void check_shape(int rows, int cols) {
    if (rows < 1 || cols < 1 || rows > kMaxSide || cols > kMaxSide)
        throw BoardError("<board>", 0,
                         "board size " + std::to_string(rows) + "x" + std::to_string(cols) +
                             " is outside 1x1..16x16");
    if (rows * cols < 2) throw BoardError("<board>", 0, "a board needs at least two cells");
}

// The start or the exit of a board's text: its cell and its line (0: not seen yet).
struct Marker {
    Cell cell{-1, -1};
    int line = 0;

    // `second` names it in the message about a second one ("second start 'S'").
    void place(int r, int c, int lineno, const std::string& source, const char* second) {
        if (line)
            throw BoardError(
                source, lineno,
                std::string(second) + " (the first is on line " + std::to_string(line) + ")");
        cell = {r, c};
        line = lineno;
    }
};

std::string unknown_character(char ch, int c) {
    std::ostringstream msg;
    msg << "unknown character ";
    if (ch >= 32 && ch < 127)
        msg << "'" << ch << "'";
    else {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02x", static_cast<unsigned>(ch) & 0xffu);
        msg << hex;
    }
    msg << " in column " << c + 1 << ": expected '.', '#', 'S' or 'E'";
    return msg.str();
}

}  // namespace

BoardError::BoardError(std::string source, int line, const std::string& what)
    : std::runtime_error(describe(source, line, what)), source_(std::move(source)), line_(line) {}

Board::Board(int rows, int cols) : Board(rows, cols, Cell{0, 0}, Cell{rows - 1, 0}) {}

Board::Board(int rows, int cols, Cell start, Cell exit)
    : rows_(rows), cols_(cols), start_(start), exit_(exit) {
    check_shape(rows, cols);
    auto inside = [&](Cell x) { return x.r >= 0 && x.r < rows && x.c >= 0 && x.c < cols; };
    if (!inside(start) || !inside(exit))
        throw BoardError("<board>", 0, "start or exit lies outside the board");
    if (start == exit) throw BoardError("<board>", 0, "start and exit must be different cells");
    for (int r = 0; r < rows_; ++r) rows_open_[r] = full_row();
}

void Board::set_open(int r, int c, bool is_open) {
    if (!in_bounds(r, c)) throw std::out_of_range("Board::set_open: cell outside the board");
    if (!is_open && (Cell{r, c} == start_ || Cell{r, c} == exit_))
        throw std::invalid_argument("Board::set_open: start and exit are always open");
    if (is_open)
        rows_open_[r] = static_cast<RowMask>(rows_open_[r] | (1u << c));
    else
        rows_open_[r] = static_cast<RowMask>(rows_open_[r] & ~(1u << c));
}

int Board::open_count() const {
    int n = 0;
    for (int r = 0; r < rows_; ++r) n += std::popcount(rows_open_[r]);
    return n;
}

std::string Board::to_text() const {
    std::string out;
    out.reserve(static_cast<size_t>(rows_ * (cols_ + 1)));
    for (int r = 0; r < rows_; ++r) {
        for (int c = 0; c < cols_; ++c) {
            Cell x{r, c};
            out += x == start_ ? 'S' : x == exit_ ? 'E' : open(r, c) ? '.' : '#';
        }
        out += '\n';
    }
    return out;
}

Board Board::parse(std::string_view text, const std::string& source) {
    const std::vector<std::string> lines = text_lines(text);
    if (lines.empty())
        throw BoardError(source, 1, "empty board: expected rows of '.', '#', 'S', 'E'");
    if (lines.size() > static_cast<size_t>(kMaxSide))
        throw BoardError(source, kMaxSide + 1,
                         "too many rows: " + std::to_string(lines.size()) + " (at most 16)");

    // Lengths are checked as they are before they become ints: a first line of 2^32 + 3
    // characters (text handed in from Python has no file's size limit) read as 3 columns.
    if (lines[0].size() > static_cast<size_t>(kMaxSide))
        throw BoardError(
            source, 1, "row too long: " + std::to_string(lines[0].size()) + " cells (at most 16)");
    const int rows = static_cast<int>(lines.size());
    const int cols = static_cast<int>(lines[0].size());
    std::array<RowMask, kMaxSide> open{};
    Marker start;
    Marker exit;
    for (int r = 0; r < rows; ++r) {
        const std::string& line = lines[r];
        const int lineno = r + 1;
        if (line.empty())
            throw BoardError(source, lineno, "blank line inside the board: expected a row");
        if (line.size() != static_cast<size_t>(cols))
            throw BoardError(source, lineno,
                             "ragged row: " + std::to_string(line.size()) + " cells, expected " +
                                 std::to_string(cols) + " like line 1");
        if (cols > kMaxSide)
            throw BoardError(source, lineno,
                             "row too long: " + std::to_string(cols) + " cells (at most 16)");
        for (int c = 0; c < cols; ++c) {
            const char ch = line[c];
            switch (ch) {
                case '.':
                    open[r] = static_cast<RowMask>(open[r] | (1u << c));
                    break;
                case '#':
                    break;
                case 'S':
                    start.place(r, c, lineno, source, "second start 'S'");
                    break;
                case 'E':
                    exit.place(r, c, lineno, source, "second exit 'E'");
                    break;
                default:
                    throw BoardError(source, lineno, unknown_character(ch, c));
            }
        }
    }
    if (!start.line) throw BoardError(source, 0, "no start cell 'S'");
    if (!exit.line) throw BoardError(source, 0, "no exit cell 'E'");
    if (rows * cols < 2) throw BoardError(source, 1, "a board needs at least two cells");

    Board b(rows, cols, start.cell, exit.cell);
    b.rows_open_ = open;
    b.set_open(start.cell, true);
    b.set_open(exit.cell, true);
    return b;
}

std::string read_board_text(const std::string& path) {
    try {
        return read_input(path, kMaxBoardFileBytes, "a board file");
    } catch (const InputError& e) {
        throw BoardError(e.source(), e.line(), e.detail());
    }
}

std::string board_source_name(const std::string& path) {
    return path == "-" ? "<stdin>" : path;
}

void write_board_text(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    if (!out) throw BoardError(path, 0, "cannot open the file for writing");
    out << text;
    out.flush();
    if (!out) throw BoardError(path, 0, "write error");
}

Board Board::load(const std::string& path) {
    return parse(read_board_text(path), board_source_name(path));
}

void Board::save(const std::string& path) const {
    write_board_text(path, to_text());
}

}  // namespace maze
