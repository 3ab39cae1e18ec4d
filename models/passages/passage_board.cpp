#include "mazesearch/models/passages/passage_board.hpp"

#include <algorithm>
#include <bit>
#include <fstream>
#include <numeric>
#include <stdexcept>

#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/input_file.hpp"

namespace maze {

namespace {

void check_shape(int rows, int cols, int entrance, int exit) {
    if (rows < 1 || cols < 1 || rows > kMaxSide || cols > kMaxSide)
        throw BoardError("<board>", 0,
                         "passage board size " + std::to_string(rows) + "x" + std::to_string(cols) +
                             " is outside 1x1..16x16");
    if (entrance < 0 || entrance >= cols || exit < 0 || exit >= cols)
        throw BoardError("<board>", 0,
                         "entrance and exit columns must lie in 0.." + std::to_string(cols - 1));
}

std::string quoted(char ch) {
    if (ch >= 32 && ch < 127) return std::string("'") + ch + "'";
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02X", static_cast<unsigned char>(ch));
    return std::string("byte ") + buf;
}

// The checks of a passage board's drawing, line by line, with the line and column of the first
// character out of place.
struct PassageText {
    const std::vector<std::string>& lines;
    const std::string& source;

    void expect(size_t line, size_t col, bool ok, const std::string& what) const {
        if (!ok)
            throw BoardError(source, static_cast<int>(line) + 1,
                             "column " + std::to_string(col + 1) + ": " + quoted(lines[line][col]) +
                                 ", expected " + what);
    }

    // A border: corners, walls and exactly one gap; returns the gap's column.
    int border(size_t line, const char* name) const {
        int gap = -1;
        for (size_t k = 0; k < lines[0].size(); ++k) {
            const char ch = lines[line][k];
            if (k % 2 == 0) {
                expect(line, k, ch == '+', "'+' (a corner)");
                continue;
            }
            expect(line, k, ch == '-' || ch == ' ',
                   std::string("'-' (a wall) or ' ' (the ") + name + ")");
            if (ch == ' ') {
                if (gap >= 0)
                    throw BoardError(source, static_cast<int>(line) + 1,
                                     std::string("second gap in the border: there is one ") + name +
                                         ", at column " + std::to_string(2 * gap + 2));
                gap = static_cast<int>(k / 2);
            }
        }
        if (gap < 0)
            throw BoardError(source, static_cast<int>(line) + 1,
                             std::string("no gap in the border: expected one ' ' for the ") + name);
        return gap;
    }

