// Exhaustive enumeration of Mouse Maze 2 boards (models/passages/passage_board.hpp; docs/rules.md,
// "Mouse Maze 2"), the passage twin of exhaustive.hpp. A passage can change the walk only once
// the mouse looks through it, so the enumeration decides a passage (open or walled) when the
// mouse first needs it and branches there; a leaf is a finished walk and stands for 2^(undecided
// passages) boards. A branch that walls off the exit cell is cut at once.
//
// The entrance and exit columns may be fixed or free (-1: every column). With both free the
// forest of the C * C trees, in the order entrance-major, is cut into frontier subtrees in one
// canonical order, so shards, `done` lists and limits work as for the cell enumeration. The
// EnumerationOptions are the same; `at_least` asks for the boards worth at least that much only,
// and lets the bound (passage_tree.hpp, moves_bound) cut the subtrees that cannot reach it.
#pragma once

#include <cstdint>

#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze {

// The forest of every passage board of the rows x cols grid with the given entrance and exit
// columns (-1: every column), cut once (exhaustive.hpp, EnumerationTree).
std::unique_ptr<EnumerationTree> passage_enumeration_tree(
    int rows, int cols, int entrance, int exit,
    std::size_t frontier = EnumerationOptions{}.frontier);

// Enumerates every passage board of the rows x cols grid with the given entrance and exit
// columns (-1: every column). Grids of at most 64 passages (6x6, 5x7, 4x9, ...).
EnumerationResult enumerate_passage_boards(int rows, int cols, int entrance, int exit,
                                           const EnumerationOptions& options);

// Knuth's random-probe estimate of the passage tree (summed over the entrance and exit columns).
// With at_least > 0, of the tree that enumerate_passage_boards explores with that floor: a probe
// that reaches a node the bound cuts ends there with no leaf, so comparing the two estimates
// measures how much the bound cuts on trees too large to enumerate.
TreeEstimate estimate_passage_tree(int rows, int cols, int entrance, int exit, std::uint64_t probes,
                                   std::uint64_t seed, std::uint64_t at_least = 0);

}  // namespace maze
