// Mouse Maze 2 as a fitness target (docs/rules.md, "Mouse Maze 2"): every cell of an R x C grid
// is open and a board is the set of open passages between neighbouring cells. Gene i is passage
// slot i (models/passages/passage_board.hpp: right passages row by row, then down passages), 1 = a wall
// (the passage closed), 0 = open, the Genome convention "1 = blocked". The value is the mouse's
// moves with the move in and the move out counted; a board is feasible when the exit cell can be
// reached from the entrance cell.
//
// The entrance and exit columns are either fixed by the config or chosen by the search. A free
// column is coded by genes of its own after the slots (the entrance's first): ceil(log2 C) of
// them, the column in Gray code, lowest bit first, so that the columns next to each other are
// one flip apart; a code of C or more is no column and the board is infeasible (rejected, never
// walked, like a board whose exit cannot be reached).
//
// Topology "passages" (target.hpp): a passage sits at doubled coordinates, the one right of (r,
// c) at (2r, 2c + 1), the one below it at (2r + 1, 2c); the genes of a free entrance sit at the
// top left cell (0, 0), those of a free exit at the bottom left cell (2R - 2, 0), so that line,
// block and patch crossovers move each code whole.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "mazesearch/models/passages/passage_board.hpp"
#include "mazesearch/models/passages/passage_model.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"
#include "mazesearch/search/targets/walk_target.hpp"

namespace maze {

class PassageTarget : public WalkTarget<PassageBoard> {
  public:
    // entrance, exit: a column of the top (bottom) row, or nullopt for a column that the search
    // chooses. Throws BoardError for a shape outside 1x1..16x16, fewer than two cells, or a
    // column outside the board.
    PassageTarget(int rows, int cols, std::optional<int> entrance, std::optional<int> exit);

    std::string name() const override { return "passages"; }
    std::size_t genes() const override { return genes_; }
    const Topology& topology() const override { return topology_; }

    // The board of a genome; nullopt when a free column's code is no column of the board.
    std::optional<PassageBoard> decode(const Genome& g) const override;
    // The genome of a board of this shape; throws BoardError naming `source` when the shape or
    // a fixed entrance or exit differ from the target's.
    Genome to_genome(const PassageBoard& b, const std::string& source = "<board>") const;

    int rows() const { return rows_; }
    int cols() const { return cols_; }
    std::optional<int> entrance() const { return entrance_; }  // nullopt: free
    std::optional<int> exit() const { return exit_; }          // nullopt: free
    int slots() const { return slots_; }
    // Genes per free column code: ceil(log2 cols).
    int code_genes() const { return code_bits_; }

  private:
    // The passages around every cell the mouse stands on (he looks through each of them), and
    // the genes of free entrance and exit columns; flipping any other passage changes neither
    // the walk nor its feasibility.
    Genome genes_near_walk(const Genome& g, const PassageBoard& b,
                           const std::vector<std::uint64_t>& visits) const override;
    int column(const Genome& g, std::size_t first) const;  // a free column's code, decoded

    int rows_, cols_;
    std::optional<int> entrance_, exit_;
    int slots_;
    int code_bits_;
    std::size_t genes_;
    Topology topology_;
};

// The target of a config's `target:` section (kind already read): rows, cols (13), entrance,
// exit (0: a column, or `free`). Throws ParamError naming the key and where it was set.
std::unique_ptr<PassageTarget> make_passage_target(const Params& params);

}  // namespace maze
