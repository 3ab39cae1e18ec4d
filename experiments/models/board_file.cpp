// The one place the commands dispatch on a file's kind, and what a walk's report says whatever
// the model.
#include "mazesearch/experiments/models/board_file.hpp"

#include <algorithm>

#include "mazesearch/experiments/models/file_models.hpp"

namespace maze::experiments {

std::size_t WalkReport::most_visited() const {
    return static_cast<std::size_t>(std::max_element(visits.begin(), visits.end()) -
                                    visits.begin());
}

bool WalkReport::agrees_with(const WalkReport& reference) const {
    return reference.feasible == feasible &&
           (!feasible || (moves && reference.moves == moves && reference.visits == visits));
}

std::string walk_difference(const BoardFile& board, const WalkReport& fast,
                            const WalkReport& reference) {
    if (fast.agrees_with(reference)) return {};
    const auto both = [](const std::string& a, const std::string& b) {
        return a + " (fast walk), " + b + " (reference walk)";
    };
    const auto feasibility = [](const WalkReport& r) {
        return std::string(r.feasible ? "feasible" : "infeasible");
    };
    const auto moves = [](const WalkReport& r) {
        return r.moves ? std::to_string(*r.moves) : std::string("none");
    };
    if (fast.feasible != reference.feasible) return both(feasibility(fast), feasibility(reference));
    if (fast.moves != reference.moves || !fast.moves)
        return "moves " + both(moves(fast), moves(reference));
    if (fast.visits.size() != reference.visits.size())
        return "places counted " +
               both(std::to_string(fast.visits.size()), std::to_string(reference.visits.size()));
    const auto at = std::mismatch(fast.visits.begin(), fast.visits.end(), reference.visits.begin());
    const auto place = static_cast<std::size_t>(at.first - fast.visits.begin());
    return "visits of " + board.place_text(place) + ": " +
           both(std::to_string(*at.first), std::to_string(*at.second));
}

std::unique_ptr<BoardFile> load_board_file(const InputFile& file) {
    return file_model(file.kind).load(file);
}

}  // namespace maze::experiments
