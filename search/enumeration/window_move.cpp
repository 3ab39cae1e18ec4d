#include "mazesearch/search/enumeration/window_move.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace maze {

namespace {

constexpr int kStride = kMaxSide + 2;
constexpr int kCells = kStride * kStride;
constexpr std::int32_t kBlocked = -1;  // a blocked cell or the border
constexpr std::int32_t kOpen = -2;     // undecided window cell: not yet looked at

// The walk so far: visit counts (or kBlocked, kOpen) on a padded grid, where the mouse is, and
// the moves made.
struct Walk {
    std::array<std::int32_t, kCells> count;
    int pos;
    std::uint64_t moves;
};

int padded(Cell x) {
    return (x.r + 1) * kStride + x.c + 1;
}

constexpr std::array<std::ptrdiff_t, 4> kStep = square_steps(kStride);  // Squeaky's order

// Can the mouse at `from` still reach `exit` if every undecided cell turns out open?
bool reachable(const Walk& w, int exit) {
    std::array<bool, kCells> seen{};
    std::array<int, kCells> queue;
    int head = 0, tail = 0;
    queue[tail++] = w.pos;
    seen[static_cast<std::size_t>(w.pos)] = true;
    while (head < tail) {
        const int p = queue[head++];
        if (p == exit) return true;
        for (const std::ptrdiff_t d : kStep) {
            const int q = p + d;
            if (w.count[static_cast<std::size_t>(q)] != kBlocked &&
                !seen[static_cast<std::size_t>(q)]) {
                seen[static_cast<std::size_t>(q)] = true;
                queue[tail++] = q;
            }
        }
    }
    return false;
}

class Search {
  public:
    Search(const Board& b, std::span<const Cell> window) : board_(b), result_(b) {
        for (const Cell& x : window) index_.push_back(padded(x));
        start_ = padded(b.start());
        exit_ = padded(b.exit());
    }

    WindowMove run() {
        Walk w;
        w.count.fill(kBlocked);
        for (int r = 0; r < board_.rows(); ++r)
            for (int c = 0; c < board_.cols(); ++c)
                if (board_.open(r, c)) w.count[static_cast<std::size_t>(padded(Cell{r, c}))] = 0;
        for (int p : index_) w.count[static_cast<std::size_t>(p)] = kOpen;
        w.pos = start_;
        w.moves = 0;
        if (reachable(w, exit_)) explore(w);
        return result_;
    }

  private:
    // Walks on until the exit (a leaf) or the first look at an undecided cell (a branch).
    void explore(Walk& w) {
        while (w.pos != exit_) {
            int choice = -1;
            std::int32_t least = 0;
            for (const std::ptrdiff_t d : kStep) {
                const int q = w.pos + d;
                const std::int32_t v = w.count[static_cast<std::size_t>(q)];
                if (v == kOpen) {
                    branch(w, q);
                    return;
                }
                if (v >= 0 && (choice < 0 || v < least)) {
                    choice = q;
                    least = v;
                }
            }
            ++w.count[static_cast<std::size_t>(w.pos)];
            ++w.moves;
            w.pos = choice;  // reachable() holds, so the mouse has an open neighbour
        }
        leaf(w);
    }

    void branch(const Walk& w, int cell) {
        Walk open = w;
        open.count[static_cast<std::size_t>(cell)] = 0;
        explore(open);
        Walk blocked = w;
        blocked.count[static_cast<std::size_t>(cell)] = kBlocked;
        if (reachable(blocked, exit_)) explore(blocked);
    }

    void leaf(const Walk& w) {
        ++result_.leaves;
        int unseen = 0;
        for (int p : index_) unseen += w.count[static_cast<std::size_t>(p)] == kOpen;
        result_.settings += std::uint64_t{1} << unseen;
        if (result_.feasible && w.moves <= result_.moves) return;
        result_.feasible = true;
        result_.moves = w.moves;
        result_.best = board_;
        result_.changed = 0;
        for (std::size_t i = 0; i < index_.size(); ++i) {
            const std::int32_t v = w.count[static_cast<std::size_t>(index_[i])];
            if (v == kOpen) continue;  // never looked at: as on the board
            const int p = index_[i];
            const Cell x{p / kStride - 1, p % kStride - 1};
            const bool open = v != kBlocked;
            result_.changed += open != board_.open(x);
            result_.best.set_open(x, open);
        }
    }

    const Board& board_;
    std::vector<int> index_;
    int start_ = 0, exit_ = 0;
    WindowMove result_;
};

}  // namespace

WindowMove best_window_setting(const Board& b, std::span<const Cell> window) {
    if (window.size() > static_cast<std::size_t>(kMaxWindowCells))
        throw std::invalid_argument("a window of " + std::to_string(window.size()) +
                                    " cells; at most " + std::to_string(kMaxWindowCells));
    std::vector<Cell> seen;
    for (const Cell& x : window) {
        if (!b.in_bounds(x.r, x.c)) throw std::invalid_argument("a window cell outside the board");
        if (x == b.start() || x == b.exit())
            throw std::invalid_argument("the window holds the start or the exit");
        if (std::find(seen.begin(), seen.end(), x) != seen.end())
            throw std::invalid_argument("a window cell given twice");
        seen.push_back(x);
    }
    return Search(b, window).run();
}

std::vector<Cell> rect_window(const Board& b, int r, int c, int rows, int cols) {
    std::vector<Cell> cells;
    for (int i = r; i < r + rows; ++i)
        for (int j = c; j < c + cols; ++j)
            if (b.in_bounds(i, j) && Cell{i, j} != b.start() && Cell{i, j} != b.exit())
                cells.push_back(Cell{i, j});
    return cells;
}

}  // namespace maze
