// The lazy decision tree of Mouse Maze 2 boards (passages.hpp): a node holds the passages decided
// so far (open or walled) and the walk up to the first passage the mouse looks through that is
// not decided yet; advance() walks on, decide() fixes that passage. The cell tree's twin
// (decision_tree.hpp), with slots (PassageBoard's numbering) in place of cells.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "mazesearch/models/passages/passage_board.hpp"

namespace maze::passages {

constexpr int kMaxSlots = 64;  // one bit per passage slot in a 64-bit mask
constexpr int kMaxCells = 64;  // one bit per cell
constexpr std::uint32_t kMaxWalk = 60000;

// The grid of one (entrance, exit) pair: neighbour and slot tables in the order down, right,
// left, up, and the cell bit masks of the reachability test.
struct Grid {
    int rows, cols, cells, slots;
    int entrance, exit;  // columns
    int start_cell, exit_cell;
    std::array<std::uint64_t, kMaxSlots> right_bit{};  // slot -> cell bit whose right it is, or 0
    std::array<std::uint64_t, kMaxSlots> down_bit{};   // slot -> cell bit below which it is, or 0
    // Each cell's passage slots as one mask, and per direction (down, right, left, up) the slot's
    // bit (0 where the grid ends) and the neighbour (the cell itself where the grid ends), so that
    // the walk chooses the next cell with no test of the grid's edge.
    std::array<std::uint64_t, kMaxCells> cell_slots{};
    std::array<std::array<std::uint64_t, 4>, kMaxCells> dir_bit{};
    std::array<std::array<std::int8_t, 4>, kMaxCells> to{};
    std::uint64_t all = 0;

    Grid(int rows, int cols, int entrance, int exit);
};

// A point of the tree.
struct Node {
    std::array<std::uint16_t, kMaxCells> v{};  // visit counts
    std::uint64_t open = 0;                    // slots decided open
    std::uint64_t walled = 0;                  // slots decided walled
    std::uint64_t can_right = 0;  // cells whose right passage is not walled (open or undecided)
    std::uint64_t can_down = 0;   // cells whose down passage is not walled
    std::uint32_t moves = 0;      // moves so far, the move in included
    std::int8_t pos = 0;
    std::int8_t pad[3] = {};
};

enum class Status { Leaf, Branch };

Node root(const Grid& g);
// Walks on until the exit cell (Leaf: n.moves + 1 is the board's score, the move out) or a
// passage the mouse looks through that is not decided (Branch: its slot in `slot`).
Status advance(const Grid& g, Node& n, int& slot);
void decide(const Grid& g, Node& n, int slot, bool open);
// Can the mouse still reach the exit cell through open or undecided passages?
bool exit_reachable(const Grid& g, const Node& n);
// The moves of every board below a finished walk (Leaf): the move out added.
inline std::uint32_t leaf_moves(const Node& n) {
    return n.moves + 1;
}
// The largest visit count of a finished walk, the exit cell's move out included.
std::uint32_t leaf_max_visits(const Grid& g, const Node& n);

// An upper bound on the moves of every board below n (results/exhaustive/passages/README.md,
// "The bound"); ~0u when it cannot bound them. Valid for the moves objective.
std::uint32_t moves_bound(const Grid& g, const Node& n);

}  // namespace maze::passages
