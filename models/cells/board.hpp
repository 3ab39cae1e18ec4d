// A rectangular mouse-maze board of up to 16x16 cells, bit-packed one row per 16-bit word.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace maze {

constexpr int kMaxSide = 16;

// Squeaky's order of preference on the square grid, written once for every walk and tree of the
// cell boards (and of the passage boards, which lie on the same grid): down, right, left, up, as
// (row, column) steps. The rule that chooses among them is squeaky_choice.hpp's.
inline constexpr std::array<std::array<int, 2>, 4> kSquareOrder{{{1, 0}, {0, 1}, {0, -1}, {-1, 0}}};
// The same order as displacements in an array of row stride `stride` (a padded layout).
constexpr std::array<std::ptrdiff_t, 4> square_steps(std::ptrdiff_t stride) {
    std::array<std::ptrdiff_t, 4> steps{};
    for (std::size_t d = 0; d < 4; ++d) steps[d] = kSquareOrder[d][0] * stride + kSquareOrder[d][1];
    return steps;
}
// The longest board file read (comments and blank lines included); a board is far shorter.
constexpr std::size_t kMaxBoardFileBytes = std::size_t{1} << 20;

using RowMask = std::uint16_t;  // bit c set: cell (r, c) is open

struct Cell {
    int r = 0;
    int c = 0;
    friend bool operator==(const Cell&, const Cell&) = default;
};

// Bad board text or an impossible board; carries the source name and 1-based line (0: none).
class BoardError : public std::runtime_error {
  public:
    BoardError(std::string source, int line, const std::string& what);
    const std::string& source() const { return source_; }
    int line() const { return line_; }

  private:
    std::string source_;
    int line_;
};

// A board file of any model, read and written whole: the text at `path` ("-": standard input),
// at most kMaxBoardFileBytes, a file that cannot be read a BoardError naming it; the name a
// board's errors give the file ("<stdin>" for "-"); the text written to `path` (BoardError when
// it cannot be).
std::string read_board_text(const std::string& path);
std::string board_source_name(const std::string& path);
void write_board_text(const std::string& path, const std::string& text);

class Board {
  public:
    // An all-open board with the default start (top left) and exit (bottom left).
    Board(int rows, int cols);
    Board(int rows, int cols, Cell start, Cell exit);

    int rows() const { return rows_; }
    int cols() const { return cols_; }
    int cells() const { return rows_ * cols_; }
    Cell start() const { return start_; }
    Cell exit() const { return exit_; }

    bool open(int r, int c) const { return (rows_open_[r] >> c) & 1u; }
    bool open(Cell x) const { return open(x.r, x.c); }
    bool in_bounds(int r, int c) const { return r >= 0 && r < rows_ && c >= 0 && c < cols_; }
    // Setting start or exit blocked is refused: they are always open.
    void set_open(int r, int c, bool is_open);
    void set_open(Cell x, bool is_open) { set_open(x.r, x.c, is_open); }

    // Blocks the given cells of row r in one step; the start and the exit stay open.
    void block_in_row(int r, RowMask cells) {
        RowMask keep = 0;
        if (start_.r == r) keep = static_cast<RowMask>(keep | (1u << start_.c));
        if (exit_.r == r) keep = static_cast<RowMask>(keep | (1u << exit_.c));
        rows_open_[r] = static_cast<RowMask>(rows_open_[r] & ~(cells & ~keep));
    }

    RowMask row(int r) const { return rows_open_[r]; }
    const std::array<RowMask, kMaxSide>& rows_open() const { return rows_open_; }
    RowMask full_row() const { return static_cast<RowMask>((1u << cols_) - 1u); }
    int open_count() const;

    // Text form: one line per row, '.' open, '#' blocked, 'S' start, 'E' exit, '\n' after each.
    std::string to_text() const;
    // Parses the text form; `source` names the input in errors. Accepts CRLF and trailing
    // blank lines.
    static Board parse(std::string_view text, const std::string& source = "<string>");
    // The board in the file at `path` ("-": standard input). A directory, a file that cannot be
    // read or one longer than kMaxBoardFileBytes is a BoardError naming the path.
    static Board load(const std::string& path);
    void save(const std::string& path) const;

    friend bool operator==(const Board&, const Board&) = default;

  private:
    int rows_;
    int cols_;
    Cell start_;
    Cell exit_;
    std::array<RowMask, kMaxSide> rows_open_{};
};

}  // namespace maze
