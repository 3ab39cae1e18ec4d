// A board model as the engine knows it (docs/architecture.md, "Board models"): a kind of maze
// whose boards Squeaky walks. Each model is a board type with the same functions beside it,
// overloads of one name each, so that what is written over the concept below is written once for
// every model:
//   - feasible(b): the exit reachable from the start (the model's flood fill);
//   - evaluate(b): feasibility, then the fast walk's moves (WalkResult);
//   - walk_report(b): the same with every cell's visits (WalkCounts), for what shows a board;
//   - evaluate_batch(boards, out) and evaluate_batch_serial(boards, out): a batch's moves, the
//     walks interleaved in one thread, and one board at a time;
//   - grid_graph(b): the board as a graph, which the plain reference walk walks;
//   - reference_counts(b): that walk's feasibility, moves (the model's convention) and visits of
//     every cell (WalkCounts), which the fast walks are held to;
//   - render_svg(b, visits, options): the picture, cells coloured by their visits;
// its text form (B::parse, b.to_text()), its size (rows, cols, cells), and ModelFacts<B>: what
// is said of its walks wherever a board of it is met. Each model says all this in its folder
// (models/cells/cell_model.hpp, models/passages/passage_model.hpp, models/hex/hex_model.hpp),
// with a static_assert that it models the concept; include the model's header to use it.
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mazesearch/engine/svg_render.hpp"
#include "mazesearch/engine/walk_result.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"

namespace maze {

// What is said of a model's boards and walks, the same in every command and view: its name in
// files and requests ("model": ...), the convention its moves are counted in (as words and as
// eval's JSON value), the moves its walk makes that the reference walk on grid_graph does not
// count (a passage board's move in), whether the Flash game's count (two more) applies, and
// what an infeasible board lacks.
template <typename B>
struct ModelFacts;

template <typename B>
concept BoardModel = requires(const B& b, std::span<const B> boards, std::span<std::uint64_t> out,
                              std::string_view text, const std::vector<std::uint64_t>& visits,
                              const RenderOptions& options) {
    { b.rows() } -> std::same_as<int>;
    { b.cols() } -> std::same_as<int>;
    { b.cells() } -> std::same_as<int>;
    { b.to_text() } -> std::same_as<std::string>;
    { B::parse(text, std::string()) } -> std::same_as<B>;
    { feasible(b) } -> std::same_as<bool>;
    { evaluate(b) } -> std::same_as<WalkResult>;
    { walk_report(b) } -> std::same_as<WalkCounts>;
    evaluate_batch(boards, out);
    evaluate_batch_serial(boards, out);
    { grid_graph(b) } -> std::same_as<MazeGraph>;
    { reference_counts(b) } -> std::same_as<WalkCounts>;
    { render_svg(b, visits, options) } -> std::same_as<std::string>;
    { ModelFacts<B>::name } -> std::convertible_to<std::string_view>;
    { ModelFacts<B>::convention_text } -> std::convertible_to<std::string_view>;
    { ModelFacts<B>::unreachable } -> std::convertible_to<std::string_view>;
};

// The picture of a board with Squeaky's visits, as a run draws its boards: the fast walk's
// counts (walk_report, tested equal to the reference walk's; record boards walk millions of
// moves), none when the board is infeasible.
template <BoardModel B>
std::string walked_picture(const B& b, const std::string& title) {
    const WalkCounts w = walk_report(b);
    RenderOptions o;
    o.title = title;
    return render_svg(b, w.feasible ? w.visits : std::vector<std::uint64_t>{}, o);
}

}  // namespace maze
