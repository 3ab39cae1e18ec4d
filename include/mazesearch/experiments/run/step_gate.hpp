// Stopping a repeat between two batches of a step, for a target whose batches are slow (a Python
// objective: one call can take seconds, and one step of population annealing is a thousand calls).
// A step that Ctrl-C or the end of the seconds budget cuts short is abandoned (StepAbandoned,
// thrown before the next batch) and dropped: the repeat goes back to where the step began, which
// is a step boundary like any other, so that a checkpoint written there resumes to the result of
// an uninterrupted run, and the time the dropped step took stays spent.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "mazesearch/search/target.hpp"

namespace maze::experiments {

class StepAbandoned : public std::runtime_error {
  public:
    enum class Why { Interrupted, OutOfTime };
    explicit StepAbandoned(Why why)
        : std::runtime_error(why == Why::Interrupted ? "the step was interrupted"
                                                     : "the step ran out of time"),
          why_(why) {}
    Why why() const { return why_; }

  private:
    Why why_;
};

// The target `inner` with a check before every batch it scores: `before_batch` throws
// StepAbandoned to stop the step. Everything else is the inner target's.
class GatedTarget : public Target {
  public:
    GatedTarget(const Target& inner, std::function<void()> before_batch)
        : inner_(inner), before_batch_(std::move(before_batch)) {}

    std::string name() const override { return inner_.name(); }
    std::size_t genes() const override { return inner_.genes(); }
    const Topology& topology() const override { return inner_.topology(); }
    void feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const override {
        inner_.feasibility(genomes, feasible);
    }
    void score(std::span<const Genome> genomes, std::span<double> values) const override {
        if (!genomes.empty()) before_batch_();
        inner_.score(genomes, values);
    }
    std::vector<std::string> behaviours() const override { return inner_.behaviours(); }
    void score_described(std::span<const Genome> genomes, std::span<double> values,
                         std::span<double> described) const override {
        if (!genomes.empty()) before_batch_();
        inner_.score_described(genomes, values, described);
    }
    bool thread_safe() const override { return inner_.thread_safe(); }
    Genome relevant_genes(const Genome& g) const override { return inner_.relevant_genes(g); }
    std::optional<EnumerableGrid> enumerable_grid() const override {
        return inner_.enumerable_grid();
    }

  private:
    const Target& inner_;
    std::function<void()> before_batch_;
};

}  // namespace maze::experiments
