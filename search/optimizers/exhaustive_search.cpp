#include "mazesearch/search/optimizers/exhaustive_search.hpp"

#include "mazesearch/engine/board.hpp"
#include "mazesearch/search/grid_genes.hpp"

namespace maze {

ExhaustiveSearch::ExhaustiveSearch(const Params& params)
    : chunk_(static_cast<std::size_t>(params.get_int("chunk", 256, 1, 1 << 30))),
      cap_(static_cast<std::size_t>(params.get_int("cap", 8, 0, 100000))) {}

void ExhaustiveSearch::start(const Target& target, std::uint64_t, const std::vector<Genome>&) {
    const std::optional<EnumerableGrid> grid = target.enumerable_grid();
    if (!grid)
        throw ParamError("optimizer.kind", "",
                         "exhaustive needs a target whose boards it can enumerate (mouse-maze), "
                         "not " +
                             target.name());
    grid_ = *grid;
    const GridGenes& g = *grid_.genes;
    if (g.rows() * g.cols() > kMaxEnumerationCells || (g.rows() + 2) * (g.cols() + 2) > 128)
        throw ParamError(
            "optimizer.kind", "",
            "exhaustive handles grids of at most 64 cells with (rows + 2) * (cols + 2) <= 128");
    tree_ = cell_enumeration_tree(g.rows(), g.cols(), g.start(), g.exit());
    result_ = EnumerationResult::of_cells(g.rows(), g.cols(), g.start(), g.exit(), grid_.objective);
    done_.clear();
    finished_ = false;
}

void ExhaustiveSearch::step(Evaluator& ev) {
    if (!grid_.genes) throw std::logic_error("exhaustive: step() before start()");
    if (finished_) return;
    const GridGenes& g = *grid_.genes;
    EnumerationOptions o;
    o.threads = ev.threads();
    o.board_cap = cap_;
    o.done = &done_;
    o.objective = grid_.objective;
    o.limit = chunk_;  // the next `chunk` subtrees in canonical order: the same steps every run
    const EnumerationResult part = tree_->run(o);
    result_.merge(part, cap_);
    finished_ = true;
    for (auto d : done_) finished_ = finished_ && d;
    // Boards of this grid: every free cell open or blocked; the step covered part.feasible
    // feasible ones and, once finished, the rest are the infeasible ones.
    const std::uint64_t all = std::uint64_t{1} << g.size();
    const std::uint64_t rejected = finished_ ? all - result_.feasible : 0;
    if (!result_.boards.empty()) {
        const Genome best = g.to_genome(Board::parse(result_.boards.front(), "enumeration"));
        ev.account(part.feasible, rejected, &best,
                   static_cast<double>(result_.optimum) + grid_.offset);
    } else {
        ev.account(part.feasible, rejected, nullptr, 0);
    }
}

nlohmann::json ExhaustiveSearch::save() const {
    nlohmann::json j;
    j["kind"] = kind();
    j["result"] = result_.to_json();
    j["done"] = done_to_text(done_);
    j["finished"] = finished_;
    return j;
}

void ExhaustiveSearch::restore(const nlohmann::json& state) {
    if (!state.is_object() || !state.contains("kind") || state["kind"] != kind())
        throw std::invalid_argument("checkpoint state is not an exhaustive enumeration's");
    EnumerationResult result;
    std::vector<std::uint8_t> done;
    bool finished = false;
    try {
        result = EnumerationResult::from_json(state.at("result"));
        done = done_from_text(state.at("done").get<std::string>());
        finished = state.at("finished").get<bool>();
    } catch (const nlohmann::json::exception& e) {
        throw std::invalid_argument(
            std::string("exhaustive: not a checkpoint of an enumeration: ") + e.what());
    }
    // After start() (a resumed run), the checkpoint must be of the target's grid.
    if (grid_.genes) {
        const GridGenes& g = *grid_.genes;
        if (result.model != BoardModel::Cells || result.rows != g.rows() ||
            result.cols != g.cols() || !(result.start == g.start()) || !(result.exit == g.exit()) ||
            result.objective != grid_.objective)
            throw std::invalid_argument("exhaustive: the checkpoint enumerates another grid");
        // One mark a subtree (none before the first step).
        const std::size_t subtrees = tree_->subtrees();
        if (!done.empty() && done.size() != subtrees)
            throw std::invalid_argument("exhaustive: the checkpoint marks " +
                                        std::to_string(done.size()) + " subtrees done or not; " +
                                        "this grid has " + std::to_string(subtrees));
        check_progress(result, done);  // the result counts exactly the subtrees marked done
        if (finished && result.subtrees != subtrees)
            throw std::invalid_argument("exhaustive: the checkpoint says finished with " +
                                        std::to_string(result.subtrees) + " of " +
                                        std::to_string(subtrees) + " subtrees done");
    }
    result_ = std::move(result);
    done_ = std::move(done);
    finished_ = finished;
}

}  // namespace maze
