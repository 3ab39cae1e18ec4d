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

Resampling boltzmann_resampling(const Acceptance& rule, const std::vector<double>& scores,
                                double from, double to, Rng& rng) {
    const std::size_t n = scores.size();
    const double fall = 1.0 / to - 1.0 / from;  // >= 0 while the schedule cools
    std::vector<double> w(n);
    double top = -HUGE_VAL;
    for (std::size_t i = 0; i < n; ++i) {
        w[i] = fall * rule.fitness(scores[i]);
        top = std::max(top, w[i]);
    }
    double sum = 0;
    for (double& x : w) sum += (x = std::exp(x - top));  // the largest weight is 1
    const double gap = sum / static_cast<double>(n);
    double pointer = rng.uniform() * gap;
    Resampling out;
    out.copies.reserve(n);
    double reach = 0;
    for (std::size_t i = 0; i < n && out.copies.size() < n; ++i) {
        reach += w[i];
        const std::size_t before = out.copies.size();
        while (out.copies.size() < n && pointer < reach) {
            out.copies.push_back(i);
            pointer += gap;
        }
        out.families += out.copies.size() > before;
    }
    while (out.copies.size() < n) out.copies.push_back(n - 1);  // rounding at the very end
    return out;
}

}  // namespace maze
