// The hexagonal cat trap (CodeChef BEARTRAP; the rules in docs/games.md, 'Cat trap'): the board
// and the cat's rule, a trapper that provably wins on the side-20 board within 20 blocks, the
// AND-tree proof of that claim over every tie the cat may take, and an exact AND-OR solver for
// small boards and late positions.
//
// The parts, one file each under cat_trap/: hex_board (coordinates, symmetries, neighbours,
// distances to the border), rules (the cat's options, a game in progress), trapper (the winning
// strategy), proof (the AND-tree over the cat's ties), solver (the exact AND-OR search) and
// protocol (the judge's lines, as `mazesearch play cat-trap` reads them).
//
// Coordinates are axial (r, c): the cells of a board of side N are those with |r|, |c|,
// |r + c| <= N - 1; the border cells are those where the maximum equals N - 1. The cat starts in
// the centre (0, 0) and moves first.
#pragma once

#include "mazesearch/engine/games/cat_trap/hex_board.hpp"
#include "mazesearch/engine/games/cat_trap/proof.hpp"
#include "mazesearch/engine/games/cat_trap/protocol.hpp"
#include "mazesearch/engine/games/cat_trap/rules.hpp"
#include "mazesearch/engine/games/cat_trap/solver.hpp"
#include "mazesearch/engine/games/cat_trap/trapper.hpp"
