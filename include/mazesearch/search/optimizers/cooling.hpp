// What the annealing methods share: the Metropolis rule (Acceptance; replica_exchange.hpp, whose
// chains keep their temperatures) and with it the temperature schedule (Cooling; annealing.hpp,
// one chain; population_annealing.hpp, a population resampled as it cools).
//
// Keys: acceptance difference|relative [difference]; for Cooling also t_start [10], t_end
// [0.05], schedule linear|exponential [linear], length [0: the evaluation budget, else the
// budget's seconds].
// With acceptance: relative, a gain is the difference as a share of the score it is measured
// from (at least 1), so T is a share: T = 0.05 accepts a board 5% worse with probability 1/e
// whatever the scale of the scores. A chain that accepts by shares samples, at a fixed T, the
// boards in proportion to score^(1/T): the Boltzmann distribution of the energy -ln(score),
// which is the energy population annealing weighs its chains by (fitness()).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/params.hpp"

namespace maze {

// The Metropolis rule of the annealing methods (key acceptance difference|relative
// [difference]), without a schedule: replica exchange's chains each keep one temperature.
class Acceptance {
  public:
    explicit Acceptance(const Params& params);

    // The gain of moving from a board scored `from` to one scored `to`, as the rule weighs it.
    double gain(double from, double to) const;
    // Metropolis: a gain >= 0 is taken (no random number drawn), a loss with probability
    // exp(gain / t).
    static bool accept(double gain, double t, Rng& rng);
    // A chain's score as the energy of the rule's Boltzmann distribution sees it (its negative):
    // ln(score) (at least ln 1) with relative acceptance, the score itself with differences.
    double fitness(double score) const;

  private:
    bool relative_;
};

class Cooling : public Acceptance {
  public:
    explicit Cooling(const Params& params);

    // A schedule needs a length: `length`, or a budget of evaluations or seconds to span
    // (ParamError naming optimizer.length otherwise).
    void check_budget(const Budget& budget) const;
    // The evaluations the schedule spans: `length`, else the budget's evaluations (0 when the
    // budget is seconds alone: then temperature() follows the share of the time gone).
    std::uint64_t length(const Budget& budget) const;
    // The `length` key (0: not set).
    std::uint64_t fixed_length() const { return length_; }
    // The temperature after `done` of `length` evaluations (length 0: after the share of the
    // budget's seconds that `ev` has used; a run on time is not repeatable anyway).
    double temperature(std::uint64_t done, std::uint64_t length, const Evaluator& ev) const;
    double t_start() const { return t_start_; }

  private:
    // The schedule's keys are read before `acceptance`, as Annealing always read them.
    struct Schedule {
        double t_start, t_end;
        bool exponential;
        std::uint64_t length;
        std::string length_where;
    };
    static Schedule read_schedule(const Params& params);
    Cooling(const Params& params, Schedule schedule);

    double t_start_, t_end_;
    bool exponential_;
    std::uint64_t length_;
    std::string length_where_;
};

// Population annealing's selection (population_annealing.hpp; map_elites.hpp's resampled
// chains): n members scored `scores`, resampled by their Boltzmann weights for the fall from
// temperature `from` to `to` (exp((1/to - 1/from) fitness)) by systematic resampling, n evenly
// spaced pointers with one random offset drawn from rng. `copies`: the member each place of the
// new population copies, in order; `families`: the members copied at least once.
struct Resampling {
    std::vector<std::size_t> copies;
    std::uint64_t families = 0;
};
Resampling boltzmann_resampling(const Acceptance& rule, const std::vector<double>& scores,
                                double from, double to, Rng& rng);

}  // namespace maze
