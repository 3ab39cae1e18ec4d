// What the board-model adapters (experiments/models/) share: a reference walk's result as a
// report, the boards a bench walks and the batches of copies its walkers time.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string_view>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "mazesearch/engine/board_model.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/svg_render.hpp"
#include "mazesearch/experiments/models/board_file.hpp"

namespace maze::experiments {

// The report of a reference walk (any mouse) on a model's graph: `moves_in` moves are added (the
// passage boards' move in), and the visits of the first `places` vertices are kept (a passage
// board's graph has an outside vertex past its cells).
inline WalkReport report_of(GraphWalkResult g, std::uint64_t moves_in = 0,
                            std::size_t places = static_cast<std::size_t>(-1)) {
    WalkReport rep;
    rep.feasible = g.feasible;
    if (!g.feasible) return rep;
    rep.trapped = g.trapped;
    if (g.trapped)
        rep.moves_before_trap = g.moves + moves_in;
    else
        rep.moves = g.moves + moves_in;
    if (g.visits.size() > places) g.visits.resize(places);
    rep.visits = std::move(g.visits);
    return rep;
}

// The report of Squeaky's walk by a fast walk (WalkCounts, CsrWalkResult): its moves and
// counts when the board is feasible.
template <typename Result>
WalkReport report_of_walk(Result r) {
    WalkReport rep;
    rep.feasible = r.feasible;
    if (r.feasible) {
        rep.moves = r.moves;
        rep.visits = std::move(r.visits);
    }
    return rep;
}

// The places of the square-grid models as eval names them: a cell's row-major index as "(r, c)"
// and [r, c], and the visit counts as a JSON list of rows.
inline std::string square_place_text(std::size_t place, int cols) {
    const auto w = static_cast<std::size_t>(cols);
    return "(" + std::to_string(place / w) + ", " + std::to_string(place % w) + ")";
}

inline nlohmann::ordered_json square_place_json(std::size_t place, int cols) {
    const auto w = static_cast<std::size_t>(cols);
    return {place / w, place % w};
}

// [[row 0], [row 1], ...]: rows * cols counts, row-major.
inline nlohmann::ordered_json square_visits_json(int rows, int cols,
                                                 const std::vector<std::uint64_t>& visits) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (int r = 0; r < rows; ++r) {
        nlohmann::ordered_json row = nlohmann::ordered_json::array();
        for (int c = 0; c < cols; ++c)
            row.push_back(visits[static_cast<std::size_t>(r * cols + c)]);
        out.push_back(std::move(row));
    }
    return out;
}

// eval --visits of the boards of open and blocked cells (cell boards, hex boards): a line a row,
// the counts right-aligned in cells of one width one space apart, '#' blocked, 'E' the exit; each
// odd row begun with `odd_indent` spaces (a hex board's rows sit half a cell to the right).
template <typename BoardT>
std::string cell_visits_text(const BoardT& b, const std::vector<std::uint64_t>& visits,
                             std::size_t odd_indent_cells = 0) {
    std::size_t width = 1;
    for (std::uint64_t v : visits) width = std::max(width, std::to_string(v).size());
    std::string out;
    for (int r = 0; r < b.rows(); ++r) {
        if (r % 2 == 1) out += std::string(odd_indent_cells * (width + 1) / 2, ' ');
        for (int c = 0; c < b.cols(); ++c) {
            std::string cell;
            if (Cell{r, c} == b.exit())
                cell = "E";
            else if (!b.open(r, c))
                cell = "#";
            else
                cell = std::to_string(visits[static_cast<std::size_t>(r * b.cols() + c)]);
            if (c > 0) out += ' ';
            out += std::string(width - cell.size(), ' ');
            out += cell;
        }
        out += '\n';
    }
    return out;
}

// The models on a square grid of rows x cols cells (cell boards, passage boards): places are
// cells, named (r, c), counted row-major, and drawn `cell_pixels` wide; an infeasible board is
// said to lack what its model's facts say (ModelFacts, engine/board_model.hpp).
template <typename BoardT>
class SquareBoardFile : public BoardFile {
  public:
    explicit SquareBoardFile(BoardT b) : b_(std::move(b)) {}

    // Squeaky on the model's fast walk, or a k-mod mouse on the reference walk of the board's
    // graph, with the moves that graph does not count (a passage board's move in) added and the
    // cells' counts kept.
    WalkReport walk(int kmod) const override {
        if (kmod == 0) return report_of_walk(walk_report(b_));
        return report_of(maze::reference_walk(grid_graph(b_), kmod),
                         ModelFacts<BoardT>::moves_before_graph,
                         static_cast<std::size_t>(b_.cells()));
    }

    // Squeaky on the model's plain reference walk, which eval --check holds the fast walk to.
    WalkReport reference_walk() const override { return report_of_walk(reference_counts(b_)); }

    std::string place_text(std::size_t place) const override {
        return square_place_text(place, b_.cols());
    }
    nlohmann::ordered_json place_json(std::size_t place) const override {
        return square_place_json(place, b_.cols());
    }
    nlohmann::ordered_json visits_json(const std::vector<std::uint64_t>& visits) const override {
        return square_visits_json(b_.rows(), b_.cols(), visits);
    }
    std::string infeasible_text() const override {
        return "(" + std::string(ModelFacts<BoardT>::unreachable) + ")";
    }
    std::string svg(const WalkReport& rep, const std::string& title,
                    int cell_pixels) const override {
        RenderOptions ro;
        ro.cell_pixels = cell_pixels;
        ro.title = title;
        return render_svg(b_, rep.visits, ro);
    }

