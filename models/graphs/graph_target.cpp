#include "mazesearch/models/graphs/graph_target.hpp"
#include "mazesearch/search/enumeration/enumeration_models.hpp"

#include <algorithm>
#include <cmath>
#include <queue>
#include <stdexcept>
#include <unordered_map>

namespace maze {

GraphTarget::GraphTarget(GraphFile graph, Delete what, WalkObjective objective, std::string file)
    : graph_(std::move(graph)), delete_(what), objective_(objective), file_(std::move(file)) {
    graph_.validate();
    full_ = CsrGraph::from(graph_.graph);
    // Each neighbour slot's edge, so that deleting an edge removes both of its slots.
    std::unordered_map<std::uint64_t, std::uint32_t> edge_index;
    edge_index.reserve(graph_.edges.size());
    for (std::size_t e = 0; e < graph_.edges.size(); ++e) {
        const auto [lo, hi] = std::minmax(graph_.edges[e][0], graph_.edges[e][1]);
        edge_index.emplace(static_cast<std::uint64_t>(lo) << 32 | static_cast<std::uint32_t>(hi),
                           static_cast<std::uint32_t>(e));
    }
    slot_edge_.resize(full_.neighbours.size());
    for (std::uint32_t v = 0; v < full_.vertices(); ++v)
        for (std::uint32_t i = full_.offsets[v]; i < full_.offsets[v + 1]; ++i) {
            const auto [lo, hi] = std::minmax(v, full_.neighbours[i]);
            slot_edge_[i] = edge_index.at(static_cast<std::uint64_t>(lo) << 32 | hi);
        }
    vertex_gene_.assign(static_cast<std::size_t>(graph_.vertices()), -1);
    if (what != Delete::Edges)
        for (int v = 0; v < graph_.vertices(); ++v)
            if (v != graph_.graph.start && v != graph_.graph.exit) {
                vertex_gene_[static_cast<std::size_t>(v)] = static_cast<int>(gene_vertex_.size());
                gene_vertex_.push_back(v);
            }
    genes_ = gene_vertex_.size();
    if (what != Delete::Vertices) {
        edge_base_ = static_cast<long long>(genes_);
        genes_ += graph_.edges.size();
    }
    if (genes_ == 0)
        throw std::invalid_argument(
            "the graph has nothing to delete (no vertex other than the start and the exit, or no "
            "edge)");
    make_topology();
}

int GraphTarget::gene_vertex(std::size_t gene) const {
    return gene < gene_vertex_.size() ? gene_vertex_[gene] : -1;
}

int GraphTarget::gene_edge(std::size_t gene) const {
    if (edge_base_ < 0 || gene < static_cast<std::size_t>(edge_base_) || gene >= genes_) return -1;
    return static_cast<int>(gene - static_cast<std::size_t>(edge_base_));
}

void GraphTarget::build(const Genome& g, CsrGraph& out) const {
    const std::uint32_t n = full_.vertices();
    out.offsets.resize(n + 1);
    out.offsets[0] = 0;
    out.neighbours.clear();
    for (std::uint32_t v = 0; v < n; ++v) {
        if (!vertex_deleted(g, v))
            for (std::uint32_t i = full_.offsets[v]; i < full_.offsets[v + 1]; ++i) {
                const std::uint32_t w = full_.neighbours[i];
                if (!vertex_deleted(g, w) && !edge_deleted(g, slot_edge_[i]))
                    out.neighbours.push_back(w);
            }
        out.offsets[v + 1] = static_cast<std::uint32_t>(out.neighbours.size());
    }
    out.start = full_.start;
    out.exit = full_.exit;
}

void GraphTarget::feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const {
    CsrGraph sub;
    CsrWalk walker;
    for (std::size_t i = 0; i < genomes.size(); ++i) {
        build(genomes[i], sub);
        feasible[i] = walker.feasible(sub);
    }
}

void GraphTarget::score(std::span<const Genome> genomes, std::span<double> values) const {
    CsrGraph sub;
    CsrWalk walker;
    for (std::size_t i = 0; i < genomes.size(); ++i) {
        build(genomes[i], sub);
        std::uint64_t moves = walker.run(sub);
        std::uint64_t most = 0;
        if (moves != kWalkOverflow) {
            if (objective_ == WalkObjective::MaxVisits)
                for (std::uint32_t c : walker.counts()) most = std::max<std::uint64_t>(most, c);
        } else {
            const CsrWalkResult r = walker.evaluate(sub);  // the 64-bit reference walk
            moves = r.moves;
            most = r.max_visits;
        }
        values[i] = static_cast<double>(objective_ == WalkObjective::MaxVisits ? most : moves);
    }
}

CsrWalkResult GraphTarget::walk(const Genome& g) const {
    CsrGraph sub;
    build(g, sub);
    CsrWalk walker;
    return walker.evaluate(sub, true);
}

Genome GraphTarget::relevant_genes(const Genome& g) const {
    Genome mask(genes_);
    const CsrWalkResult r = walk(g);
    if (!r.feasible) return mask;
    for (std::uint32_t v = 0; v < full_.vertices(); ++v) {
        if (r.visits[v] == 0) continue;
        // Everything around a vertex the mouse stands on decides its step there.
        for (std::uint32_t i = full_.offsets[v]; i < full_.offsets[v + 1]; ++i) {
            const std::uint32_t w = full_.neighbours[i];
            if (vertex_gene_[w] >= 0) mask.set(static_cast<std::size_t>(vertex_gene_[w]), true);
            if (edge_base_ >= 0)
                mask.set(static_cast<std::size_t>(edge_base_) + slot_edge_[i], true);
        }
    }
    return mask;
}

GraphFile GraphTarget::remaining(const Genome& g) const {
    if (g.size() != genes_) throw std::invalid_argument("a genome of another size");
    const std::size_t n = static_cast<std::size_t>(graph_.vertices());
    std::vector<int> index(n, -1);
    GraphFile out;
    for (std::size_t v = 0; v < n; ++v) {
        if (vertex_deleted(g, static_cast<std::uint32_t>(v))) continue;
        index[v] = static_cast<int>(out.ids.size());
        out.ids.push_back(graph_.ids[v]);
        if (graph_.dimensions) out.pos.push_back(graph_.pos[v]);
    }
    out.dimensions = graph_.dimensions;
    out.graph.neighbours.resize(out.ids.size());
    for (std::size_t e = 0; e < graph_.edges.size(); ++e) {
        const int a = index[static_cast<std::size_t>(graph_.edges[e][0])];
        const int b = index[static_cast<std::size_t>(graph_.edges[e][1])];
        if (a >= 0 && b >= 0 && !edge_deleted(g, static_cast<std::uint32_t>(e)))
            out.edges.push_back({a, b});
    }
    CsrGraph sub;
    build(g, sub);
    for (std::uint32_t v = 0; v < sub.vertices(); ++v)
        if (index[v] >= 0)
            for (std::uint32_t w : sub.neighbours_of(v))
                out.graph.neighbours[static_cast<std::size_t>(index[v])].push_back(index[w]);
    out.graph.start = index[static_cast<std::size_t>(graph_.graph.start)];
    out.graph.exit = index[static_cast<std::size_t>(graph_.graph.exit)];
    const std::size_t deleted_vertices = n - out.ids.size();
    const std::size_t deleted_edges = graph_.edges.size() - out.edges.size();
    out.description = std::to_string(deleted_vertices) + " vertices and " +
                      std::to_string(deleted_edges) + " edges deleted from " +
                      (file_.empty() ? std::string("the graph") : file_) +
                      (graph_.description.empty() ? "" : ": " + graph_.description);
    out.index_ids();
    out.validate();
    return out;
}

Genome GraphTarget::genome_of(const GraphFile& sub) const {
    Genome g(genes_);
    const std::size_t n = static_cast<std::size_t>(graph_.vertices());
    std::vector<char> present(n, 0);
    for (const std::string& id : sub.ids) {
        const auto v = graph_.index_of(id);
        if (!v) throw std::invalid_argument("the vertex \"" + id + "\" is not in the graph");
        present[static_cast<std::size_t>(*v)] = 1;
    }
    const auto id_of = [&](int v) { return sub.ids[static_cast<std::size_t>(v)]; };
    if (id_of(sub.graph.start) != graph_.ids[static_cast<std::size_t>(graph_.graph.start)] ||
        id_of(sub.graph.exit) != graph_.ids[static_cast<std::size_t>(graph_.graph.exit)])
        throw std::invalid_argument("the start or the exit differs from the graph's");
    for (std::size_t v = 0; v < n; ++v) {
        if (present[v]) continue;
        if (vertex_gene_[v] < 0)
            throw std::invalid_argument("the vertex \"" + graph_.ids[v] +
                                        "\" is missing, and this target does not delete it");
        g.set(static_cast<std::size_t>(vertex_gene_[v]), true);
    }
    // The edges of the graph between two present vertices that sub does not have.
    std::unordered_map<std::uint64_t, char> in_sub;
    for (const auto& e : sub.edges) {
        const auto a = graph_.index_of(id_of(e[0]));
        const auto b = graph_.index_of(id_of(e[1]));
        const auto [lo, hi] = std::minmax(*a, *b);
        in_sub.emplace(static_cast<std::uint64_t>(lo) << 32 | static_cast<std::uint32_t>(hi), 1);
    }
    std::size_t matched = 0;
    for (std::size_t e = 0; e < graph_.edges.size(); ++e) {
        const auto [lo, hi] = std::minmax(graph_.edges[e][0], graph_.edges[e][1]);
        if (!present[static_cast<std::size_t>(lo)] || !present[static_cast<std::size_t>(hi)])
            continue;
        if (in_sub.count(static_cast<std::uint64_t>(lo) << 32 | static_cast<std::uint32_t>(hi))) {
            ++matched;
            continue;
        }
        if (edge_base_ < 0)
            throw std::invalid_argument("the edge \"" + graph_.ids[static_cast<std::size_t>(lo)] +
                                        "\"-\"" + graph_.ids[static_cast<std::size_t>(hi)] +
                                        "\" is missing, and this target deletes vertices only");
        g.set(static_cast<std::size_t>(edge_base_) + e, true);
    }
    if (matched != sub.edges.size())
        throw std::invalid_argument("the file has an edge that the graph does not have");
    return g;
}

void GraphTarget::make_topology() {
    // Each gene's place (x, y, z): its vertex, or its edge's midpoint.
    std::vector<std::array<double, 3>> place(genes_);
    std::vector<std::array<double, 3>> vertex_place(static_cast<std::size_t>(graph_.vertices()));
    if (graph_.dimensions) {
        vertex_place = graph_.pos;
    } else {
        // No coordinates: y = distance from the start (unreachable vertices one past the
        // farthest); x is filled in below as the order among the genes of a row.
        std::vector<int> dist(vertex_place.size(), -1);
        std::queue<std::uint32_t> q;
        dist[full_.start] = 0;
        q.push(full_.start);
        int far = 0;
        while (!q.empty()) {
            const std::uint32_t v = q.front();
            q.pop();
            far = std::max(far, dist[v]);
            for (std::uint32_t w : full_.neighbours_of(v))
                if (dist[w] < 0) {
                    dist[w] = dist[v] + 1;
                    q.push(w);
                }
        }
        for (std::size_t v = 0; v < dist.size(); ++v)
            vertex_place[v] = {0, static_cast<double>(dist[v] < 0 ? far + 1 : dist[v]), 0};
    }
    for (std::size_t i = 0; i < genes_; ++i) {
        if (const int v = gene_vertex(i); v >= 0) {
            place[i] = vertex_place[static_cast<std::size_t>(v)];
        } else {
            const auto& e = graph_.edges[static_cast<std::size_t>(gene_edge(i))];
            const auto& a = vertex_place[static_cast<std::size_t>(e[0])];
            const auto& b = vertex_place[static_cast<std::size_t>(e[1])];
            place[i] = {(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2};
        }
    }
    // Distinct values (to a millionth) in order: a coordinate's rank is its row or column.
    const auto key = [](double x) { return std::llround(x * 1e6); };
    const auto ranks = [&](int axis) {
        std::vector<long long> values;
        for (const auto& p : place) values.push_back(key(p[static_cast<std::size_t>(axis)]));
        std::sort(values.begin(), values.end());
        values.erase(std::unique(values.begin(), values.end()), values.end());
        std::vector<int> rank;
        for (const auto& p : place)
            rank.push_back(
                static_cast<int>(std::lower_bound(values.begin(), values.end(),
                                                  key(p[static_cast<std::size_t>(axis)])) -
                                 values.begin()));
        return std::pair{rank, static_cast<int>(values.size())};
    };
    const auto [row, rows] = ranks(1);
    std::vector<int> col;
    int cols = 0;
    if (graph_.dimensions) {
        const auto [xr, nx] = ranks(0);
        const auto [zr, nz] = ranks(2);
        for (std::size_t i = 0; i < genes_; ++i) col.push_back(xr[i] + zr[i] * (nx + 1));
        cols = nz * (nx + 1) - 1;
    } else {
        std::vector<int> next(static_cast<std::size_t>(rows), 0);
        for (std::size_t i = 0; i < genes_; ++i) {
            col.push_back(next[static_cast<std::size_t>(row[i])]++);
            cols = std::max(cols, col.back() + 1);
        }
    }
    topology_.kind = "graph";
    topology_.rows = rows;
    topology_.cols = cols;
    topology_.row = row;
    topology_.col = col;
}

std::unique_ptr<GraphTarget> make_graph_target(const Params& params) {
    const std::string section = params.section().empty() ? "target" : params.section();
    const std::string file = params.get_string("file", "");
    if (file.empty())
        throw ParamError(section + ".file", params.where("kind"),
                         "required: the graph file to search (docs/formats.md, \"Graph files\")");
    const std::string what = params.get_choice("delete", "vertices", {"vertices", "edges", "both"});
    const WalkObjective objective = *objective_from_name(
        params.get_choice("objective", "moves",
                          {std::string(objective_name(WalkObjective::Moves)),
                           std::string(objective_name(WalkObjective::MaxVisits))}));
    params.reject_unused(section);
    GraphFile graph = load_graph_file(file);
    const GraphTarget::Delete d = what == "edges"  ? GraphTarget::Delete::Edges
                                  : what == "both" ? GraphTarget::Delete::Both
                                                   : GraphTarget::Delete::Vertices;
    std::unique_ptr<GraphTarget> target;
    try {
        target = std::make_unique<GraphTarget>(std::move(graph), d, objective, file);
    } catch (const std::invalid_argument& e) {
        throw ParamError(section + ".delete", params.where("delete"), e.what());
    }
    // Deleting only takes ways away: if the whole graph is not feasible, no maze of it is.
    if (!target->feasible(target->genome_of(target->graph())))
        throw ParamError(section + ".file", params.where("file"),
                         file +
                             ": the exit cannot be reached from the start even with nothing "
                             "deleted, so no maze of this graph is feasible");
    return target;
}

// Graph files are searched, not enumerated: the model has no entry in the table of enumerated
// models (models/board_models.def).
const EnumerationModel* board_models::graph::enumeration_model() { return nullptr; }

}  // namespace maze
