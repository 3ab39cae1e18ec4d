// libFuzzer target: board text, both forms a board file may take: cells (maze::Board::parse) and
// passages (maze::PassageBoard::parse, the `+-+` drawing), and the map of a search's free cells
// (maze::parse_free_map, `target.free`) on a 6x6 and a 13x13 board. A BoardError, or an
// InputError from the map, is a parser's answer to bad text; anything else is a bug, and so is a
// parsed board whose text form does not parse back to the same board, or a map whose free cells
// are not its '?' characters or hold the start or the exit.
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/models/passages/passage_board.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"

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
    for (const int side : {6, 13}) {
        const maze::BoardShape shape{side, side, maze::Cell{0, 0}, maze::Cell{side - 1, 0}};
        try {
            const std::vector<bool> free = maze::parse_free_map(text, shape, "fuzz");
            std::size_t marks = 0, count = 0;
            for (const char ch : text) marks += ch == '?';
            for (const bool f : free) count += f;
            if (free.size() != static_cast<std::size_t>(side * side) || count != marks ||
                count == 0 || free.front() || free[static_cast<std::size_t>((side - 1) * side)])
                std::abort();
        } catch (const maze::InputError&) {
        }
    }
    return 0;
}
