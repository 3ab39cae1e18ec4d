// libFuzzer target: board text, both forms a board file may take: cells (maze::Board::parse) and
// passages (maze::PassageBoard::parse, the `+-+` drawing). A BoardError is a parser's answer to
// bad text; anything else is a bug, and so is a parsed board whose text form does not parse back
// to the same board.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "mazesearch/engine/board.hpp"
#include "mazesearch/engine/passage_board.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const maze::Board b = maze::Board::parse(text, "fuzz");
        const maze::Board again = maze::Board::parse(b.to_text(), "round trip");
        if (!(again == b)) std::abort();
    } catch (const maze::BoardError&) {
    }
    try {
        const maze::PassageBoard p = maze::PassageBoard::parse(text, "fuzz");
        const maze::PassageBoard again = maze::PassageBoard::parse(p.to_text(), "round trip");
        if (!(again == p)) std::abort();
    } catch (const maze::BoardError&) {
    }
    return 0;
}
