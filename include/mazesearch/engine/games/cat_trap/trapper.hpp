// The trapper that wins on boards of side 20 and more (docs/games.md, 'Cat trap').
#pragma once

#include "mazesearch/engine/games/cat_trap/rules.hpp"

namespace maze {

// The trapper of docs/games.md, 'Cat trap', for sides N >= 20 (the editorial's plan, in a
// canonical frame):
//   block 1: the cat stands next to the centre; rotate the board so that it stands on (1,-1)
//            and block (2,-2), so that it must turn towards one side (it cannot run to a corner);
//   block 2: the cat stands on (2,-1) or (1,-2); mirror so that it is (2,-1): from now on it
//            walks one row down (r + 1) a turn, choosing (r+1, c) or (r+1, c-1);
//   blocks 2..8: while it walks, build a pocket at the centre of the side r = N-1 around the
//            column T = -8: (K,T-2) (K-1,T-2) (K-2,T-1) (K,T) (K-1,T+1) (K-2,T+1) (K-3,T+1)
//            with K = N - 1; the pocket's cells are (K-2,T) (K-1,T) (K-1,T-1), its mouth
//            (K-3,T) and its only exit the border cell (K,T-1);
//   then:    steer: force the step left (block (r+1,c)) while c > T, straight on (block
//            (r+1,c-1)) once c = T, so that the cat reaches the mouth (K-3,T); a spare block
//            far behind it; it must step into the pocket (the exit is the nearest border cell);
//            block the mouth behind it; it steps on; block the exit.
// The cat reaches row 9 at most 7 columns left of where it started, so it always reaches the
// column T by row K-3: N - 2 blocks in all (18 on the side-20 board). Off the plan (other sides,
// positions the plan does not produce) it falls back on a greedy block with no guarantee.
class CatTrapper {
  public:
    explicit CatTrapper(const HexBoard& board) : board_(&board) {}
    // The trapper's block in `game` (the cat has just moved; the trapper is to move).
    int respond(const CatTrapGame& game);
    // Whether every block so far came from the plan (not from the fallback).
    bool on_plan() const { return on_plan_; }

    static constexpr int kTargetColumn = -8;
    // The plan needs N >= kMinPlanSide.
    static constexpr int kMinPlanSide = 20;

  private:
    int planned(const CatTrapGame& game);
    int fallback(const CatTrapGame& game) const;
    int canonical_index(Hex h) const { return board_->index(sym_.apply(h)); }

    const HexBoard* board_;
    HexSymmetry sym_;
    bool on_plan_ = true;
};

}  // namespace maze
