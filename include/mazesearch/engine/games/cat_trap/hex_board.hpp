// The hexagonal board of the cat trap (docs/games.md, 'Cat trap'): axial coordinates, the
// hexagon's symmetries, cell indices, neighbours and border cells, sets of cells as bits, and the
// distances to the border.
//
// Coordinates are axial (r, c): the cells of a board of side N are those with |r|, |c|,
// |r + c| <= N - 1; the border cells are those where the maximum equals N - 1. The cat starts in
// the centre (0, 0).
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <string>
#include <vector>

namespace maze {

struct Hex {
    int r = 0;
    int c = 0;
    friend bool operator==(Hex, Hex) = default;
};

// One of the 12 symmetries of the hexagon: an optional mirror, then `rotation` sixth-turns.
struct HexSymmetry {
    int rotation = 0;  // 0..5
    bool mirror = false;
    Hex apply(Hex h) const;
    Hex invert(Hex h) const;
};

// Geometry of the board of side N: cell indices, neighbours, border cells.
class HexBoard {
  public:
    static constexpr int kMaxSide = 64;
    // side in [2, kMaxSide]; throws std::invalid_argument otherwise.
    explicit HexBoard(int side);

    int side() const { return side_; }
    int cells() const { return static_cast<int>(hex_.size()); }
    int words() const { return (cells() + 63) / 64; }
    bool contains(Hex h) const;
    // -1 when h is not on the board.
    int index(Hex h) const;
    // hex, border and neighbours take a cell: 0 <= i < cells().
    Hex hex(int i) const {
        assert(i >= 0 && i < cells());
        return hex_[static_cast<std::size_t>(i)];
    }
    bool border(int i) const {
        assert(i >= 0 && i < cells());
        return border_[static_cast<std::size_t>(i)] != 0;
    }
    int centre() const { return index({0, 0}); }
    // The six neighbours in the order of docs/games.md, 'Cat trap' (east first, then
    // anticlockwise); -1 where they fall off the board.
    const std::array<int, 6>& neighbours(int i) const {
        assert(i >= 0 && i < cells());
        return nbr_[static_cast<std::size_t>(i)];
    }
    bool adjacent(int a, int b) const;

  private:
    int side_;
    std::vector<Hex> hex_;
    std::vector<int> index_;  // (r + N - 1) * (2N - 1) + (c + N - 1) -> cell, or -1
    std::vector<char> border_;
    std::vector<std::array<int, 6>> nbr_;
};

// A set of cells as bits (cell i = bit i), HexBoard::words() words.
using CellBits = std::vector<std::uint64_t>;

inline bool test_bit(const CellBits& b, int i) {
    assert(i >= 0 && static_cast<std::size_t>(i) >> 6 < b.size());
    return (b[static_cast<std::size_t>(i) >> 6] >> (i & 63)) & 1u;
}
inline void set_bit(CellBits& b, int i) {
    assert(i >= 0 && static_cast<std::size_t>(i) >> 6 < b.size());
    b[static_cast<std::size_t>(i) >> 6] |= std::uint64_t{1} << (i & 63);
}
inline void clear_bit(CellBits& b, int i) {
    assert(i >= 0 && static_cast<std::size_t>(i) >> 6 < b.size());
    b[static_cast<std::size_t>(i) >> 6] &= ~(std::uint64_t{1} << (i & 63));
}

constexpr int kUnreachable = -1;

// BFS distance of every open cell to the nearest open border cell through open cells;
// kUnreachable for blocked cells and cells cut off from the border.
void border_distances(const HexBoard& board, const CellBits& blocked, std::vector<int>& dist);

// The first neighbour of x, in the board's neighbour order, one step nearer the border by
// `dist` (from border_distances); x must be open, reachable and off the border (dist > 0).
// Following it from a cell walks a shortest path to the border.
int step_to_border(const HexBoard& board, const std::vector<int>& dist, int x);

// "(r, c)": a cell as text.
std::string hex_text(Hex h);

}  // namespace maze
