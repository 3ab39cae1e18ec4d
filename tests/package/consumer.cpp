// Uses the installed mazesearch::engine: walks a 13x13 board with cell (1, 0) blocked.
// The project's headers are reached under its own name, so this consumer's own engine/board.hpp
// (which mazesearch must not shadow, nor be shadowed by) lives beside them.
#include <cstdint>
#include <iostream>
#include <mazesearch/models/cells/bitboard.hpp>
#include <mazesearch/models/cells/board.hpp>
#include <mazesearch/models/cells/mouse_walk.hpp>

#include "engine/board.hpp"

// The package must not put its own folders on the include path.
#if __has_include(<models/cells/mouse_walk.hpp>) || __has_include(<search/genome.hpp>)
#error "the installed package puts include/mazesearch on the include path"
#endif

int main() {
    maze::Board board(13, 13);
    board.set_open(1, 0, false);
    if (!maze::feasible(board)) {
        std::cerr << "consumer: board unexpectedly infeasible\n";
        return 1;
    }
    const maze::WalkResult result = maze::evaluate(board);
    std::cout << result.moves << '\n';
    constexpr std::uint64_t kExpected = 180;
    return result.feasible && result.moves == kExpected && consumer::kOwnHeader ? 0 : 1;
}
