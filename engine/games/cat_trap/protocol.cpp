#include "mazesearch/engine/games/cat_trap/protocol.hpp"

#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "mazesearch/engine/games/cat_trap/rules.hpp"
#include "mazesearch/engine/games/cat_trap/trapper.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/input_file.hpp"

namespace maze {

bool JudgeLines::next(std::string& line) {
    line.clear();
    std::streambuf* buf = in_.rdbuf();
    bool any = false;
    for (;;) {
        const int ch = buf ? buf->sbumpc() : std::char_traits<char>::eof();
        if (ch == std::char_traits<char>::eof()) {
            if (!any) return false;
            break;
        }
        any = true;
        if (ch == '\n') break;
        if (line.size() == max_line_)
            throw InputError(source_, number_ + 1,
                             "the line is longer than " + byte_size_text(max_line_));
        line.push_back(static_cast<char>(ch));
    }
    ++number_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
}

void JudgeLines::fail(const std::string& what) const {
    throw InputError(source_, number_, what);
}

namespace {

// Whitespace-separated words of a line.
std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

bool parse_int(const std::string& text, long long lo, long long hi, long long& value) {
    std::size_t used = 0;
    try {
        value = std::stoll(text, &used);
    } catch (const std::exception&) {
        return false;
    }
    return used == text.size() && value >= lo && value <= hi;
}

// One game; false when the input ended inside it.
bool play_game(const HexBoard& board, long long turns, JudgeLines& judge, std::ostream& out) {
    CatTrapGame game(board);
    CatTrapper trapper(board);
    std::string line;
    while (judge.next(line)) {
        const std::vector<std::string> w = words(line);
        if (w.size() == 1 && w[0] == "WIN") {
            std::vector<int> moves;
            if (game.cat_options(moves) != CatStatus::CutOff)
                judge.fail("WIN, but the cat at " + hex_text(board.hex(game.cat())) +
                           " can still reach the border");
            return true;
        }
        long long r = 0, c = 0;
        const long long big = 1'000'000'000;
        if (w.size() != 3 || w[0] != "CAT" || !parse_int(w[1], -big, big, r) ||
            !parse_int(w[2], -big, big, c))
            judge.fail("expected 'CAT r c' or 'WIN', got '" + line + "'");
        const Hex h{static_cast<int>(r), static_cast<int>(c)};
        const int cell = board.index(h);
        if (cell < 0)
            judge.fail("the cell " + hex_text(h) + " is not on the board of side " +
                       std::to_string(board.side()));
        const std::string why = game.illegal_cat_move(cell);
        if (!why.empty()) judge.fail("illegal cat move to " + hex_text(h) + ": " + why);
        if (game.blocks_used() >= turns)
            judge.fail("the cat is still free after all " + std::to_string(turns) +
                       " turns: the trapper lost");
        game.move_cat(cell);
        if (board.border(cell))
            judge.fail("the cat reached the border cell " + hex_text(h) +
                       " and escapes: the trapper lost");
        const int b = trapper.respond(game);
        if (!game.illegal_block(b).empty())
            throw std::logic_error("the trapper chose an illegal block");
        game.block(b);
        const Hex bh = board.hex(b);
        out << "BLOCK " << bh.r << ' ' << bh.c << '\n' << std::flush;
    }
    return false;
}

}  // namespace

void play_cat_trap_protocol(const HexBoard& board, JudgeLines& judge, std::ostream& out) {
    std::string line;
    if (!judge.next(line)) return;
    const std::vector<std::string> w = words(line);
    long long games = 0, turns = 0;
    if (w.size() != 2 || !parse_int(w[0], 0, 1'000'000'000, games) ||
        !parse_int(w[1], 1, 1'000'000'000, turns))
        judge.fail("expected 'T M' (games, turns), got '" + line + "'");
    for (long long g = 0; g < games; ++g)
        if (!play_game(board, turns, judge, out)) return;  // the input ended early
    while (judge.next(line))
        if (!words(line).empty())
            judge.fail("unexpected input after the last of " + std::to_string(games) + " games: '" +
                       line + "'");
}

}  // namespace maze
