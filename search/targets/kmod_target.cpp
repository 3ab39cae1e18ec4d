#include "mazesearch/search/targets/kmod_target.hpp"

#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/engine/games/kmod_trap.hpp"

namespace maze {

KmodTarget::KmodTarget(int rows, int cols, Cell start, Cell exit, int k, Objective objective)
    : grid_(rows, cols, start, exit), k_(k), objective_(objective) {
    if (k < 2 || k > 255) throw std::invalid_argument("a k-mod mouse needs 2 <= k <= 255");
}

double KmodTarget::value(const Board& b) const {
    const KmodWalkResult w = kmod_walk(b, k_);
    if (w.trapped) return objective_ == Objective::TrapSmall ? kTrapBase - b.open_count() : 0.0;
    // Escapes are far shorter than kTrapBase on boards of at most 16x16 in practice; cap them
    // so that an escape never outranks a trap.
    return std::min(static_cast<double>(w.moves), kTrapBase - 1000.0);
}

void KmodTarget::feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const {
    for (std::size_t i = 0; i < genomes.size(); ++i)
        feasible[i] = maze::feasible(grid_.to_board(genomes[i]));
}

void KmodTarget::score(std::span<const Genome> genomes, std::span<double> values) const {
    for (std::size_t i = 0; i < genomes.size(); ++i) values[i] = value(grid_.to_board(genomes[i]));
}

std::unique_ptr<KmodTarget> make_kmod_target(const Params& params) {
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
