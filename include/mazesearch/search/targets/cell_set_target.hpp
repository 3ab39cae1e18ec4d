// The walk targets of the models whose boards are sets of open cells on a grid (the paper's
// cell boards, the hexagonal boards), written once: the genes are the free cells in row-major
// order (GridGenes: the start, the exit and any kept cell are not genes), 1 = blocked. A model
// says what its board is made of open cells (CellSet<B>, beside its target): the board of a set
// of cells and back, its topology's kind, and the neighbours of a cell.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/search/enumeration/enumeration_result.hpp"
#include "mazesearch/search/grid_genes.hpp"
#include "mazesearch/search/targets/walk_target.hpp"

namespace maze {

// Specialised by each model of open cells:
//   static B board(const Board& cells);          the board whose open cells are those of `cells`
//   static const Board& cells(const B& b);       and back
//   static constexpr const char* topology_kind;  "square", "hex"
//   static void for_each_neighbour(Cell x, F f); f(y) for every neighbour y of x (maybe outside)
//   static constexpr ModelId enumerated; its tree in the enumeration (Cells, Hex)
template <class B>
struct CellSet;

template <BoardModel B>
class CellSetTarget : public WalkTarget<B> {
  public:
    std::size_t genes() const override { return genes_.size(); }
    const Topology& topology() const override { return topology_; }

    std::optional<B> decode(const Genome& g) const override {
        return CellSet<B>::board(genes_.to_board(g));
    }
    // The genome of a board of this shape (start and exit must match, kept cells as kept);
    // throws BoardError naming `source`.
    Genome to_genome(const B& b, const std::string& source = "<board>") const {
        return genes_.to_genome(CellSet<B>::cells(b), source);
    }

    // The grid, when every cell is a gene (no kept cells): the exhaustive optimizer enumerates
    // it with the model's tree, and the window move (cell boards) its windows.
    std::optional<EnumerableGrid> enumerable_grid() const override {
        if (!genes_.every_cell_a_gene()) return std::nullopt;
        return EnumerableGrid{&genes_, this->offset(), this->objective(), CellSet<B>::enumerated,
                              &cells_of_text};
    }

    const GridGenes& grid() const { return genes_; }
    int rows() const { return genes_.rows(); }
    int cols() const { return genes_.cols(); }
    Cell start() const { return genes_.start(); }
    Cell exit() const { return genes_.exit(); }

  protected:
    CellSetTarget(GridGenes genes, WalkObjective objective, double offset)
        : WalkTarget<B>(objective, offset), genes_(std::move(genes)), topology_(genes_.topology()) {
        topology_.kind = CellSet<B>::topology_kind;
    }

  private:
    static Board cells_of_text(const std::string& text) {
        return CellSet<B>::cells(B::parse(text, "enumeration"));
    }

    // The free cells the mouse steps on or looks at (a neighbour of a cell it steps on).
    Genome genes_near_walk(const Genome& g, const B&,
                           const std::vector<std::uint64_t>& visits) const override {
        const int rows = genes_.rows(), cols = genes_.cols();
        auto stepped = [&](Cell x) {
            return x.r >= 0 && x.r < rows && x.c >= 0 && x.c < cols &&
                   visits[static_cast<std::size_t>(x.r * cols + x.c)] > 0;
        };
        Genome mask(g.size());
        for (std::size_t i = 0; i < g.size(); ++i) {
            const Cell x = genes_.cell(i);
            bool seen = stepped(x);
            CellSet<B>::for_each_neighbour(x, [&](Cell y) { seen = seen || stepped(y); });
            if (seen) mask.set(i, true);
        }
        return mask;
    }

    GridGenes genes_;
    Topology topology_;
};

}  // namespace maze
