// The trapper's side of the cat trap's judge protocol (CodeChef BEARTRAP; `mazesearch play
// cat-trap`): the first line is 'T M' (games, turns); in each game the judge sends 'CAT r c' (the
// cat's new cell, axial coordinates) and the trapper answers 'BLOCK r c', until the judge sends
// 'WIN'. Lines are read from any std::istream, so the tests and the fuzzer can feed it text.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>

#include "mazesearch/engine/games/cat_trap/hex_board.hpp"

namespace maze {

// The longest judge line read; a protocol line is a dozen characters.
inline constexpr std::size_t kCatTrapMaxLineBytes = std::size_t{64} << 10;

// The judge's lines from `in`, counted for messages and without a trailing '\r'.
class JudgeLines {
  public:
    JudgeLines(std::istream& in, std::string source, std::size_t max_line = kCatTrapMaxLineBytes)
        : in_(in), source_(std::move(source)), max_line_(max_line) {}
    // The next line; false at the end of the input. A line longer than the limit is an
    // InputError naming it, raised as soon as that much has been read (so an endless input such
    // as /dev/zero ends at once).
    bool next(std::string& line);
    // Throws InputError(source, the current line, what).
    [[noreturn]] void fail(const std::string& what) const;
    int line() const { return number_; }

  private:
    std::istream& in_;
    std::string source_;
    std::size_t max_line_;
    int number_ = 0;
};

// Plays every game the judge's input asks for on `board`, writing each 'BLOCK r c' to `out` and
// flushing it at once (a live judge waits for it). Returns at the end of the input, also when it
// ends inside a game. Throws InputError naming the line for a malformed or illegal line, a cat
// that escapes, a game that runs past M turns, a WIN while the cat can still reach the border,
// and input after the last game.
void play_cat_trap_protocol(const HexBoard& board, JudgeLines& judge, std::ostream& out);

}  // namespace maze
