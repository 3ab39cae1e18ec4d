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
#include "mazesearch/search/targets/walk_target.hpp"

namespace maze {

class HexMazeTarget : public WalkTarget<HexCellBoard> {
  public:
    HexMazeTarget(int rows, int cols, Cell start, Cell exit,
                  WalkObjective objective = WalkObjective::Moves);

    std::string name() const override { return "hex"; }
    std::size_t genes() const override { return genes_.size(); }
    // The cells' rows and columns, of kind "hex" (odd rows half a cell to the right).
    const Topology& topology() const override { return topology_; }

    std::optional<HexCellBoard> decode(const Genome& g) const override {
        return HexCellBoard::from_square_cells(genes_.to_board(g));
    }
    // The genome of a board of this shape (start and exit must match); BoardError naming
    // `source` otherwise.
    Genome to_genome(const HexCellBoard& b, const std::string& source = "<board>") const;
    int rows() const { return genes_.rows(); }
    int cols() const { return genes_.cols(); }

  private:
    // The free cells the mouse steps on or looks at (a neighbour of a cell it steps on).
    Genome genes_near_walk(const Genome& g, const HexCellBoard& b,
                           const std::vector<std::uint64_t>& visits) const override;

    GridGenes genes_;
    Topology topology_;
};

// The target of a config's `target:` section (kind hex): rows, cols (13 each by default), start
// and exit [r, c] (top left, bottom left), objective (moves or max-visits). Throws ParamError
// naming the key and where it was set; an unknown key is refused.
std::unique_ptr<HexMazeTarget> make_hex_target(const Params& params);

}  // namespace maze
