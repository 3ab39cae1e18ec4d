#include "mazesearch/search/targets/kmod_target.hpp"

#include <omp.h>

#include "mazesearch/engine/games/kmod_trap.hpp"
#include "mazesearch/engine/svg_render.hpp"

namespace maze {

KmodTarget::KmodTarget(int rows, int cols, Cell start, Cell exit, int k, Objective objective)
    : shape_(rows, cols, start, exit, MouseMazeTarget::Convention::Paper),
      k_(k),
      objective_(objective) {
    if (k < 2 || k > 255) throw std::invalid_argument("a k-mod mouse needs 2 <= k <= 255");
}

std::string KmodTarget::unit() const {
    const std::string k = std::to_string(k_);
    return objective_ == Objective::TrapSmall
               ? "1e6 - open cells if the " + k + "-mod mouse is trapped, else its moves"
               : "moves of the " + k + "-mod mouse to the exit (0 if trapped)";
}

double KmodTarget::value(const Board& b) const {
    const KmodWalkResult w = kmod_walk(b, k_);
    if (w.trapped) return objective_ == Objective::TrapSmall ? kTrapBase - b.open_count() : 0.0;
    // Escapes are far shorter than kTrapBase on boards of at most 16x16 in practice; cap them
    // so that an escape never outranks a trap.
    return std::min(static_cast<double>(w.moves), kTrapBase - 1000.0);
}

void KmodTarget::score(std::span<const Genome> genomes, std::span<double> values,
                       int threads) const {
    const int nthreads = threads > 0 ? threads : omp_get_max_threads();
    const auto n = static_cast<std::int64_t>(genomes.size());
#pragma omp parallel for num_threads(nthreads) schedule(dynamic, 16) if (n >= 256 && nthreads > 1)
    for (std::int64_t i = 0; i < n; ++i)
        values[static_cast<size_t>(i)] = value(shape_.to_board(genomes[static_cast<size_t>(i)]));
}

std::string KmodTarget::board_svg(const Genome& g, const std::string& title) const {
    RenderOptions o;
    o.title = title;
    return render_svg(shape_.to_board(g), {}, o);
}

std::unique_ptr<Target> make_kmod_target(const Params& params) {
    const BoardShape shape = read_board_shape(params, 5);
    const int k = static_cast<int>(params.get_int("k", 2, 2, 255));
    const std::string objective =
        params.get_choice("objective", "trap-small", {"trap-small", "escape-long"});
    params.reject_unused("target");
    return std::make_unique<KmodTarget>(shape.rows, shape.cols, shape.start, shape.exit, k,
                                        objective == "trap-small"
                                            ? KmodTarget::Objective::TrapSmall
                                            : KmodTarget::Objective::EscapeLong);
}

}  // namespace maze
