#include "mazesearch/search/optimizers/exhaustive_search.hpp"

#include "mazesearch/engine/board.hpp"
#include "mazesearch/search/targets/mouse_maze_target.hpp"

namespace maze {

ExhaustiveSearch::ExhaustiveSearch(const Params& params)
    : chunk_(static_cast<std::size_t>(params.get_int("chunk", 256, 1, 1 << 30))),
      cap_(static_cast<std::size_t>(params.get_int("cap", 8, 0, 100000))) {}

void ExhaustiveSearch::start(const Target& target, std::uint64_t, const std::vector<Genome>&) {
    target_ = dynamic_cast<const MouseMazeTarget*>(&target);
    if (!target_)
        throw ParamError("optimizer.kind", "",
                         "exhaustive needs a mouse-maze target, not " + target.name());
    if (target_->rows() * target_->cols() > kMaxEnumerationCells ||
        (target_->rows() + 2) * (target_->cols() + 2) > 128)
        throw ParamError(
            "optimizer.kind", "",
            "exhaustive handles grids of at most 64 cells with (rows + 2) * (cols + 2) <= 128");
    result_ = EnumerationResult{};
    result_.rows = target_->rows();
    result_.cols = target_->cols();
    result_.start = target_->start();
    result_.exit = target_->exit();
    done_.clear();
    finished_ = false;
}

void ExhaustiveSearch::step(Evaluator& ev) {
    if (!target_) throw std::logic_error("exhaustive: step() before start()");
    if (finished_) return;
    EnumerationOptions o;
    o.threads = ev.threads();
    o.board_cap = cap_;
    o.done = &done_;
    o.limit = chunk_;  // the next `chunk` subtrees in canonical order: the same steps every run
    const EnumerationResult part =
        enumerate_boards(target_->rows(), target_->cols(), target_->start(), target_->exit(), o);
    result_.merge(part, cap_);
    finished_ = true;
    for (auto d : done_) finished_ = finished_ && d;
    // Boards of this grid: every free cell open or blocked; the step covered part.feasible
    // feasible ones and, once finished, the rest are the infeasible ones.
    const int free_cells = target_->rows() * target_->cols() - 2;
    const std::uint64_t all = std::uint64_t{1} << free_cells;
    const std::uint64_t rejected = finished_ ? all - result_.feasible : 0;
    if (!result_.boards.empty()) {
        const Genome best = target_->to_genome(Board::parse(result_.boards.front(), "enumeration"));
        ev.account(part.feasible, rejected, &best,
                   static_cast<double>(result_.optimum) +
                       (target_->convention() == MouseMazeTarget::Convention::Flash ? 2 : 0));
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
    if (state.value("kind", "") != kind())
        throw std::invalid_argument("checkpoint state is not an exhaustive enumeration's");
    result_ = EnumerationResult::from_json(state.at("result"));
    done_ = done_from_text(state.at("done").get<std::string>());
    finished_ = state.at("finished").get<bool>();
}

}  // namespace maze
