// The passage boards of Mouse Maze 2 in the lazy decision tree of every model
// (search/enumeration/decision_tree.hpp): a node holds the passages decided so far (open or
// walled) and the walk up to the first passage the mouse looks through that is not decided yet;
// advance() walks on, decide() fixes that passage. The decision unit is a passage slot
// (PassageBoard's numbering); the tree has a bound (moves_bound), so it takes a floor.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "mazesearch/models/passages/passage_board.hpp"
#include "mazesearch/search/enumeration/decision_tree.hpp"

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
    static constexpr bool kWidthSpecialised = false;  // one walk, the width read at run time

    Grid(int rows, int cols, int entrance, int exit);
    // Whether a grid fits the tree (64 passages and cells); std::invalid_argument naming its
    // passages and the limit otherwise.
    static void check_size(int rows, int cols);
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

using enumeration::Status;

Node root(const Grid& g);
// Walks on until the exit cell (Leaf: n.moves + 1 is the board's score, the move out) or a
// passage the mouse looks through that is not decided (Branch: its slot in `slot`). One walk
// for every width (kCols is not used).
template <int kCols = 0>
Status advance(const Grid& g, Node& n, int& slot);
extern template Status advance<0>(const Grid&, Node&, int&);
void decide(const Grid& g, Node& n, int slot, bool open);
// Can the mouse still reach the exit cell through open or undecided passages?
bool exit_reachable(const Grid& g, const Node& n);
// ... with the passage `slot` walled as well.
template <int kCols = 0>
bool exit_reachable_without(const Grid& g, const Node& n, int slot);
extern template bool exit_reachable_without<0>(const Grid&, const Node&, int);
inline void copy_node(Node& to, const Node& from, const Grid&) {
    to = from;
}
// The moves of every board below a finished walk (Leaf): the move out added.
inline std::uint32_t leaf_moves(const Node& n) {
    return n.moves + 1;
}
// The largest visit count of a finished walk, the exit cell's move out included.
std::uint32_t leaf_max_visits(const Grid& g, const Node& n);
inline std::uint64_t leaf_value(const Grid& g, const Node& n, WalkObjective objective) {
    return objective == WalkObjective::MaxVisits ? leaf_max_visits(g, n) : leaf_moves(n);
}
inline int undecided_units(const Grid& g, const Node& n) {
    return g.slots - std::popcount(n.open | n.walled);
}
// The first `cap` completions of a leaf in text order (' ', an open passage, sorts before the
// walls '-' and '|').
void leaf_boards(const Grid& g, const Node& n, std::size_t cap, std::vector<std::string>& out);

// An upper bound on the moves of every board below n (results/exhaustive/passages/README.md,
// "The bound"); ~0u when it cannot bound them. Valid for the moves objective.
std::uint32_t moves_bound(const Grid& g, const Node& n);

}  // namespace maze::passages
