// The proof that CatTrapper wins (docs/games.md, 'Cat trap'): the AND-tree over every tie the
// cat may take.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mazesearch/engine/games/cat_trap/rules.hpp"

namespace maze {

// The AND-tree over every choice the cat can make (its ties), with the trapper's reply computed by
// CatTrapper at every node.
struct CatTrapProof {
    bool proven = false;      // every line ends with the cat cut off within max_blocks blocks
    std::uint64_t nodes = 0;  // positions with the cat to move
    std::uint64_t leaves = 0;
    int max_blocks = 0;          // most blocks used on any line
    std::uint64_t off_plan = 0;  // trapper replies that came from the fallback
    // When not proven: the failing line as alternating cat cells and blocks, and why.
    std::vector<Hex> line;
    std::string failure;
};

// Explores the tree on `board`; `visit` (optional) sees every position with the cat to move. The
// games it sees point to `board`: a copy kept after the call needs the board to live on.
CatTrapProof prove_cat_trapper(const HexBoard& board, int max_blocks,
                               const std::function<void(const CatTrapGame&)>& visit = {});
// The same on a board of side N that lives only during the call.
CatTrapProof prove_cat_trapper(int side, int max_blocks,
                               const std::function<void(const CatTrapGame&)>& visit = {});

}  // namespace maze
