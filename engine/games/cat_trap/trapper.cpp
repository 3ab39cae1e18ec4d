#include "mazesearch/engine/games/cat_trap/trapper.hpp"

#include <array>
#include <cassert>
#include <vector>

namespace maze {

int CatTrapper::respond(const CatTrapGame& game) {
    assert(game.trapper_to_move() && game.board().side() == board_->side());
    if (on_plan_) {
        const int b = planned(game);
        if (b >= 0 && game.illegal_block(b).empty()) return b;
        on_plan_ = false;
    }
    return fallback(game);
}

int CatTrapper::planned(const CatTrapGame& game) {
    const int n = board_->side();
    if (n < kMinPlanSide) return -1;
    const int k = n - 1;
    const int t = kTargetColumn;
    const int turn = game.blocks_used() + 1;
    const Hex actual = board_->hex(game.cat());
    if (turn == 1) {
        // Every neighbour of the centre is a sixth-turn of (1,-1).
        sym_ = {};
        for (int rot = 0; rot < 6; ++rot) {
            sym_.rotation = rot;
            if (sym_.apply({1, -1}) == actual) return canonical_index({2, -2});
        }
        return -1;
    }
    if (turn == 2 && sym_.invert(actual) == Hex{1, -2}) sym_.mirror = true;  // fixes (1,-1)
    const Hex cat = sym_.invert(actual);
    // The pocket, built while the cat walks from row 2 to row 8 (blocks 2..8).
    const std::array<Hex, 7> pocket{{{k, t - 2},
                                     {k - 1, t - 2},
                                     {k - 2, t - 1},
                                     {k, t},
                                     {k - 1, t + 1},
                                     {k - 2, t + 1},
                                     {k - 3, t + 1}}};
    // Inside the sector of the side r = K: one row a turn, two choices of column.
    const bool walking = cat.c < 0 && cat.c > -cat.r;
    if (turn <= 8) {
        if (!walking || cat.r != turn) return -1;
        return canonical_index(pocket[static_cast<std::size_t>(turn - 2)]);
    }
    // A harmless block: far behind the cat, on the side of the board it walks away from.
    auto spare = [&]() {
        for (int r = 0; r >= -k; --r) {
            const int i = canonical_index({r, 0});
            if (!game.is_blocked(i)) return i;
        }
        return -1;
    };
    const int mouth = k - 3;
    if (walking && cat.r < mouth && cat.c >= t && cat.c - t <= mouth - cat.r) {
        // Force the step left while the cat is right of the column, else straight on. When the
        // forcing cell is already blocked (a pocket wall), the cat has no choice anyway.
        const int force = cat.c > t ? canonical_index({cat.r + 1, cat.c})
                                    : canonical_index({cat.r + 1, cat.c - 1});
        return game.is_blocked(force) ? spare() : force;
    }
    if (cat == Hex{mouth, t}) return spare();  // it must step into the pocket
    if (cat == Hex{mouth + 1, t}) return canonical_index({mouth, t});  // close the mouth
    if (cat == Hex{k - 1, t} || cat == Hex{k - 1, t - 1})
        return canonical_index({k, t - 1});  // close the exit
    return -1;
}

int CatTrapper::fallback(const CatTrapGame& game) const {
    // Greedy, without guarantee: cut the cat off at once if one block does it, else block the
    // first of the cells it would step to next.
    const HexBoard& board = *board_;
    std::vector<int> dist;
    border_distances(board, game.blocked(), dist);
    const int cat = game.cat();
    CellBits blocked = game.blocked();
    int first_step = -1;
    if (dist[static_cast<std::size_t>(cat)] > 0) {
        for (int x = cat; dist[static_cast<std::size_t>(x)] > 0;) {
            const int next = step_to_border(board, dist, x);
            if (first_step < 0) first_step = next;
            set_bit(blocked, next);
            std::vector<int> moves;
            const bool cuts = maze::cat_options(board, blocked, cat, moves) == CatStatus::CutOff;
            clear_bit(blocked, next);
            if (cuts) return next;
            x = next;
        }
    }
    if (first_step >= 0) return first_step;
    for (int i = 0; i < board.cells(); ++i)
        if (game.illegal_block(i).empty()) return i;
    return -1;
}

}  // namespace maze
