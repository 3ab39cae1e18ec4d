// Uses the installed mazesearch::engine: walks a 13x13 board with cell (1, 0) blocked.
#include <cstdint>
#include <iostream>

#include "engine/bitboard.hpp"
#include "engine/board.hpp"
#include "engine/mouse_walk.hpp"

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
    return result.feasible && result.moves == kExpected ? 0 : 1;
}
