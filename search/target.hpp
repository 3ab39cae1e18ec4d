// What a board is worth. A target scores batches of genomes and says which are feasible; the
// optimizers know nothing of the game behind it (pagmo's problem/algorithm split).
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "mazesearch/search/genome.hpp"

namespace maze {

// Where each gene sits, for the crossovers that need geometry (line, 2x2 block). Square grids
// use (row, column); hexagonal boards use axial (r, c); "kind" names the lattice.
struct Topology {
    std::string kind = "square";  // "square" or "hex"
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

class Target {
  public:
    virtual ~Target() = default;

    virtual std::string name() const = 0;
    // Number of genes of every genome of this target.
    virtual std::size_t genes() const = 0;
    virtual const Topology& topology() const = 0;
    // The unit of value, e.g. "moves (paper convention)".
    virtual std::string unit() const = 0;

    // Which genomes are feasible; cheap (no walk). feasible.size() == genomes.size().
    virtual void feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const = 0;
    // Scores genomes already known to be feasible. May run in parallel (threads <= 0: all
    // cores); results never depend on the thread count.
    virtual void score(std::span<const Genome> genomes, std::span<double> values,
                       int threads) const = 0;

    // The genome as a human-readable board (text) and as an SVG picture.
    virtual std::string board_text(const Genome& g) const = 0;
    virtual std::string board_svg(const Genome& g, const std::string& title) const = 0;
    // File extension of board_text files, e.g. "txt".
    virtual std::string board_extension() const { return "txt"; }
};

}  // namespace maze
