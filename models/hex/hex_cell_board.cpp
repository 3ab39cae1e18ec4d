#include "mazesearch/models/hex/hex_cell_board.hpp"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include "mazesearch/engine/input_file.hpp"
#include "mazesearch/models/hex/hex_model.hpp"

namespace maze {

// Named, not anonymous: the instrumented trees build the engine as a unity build.
namespace hex_board_text {

constexpr std::string_view kHeader = "hex";

std::string trimmed_right(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.pop_back();
    return s;
}

std::string character_text(char ch) {
    if (ch >= 32 && ch < 127) return std::string("'") + ch + "'";
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", static_cast<unsigned>(ch) & 0xffu);
    return hex;
}

// The start or the exit as the text marks it: its cell and line (0: not seen yet).
struct Mark {
    Cell cell{-1, -1};
    int line = 0;

    void place(Cell x, int lineno, const std::string& source, const std::string& second) {
        if (line)
            throw BoardError(source, lineno,
                             second + " (the first is on line " + std::to_string(line) + ")");
        cell = x;
        line = lineno;
    }
};

// One row's line: its indent checked (odd rows begin with one space), then its cells one space
// apart; the open ones set in `open`, the start and the exit marked.
int parse_row(const std::string& raw, int r, int lineno, const std::string& source, RowMask& open,
              Mark& start, Mark& exit) {
    const std::string line = trimmed_right(raw);
    if (line.empty())
        throw BoardError(source, lineno, "blank line inside the board: expected a row");
    const bool odd = r % 2 == 1;
    const bool indented = line[0] == ' ';
    if (odd && !indented)
        throw BoardError(source, lineno,
                         "row " + std::to_string(r) +
                             " is odd and must begin with one space (odd rows sit half a cell "
                             "to the right)");
    if (!odd && indented)
        throw BoardError(source, lineno,
                         "row " + std::to_string(r) +
                             " is even and must begin with its first cell, not a space");
    const std::string_view body = std::string_view(line).substr(odd ? 1 : 0);
    if (body.empty() || body[0] == ' ')
        throw BoardError(source, lineno, "expected a cell after the row's indent");
    const std::size_t cells = (body.size() + 1) / 2;
    if (cells > static_cast<std::size_t>(kMaxSide))
        throw BoardError(source, lineno,
                         "row too long: " + std::to_string(cells) + " cells (at most 16)");
    for (std::size_t i = 0; i < body.size(); ++i) {
        const char ch = body[i];
        const int c = static_cast<int>(i / 2);
        if (i % 2 == 1) {
            if (ch != ' ')
                throw BoardError(source, lineno,
                                 character_text(ch) + " after cell " + std::to_string(c + 1) +
                                     ": expected one space between cells");
            continue;
        }
        switch (ch) {
            case '.':
                open = static_cast<RowMask>(open | (1u << c));
                break;
            case '#':
                break;
            case 'S':
                start.place({r, c}, lineno, source, "second start 'S'");
                break;
            case 'E':
                exit.place({r, c}, lineno, source, "second exit 'E'");
                break;
            default:
                throw BoardError(source, lineno,
                                 "unknown character " + character_text(ch) + " in cell " +
                                     std::to_string(c + 1) + ": expected '.', '#', 'S' or 'E'");
        }
    }
    return static_cast<int>(cells);
}

}  // namespace hex_board_text

HexCellBoard::HexCellBoard(int rows, int cols) : cells_(rows, cols) {}

HexCellBoard::HexCellBoard(int rows, int cols, Cell start, Cell exit)
    : cells_(rows, cols, start, exit) {}

HexCellBoard HexCellBoard::from_square_cells(const Board& cells) {
    return HexCellBoard(cells);
}

std::string HexCellBoard::to_text() const {
    using namespace hex_board_text;
    std::string out(kHeader);
    out += '\n';
    for (int r = 0; r < rows(); ++r) {
        if (r % 2 == 1) out += ' ';
        for (int c = 0; c < cols(); ++c) {
            if (c > 0) out += ' ';
            const Cell x{r, c};
            out += x == start() ? 'S' : x == exit() ? 'E' : open(r, c) ? '.' : '#';
        }
        out += '\n';
    }
    return out;
}

bool HexCellBoard::looks_like(std::string_view text) {
    using namespace hex_board_text;
    if (text.substr(0, kHeader.size()) != kHeader) return false;
    const std::string_view rest = text.substr(kHeader.size());
    return rest.empty() || rest[0] == '\n' || rest[0] == '\r' || rest[0] == ' ' || rest[0] == '\t';
}

HexCellBoard HexCellBoard::parse(std::string_view text, const std::string& source) {
    using namespace hex_board_text;
    const std::vector<std::string> lines = text_lines(text);
    if (lines.empty() || trimmed_right(lines[0]) != kHeader)
        throw BoardError(source, 1,
                         "expected \"hex\" on the first line of a hexagonal board, then its rows");
    if (lines.size() == 1) throw BoardError(source, 2, "no rows after \"hex\"");
    const std::size_t rows = lines.size() - 1;
    if (rows > static_cast<std::size_t>(kMaxSide))
        throw BoardError(source, kMaxSide + 2,
                         "too many rows: " + std::to_string(rows) + " (at most 16)");
    std::array<RowMask, kMaxSide> open{};
    Mark start, exit;
    int cols = 0;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const int r = static_cast<int>(i) - 1;
        const int lineno = static_cast<int>(i) + 1;
        const int n = parse_row(lines[i], r, lineno, source, open[r], start, exit);
        if (r == 0)
            cols = n;
        else if (n != cols)
            throw BoardError(source, lineno,
                             "ragged row: " + std::to_string(n) + " cells, expected " +
                                 std::to_string(cols) + " like line 2");
    }
    if (!start.line) throw BoardError(source, 0, "no start cell 'S'");
    if (!exit.line) throw BoardError(source, 0, "no exit cell 'E'");
    Board cells(static_cast<int>(rows), cols, start.cell, exit.cell);
    for (int r = 0; r < cells.rows(); ++r)
        cells.block_in_row(r, static_cast<RowMask>(cells.full_row() & ~open[r]));
    return HexCellBoard(std::move(cells));
}

