// What a board is worth. A target says which genomes are feasible and scores feasible ones; the
// optimizers know nothing of the game behind it, and it knows nothing of the optimizer that asks
// (pagmo's problem/algorithm split). How its boards are shown to a user (text, pictures, the unit
// of its values) is kept apart, in the command's views (experiments/views/).
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/engine/walk_objective.hpp"
#include "mazesearch/search/genome.hpp"

namespace maze {

class GridGenes;
class Board;
enum class ModelId;  // mazesearch/models/model_id.hpp

// Where each gene sits, for the crossovers that need geometry (line, 2x2 block). Square grids
// use (row, column); hexagonal boards use axial (r, c); passage boards (Mouse Maze 2) use doubled
// coordinates, the passage between (r, c) and (r, c + 1) at (2r, 2c + 1) and the one between
// (r, c) and (r + 1, c) at (2r + 1, 2c), and their crossovers work on cells (crossover.hpp);
// graph targets use the ranks of their genes' coordinates (search/targets/graph_target.hpp);
// "kind" names the lattice.
struct Topology {
    std::string kind = "square";  // "square", "hex", "passages" or "graph"
    int rows = 0;                 // extent of the coordinates (bounding box)
    int cols = 0;
    std::vector<int> row;  // per gene
    std::vector<int> col;  // per gene
};

// Score of one genome. Targets maximise; a minimising objective negates its value.
struct Score {
    bool feasible = false;
    double value = -std::numeric_limits<double>::infinity();  // valid when feasible
};

// A genome with its (feasible) score.
struct Scored {
    Genome genome;
    double value = 0;
};

// A target whose value is Squeaky's moves (or the visits of his most-visited cell) on a grid
// board plus a constant: the exhaustive enumeration can cover all of its boards without scoring
// them one by one.
struct EnumerableGrid {
    const GridGenes* genes = nullptr;  // the grid, its start and exit, a board's genome
    double offset = 0;                 // value = moves + offset (the Flash convention adds 2)
    WalkObjective objective = WalkObjective::Moves;  // what a board's value counts
    ModelId model{};  // whose tree enumerates it (Cells, the first, by default; Hex)
    // The open cells of a board of the enumeration's results, from its text (BoardError).
    Board (*cells_of_text)(const std::string& text) = nullptr;
};

class Target {
  public:
    virtual ~Target() = default;

    virtual std::string name() const = 0;
    // Number of genes of every genome of this target.
    virtual std::size_t genes() const = 0;
    virtual const Topology& topology() const = 0;

    // Which genomes are feasible; cheap (no walk, no solve). feasible.size() == genomes.size().
    virtual void feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const = 0;
    // Scores genomes already known to be feasible, on the calling thread. The evaluator owns the
    // parallel loop: it hands chunks of a batch to several threads at once when thread_safe().
    virtual void score(std::span<const Genome> genomes, std::span<double> values) const = 0;
    // True when feasibility() and score() may run on several threads at once.
    virtual bool thread_safe() const { return true; }

    // The genes a feasible genome's score depends on, as a mask (bit i set: gene i matters):
    // for the mouse maze, the cells the mouse visits or looks at on its walk; flipping any other
    // gene leaves the score as it is. Costs about one evaluation. By default every gene.
    virtual Genome relevant_genes(const Genome& g) const {
        Genome all(g.size());
        for (std::size_t i = 0; i < g.size(); ++i) all.set(i, true);
        return all;
    }

    // Behaviour descriptors, for the searches that keep boards apart by what they do (MAP-Elites):
    // the names of what this target can say of a feasible genome's board besides its value, read
    // off the same walk; none by default.
    virtual std::vector<std::string> behaviours() const { return {}; }
    // The values of genomes known to be feasible, as score() gives them, and their behaviours:
    // described[i * behaviours().size() + j] is behaviour j of genome i. std::logic_error for a
    // target without behaviours.
    virtual void score_described(std::span<const Genome> genomes, std::span<double> values,
                                 std::span<double> described) const {
        (void)genomes, (void)values, (void)described;
        throw std::logic_error(name() + " gives no behaviour descriptors");
    }

    // The grid of a target that the exhaustive enumeration can cover; none for the others.
    virtual std::optional<EnumerableGrid> enumerable_grid() const { return std::nullopt; }

    // One genome's feasibility (a convenience over feasibility()).
    bool feasible(const Genome& g) const {
        bool f = false;
        feasibility(std::span<const Genome>(&g, 1), std::span<bool>(&f, 1));
        return f;
    }
};

}  // namespace maze