  protected:
    // The board as a point of the search space of `target` (a target of the board's grid):
    // its genome, any genome's board as text, and the model's convention.
    template <typename TargetT>
    std::optional<SearchPoint> point_in(std::unique_ptr<TargetT> target) const {
        const TargetT* t = target.get();
        Genome centre = t->to_genome(b_);
        return SearchPoint{std::move(target), std::move(centre),
                           [t](const Genome& g) { return t->to_board(g).to_text(); },
                           std::string(ModelFacts<BoardT>::convention),
                           std::string(ModelFacts<BoardT>::convention_text)};
    }

    BoardT b_;
};

// The boards a bench walks: those of `files` (parse(text, name)), or `builtin` when there are
// none. Every board must be feasible (an InputError naming the file says `infeasible`
// otherwise), and the walkers check() must agree on them (else an internal error).
template <typename BoardT, typename Parse, typename Feasible>
std::vector<BoardT> bench_boards_of(const std::vector<InputFile>& files,
                                    std::vector<BoardT> builtin, Parse parse, Feasible feasible,
                                    const std::string& infeasible) {
    if (files.empty()) return builtin;
    std::vector<BoardT> boards;
    for (const InputFile& f : files) {
        boards.push_back(parse(f.text, f.name));
        if (!feasible(boards.back()))
            throw InputError(f.name, 0, infeasible + "; the bench walks feasible boards only");
    }
    return boards;
}

// Copies of the bench boards (whose moves add up to `signature`) until a timed round lasts long
// enough to be measured (`at_least` moves), shared by the walkers that time them.
template <typename BoardT>
struct BenchBatch {
    std::shared_ptr<const std::vector<BoardT>> boards;
    std::uint64_t moves = 0;

    BenchBatch(const std::vector<BoardT>& set, std::uint64_t signature, std::uint64_t at_least) {
        auto copies = std::make_shared<std::vector<BoardT>>();
        while (moves < at_least) {
            copies->insert(copies->end(), set.begin(), set.end());
            moves += signature;
        }
        boards = std::move(copies);
    }

    // A walker of this batch: walk(boards, out) puts the moves of each board into out.
    template <typename Walk>
    BenchWalker walker(std::string name, std::string note, std::string json_key, Walk walk) const {
        return {std::move(name),
                std::move(note),
                std::move(json_key),
                moves,
                boards->size(),
                [b = boards, walk](std::vector<std::uint64_t>& out) { walk(*b, out); }};
    }
};

// The two walkers every board model with a batch walk benches, over `batch`: the interleaved
// walk (evaluate_batch, the one the others are compared with) and the same walk one board at a
// time (evaluate_batch_serial).
template <typename BoardT>
std::vector<BenchWalker> batch_and_serial_walkers(const BenchBatch<BoardT>& batch) {
    return {batch.walker("interleaved walk", "", "moves_per_second",
                         [](const std::vector<BoardT>& b, std::vector<std::uint64_t>& out) {
                             evaluate_batch(b, out);
                         }),
            batch.walker("serial walk", "(one board at a time)", "serial_moves_per_second",
                         [](const std::vector<BoardT>& b, std::vector<std::uint64_t>& out) {
                             evaluate_batch_serial(b, out);
                         })};
}

// The bench of a model whose walkers are the interleaved walk and the serial one (cell boards,
// hex boards): the boards of `files` or `builtin` (whose moves add up to the pinned `signature`;
// checked), the walkers held to each other, and a batch of copies long enough for each timed
// round to last a few milliseconds. `what` names the boards ("boards", "hex boards"), `head` is
// the model's JSON keys before "signature".
template <typename BoardT>
BenchPlan interleaved_bench(const std::vector<InputFile>& files, std::vector<BoardT> builtin,
                            std::uint64_t signature, const std::string& what,
                            nlohmann::ordered_json head) {
    using Facts = ModelFacts<BoardT>;
    const bool builtin_set = files.empty();
    const std::vector<BoardT> boards = bench_boards_of(
        files, std::move(builtin), [](std::string_view t, const std::string& n) {
            return BoardT::parse(t, n);
        },
        [](const BoardT& b) { return feasible(b); },
        "infeasible " + what.substr(0, what.size() - 1) + " (" + std::string(Facts::unreachable) +
            ")");
    std::vector<std::uint64_t> serial(boards.size()), interleaved(boards.size());
    evaluate_batch_serial(boards, serial);
    evaluate_batch(boards, interleaved);
    if (serial != interleaved)
        throw std::logic_error("the interleaved and the serial walk disagree on the bench set");
    BenchPlan plan;
    plan.boards = boards.size();
    plan.boards_text = std::to_string(boards.size()) + " " + what;
    plan.convention_text = Facts::convention_text;
    plan.head = std::move(head);
    for (const std::uint64_t m : serial) plan.signature += m;
    if (builtin_set && plan.signature != signature)
        throw std::logic_error("the built-in " + what + " walk " + std::to_string(plan.signature) +
                               " moves; their signature is " + std::to_string(signature));
    // Many copies, so that each timed round lasts a few milliseconds.
    const BenchBatch<BoardT> batch(boards, plan.signature, 20'000'000);
    plan.walkers = batch_and_serial_walkers(batch);
    return plan;
}

}  // namespace maze::experiments
