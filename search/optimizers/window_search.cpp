#include "mazesearch/search/optimizers/window_search.hpp"

#include <stdexcept>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/search/enumeration/window_move.hpp"
#include "mazesearch/search/grid_genes.hpp"

namespace maze {

namespace {

// size x size, or rows x cols when they are given (both, and not with size).
WindowShape window_shape(const Params& params) {
    if (!params.has("rows") && !params.has("cols")) {
        const int k = static_cast<int>(params.get_int("size", 3, 2, 4));
        return {k, k};
    }
    if (params.has("size"))
        throw ParamError("optimizer.size", params.where("size"),
                         "give either size (a square window) or rows and cols (a rectangle), "
                         "not both");
    for (const std::string key : {"rows", "cols"})
        if (!params.has(key))  // named where the other one was given
            throw ParamError("optimizer." + key, params.where(key == "rows" ? "cols" : "rows"),
                             "missing: rows and cols give a rectangular window together");
    const WindowShape shape{static_cast<int>(params.get_int("rows", 1, 1, kMaxWindowCells)),
                            static_cast<int>(params.get_int("cols", 1, 1, kMaxWindowCells))};
    if (shape.cells() < 2 || shape.cells() > kMaxWindowCells)
        throw ParamError("optimizer.rows", params.where("rows"),
                         "a window of " + std::to_string(shape.rows) + " x " +
                             std::to_string(shape.cols) + " = " + std::to_string(shape.cells()) +
                             " cells; expected 2 to " + std::to_string(kMaxWindowCells));
    return shape;
}

}  // namespace

EnumerableGrid window_grid(const Target& target, WindowShape shape, const std::string& key) {
    const std::optional<EnumerableGrid> grid = target.enumerable_grid();
    if (!grid || grid->objective != WalkObjective::Moves || grid->model != ModelId::Cells)
        throw ParamError(
            key, "",
            "the window move needs a mouse-maze target whose objective is moves and whose "
            "cells are all searched (no target.keep), not this " +
                target.name() + " target");
    if (grid->genes->rows() < shape.rows || grid->genes->cols() < shape.cols)
        throw ParamError(key, "", "a window larger than the board");
    return *grid;
}

bool window_move(const EnumerableGrid& grid, Scored& board, int r, int c, WindowShape shape,
                 Evaluator& ev) {
    const GridGenes& g = *grid.genes;
    const Board b = g.to_board(board.genome);
    const std::vector<Cell> window = rect_window(b, r, c, shape.rows, shape.cols);
    const WindowMove m = best_window_setting(b, window);
    const std::uint64_t all = std::uint64_t{1} << window.size();
    const double value = static_cast<double>(m.moves) + grid.offset;
    const bool better = m.feasible && value > board.value;
    const Genome best = better ? g.to_genome(m.best) : Genome{};
    ev.account(m.settings, all - m.settings, better ? &best : nullptr, value);
    if (better) board = Scored{best, value};
    return better;
}

WindowSearch::Settings::Settings(const Params& params)
    : shape(window_shape(params)),
      shape_key(params.has("rows") ? "optimizer.rows" : "optimizer.size"),
      p_blocked(params.get_double("p_blocked", 0.25, 0.0, 1.0)) {}

void WindowSearch::Settings::check(const Target& target, const std::vector<Genome>& initial) const {
    (void)window_grid(target, shape, shape_key);
    check_initial("window", target, initial, true, false);
}

void WindowSearch::begin(const Target& target, const std::vector<Genome>& initial) {
    grid_ = window_grid(target, set_.shape, set_.shape_key);
    const GridGenes& g = *grid_.genes;
    positions_ = static_cast<std::size_t>((g.rows() - set_.shape.rows + 1) *
                                          (g.cols() - set_.shape.cols + 1));
    s_ = State{};
    s_.initial.assign(initial.begin(), initial.begin() + (initial.empty() ? 0 : 1));
}

void WindowSearch::step(Evaluator& ev) {
    require_started(ev);
    if (s_.done || ev.ledger().exhausted()) return;
    if (!s_.has_current) {
        if (!s_.initial.empty()) {
            s_.current = s_.initial.front();
            s_.initial.clear();
            s_.current_value = evaluate_one(ev, s_.current).value;  // feasible (checked in start)
        } else {
            auto got = draw_in_turn(ev, 1, kMaxStartDraws, [&] {
                return random_genome(common_.genes, set_.p_blocked, common_.rng);
            });
            if (got.empty())
                throw std::runtime_error("window: no feasible random board in " +
                                         std::to_string(kMaxStartDraws) +
                                         " draws (p_blocked too high?)");
            s_.current = std::move(got[0].genome);
            s_.current_value = got[0].value;
        }
        s_.has_current = true;
        ++common_.step;
        return;
    }
    const GridGenes& g = *grid_.genes;
    const int across = g.cols() - set_.shape.cols + 1;
    const int r = static_cast<int>(s_.next / static_cast<std::uint64_t>(across));
    const int c = static_cast<int>(s_.next % static_cast<std::uint64_t>(across));
    Scored current{s_.current, s_.current_value};
    const bool better = window_move(grid_, current, r, c, set_.shape, ev);
    ++s_.windows;
    if (better) {
        s_.current = std::move(current.genome);
        s_.current_value = current.value;
        ++s_.improvements;
        s_.quiet = 0;
    } else if (++s_.quiet >= positions_) {
        s_.done = true;  // a whole pass found nothing better
    }
    s_.next = (s_.next + 1) % positions_;
    ++common_.step;
}

nlohmann::json WindowSearch::save() const {
    return save_state(s_);
}

void WindowSearch::restore(const nlohmann::json& state) {
    restore_state(state, s_, [&](const Common& c, const State& s) {
        check_genomes(s.initial, c.genes, "initial board");
        check_value(s.current_value, "current value");
        if (s.has_current) check_scored(s.current, c.genes, "current board");
        if (positions_ > 0) check_index(s.next, positions_, "next window");
    });
}

}  // namespace maze
