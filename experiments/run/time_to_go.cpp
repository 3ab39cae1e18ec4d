#include "mazesearch/experiments/run/time_to_go.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace maze::experiments {

void TimeToGo::add(double seconds, double fraction) {
    // A sample a second is enough, and keeps the window's samples few however fast steps come.
    if (!samples_.empty() && seconds < samples_.back().first + 1) return;
    samples_.emplace_back(seconds, fraction);
    // Keep one sample older than the window, so that the rate spans the whole window.
    while (samples_.size() > 2 && samples_[1].first <= seconds - window) samples_.pop_front();
}

std::optional<double> TimeToGo::seconds_left() const {
    if (samples_.size() < 2) return std::nullopt;
    const auto& [t0, f0] = samples_.front();
    const auto& [t1, f1] = samples_.back();
    if (f1 >= 1) return 0.0;
    if (f1 <= f0 || t1 <= t0) return std::nullopt;
    return (1 - f1) * (t1 - t0) / (f1 - f0);
}

std::string duration_text(double s) {
    char buf[64];
    if (s < 120)
        std::snprintf(buf, sizeof buf, "%.0fs", s);
    else if (s < 7200)
        std::snprintf(buf, sizeof buf, "%.1fmin", s / 60);
    else
        std::snprintf(buf, sizeof buf, "%.1fh", s / 3600);
    return buf;
}

std::string TimeToGo::text() const {
    const auto left = seconds_left();
    return left ? "about " + duration_text(*left) + " to go" : "";
}

}  // namespace maze::experiments
