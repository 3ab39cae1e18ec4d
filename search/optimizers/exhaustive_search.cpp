#include "mazesearch/search/optimizers/exhaustive_search.hpp"

#include <algorithm>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/search/enumeration/enumeration_models.hpp"
#include "mazesearch/search/grid_genes.hpp"

namespace maze {

ExhaustiveSearch::Settings::Settings(const Params& params)
    : chunk(static_cast<std::size_t>(params.get_int("chunk", 256, 1, 1 << 30))),
      cap(static_cast<std::size_t>(params.get_int("cap", 8, 0, 100000))) {}

void ExhaustiveSearch::Settings::check(const Target& target, const std::vector<Genome>&) const {
    const std::optional<EnumerableGrid> grid = target.enumerable_grid();
    if (!grid) {
        if (target.genes() > kMaxEveryGenomeGenes)
            throw ParamError("optimizer.kind", "",
                             "exhaustive scores every board of " + target.name() +
                                 " one by one, which takes at most " +
                                 std::to_string(kMaxEveryGenomeGenes) + " genes; this one has " +
                                 std::to_string(target.genes()));
        return;
    }
    const GridGenes& g = *grid->genes;
    try {  // the model's tree says which grids it takes
        enumeration_tree(grid->model, g.rows(), g.cols(), g.start(), g.exit());
    } catch (const std::invalid_argument& e) {
        throw ParamError("optimizer.kind", "", std::string("exhaustive: ") + e.what());
    }
}

void ExhaustiveSearch::start(const Target& target, std::uint64_t,
                             const std::vector<Genome>& initial) {
    if (!checked()) {
        set_.check(target, initial);
        count_check();
    }
    const std::optional<EnumerableGrid> grid = target.enumerable_grid();
    done_.clear();
    finished_ = false;
    next_ = 0;
    every_genome_ = !grid;
    if (every_genome_) {
        genes_ = target.genes();
        return;
    }
    grid_ = *grid;
    const GridGenes& g = *grid_.genes;
    tree_ = enumeration_tree(grid_.model, g.rows(), g.cols(), g.start(), g.exit());
    result_ = EnumerationResult::of(grid_.model, g.rows(), g.cols(), g.start(), g.exit(),
                                    grid_.objective);
}

// The next chunk x 64 genomes in genome order, genome k's gene j being bit j of k, scored as
// any batch is (the infeasible ones rejected).
void ExhaustiveSearch::step_every_genome(Evaluator& ev) {
    const std::uint64_t all = std::uint64_t{1} << genes_;
    const std::uint64_t n = std::min<std::uint64_t>(all - next_, set_.chunk * 64);
    std::vector<Genome> batch(n, Genome(genes_));
    for (std::uint64_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < genes_; ++j) batch[i].set(j, ((next_ + i) >> j) & 1u);
    std::vector<Score> out(n);
    ev.evaluate(batch, out);
    next_ += n;
    finished_ = next_ == all;
}

void ExhaustiveSearch::step(Evaluator& ev) {
    if (finished_) return;
    if (every_genome_) return step_every_genome(ev);
    if (!grid_.genes) throw std::logic_error("exhaustive: step() before start()");
    const GridGenes& g = *grid_.genes;
    EnumerationOptions o;
    o.threads = ev.threads();
    o.board_cap = set_.cap;
    o.done = &done_;
    o.objective = grid_.objective;
    o.limit = set_.chunk;  // the next `chunk` subtrees in canonical order: the same steps every run
    const EnumerationResult part = tree_->run(o);
    result_.merge(part, set_.cap);
    finished_ = true;
    for (auto d : done_) finished_ = finished_ && d;
    // Boards of this grid: every free cell open or blocked; the step covered part.feasible
    // feasible ones and, once finished, the rest are the infeasible ones.
    const std::uint64_t all = std::uint64_t{1} << g.size();
    const std::uint64_t rejected = finished_ ? all - result_.feasible : 0;
    if (!result_.boards.empty()) {
        const Genome best = g.to_genome(grid_.cells_of_text(result_.boards.front()));
        ev.account(part.feasible, rejected, &best,
                   static_cast<double>(result_.optimum) + grid_.offset);
    } else {
        ev.account(part.feasible, rejected, nullptr, 0);
    }
}

void ExhaustiveSearch::restore_every_genome(const nlohmann::json& state) {
    if (!every_genome_ && grid_.genes)
        throw std::invalid_argument(
            "exhaustive: the checkpoint scores every genome; this "
            "target's grid is enumerated by its tree");
    if (state.contains("result"))
        throw std::invalid_argument(
            "exhaustive: the checkpoint enumerates a grid; this target "
            "has every genome scored");
    std::uint64_t next = 0;
    bool finished = false;
    try {
        next = state.at("next_genome").get<std::uint64_t>();
        finished = state.at("finished").get<bool>();
    } catch (const nlohmann::json::exception& e) {
        throw std::invalid_argument(std::string("exhaustive: not a checkpoint of every genome: ") +
                                    e.what());
    }
    const std::uint64_t all = std::uint64_t{1} << genes_;
    if (next > all || finished != (next == all))
        throw std::invalid_argument("exhaustive: the checkpoint's next genome " +
                                    std::to_string(next) + " does not fit " + std::to_string(all) +
                                    " genomes" + (finished ? " finished" : ""));
    next_ = next;
    finished_ = finished;
}

nlohmann::json ExhaustiveSearch::save() const {
    nlohmann::json j;
    j["kind"] = kind();
    if (every_genome_) {
        j["next_genome"] = next_;
        j["finished"] = finished_;
        return j;
    }
    j["result"] = result_.to_json();
    j["done"] = done_to_text(done_);
    j["finished"] = finished_;
    return j;
}

void ExhaustiveSearch::restore(const nlohmann::json& state) {
    if (!state.is_object() || !state.contains("kind") || state["kind"] != kind())
        throw std::invalid_argument("checkpoint state is not an exhaustive enumeration's");
    if (every_genome_ || state.contains("next_genome")) {
        restore_every_genome(state);
        return;
    }
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
        if (result.model != grid_.model || result.rows != g.rows() ||
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
