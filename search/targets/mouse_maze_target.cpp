#include "mazesearch/search/targets/mouse_maze_target.hpp"

#include <omp.h>

#include <algorithm>
#include <bit>
#include <sstream>

#include "mazesearch/engine/bitboard.hpp"
#include "mazesearch/engine/graph_walk.hpp"
#include "mazesearch/engine/mouse_walk.hpp"
#include "mazesearch/engine/svg_render.hpp"

namespace maze {

Cell read_cell_param(const Params& params, const std::string& key, Cell fallback, int rows,
                     int cols) {
    if (!params.has(key)) return fallback;
    const std::string section = params.section().empty() ? "target" : params.section();
    // A pair [row, col] arrives as the text "row,col".
    const std::string text = params.get_string(key);
    int r = -1, c = -1;
    char comma = 0;
    std::istringstream in(text);
    if (!(in >> r >> comma >> c) || comma != ',' || r < 0 || r >= rows || c < 0 || c >= cols)
        throw ParamError(section + "." + key, params.where(key),
                         "expected [row, col] inside the " + std::to_string(rows) + "x" +
                             std::to_string(cols) + " board");
    return Cell{r, c};
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

MouseMazeTarget::MouseMazeTarget(int rows, int cols, Cell start, Cell exit, Convention convention)
    : genes_(rows, cols, start, exit), convention_(convention) {}

std::string MouseMazeTarget::unit() const {
    return convention_ == Convention::Paper ? "moves (paper convention)"
                                            : "moves (Flash convention)";
}

void MouseMazeTarget::feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const {
    for (std::size_t i = 0; i < genomes.size(); ++i)
        feasible[i] = maze::feasible(to_board(genomes[i]));
}

void MouseMazeTarget::score(std::span<const Genome> genomes, std::span<double> values,
                            int threads) const {
    // Chunks of boards, each walked by the interleaved batch walker; a chunk's result does not
    // depend on which thread walks it.
    constexpr std::size_t kChunk = 64;
    // Below this many boards a batch is walked in the calling thread: waking a team costs more
    // than it saves, and a busy core would stall the others at the barrier. Big boards have long
    // walks, so smaller batches of them are worth sharing out.
    const std::size_t kParallelFrom = rows() * cols() >= 100 ? 128 : 256;
    const std::size_t n = genomes.size();
    const std::size_t chunks = (n + kChunk - 1) / kChunk;
    const int nthreads = threads > 0 ? threads : omp_get_max_threads();
    const double extra = convention_ == Convention::Flash ? 2.0 : 0.0;
#pragma omp parallel num_threads(nthreads) if (n >= kParallelFrom && nthreads > 1)
    {
        std::vector<Board> boards;
        std::vector<std::uint64_t> moves;
#pragma omp for schedule(dynamic, 1)
        for (std::size_t c = 0; c < chunks; ++c) {
            const std::size_t lo = c * kChunk;
            const std::size_t hi = std::min(n, lo + kChunk);
            boards.clear();
            for (std::size_t i = lo; i < hi; ++i) boards.push_back(to_board(genomes[i]));
            moves.assign(boards.size(), 0);
            walk_feasible_batch(boards, moves);  // the Evaluator only passes feasible ones
            for (std::size_t i = lo; i < hi; ++i) {
                const std::uint64_t m = moves[i - lo];
                values[i] = m == kInfeasible ? -std::numeric_limits<double>::infinity()
                                             : static_cast<double>(m) + extra;
            }
        }
    }
}

std::string MouseMazeTarget::board_text(const Genome& g) const {
    return to_board(g).to_text();
}

std::string MouseMazeTarget::board_svg(const Genome& g, const std::string& title) const {
    const Board b = to_board(g);
    std::vector<std::uint64_t> visits;
    if (maze::feasible(b)) visits = reference_grid_walk(b).visits;
    RenderOptions o;
    o.title = title;
    return render_svg(b, visits, o);
}

}  // namespace maze
