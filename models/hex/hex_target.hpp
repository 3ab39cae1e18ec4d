// The hexagonal mouse maze as a fitness target (`kind: hex`): genes are the free cells of an
// R x C hexagonal grid (start and exit excluded) in row-major order, 1 = blocked, as the square
// mouse maze's; the value is Squeaky's moves (paper convention) or the visits of his most-visited
// cell (objective max-visits). Every optimizer takes it; the exhaustive one scores its boards one
// by one.
#pragma once

#include <memory>
#include <string>

#include "mazesearch/engine/walk_objective.hpp"
#include "mazesearch/models/hex/hex_cell_board.hpp"
#include "mazesearch/models/hex/hex_model.hpp"
#include "mazesearch/search/grid_genes.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"
#include "mazesearch/search/targets/cell_set_target.hpp"

namespace maze {

// The hexagonal boards as a set of open cells: the same cells as a square board's, the six
// neighbours of the hexagonal grid.
template <>
struct CellSet<HexCellBoard> {
    static HexCellBoard board(const Board& cells) { return HexCellBoard::from_square_cells(cells); }
    static const Board& cells(const HexCellBoard& b) { return b.square_cells(); }
    static constexpr const char* topology_kind = "hex";  // odd rows half a cell to the right
    static constexpr ModelId enumerated = ModelId::Hex;
    template <class F>
    static void for_each_neighbour(Cell x, F f) {
        for (int d = 0; d < kHexDirections; ++d) f(hex_neighbour(x, static_cast<HexDirection>(d)));
    }
};

class HexMazeTarget : public CellSetTarget<HexCellBoard> {
  public:
    HexMazeTarget(int rows, int cols, Cell start, Cell exit,
                  WalkObjective objective = WalkObjective::Moves)
        : CellSetTarget(GridGenes(rows, cols, start, exit), objective, 0.0) {}

    std::string name() const override { return "hex"; }
};

// The target of a config's `target:` section (kind hex): rows, cols (13 each by default), start
// and exit [r, c] (top left, bottom left), objective (moves or max-visits). Throws ParamError
// naming the key and where it was set; an unknown key is refused.
std::unique_ptr<HexMazeTarget> make_hex_target(const Params& params);

}  // namespace maze
