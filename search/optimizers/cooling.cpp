#include "mazesearch/search/optimizers/cooling.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace maze {

Acceptance::Acceptance(const Params& params)
    : relative_(params.get_choice("acceptance", "difference", {"difference", "relative"}) ==
                "relative") {}

Cooling::Schedule Cooling::read_schedule(const Params& params) {
    Schedule s;
    s.t_start = params.get_double("t_start", 10.0, 1e-9, 1e12);
    s.t_end = params.get_double("t_end", 0.05, 1e-9, 1e12);
    s.exponential =
        params.get_choice("schedule", "linear", {"linear", "exponential"}) == "exponential";
    s.length = static_cast<std::uint64_t>(params.get_int("length", 0, 0, std::int64_t{1} << 60));
    s.length_where = params.where("length");
    return s;
}

Cooling::Cooling(const Params& params) : Cooling(params, read_schedule(params)) {}

Cooling::Cooling(const Params& params, Schedule schedule)
    : Acceptance(params),
      t_start_(schedule.t_start),
      t_end_(schedule.t_end),
      exponential_(schedule.exponential),
      length_(schedule.length),
      length_where_(std::move(schedule.length_where)) {}

void Cooling::check_budget(const Budget& budget) const {
    if (length_ == 0 && budget.evaluations == 0 && budget.seconds <= 0)
        throw ParamError("optimizer.length", length_where_,
                         "needs length (evaluations the schedule spans), or a budget of "
                         "evaluations or seconds to span");
}

std::uint64_t Cooling::length(const Budget& budget) const {
    return length_ ? length_ : budget.evaluations;
}

double Cooling::temperature(std::uint64_t done, std::uint64_t length, const Evaluator& ev) const {
    double x = 1.0;  // the share of the schedule gone
    if (length > 0)
        x = std::min(1.0, static_cast<double>(done) / static_cast<double>(length));
    else if (const Ledger& spent = ev.ledger(); spent.budget().seconds > 0)
        x = std::min(1.0, spent.seconds() / spent.budget().seconds);
    if (exponential_) return t_start_ * std::pow(t_end_ / t_start_, x);
    return t_start_ + (t_end_ - t_start_) * x;
}

double Acceptance::gain(double from, double to) const {
    const double delta = to - from;
    return relative_ ? delta / std::max(std::abs(from), 1.0) : delta;
}

bool Acceptance::accept(double gain, double t, Rng& rng) {
    return gain >= 0 || rng.uniform() < std::exp(gain / t);
}

double Acceptance::fitness(double score) const {
    return relative_ ? std::log(std::max(score, 1.0)) : score;
}

}  // namespace maze
