// Exhaustive enumeration of Mouse Maze 2 boards (models/passages/passage_board.hpp; docs/rules.md,
// "Mouse Maze 2"), A passage can change the walk only once
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

#include "mazesearch/search/enumeration/enumeration_models.hpp"

// Its tree, enumeration and estimates are the calls of every model, through the table
// (enumeration_models.hpp) with ModelId::Passages; the grid as the results give it: the
// entrance and exit columns in start.c and exit.c, -1 for every column. Grids of at most 64
// passages (6x6, 5x7, 4x9, ...). Its estimate takes at_least: of the tree that the enumeration
// explores with that floor, a probe that reaches a node the bound cuts ends there with no leaf,
// so comparing the two estimates measures how much the bound cuts on trees too large to
// enumerate.
