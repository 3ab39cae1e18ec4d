#include "mazesearch/search/targets/cat_trap_target.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace maze {

CatTrapTarget::CatTrapTarget(int side, Objective objective, int max_blocks, int max_preblocked,
                             std::uint64_t node_limit)
    : board_(side),
      objective_(objective),
      max_blocks_(max_blocks),
      max_preblocked_(max_preblocked),
      node_limit_(node_limit) {
    if (side < 3 || side > kMaxSide)
        throw std::invalid_argument("cat-trap target side must be in [3, " +
                                    std::to_string(kMaxSide) + "]");
    topology_.kind = "hex";
    topology_.rows = 2 * side - 1;
    topology_.cols = 2 * side - 1;
    for (int i = 0; i < board_.cells(); ++i) {
        if (i == board_.centre()) continue;
        cell_.push_back(i);
        // Shifted into the bounding box, so that the coordinates are never negative.
        topology_.row.push_back(board_.hex(i).r + side - 1);
        topology_.col.push_back(board_.hex(i).c + side - 1);
    }
}

CatTrapGame CatTrapTarget::to_game(const Genome& g) const {
    CatTrapGame game(board_);
    for (std::size_t i = 0; i < cell_.size(); ++i)
        if (g.get(i)) game.preblock(cell_[i]);
    return game;
}

void CatTrapTarget::feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const {
    std::vector<int> moves;
    for (std::size_t i = 0; i < genomes.size(); ++i) {
        if (static_cast<int>(genomes[i].count()) > max_preblocked_) {
            feasible[i] = false;
            continue;
        }
        const CatTrapGame game = to_game(genomes[i]);
        feasible[i] = game.cat_options(moves) == CatStatus::Moves;
    }
}

std::optional<int> CatTrapTarget::least_blocks(const Genome& g) const {
    CatTrapSolver solver(board_, node_limit_);
    return solver.least_blocks(to_game(g), max_blocks_).blocks;
}

void CatTrapTarget::score(std::span<const Genome> genomes, std::span<double> values) const {
    // Each board is its own search with its own table.
    for (std::size_t i = 0; i < genomes.size(); ++i) {
        const std::optional<int> b = least_blocks(genomes[i]);
        double v = -std::numeric_limits<double>::infinity();
        if (b) v = objective_ == Objective::Maximise ? *b : -*b;
        values[i] = v;
    }
}

std::unique_ptr<CatTrapTarget> make_cat_trap_target(const Params& params) {
    const int side = static_cast<int>(params.get_int("side", 4, 3, CatTrapTarget::kMaxSide));
    const std::string objective =
        params.get_choice("objective", "maximise", {"maximise", "minimise"});
    const int max_blocks = static_cast<int>(params.get_int("max_blocks", 8, 0, 64));
    const HexBoard board(side);
    const int max_pre =
        static_cast<int>(params.get_int("max_preblocked", board.cells() - 1, 0, board.cells() - 1));
    const auto node_limit = static_cast<std::uint64_t>(
        params.get_int("node_limit", 2'000'000, 1, std::int64_t{1} << 40));
    params.reject_unused("target");
    return std::make_unique<CatTrapTarget>(side,
                                           objective == "maximise"
                                               ? CatTrapTarget::Objective::Maximise
                                               : CatTrapTarget::Objective::Minimise,
                                           max_blocks, max_pre, node_limit);
}

}  // namespace maze
