// How long a run has left, from how fast its budget was spent lately: the walk slows as the
// boards get longer and the machine's load changes, so the last half minute says more than the
// whole run's average.
#pragma once

#include <deque>
#include <optional>
#include <string>
#include <utility>

namespace maze::experiments {

class TimeToGo {
  public:
    // At `seconds` (any clock that only goes forward), `fraction` of the budget is spent.
    void add(double seconds, double fraction);
    // Seconds left at the rate of the last `window` seconds; none before there is a rate.
    std::optional<double> seconds_left() const;
    // "about 3.2min to go", "about 45s to go", "" when there is no estimate yet.
    std::string text() const;

    static constexpr double window = 30;

  private:
    std::deque<std::pair<double, double>> samples_;  // (seconds, fraction), oldest first
};

// A time to go for progress lines (runs, sweeps, enumerations): "45s", "3.2min", "7.5h".
std::string duration_text(double seconds);

}  // namespace maze::experiments
