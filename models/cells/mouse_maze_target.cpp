#include "mazesearch/models/cells/mouse_maze_target.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/input_file.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"

namespace maze {

Cell read_cell_param(const Params& params, const std::string& key, Cell fallback, int rows,
                     int cols) {
    if (!params.has(key)) return fallback;
    const std::string section = params.section().empty() ? "target" : params.section();
    const auto [r, c] = params.get_pair(key);
    if (r < 0 || r >= rows || c < 0 || c >= cols)
        throw ParamError(section + "." + key, params.where(key),
                         "expected [row, col] inside the " + std::to_string(rows) + "x" +
                             std::to_string(cols) + " board");
    return Cell{static_cast<int>(r), static_cast<int>(c)};
}

BoardShape read_board_shape(const Params& params, int default_side) {
    BoardShape shape;
    const std::string section = params.section().empty() ? "target" : params.section();
    shape.rows = static_cast<int>(params.get_int("rows", default_side, 1, kMaxSide));
    shape.cols = static_cast<int>(params.get_int("cols", default_side, 1, kMaxSide));
    shape.start = read_cell_param(params, "start", Cell{0, 0}, shape.rows, shape.cols);
    shape.exit = read_cell_param(params, "exit", Cell{shape.rows - 1, 0}, shape.rows, shape.cols);
    if (shape.start == shape.exit)
        throw ParamError(section + ".exit", params.where("exit"),
                         "start and exit must be different cells");
    if (shape.rows * shape.cols < 3)
        throw ParamError(section + ".rows", params.where("rows"),
                         "the board needs a free cell besides start and exit");
    return shape;
}

std::vector<bool> parse_free_map(std::string_view text, const BoardShape& shape,
                                 const std::string& source) {
    const auto fail = [&](int line, const std::string& what) {
        return InputError(source, line, what);
    };
    const std::vector<std::string> lines = text_lines(text);  // trailing blank lines dropped
    std::vector<bool> free(static_cast<std::size_t>(shape.rows * shape.cols), false);
    std::size_t marked = 0;
    int row = 0;
    for (const std::string& line : lines) {
        const int at = row + 1;
        if (row == shape.rows)
            throw fail(at, "a line past the board's " + std::to_string(shape.rows) + " rows");
        if (line.empty())
            throw fail(at, "an empty line; expected a row of " + std::to_string(shape.cols) +
                               " cells");
        if (line.size() != static_cast<std::size_t>(shape.cols))
            throw fail(at, std::to_string(line.size()) + " characters; expected " +
                               std::to_string(shape.cols) + ", one a cell");
        for (int c = 0; c < shape.cols; ++c) {
            const char ch = line[static_cast<std::size_t>(c)];
            const Cell x{row, c};
            if (ch == '?') {
                if (x == shape.start || x == shape.exit)
                    throw fail(at, "'?' on the " +
                                       std::string(x == shape.start ? "start" : "exit") + " (" +
                                       std::to_string(row) + ", " + std::to_string(c) +
                                       "), which is never searched");
                free[static_cast<std::size_t>(row * shape.cols + c)] = true;
                ++marked;
            } else if (ch != '.' && ch != '#' && ch != 'S' && ch != 'E') {
                std::ostringstream what;
                what << "unexpected character ";
                if (ch >= 0x20 && ch < 0x7f)
                    what << "'" << ch << "'";
                else
                    what << "byte 0x" << std::hex << std::uppercase
                         << (static_cast<unsigned>(static_cast<unsigned char>(ch)));
                what << " in column " << std::dec << c
                     << "; expected '?' for a cell to search, or '.', '#', 'S', 'E' for a kept one";
                throw fail(at, what.str());
            }
        }
        ++row;
    }
    if (row != shape.rows)
        throw fail(0, std::to_string(row) + (row == 1 ? " row" : " rows") + "; expected " +
                          std::to_string(shape.rows));
    if (marked == 0) throw fail(0, "no cell marked '?', so nothing to search");
    return free;
}

namespace {

// "target.keep": a key as errors name it.
std::string target_key(const Params& params, const std::string& key) {
    return (params.section().empty() ? "target" : params.section()) + "." + key;
}

// free_rows or free_cols: [first, last] inside 0..extent-1, or the whole range when absent.
Params::Pair read_free_range(const Params& params, const std::string& key, int extent) {
    if (!params.has(key)) return {0, extent - 1};
    const Params::Pair p = params.get_pair(key);
    if (p.first < 0 || p.second < p.first || p.second >= extent)
        throw ParamError(
            target_key(params, key), params.where(key),
            "expected [first, last] with 0 <= first <= last <= " + std::to_string(extent - 1));
    return p;
}

// `target.free: FILE` read and parsed (parse_free_map); throws ParamError naming the key, and
// the map's line.
std::vector<bool> read_free_map(const Params& params, const BoardShape& shape) {
    const std::string path = params.get_string("free");
    try {
        return parse_free_map(read_input(path, kMaxBoardFileBytes, "a map of free cells"), shape,
                              path);
    } catch (const InputError& e) {
        throw ParamError(target_key(params, "free"), params.where("free"), e.what());
    }
}

}  // namespace

KeptCells read_kept_cells(const Params& params, const BoardShape& shape) {
    if (!params.has("keep")) {
        for (const std::string key : {"free_rows", "free_cols", "free"})
            if (params.has(key))
                throw ParamError(target_key(params, key), params.where(key),
                                 std::string(key == "free" ? "a map of free cells"
                                                           : "a free rectangle") +
                                     " needs `keep: BOARD`, the board whose other cells stay as "
                                     "they are");
        return {};
    }
    if (params.has("free"))
        for (const std::string key : {"free_rows", "free_cols"})
            if (params.has(key))
                throw ParamError(target_key(params, key), params.where(key),
                                 "the free cells are either a map (`free`) or a rectangle "
                                 "(`free_rows`, `free_cols`), not both");
    const std::string path = params.get_string("keep");
    const Params::Pair rows = read_free_range(params, "free_rows", shape.rows);
    const Params::Pair cols = read_free_range(params, "free_cols", shape.cols);
    const std::vector<bool> map =
        params.has("free") ? read_free_map(params, shape) : std::vector<bool>{};
    const auto is_free = [&](int r, int c) {
        if (!map.empty()) return bool(map[static_cast<std::size_t>(r * shape.cols + c)]);
        return r >= rows.first && r <= rows.second && c >= cols.first && c <= cols.second;
    };
    Board board = [&] {
        try {
            return Board::load(path);
        } catch (const BoardError& e) {
            throw ParamError(target_key(params, "keep"), params.where("keep"), e.what());
        }
    }();
    if (board.rows() != shape.rows || board.cols() != shape.cols ||
        !(board.start() == shape.start) || !(board.exit() == shape.exit))
        throw ParamError(target_key(params, "keep"), params.where("keep"),
                         path + " is not a board of the target's shape (" +
                             std::to_string(shape.rows) + "x" + std::to_string(shape.cols) +
                             ", the same start and exit)");
    KeptCells kept;
    std::size_t free = 0;
    for (int r = 0; r < shape.rows; ++r)
        for (int c = 0; c < shape.cols; ++c) {
            const Cell x{r, c};
            if (x == shape.start || x == shape.exit) continue;
            if (is_free(r, c))
                ++free;
            else
                (board.open(x) ? kept.open : kept.blocked).push_back(x);
        }
    if (free == 0)
        throw ParamError(target_key(params, params.has("free_rows") ? "free_rows" : "free_cols"),
                         params.where(params.has("free_rows") ? "free_rows" : "free_cols"),
                         "the free rectangle holds no cell to search (only the start or exit)");
    return kept;
}

MouseMazeTarget::MouseMazeTarget(int rows, int cols, Cell start, Cell exit, Convention convention,
                                 WalkObjective objective, const KeptCells& kept)
    : CellSetTarget(GridGenes(rows, cols, start, exit, kept.open, kept.blocked), objective,
                    convention == Convention::Flash ? 2.0 : 0.0),
      convention_(convention) {
    if (objective == WalkObjective::MaxVisits && convention == Convention::Flash)
        throw std::invalid_argument(
            "the Flash convention counts moves; max-visits has no convention");
}

std::unique_ptr<MouseMazeTarget> make_mouse_maze_target(const Params& params) {
    const BoardShape shape = read_board_shape(params);
    const std::string conv = params.get_choice("convention", "paper", {"paper", "flash"});
    const WalkObjective objective = *objective_from_name(
        params.get_choice("objective", "moves",
                          {std::string(objective_name(WalkObjective::Moves)),
                           std::string(objective_name(WalkObjective::MaxVisits))}));
    if (objective == WalkObjective::MaxVisits && conv == "flash")
        throw ParamError(target_key(params, "convention"), params.where("convention"),
                         "the Flash convention counts moves; objective max-visits counts visits "
                         "and has no convention (leave convention out)");
    const KeptCells kept = read_kept_cells(params, shape);
    params.reject_unused("target");
    return std::make_unique<MouseMazeTarget>(
        shape.rows, shape.cols, shape.start, shape.exit,
        conv == "flash" ? MouseMazeTarget::Convention::Flash : MouseMazeTarget::Convention::Paper,
        objective, kept);
}

}  // namespace maze
