// The example graphs of configs/graphs/ (docs/formats.md, "Graph files"), made by
// `mazesearch make-graph`: grids that are not square boards, and the paper's Lemma 11 tree.
// Every one has coordinates for drawing and writes its preference lists out.
#pragma once

#include "mazesearch/models/graphs/graph_file.hpp"

namespace maze {

// The hexagon of hexagonal cells with `side` cells a side (2..50; 3 side (side - 1) + 1 cells).
// Row i (0 at the top, 2 side - 2 at the bottom) has cell ids "i,0", "i,1", ... from the left.
// Start "0,0" (top left), exit the bottom row's first cell. Preference: down-right, down-left,
// right, left, up-right, up-left (Squeaky's down, right, left, up, with the two downs and the two
// ups each taken right first).
GraphFile hex_grid_graph(int side);

// The rows x cols grid (3..100 each) with the opposite edges joined, ids "r,c". Start "0,0", exit
// the cell farthest from it, (rows / 2, cols / 2). Preference down, right, left, up, around the
// edges.
GraphFile torus_graph(int rows, int cols);

// The x by y by z grid of cubes (1..30 each, at least two cubes), ids "x,y,z", y downwards.
// Start "0,0,0", exit "0,Y-1,Z-1" (the bottom left of the last layer). Preference: down, right,
// left, up as on a board, then into the next layer (z + 1), then back (z - 1).
GraphFile grid3d_graph(int x, int y, int z);

// The construction in the proof of the paper's Lemma 11 (docs/rules.md, "The Lemma 11
// construction"), k = 2..100: centre "s" (the start) with neighbours "v1" .. "vk" preferred in
// that order, a tail "w" on v(k-1), which prefers w over s, and the exit "vk". A k-mod mouse is
// trapped on it; the ordinary mouse escapes.
GraphFile lemma11_graph(int k);

}  // namespace maze
