// Graph files (docs/formats.md, "Graph files") as the commands meet them: the paper's convention,
// vertices named by their ids, the Theorem 8 bound while the graph is small enough for its exact
// diameter, and the picture of a graph run's best.svg. Graph files have no bench.
#include <cmath>
#include <cstdio>

#include "mazesearch/models/graphs/csr_walk.hpp"
#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/models/graphs/graph_picture.hpp"
#include "mazesearch/experiments/models/board_file.hpp"
#include "mazesearch/experiments/models/file_models.hpp"
#include "mazesearch/experiments/models/model_support.hpp"

namespace maze::experiments {

// Named, not anonymous: a unity build puts the models' files side by side.
namespace graph_model {

// The bound as a whole number while it is one exactly (below 2^53), else in %g's form.
std::string bound_text(double b) {
    char buf[64];
    if (b < 9007199254740992.0 && b == std::floor(b))
        std::snprintf(buf, sizeof buf, "%.0f", b);
    else
        std::snprintf(buf, sizeof buf, "%.6g", b);
    return buf;
}

class GraphFileBoard : public BoardFile {
  public:
    explicit GraphFileBoard(GraphFile g) : g_(std::move(g)) {}

    WalkReport walk(int kmod) const override {
        if (kmod == 0) {
            CsrWalk walker;
            return report_of_walk(walker.evaluate(CsrGraph::from(g_.graph), true));
        }
        // The k-mod mouse needs the state's repetition: the reference walk (Brent's method).
        return report_of(maze::reference_walk(g_.graph, kmod));
    }
    WalkReport reference_walk() const override { return report_of(maze::reference_walk(g_.graph)); }

    nlohmann::ordered_json describe() const override {
        return {{"vertices", g_.vertices()}, {"edges", g_.edges.size()}, {"convention", "paper"}};
    }
    std::string moves_text(std::uint64_t moves) const override {
        return std::to_string(moves) + " moves (paper convention)";
    }
    std::string infeasible_text() const override {
        return "(the exit cannot be reached from the start)";
    }
    std::string size_text() const override {
        return "; graph of " + std::to_string(g_.vertices()) + " vertices, " +
               std::to_string(g_.edges.size()) + " edges";
    }
    std::string place_text(std::size_t place) const override {
        return nlohmann::json(g_.ids[place]).dump();
    }
    nlohmann::ordered_json place_json(std::size_t place) const override { return g_.ids[place]; }
    // Squeaky's Theorem 8 bound, or why it is not computed.
    void add_facts(const WalkReport& rep, int kmod, nlohmann::ordered_json* j,
                   std::string* lines) const override {
        if (!rep.feasible || kmod) return;
        const std::optional<double> bound = bound_of();
        if (j) (*j)["theorem8_bound"] = bound ? nlohmann::ordered_json(*bound) : nullptr;
        if (lines)
            *lines += bound ? "Theorem 8 bound: moves < " + bound_text(*bound) + "\n"
                            : "Theorem 8 bound: not computed (the graph is too large for its "
                              "exact diameter)\n";
    }
    // One line a vertex, in the file's order.
    std::string visits_text(const std::vector<std::uint64_t>& visits) const override {
        std::string out = "visits:\n";
        for (std::size_t v = 0; v < visits.size(); ++v)
            out += "  " + place_text(v) + ": " + std::to_string(visits[v]) + "\n";
        return out;
    }
    nlohmann::ordered_json visits_json(const std::vector<std::uint64_t>& visits) const override {
        nlohmann::ordered_json v = nlohmann::ordered_json::object();
        for (std::size_t i = 0; i < visits.size(); ++i) v[g_.ids[i]] = visits[i];
        return v;
    }

    std::string svg(const WalkReport& rep, const std::string& title, int) const override {
        return pictures::render_graph_svg(g_, rep.visits, title);
    }
    std::string title_score(const WalkReport& rep) const override {
        return rep.moves ? std::to_string(*rep.moves) + " moves" : std::string("infeasible");
    }

  private:
    // The Theorem 8 bound needs the diameter, a breadth-first search from every vertex of the
    // start's component: for graphs past about 2e8 steps of those searches it is left out.
    std::optional<double> bound_of() const {
        const double n = g_.vertices(), m = static_cast<double>(g_.edges.size());
        if (n * (n + m) > 2e8) return std::nullopt;
        return theorem8_bound(g_.graph);
    }

    GraphFile g_;
};

std::unique_ptr<BoardFile> load(const InputFile& file) {
    return std::make_unique<GraphFileBoard>(parse_graph_file(file.text, file.name));
}

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// A graph file is one JSON object: '{' after any white space.
bool starts_like(std::string_view head) {
    for (char c : head)
        if (!is_space(c)) return c == '{';
    return false;
}

bool named_like(std::string_view path) {
    return path.size() >= 5 && path.substr(path.size() - 5) == ".json";
}

std::string reason(std::string_view head, std::string_view) {
    return starts_like(head) ? " (it starts with '{')" : " (named *.json)";
}

}  // namespace graph_model

}  // namespace maze::experiments

namespace maze {

// Its entry in the table of file kinds (models/board_models.def).
const experiments::FileModel* board_models::graph::file_model() {
    using namespace experiments;
    static const FileModel m{
        .kind = ModelId::Graph,
        .one = "a graph file",
        .plural = "graph files",
        .starts_like = graph_model::starts_like,
        .named_like = graph_model::named_like,
        .reason = graph_model::reason,
        .file_text = "a graph file",
        .max_bytes = kMaxGraphFileBytes,
        .load = graph_model::load,
        .bench = nullptr,
        .searched = false};
    return &m;
}

}  // namespace maze
