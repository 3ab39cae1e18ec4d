// libFuzzer target: the cat trap's judge protocol (maze::play_cat_trap_protocol), as `mazesearch
// play cat-trap` reads it. The first byte picks the side of the board (2..20), the rest is the
// judge's input. An InputError is the protocol's answer to a bad or illegal line; anything else
// (the trapper choosing an illegal block included) is a bug.
#include <cstdint>
#include <sstream>
#include <string>

#include "mazesearch/engine/games/cat_trap/protocol.hpp"
#include "mazesearch/engine/input_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const int side = 2 + data[0] % 19;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
    std::ostringstream out;
    try {
        const maze::HexBoard board(side);
        maze::JudgeLines judge(in, "<stdin>", 4096);
        maze::play_cat_trap_protocol(board, judge, out);
    } catch (const maze::InputError&) {
    }
    return 0;
}
