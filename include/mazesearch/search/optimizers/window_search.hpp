// Window search: a local search whose move is the exact window move (enumeration/
// window_move.hpp). From the given board (or a random feasible one) it takes the windows (size x
// size squares, or rows x cols rectangles) in row-major order of their top-left cells,
// re-optimises each exactly (every setting of its cells, the rest of the board fixed) and moves to
// the best setting whenever it has more moves than the board; it ends when a whole pass over the
// windows finds nothing better: then the board is a local optimum for every change inside any one
// window. One step is one window. The settings a window covers count as evaluations (the feasible
// ones) and rejected boards (the others), as the exhaustive enumeration counts them; a window is
// not cut by the budget, which is checked before each window. For mouse-maze targets, objective
// moves.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"

namespace maze {

// The rows x cols of a window.
struct WindowShape {
    int rows = 3;
    int cols = 3;
    int cells() const { return rows * cols; }
};

// The grid of a target the window move can work on (a mouse-maze target whose objective is
// moves, at least as large as the window); ParamError naming `key` otherwise.
EnumerableGrid window_grid(const Target& target, WindowShape shape, const std::string& key);
// One exact window move on a scored board: the best setting of the window whose top-left cell is
// (r, c), its settings counted as window search counts them (ev.account); the board takes that
// setting when it scores more. Returns whether it did.
bool window_move(const EnumerableGrid& grid, Scored& board, int r, int c, WindowShape shape,
                 Evaluator& ev);

class WindowSearch : public OptimizerBase {
  public:
    // What it reads of its keys: size [3] (2..4: size x size squares), or rows and cols
    // together (a rows x cols rectangle of 2 to 24 cells, e.g. 1 x 13: a whole row of a 13x13
    // board), p_blocked [0.25]; and what it checks before it starts (check_optimizer).
    struct Settings {
        explicit Settings(const Params& params);
        // A mouse-maze target the window fits (window_grid), a feasible first board.
        void check(const Target& target, const std::vector<Genome>& initial) const;

        WindowShape shape;
        std::string shape_key;  // the key an error about the window's size names
        double p_blocked;
    };
    explicit WindowSearch(const Params& params) : set_(params) {}
    // With settings already checked (CheckedOptimizer::make).
    explicit WindowSearch(const Settings& set) : set_(set) {}

    std::string kind() const override { return "window"; }
    MAZESEARCH_SEARCH_STEPS
    bool done() const override { return s_.done; }

    std::uint64_t improvements() const { return s_.improvements; }

  private:
    Settings set_;
    EnumerableGrid grid_;
    std::size_t positions_ = 0;  // windows in a pass

    struct State {
        std::vector<Genome> initial;
        bool has_current = false;
        Genome current;
        Real current_value;
        std::uint64_t next = 0;   // the window to take next, in row-major order of its corner
        std::uint64_t quiet = 0;  // windows taken since the last improvement
        std::uint64_t windows = 0;
        std::uint64_t improvements = 0;
        bool done = false;
        MAZESEARCH_DEFINE_STATE(State, initial, has_current, current, current_value, next, quiet,
                                windows, improvements, done)
    };
    State s_;
};

}  // namespace maze
