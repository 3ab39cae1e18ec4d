// The mouse maze on any graph (a graph file, docs/formats.md "Graph files") as a fitness target:
// a genome deletes vertices and/or edges of the given graph, and the value is Squeaky's walk on
// what is left (docs/rules.md, "General graphs").
//
// Genes (`delete:`): `vertices` (default), one gene per vertex other than the start and the exit,
// in the file's order, 1 = the vertex and its edges are deleted; `edges`, one gene per edge in
// the file's order, 1 = deleted; `both`, the vertex genes and then the edge genes. The
// preference lists of what is left are the file's lists without the deleted neighbours.
// Feasible = the exit is reachable from the start; the value is the moves of the fast graph
// walk (models/graphs/csr_walk.hpp), or with objective max-visits the visits of its most-visited
// vertex.
//
// Topology (for the line, block and patch crossovers): each gene sits where its vertex is, or at
// its edge's midpoint; rows are the distinct y values in order, columns the distinct x values
// (3-D graphs: the layers of distinct z side by side). A graph without coordinates stands each
// gene at its distance from the start (rows) and its order among the genes at that distance
// (columns).
#pragma once

#include <memory>
#include <string>

#include "mazesearch/models/graphs/csr_walk.hpp"
#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

class GraphTarget : public Target {
  public:
    enum class Delete { Vertices, Edges, Both };

    // `file` names the graph in the files a run writes. std::invalid_argument when there is
    // nothing to delete (no genes).
    GraphTarget(GraphFile graph, Delete what, WalkObjective objective, std::string file = "");

    std::string name() const override { return "graph"; }
    std::size_t genes() const override { return genes_; }
    const Topology& topology() const override { return topology_; }
    void feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const override;
    void score(std::span<const Genome> genomes, std::span<double> values) const override;
    // The vertex genes of the vertices the mouse steps on or looks at (a neighbour of a vertex
    // it steps on), and the edge genes of the edges at a vertex it steps on.
    Genome relevant_genes(const Genome& g) const override;

    // The walk on what the genome leaves (every count, per vertex of the whole graph).
    CsrWalkResult walk(const Genome& g) const;
    // What the genome leaves: the kept vertices (ids, positions) and edges in the file's order,
    // the lists without the deleted neighbours.
    GraphFile remaining(const Genome& g) const;
    // The genome that leaves `sub`: its vertices and edges must be the graph's (by id), with
    // the same start and exit, and only deletable parts may be missing. Throws
    // std::invalid_argument saying what does not fit.
    Genome genome_of(const GraphFile& sub) const;

    const GraphFile& graph() const { return graph_; }
    const std::string& file() const { return file_; }
    Delete deletes() const { return delete_; }
    WalkObjective objective() const { return objective_; }
    // The vertex of a vertex gene, or -1 for an edge gene; the edge of an edge gene, or -1.
    int gene_vertex(std::size_t gene) const;
    int gene_edge(std::size_t gene) const;

  private:
    // The compact layout of what the genome leaves (deleted vertices keep their index, with no
    // neighbours, and no vertex lists them).
    void build(const Genome& g, CsrGraph& out) const;
    bool vertex_deleted(const Genome& g, std::uint32_t v) const {
        return vertex_gene_[v] >= 0 && g.get(static_cast<std::size_t>(vertex_gene_[v]));
    }
    bool edge_deleted(const Genome& g, std::uint32_t e) const {
        return edge_base_ >= 0 && g.get(static_cast<std::size_t>(edge_base_) + e);
    }
    void make_topology();

    GraphFile graph_;
    Delete delete_;
    WalkObjective objective_;
    std::string file_;
    CsrGraph full_;
    std::vector<std::uint32_t> slot_edge_;  // per neighbour slot of full_: its edge's index
    std::vector<int> vertex_gene_;          // per vertex: its gene, or -1
    std::vector<int> gene_vertex_;          // per vertex gene: its vertex
    long long edge_base_ = -1;              // the gene of edge 0, or -1 when edges are no genes
    std::size_t genes_ = 0;
    Topology topology_;
};

// The target of a config's `target:` section (kind already read): file (the graph file, read
// now, relative to the current folder), delete vertices | edges | both (vertices), objective
// moves | max-visits (moves). Throws ParamError for the keys, InputError for a bad graph file.
std::unique_ptr<GraphTarget> make_graph_target(const Params& params);

}  // namespace maze
