#include "mazesearch/engine/games/cat_trap/rules.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>

namespace maze {

CatStatus detail::cat_options_from(const HexBoard& board, const std::vector<int>& dist, int cat,
                                   std::vector<int>& moves) {
    moves.clear();
    if (board.border(cat)) return CatStatus::Escapes;
    const int d = dist[static_cast<std::size_t>(cat)];
    if (d == kUnreachable) return CatStatus::CutOff;
    // A neighbour one step nearer always exists; the cat takes any of them.
    for (int y : board.neighbours(cat))
        if (y >= 0 && dist[static_cast<std::size_t>(y)] == d - 1) moves.push_back(y);
    return CatStatus::Moves;
}

CatStatus cat_options(const HexBoard& board, const CellBits& blocked, int cat,
                      std::vector<int>& moves) {
    thread_local std::vector<int> dist;
    border_distances(board, blocked, dist);
    return detail::cat_options_from(board, dist, cat, moves);
}

CatTrapGame::CatTrapGame(const HexBoard& board)
    : board_(&board), blocked_(static_cast<std::size_t>(board.words()), 0), cat_(board.centre()) {}

std::string CatTrapGame::illegal_cat_move(int to) const {
    if (trapper_to_move_) return "it is the trapper's turn";
    if (to < 0 || to >= board_->cells()) return "the cell is not on the board";
    std::vector<int> moves;
    switch (cat_options(moves)) {
        case CatStatus::Escapes:
            return "the cat stands on the border cell " + hex_text(board_->hex(cat_)) +
                   " and escapes";
        case CatStatus::CutOff:
            return "the cat is cut off from the border (the game is won)";
        case CatStatus::Moves:
            break;
    }
    if (std::find(moves.begin(), moves.end(), to) != moves.end()) return "";
    const std::string from = hex_text(board_->hex(cat_));
    if (!board_->adjacent(cat_, to)) return "the cell is not adjacent to the cat's cell " + from;
    if (is_blocked(to)) return "the cell is blocked";
    std::string nearest;
    for (int m : moves) nearest += (nearest.empty() ? "" : ", ") + hex_text(board_->hex(m));
    return "the cell is not one of the cat's nearest steps to the border from " + from + " (" +
           nearest + ")";
}

std::string CatTrapGame::illegal_block(int cell) const {
    if (!trapper_to_move_) return "it is the cat's turn";
    if (cell < 0 || cell >= board_->cells()) return "the cell is not on the board";
    if (is_blocked(cell)) return "the cell is already blocked";
    if (cell == cat_) return "the cat stands on the cell";
    return "";
}

void CatTrapGame::move_cat(int to) {
    assert(!trapper_to_move_ && to >= 0 && to < board_->cells() && !is_blocked(to));
    cat_ = to;
    trapper_to_move_ = true;
}

void CatTrapGame::block(int cell) {
    assert(illegal_block(cell).empty());
    set_bit(blocked_, cell);
    ++blocks_;
    trapper_to_move_ = false;
}

std::string board_picture(const CatTrapGame& game) {
    const HexBoard& board = game.board();
    const int k = board.side() - 1;
    std::string out;
    for (int r = -k; r <= k; ++r) {
        // Row r + 1 sits half a cell left of row r, so the rows are indented by |r|.
        out.append(static_cast<std::size_t>(std::abs(r)), ' ');
        const int lo = std::max(-k, -k - r);
        const int hi = std::min(k, k - r);
        for (int c = lo; c <= hi; ++c) {
            const int i = board.index({r, c});
            out += i == game.cat() ? 'C' : game.is_blocked(i) ? '#' : '.';
            if (c < hi) out += ' ';
        }
        out += '\n';
    }
    return out;
}

}  // namespace maze
