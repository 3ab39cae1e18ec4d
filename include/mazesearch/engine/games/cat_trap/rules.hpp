// The rules of the cat trap (docs/games.md, 'Cat trap'): the cat's options at its turn (a step
// towards the border, escape, or cut off), a game in progress with its legality checks, and a
// picture of a position. The cat starts in the centre (0, 0) and moves first.
#pragma once

#include <cassert>
#include <string>
#include <vector>

#include "mazesearch/engine/games/cat_trap/hex_board.hpp"

namespace maze {

enum class CatStatus {
    Escapes,  // the cat stands on a border cell: it leaves the board (the trapper lost)
    CutOff,   // the cat cannot reach the border: the trapper won
    Moves,    // the cat steps to one of `moves` (the open neighbours of least distance)
};

// The cat's options at its turn; `moves` is filled only for CatStatus::Moves.
CatStatus cat_options(const HexBoard& board, const CellBits& blocked, int cat,
                      std::vector<int>& moves);

// A game in progress: blocked cells, the cat's cell, whose turn it is, the blocks so far.
class CatTrapGame {
  public:
    explicit CatTrapGame(const HexBoard& board);

    const HexBoard& board() const { return *board_; }
    const CellBits& blocked() const { return blocked_; }
    bool is_blocked(int i) const { return test_bit(blocked_, i); }
    int cat() const { return cat_; }
    int blocks_used() const { return blocks_; }
    bool trapper_to_move() const { return trapper_to_move_; }

    CatStatus cat_options(std::vector<int>& moves) const {
        return maze::cat_options(*board_, blocked_, cat_, moves);
    }
    // Why the cat may not step to `to` now; empty when the step is legal.
    std::string illegal_cat_move(int to) const;
    // Why the trapper may not block `cell` now; empty when legal.
    std::string illegal_block(int cell) const;
    // Unchecked moves (check with the functions above first; asserted: block in full, move_cat
    // that it is the cat's turn and `to` an open cell).
    void move_cat(int to);
    void block(int cell);
    // A pre-blocked cell (board set-up; does not count as a block nor pass the turn), not the
    // cat's.
    void preblock(int cell) {
        assert(cell >= 0 && cell < board_->cells() && cell != cat_);
        set_bit(blocked_, cell);
    }

  private:
    const HexBoard* board_;
    CellBits blocked_;
    int cat_;
    int blocks_ = 0;
    bool trapper_to_move_ = false;
};

// A readable picture of the board: one text row per r, '.' open, '#' blocked, 'C' the cat,
// indented so that hexagonal neighbours touch.
std::string board_picture(const CatTrapGame& game);

namespace detail {
// cat_options from the distances that border_distances computed for the blocked cells.
CatStatus cat_options_from(const HexBoard& board, const std::vector<int>& dist, int cat,
                           std::vector<int>& moves);
}  // namespace detail

}  // namespace maze
