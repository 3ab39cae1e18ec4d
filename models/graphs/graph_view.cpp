// A graph target's boards: what a genome leaves of the graph, written back as a graph file (so a
// run's best.txt can be walked again with `mazesearch eval`), and drawn with the mouse's visits.
#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/models/graphs/graph_picture.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/models/target_models.hpp"
#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/models/graphs/graph_target.hpp"

namespace maze::experiments {

namespace {

class GraphView : public BoardView {
  public:
    explicit GraphView(const GraphTarget& t) : t_(t) {}

    std::string unit() const override {
        return t_.objective() == WalkObjective::MaxVisits ? "visits of the most-visited vertex"
                                                          : "moves (paper convention)";
    }
    std::string text(const Genome& g) const override { return graph_file_text(t_.remaining(g)); }
    std::string svg(const Genome& g, const std::string& title) const override {
        const GraphFile left = t_.remaining(g);
        // The counts of the kept vertices, in the order of the remaining file.
        std::vector<std::uint64_t> visits;
        const CsrWalkResult w = t_.walk(g);
        if (w.feasible)
            for (const std::string& id : left.ids)
                visits.push_back(w.visits[static_cast<std::size_t>(*t_.graph().index_of(id))]);
        return pictures::render_graph_svg(left, visits, title);
    }
    // A graph file that is part of the target's graph (a run's best.txt, for instance).
    std::optional<Genome> read_board(const std::string& path) const override {
        const InputFile in =
            read_input_file(path, {"`initial:` of a graph target", {ModelId::Graph}});
        const GraphFile sub = parse_graph_file(in.text, in.name);
        try {
            return t_.genome_of(sub);
        } catch (const std::invalid_argument& e) {
            throw InputError(
                path == "-" ? "<stdin>" : path, 0,
                std::string(e.what()) + "; expected a part of the target's graph " + t_.file());
        }
    }

  private:
    const GraphTarget& t_;
};

// The target of `kind: graph`: a board where a graph file belongs is said as such, not as a JSON
// syntax error.
std::unique_ptr<Target> graph_target(const Params& params) {
    if (params.has("file"))
        check_file_kinds({params.get_string("file")},
                         {"`target.file` of a graph target", {ModelId::Graph}});
    return make_graph_target(params);
}

}  // namespace

}  // namespace maze::experiments

namespace maze {

// Its entry in the table of target models (models/board_models.def).
const experiments::TargetModel* board_models::graph::target_model() {
    static const experiments::TargetModel m{
        .model = ModelId::Graph,
        .kind = "graph",
        .make = experiments::graph_target,
        .view = experiments::model_view<GraphTarget, experiments::GraphView>,
        .python = false};
    return &m;
}

}  // namespace maze