    // Row r's line of cells and, but for the last row, the line of walls below it, into b.
    void read_row(PassageBoard& b, int r) const {
        const size_t cl = static_cast<size_t>(2 * r + 1);
        const std::string& cells = lines[cl];
        for (size_t k = 0; k < cells.size(); ++k) {
            const char ch = cells[k];
            if (k == 0 || k == cells.size() - 1)
                expect(cl, k, ch == '|', "'|' (the outer wall)");
            else if (k % 2 == 1)
                expect(cl, k, ch == ' ', "' ' (a cell)");
            else {
                expect(cl, k, ch == '|' || ch == ' ', "'|' (a wall) or ' ' (a passage)");
                if (ch == ' ') b.set_right(r, static_cast<int>(k / 2) - 1, true);
            }
        }
        if (r == b.rows() - 1) return;
        const size_t wl = cl + 1;
        for (size_t k = 0; k < lines[0].size(); ++k) {
            const char ch = lines[wl][k];
            if (k % 2 == 0)
                expect(wl, k, ch == '+', "'+' (a corner)");
            else {
                expect(wl, k, ch == '-' || ch == ' ', "'-' (a wall) or ' ' (a passage)");
                if (ch == ' ') b.set_down(r, static_cast<int>(k / 2), true);
            }
        }
    }
};

}  // namespace

PassageBoard::PassageBoard(int rows, int cols, int entrance, int exit)
    : rows_(rows), cols_(cols), entrance_(entrance), exit_(exit) {
    check_shape(rows, cols, entrance, exit);
}

void PassageBoard::set_right(int r, int c, bool open) {
    if (r < 0 || r >= rows_ || c < 0 || c >= cols_ - 1)
        throw std::out_of_range("PassageBoard::set_right: no passage right of that cell");
    const RowMask m = static_cast<RowMask>(1u << c);
    right_[r] = static_cast<RowMask>(open ? (right_[r] | m) : (right_[r] & ~m));
}

void PassageBoard::set_down(int r, int c, bool open) {
    if (r < 0 || r >= rows_ - 1 || c < 0 || c >= cols_)
        throw std::out_of_range("PassageBoard::set_down: no passage below that cell");
    const RowMask m = static_cast<RowMask>(1u << c);
    down_[r] = static_cast<RowMask>(open ? (down_[r] | m) : (down_[r] & ~m));
}

std::array<Cell, 2> PassageBoard::slot_cells(int slot) const {
    if (slot < 0 || slot >= slots()) throw std::out_of_range("PassageBoard: slot out of range");
    const int across = rows_ * (cols_ - 1);
    if (slot < across) {
        const int r = slot / (cols_ - 1);
        const int c = slot % (cols_ - 1);
        return {Cell{r, c}, Cell{r, c + 1}};
    }
    const int r = (slot - across) / cols_;
    const int c = (slot - across) % cols_;
    return {Cell{r, c}, Cell{r + 1, c}};
}

bool PassageBoard::slot_open(int slot) const {
    const auto [a, b] = slot_cells(slot);
    return a.r == b.r ? right_open(a.r, a.c) : down_open(a.r, a.c);
}

void PassageBoard::set_slot(int slot, bool open) {
    const auto [a, b] = slot_cells(slot);
    if (a.r == b.r)
        set_right(a.r, a.c, open);
    else
        set_down(a.r, a.c, open);
}

int PassageBoard::open_count() const {
    int n = 0;
    for (int r = 0; r < rows_; ++r) n += std::popcount(right_[r]) + std::popcount(down_[r]);
    return n;
}

std::string PassageBoard::to_text() const {
    const size_t width = static_cast<size_t>(2 * cols_ + 1);
    std::string out;
    out.reserve((width + 1) * static_cast<size_t>(2 * rows_ + 1));
    auto border = [&](int gap) {
        out += '+';
        for (int c = 0; c < cols_; ++c) {
            out += c == gap ? ' ' : '-';
            out += '+';
        }
        out += '\n';
    };
    border(entrance_);
    for (int r = 0; r < rows_; ++r) {
        out += '|';
        for (int c = 0; c < cols_; ++c) {
            out += ' ';
            out += c == cols_ - 1 ? '|' : right_open(r, c) ? ' ' : '|';
        }
        out += '\n';
        if (r == rows_ - 1) break;
        out += '+';
        for (int c = 0; c < cols_; ++c) {
            out += down_open(r, c) ? ' ' : '-';
            out += '+';
        }
        out += '\n';
    }
    border(exit_);
    return out;
}

bool PassageBoard::looks_like(std::string_view text) {
    return !text.empty() && text[0] == '+';
}

PassageBoard PassageBoard::parse(std::string_view text, const std::string& source) {
    const std::vector<std::string> lines = text_lines(text);
    const std::string drawing =
        "a passage board: lines of '+' corners with '-' walls or ' ' "
        "passages, and lines of '|' walls or ' ' passages between cells";
    if (lines.empty()) throw BoardError(source, 1, "empty file: expected " + drawing);
    const std::string& first = lines[0];
    if (first.size() < 3 || first.size() % 2 == 0 || first.size() > 2 * kMaxSide + 1)
        throw BoardError(source, 1,
                         "the top border has " + std::to_string(first.size()) +
                             " characters; expected 2 * columns + 1 (3, 5, .., 33) for " + drawing);
    const int cols = static_cast<int>(first.size() / 2);
    if (lines.size() % 2 == 0 || lines.size() < 3)
        throw BoardError(source, static_cast<int>(lines.size()),
                         std::to_string(lines.size()) +
                             " lines; expected 2 * rows + 1, ending with the bottom border");
    if (lines.size() > 2 * kMaxSide + 1)
        throw BoardError(source, 2 * kMaxSide + 2, "too many lines: at most 16 rows (33 lines)");
    const int rows = static_cast<int>(lines.size() / 2);

    for (size_t i = 0; i < lines.size(); ++i)
        if (lines[i].size() != first.size())
            throw BoardError(source, static_cast<int>(i) + 1,
                             std::to_string(lines[i].size()) + " characters; expected " +
                                 std::to_string(first.size()) + " like line 1");

    const PassageText drawing_text{lines, source};
    const int entrance = drawing_text.border(0, "entrance");
    const int exit = drawing_text.border(lines.size() - 1, "exit");
    PassageBoard b(rows, cols, entrance, exit);
    for (int r = 0; r < rows; ++r) drawing_text.read_row(b, r);
    return b;
}

PassageBoard PassageBoard::load(const std::string& path) {
    try {
        const std::string text = read_input(path, kMaxBoardFileBytes, "passage board");
        return parse(text, path == "-" ? "<stdin>" : path);
    } catch (const InputError& e) {
        throw BoardError(path, 0, e.detail());
    }
}

void PassageBoard::save(const std::string& path) const {
    std::ofstream out(path, std::ios::binary);
    out << to_text();
    if (!out) throw BoardError(path, 0, "cannot write the passage board");
}

void open_spanning_tree(PassageBoard& b, std::span<const int> order,
                        const std::function<bool()>& open_loop) {
    std::vector<int> parent(static_cast<size_t>(b.cells()));
    std::iota(parent.begin(), parent.end(), 0);
    auto root = [&](int v) {
        while (parent[static_cast<size_t>(v)] != v) v = parent[static_cast<size_t>(v)];
        return v;
    };
    for (int s : order) {
        const auto [x, y] = b.slot_cells(s);
        const int u = root(x.r * b.cols() + x.c);
        const int v = root(y.r * b.cols() + y.c);
        if (u != v) {
            parent[static_cast<size_t>(u)] = v;
            b.set_slot(s, true);
        } else if (open_loop()) {
            b.set_slot(s, true);
        }
    }
}

MazeGraph grid_graph(const PassageBoard& b) {
    MazeGraph g;
    const int rows = b.rows();
    const int cols = b.cols();
    const int outside = rows * cols;
    g.neighbours.resize(static_cast<size_t>(outside + 1));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            auto& n = g.neighbours[static_cast<size_t>(r * cols + c)];
            if (r == rows - 1 && c == b.exit()) n.push_back(outside);
            // The neighbours through open passages, in Squeaky's order (kSquareOrder).
            for (const auto& [dr, dc] : kSquareOrder) {
                const int nr = r + dr, nc = c + dc;
                if (nr < 0 || nr >= rows || nc < 0 || nc >= cols) continue;
                const bool open = dc != 0 ? b.right_open(r, std::min(c, nc))
                                          : b.down_open(std::min(r, nr), c);
                if (open) n.push_back(nr * cols + nc);
            }
        }
    g.neighbours[static_cast<size_t>(outside)].push_back((rows - 1) * cols + b.exit());
    g.start = b.entrance();
    g.exit = outside;
    return g;
}

WalkCounts reference_counts(const PassageBoard& b) {
    const GraphWalkResult w = reference_walk(grid_graph(b));
    WalkCounts res;
    res.feasible = w.feasible;
    if (!w.feasible) return res;
    res.moves = w.moves + 1;  // the move in
    res.visits.assign(w.visits.begin(), w.visits.begin() + b.cells());
    return res;
}

}  // namespace maze
