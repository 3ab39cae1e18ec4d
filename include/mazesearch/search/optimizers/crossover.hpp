// Crossover operators of the genetic search (paper Section 4.4): a child takes every gene from
// one of its two parents. Uniform crossover picks the parent per gene; point crossovers cut the
// gene sequence (row-major on a grid: "everything above and to the left of a point"); line and
// block crossovers keep whole rows, columns or block x block squares of the grid together, and
// a patch crossover copies one rectangle of the second parent into the first, so these need a
// Topology with a row and column per gene. On a "passages" topology (doubled coordinates) they
// cut along cells: each passage goes with the cell left of it or above it, so a line is a row or
// column of cells with the passages right of and below them and a block is block x block cells.
#pragma once

#include <optional>
#include <string>

#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/genome.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

enum class CrossoverKind { Uniform, OnePoint, MultiPoint, Line, Block, Patch };
enum class LineAxis { Rows, Columns, Both };  // Both: rows or columns, a coin per child

struct CrossoverSpec {
    CrossoverKind kind = CrossoverKind::Uniform;
    int points = 2;                  // multi-point: number of cuts
    LineAxis line = LineAxis::Both;  // line: what a line is
    int block = 2;                   // block: side of the squares
};

// Parses the parameter spellings "uniform", "one-point", "multi-point", "line", "block", "patch"
// and "rows", "columns", "both"; std::invalid_argument otherwise.
CrossoverKind crossover_kind(const std::string& name);
LineAxis line_axis(const std::string& name);
// Whether the topology gives a row and a column for each of `genes` genes.
bool has_grid(const Topology& topo, std::size_t genes);
// Whether the crossover needs has_grid (line, block and patch).
bool needs_grid(CrossoverKind kind);

// The operators. Parents have the same size; with identical parents each returns that parent.
// Each gene from a or b with probability 1/2.
Genome uniform_crossover(const Genome& a, const Genome& b, Rng& rng);
// Genes [0, k) from a, [k, n) from b, the cut k uniform in 1..n-1 (a copy of a when n < 2).
Genome one_point_crossover(const Genome& a, const Genome& b, Rng& rng);
// `points` distinct cuts in 1..n-1 (fewer if n is small); segments alternate a, b, a, ...
Genome multi_point_crossover(const Genome& a, const Genome& b, int points, Rng& rng);
// Each whole row (or column) from a or b with probability 1/2. Needs has_grid.
Genome line_crossover(const Genome& a, const Genome& b, const Topology& topo, LineAxis axis,
                      Rng& rng);
// Each block x block square of the grid (aligned to the smallest row and column) from a or b
// with probability 1/2. Needs has_grid.
Genome block_crossover(const Genome& a, const Genome& b, const Topology& topo, int block, Rng& rng);

// A copy of a with one rectangle of the grid taken from b: each side spans the rows (columns)
// between two coordinates drawn uniformly, so a patch is one cell up to the whole grid. The
// child keeps a's board around a region of b intact (a 2-D two-point crossover). Needs has_grid.
Genome patch_crossover(const Genome& a, const Genome& b, const Topology& topo, Rng& rng);

// A config's crossover: the keys crossover (uniform|one-point|multi-point|line|block|patch, and
// none where the optimizer may go without), points [2], line rows|columns|both [both] and
// block [2], as the genetic search and population annealing read them.
struct CrossoverChoice {
    std::optional<CrossoverSpec> spec;  // none: no crossover
    std::string where;                  // where the config set the key, for messages

    // `fallback` when the key is not set; with allow_none, "none" means no crossover.
    static CrossoverChoice read(const Params& params, const std::string& fallback, bool allow_none);
    // Line, block and patch crossovers need a target with rows and columns (ParamError).
    void check_target(const Target& target) const;
};

// The operator named by spec.
Genome crossover(const CrossoverSpec& spec, const Genome& a, const Genome& b, const Topology& topo,
                 Rng& rng);

}  // namespace maze
