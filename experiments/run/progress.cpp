#include "mazesearch/experiments/run/progress.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "mazesearch/experiments/run/report.hpp"

namespace maze::experiments {

RunProgress::RunProgress(const RunConfig& config, bool live, spdlog::logger* log)
    : config_(config),
      live_(live),
      log_(log),
      repeats_(static_cast<std::size_t>(config.repeats)),
      started_(Clock::now()),
      last_draw_(started_) {
    for (Repeat& r : repeats_) r.last_log = last_draw_;
}

double RunProgress::elapsed(Clock::time_point now) const {
    return std::chrono::duration<double>(now - started_).count();
}

double budget_fraction(const RunConfig& config, const Evaluator& ev) {
    double f = 0;
    if (config.budget.evaluations)
        f = std::max(f, static_cast<double>(ev.ledger().evaluations()) /
                            static_cast<double>(config.budget.evaluations));
    if (config.budget.seconds > 0) f = std::max(f, ev.ledger().seconds() / config.budget.seconds);
    return std::min(f, 1.0);
}

StepReport step_report(const RunConfig& config, int r, std::uint64_t step, const Evaluator& ev,
                       bool ended) {
    StepReport s;
    s.repeat = r;
    s.step = step;
    s.evaluations = ev.ledger().evaluations();
    s.rejected = ev.ledger().rejected();
    if (ev.ledger().has_best()) s.best = ev.ledger().best_score();
    s.fraction = budget_fraction(config, ev);
    s.seconds = ev.ledger().seconds();
    s.ended = ended;
    return s;
}

void RunProgress::update(int r, const Evaluator& ev) {
    if (!live_ && !log_) return;
    const auto now = Clock::now();
    std::lock_guard lock(mutex_);
    Repeat& rep = repeats_[static_cast<std::size_t>(r)];
    rep.fraction = budget_fraction(config_, ev);
    rep.evaluations = ev.ledger().evaluations();
    rep.rejected = ev.ledger().rejected();
    rep.has_best = ev.ledger().has_best();
    rep.best = ev.ledger().best_score();
    rep.seconds = ev.ledger().seconds();
    rep.to_go.add(elapsed(now), rep.fraction);
    if (live_) {
        if (std::chrono::duration<double>(now - last_draw_).count() < 0.1) return;
        last_draw_ = now;
        draw_live();
        return;
    }
    if (std::chrono::duration<double>(now - rep.last_log).count() < config_.log_seconds) return;
    rep.last_log = now;
    const std::string to_go = rep.to_go.text();
    log_->info("repeat {}: {:.0f}% evals {} rejected {} best {} ({:.1f}s{}{})", r,
               rep.fraction * 100, rep.evaluations, rep.rejected,
               rep.has_best ? format_score(rep.best) : "-", rep.seconds, to_go.empty() ? "" : ", ",
               to_go);
}

void RunProgress::repeat_ended(int r) {
    std::lock_guard lock(mutex_);
    Repeat& rep = repeats_[static_cast<std::size_t>(r)];
    rep.ended = true;
    rep.fraction = 1;
}

void RunProgress::draw_live() {
    // One line for the whole run: with several repeats, their mean progress, their summed
    // counts and the best of their bests.
    double fraction = 0;
    std::uint64_t evals = 0, rejected = 0;
    bool has_best = false;
    double best = 0, seconds = 0;
    int ended = 0;
    for (const Repeat& r : repeats_) {
        fraction += r.fraction;
        evals += r.evaluations;
        rejected += r.rejected;
        if (r.has_best && (!has_best || r.best > best)) {
            has_best = true;
            best = r.best;
        }
        seconds = std::max(seconds, r.seconds);
        ended += r.ended;
    }
    fraction /= static_cast<double>(repeats_.size());
    run_to_go_.add(elapsed(Clock::now()), fraction);
    const std::string to_go = run_to_go_.text();
    const int width = 30;
    const int filled = static_cast<int>(fraction * width);
    const std::string repeats = repeats_.size() > 1 ? " repeats " + std::to_string(ended) + "/" +
                                                          std::to_string(repeats_.size()) + " "
                                                    : " ";
    std::fprintf(
        stderr, "\r\033[K%s [%s%s] %3.0f%%%s evals %llu  rejected %llu  best %s  %.1fs%s%s",
        config_.name.c_str(), std::string(static_cast<std::size_t>(filled), '#').c_str(),
        std::string(static_cast<std::size_t>(width - filled), '.').c_str(), fraction * 100,
        repeats.c_str(), static_cast<unsigned long long>(evals),
        static_cast<unsigned long long>(rejected), has_best ? format_score(best).c_str() : "-",
        seconds, to_go.empty() ? "" : "  ", to_go.c_str());
    std::fflush(stderr);
    drawn_ = true;
}

void RunProgress::clear() {
    std::lock_guard lock(mutex_);
    if (live_ && drawn_) {
        std::fprintf(stderr, "\r\033[K");
        std::fflush(stderr);
        drawn_ = false;
    }
}

}  // namespace maze::experiments
