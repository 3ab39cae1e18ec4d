// MAP-Elites (Mouret and Clune, 2015): quality-diversity search. The boards are kept apart by what
// they do, not only by how well: an archive, a grid over one to three behaviour descriptors, holds
// the best board found for each of its cells, so that many basins of the landscape are held and
// improved side by side instead of one population falling into the one basin the best walk sits in.
//
// The descriptors (keys x, y, z; each with its bins and its range):
//   open-genes       how many genes are open (for cell boards: the open cells, the start, the
//                    exit and kept cells aside), from the genome itself;
//   doublings, max-visits, hot-row, hot-col, busiest-quarter
//                    what the walk does, read off the same walk that scores the board
//                    (Target::behaviours: the models whose batch walk gives a profile).
// A value outside an axis's range falls in its first or last bin.
//
// A step proposes `batch` boards, each from its own random stream (the run's seed, the step and
// its place): the given boards first, then random boards (each gene blocked with p_blocked) until
// `random_boards` have been proposed, then children of the archive's elites: an elite drawn
// uniformly, crossed with probability crossover_rate with another (uniform crossover), then
// mutated (each gene flipped with probability flips / genes; at least one gene changed). The batch
// is scored in one call (Evaluator::evaluate_described, in parallel), and each feasible board, in
// the batch's order, takes its cell when the cell is empty or holds a board of a smaller value. A
// run is the same at any thread count, and a checkpoint holds the archive, so a resumed run goes
// on exactly.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"

namespace maze {

class MapElites : public OptimizerBase {
  public:
    // One axis of the archive: a descriptor, its bins, and its range [lo, hi) when the config
    // sets it (else the descriptor's own, from the target: MapElites::range_of).
    struct Axis {
        std::string descriptor;
        std::int64_t bins = 16;
        bool has_lo = false, has_hi = false;
        double lo = 0, hi = 0;
        MAZESEARCH_DEFINE_STATE(Axis, descriptor, bins, has_lo, has_hi, lo, hi)
    };

    // What it reads of its keys: x [hot-row], y [hot-col] and z [none] (the descriptors: where the
    // walk's most-visited cell is, measured the best pair on 13x13, results/records/map-elites.md),
    // x_bins, y_bins, z_bins [16; hot-row and hot-col: the board's rows or columns], x_min,
    // x_max, ... [the descriptor's range], batch [64], random_boards [256], p_blocked [0.25],
    // flips [2], crossover_rate [0.5]; and what it checks before it starts (check_optimizer).
    struct Settings {
        explicit Settings(const Params& params);
        // A target that gives the walk descriptors chosen (its behaviours), given boards of its
        // size; std::invalid_argument naming the descriptor and what the target gives otherwise.
        void check(const Target& target, const std::vector<Genome>& initial) const;

        std::vector<Axis> axes;
        std::uint64_t batch;
        std::uint64_t random_boards;
        double p_blocked;
        double flips;
        double crossover_rate;
    };
    explicit MapElites(const Params& params) : set_(params) {}
    // With settings already checked (CheckedOptimizer::make).
    explicit MapElites(const Settings& set) : set_(set) {}

    std::string kind() const override { return "map-elites"; }
    MAZESEARCH_SEARCH_STEPS

    // The descriptors a kind of target can give: open-genes and its walk's behaviours.
    static std::vector<std::string> descriptors_of(const Target& target);

    // One cell of the archive: its index (the axes' bins in mixed radix, x fastest), its board,
    // the board's value and its descriptors (one for each axis).
    struct Elite {
        std::uint64_t cell = 0;
        Genome genome;
        double value = 0;
        std::vector<double> descriptors;
        MAZESEARCH_DEFINE_STATE(Elite, cell, genome, value, descriptors)
    };
    // The archive, by cell.
    const std::vector<Elite>& archive() const { return s_.elites; }
    // The cells of the archive (the product of the bins), the share of them held, and the
    // QD-score (the sum of the elites' values).
    std::uint64_t cells() const;
    double coverage() const;
    double qd_score() const;
    // Boards that took an empty cell, and boards that took a held cell from a lesser board.
    std::uint64_t added() const { return s_.added; }
    std::uint64_t improved() const { return s_.improved; }
    // Each axis's range [lo, hi), resolved against the target at the start.
    const std::vector<double>& lows() const { return s_.lo; }
    const std::vector<double>& highs() const { return s_.hi; }

  private:
    // The cell of a board's descriptors.
    std::uint64_t cell_of(const std::vector<double>& d) const;
    // Proposal k of this step.
    Genome propose(std::uint64_t k) const;
    // restore()'s checks of a checkpoint's state (std::invalid_argument).
    struct State;
    void check(const Common& c, const State& s, const std::vector<Axis>& axes) const;

    Settings set_;

    struct State {
        std::vector<Genome> initial;  // given boards not proposed yet
        std::vector<double> lo, hi;   // each axis's range
        std::vector<Elite> elites;    // sorted by cell
        std::uint64_t proposals = 0;  // boards proposed so far (random, given and children)
        std::uint64_t added = 0;
        std::uint64_t improved = 0;
        MAZESEARCH_DEFINE_STATE(State, initial, lo, hi, elites, proposals, added, improved)
    };
    State s_;
    // The axes' places among the target's behaviours (-1: open-genes); found at the start.
    std::vector<int> source_;
    std::size_t behaviours_ = 0;  // how many the target gives
    void find_sources(const Target& target);
};

}  // namespace maze