HexCellBoard HexCellBoard::load(const std::string& path) {
    return parse(read_board_text(path), board_source_name(path));
}

void HexCellBoard::save(const std::string& path) const {
    write_board_text(path, to_text());
}

bool feasible(const HexCellBoard& b) {
    // Rows' bit masks: bit c is column c. From a row of parity p, the cells of the rows above
    // and below that touch column c are c - 1 + p and c + p, so a set m reaches m | m >> 1 (even
    // rows) or m | m << 1 (odd rows) there; within a row it reaches its neighbours both ways.
    const int rows = b.rows();
    std::array<RowMask, kMaxSide> reached{};
    const Cell s = b.start();
    const Cell e = b.exit();
    reached[s.r] = static_cast<RowMask>(1u << s.c);
    for (bool grew = true; grew;) {
        grew = false;
        for (int pass = 0; pass < 2; ++pass)
            for (int k = 0; k < rows; ++k) {
                const int r = pass == 0 ? k : rows - 1 - k;
                unsigned m = reached[r];
                if (r > 0) {
                    const unsigned up = reached[r - 1];
                    m |= (r - 1) % 2 == 0 ? up | up >> 1 : up | up << 1;
                }
                if (r + 1 < rows) {
                    const unsigned down = reached[r + 1];
                    m |= (r + 1) % 2 == 0 ? down | down >> 1 : down | down << 1;
                }
                m &= b.row(r);
                for (unsigned wider = m | m << 1 | m >> 1; (wider & b.row(r)) != m;
                     wider = m | m << 1 | m >> 1)
                    m = wider & b.row(r);
                if (m != reached[r]) {
                    reached[r] = static_cast<RowMask>(m);
                    grew = true;
                }
            }
        if ((reached[e.r] >> e.c) & 1u) return true;
    }
    return (reached[e.r] >> e.c) & 1u;
}

MazeGraph grid_graph(const HexCellBoard& b) {
    MazeGraph g;
    g.neighbours.resize(static_cast<std::size_t>(b.cells()));
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) {
            if (!b.open(r, c)) continue;
            auto& list = g.neighbours[static_cast<std::size_t>(r * b.cols() + c)];
            for (int d = 0; d < kHexDirections; ++d) {
                const Cell n = hex_neighbour({r, c}, static_cast<HexDirection>(d));
                if (b.in_bounds(n) && b.open(n)) list.push_back(n.r * b.cols() + n.c);
            }
        }
    g.start = b.start().r * b.cols() + b.start().c;
    g.exit = b.exit().r * b.cols() + b.exit().c;
    return g;
}

WalkCounts reference_counts(const HexCellBoard& b) {
    GraphWalkResult g = reference_walk(grid_graph(b));
    return {g.feasible, g.moves, std::move(g.visits)};
}

GraphFile grid_graph_file(const HexCellBoard& b) {
    return cells_graph_file(
        grid_graph(b), b.cols(), [&](int r, int c) { return b.open(r, c); },
        [](int r, int c) {
            return std::array<double, 3>{c + 0.5 * (r % 2), r * std::numbers::sqrt3 / 2, 0.0};
        });
}

}  // namespace maze
