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
// A batch proposes `batch` boards, each from its own random stream (the run's seed, the batch
// and its place): the given boards first, then random boards (each gene blocked with p_blocked)
// until `random_boards` have been proposed, then children of the archive's elites: an elite drawn
// uniformly, crossed with probability crossover_rate with another (uniform crossover), then
// mutated (each gene flipped with probability flips / genes; at least one gene changed). The batch
// is scored in one call (Evaluator::evaluate_described, in parallel), and each feasible board, in
// the batch's order, takes its cell when the cell is empty or holds a board of a smaller value. A
// step (a logbook row) is as many batches as propose `report_every` boards. A run is the same at
// any thread count, and a checkpoint holds the archive, so a resumed run goes on exactly.
//
// With emitter: anneal (MAP-Annealing in the spirit of CMA-MAE: the archive searched by the
// method that climbs this landscape best) the children come from `batch` annealing chains, one
// for each place of the batch. A chain starts on the board of an elite drawn uniformly from the
// archive, proposes one random Hamming-1 neighbour a batch, and takes it by the Metropolis rule of
// cooling.hpp at the temperature of its schedule: with `length`, its own (t_start to t_end over
// `length` of its feasible proposals), and a chain whose schedule is over starts again from an
// elite drawn anew; with length 0 [default], the run's (t_start to t_end over the evaluation
// budget, or its seconds), so the chains cool together, once, as population annealing's do. Every
// feasible proposal is offered to the archive, so a chain fills the cells it passes through and a
// restart takes up a basin another chain left behind. With resample_every S [0: never] and length
// 0, the chains are a population annealing's: after every S of their moves they are resampled by
// their Boltzmann weights for the fall of the run's temperature since the last resampling
// (cooling.hpp, boltzmann_resampling), so the effort goes to the chains that do well, while the
// archive keeps every basin they pass through.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"
#include "mazesearch/search/optimizers/cooling.hpp"

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
    // report_every [1000] (a step's proposals at the least: batches until so many),
    // emitter mutation|anneal [mutation]; with mutation flips [2], crossover_rate [0.5]; with
    // anneal the schedule's keys (cooling.hpp: acceptance, t_start, t_end, schedule, length) and
    // resample_every [0]; and
    // what it checks before it starts (check_optimizer).
    struct Settings {
        explicit Settings(const Params& params);
        // A target that gives the walk descriptors chosen (its behaviours), given boards of its
        // size; std::invalid_argument naming the descriptor and what the target gives otherwise.
        void check(const Target& target, const std::vector<Genome>& initial) const;
        // The annealing emitter's schedule needs a length or a budget.
        void check_budget(const Budget& budget) const;

        std::vector<Axis> axes;
        std::uint64_t batch;
        std::uint64_t random_boards;
        double p_blocked;
        std::uint64_t report_every;
        double flips = 0;
        double crossover_rate = 0;
        std::optional<Cooling> cooling;  // emitter: anneal
        std::uint64_t resample_every = 0;
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
    // coverage, qd_score and elites (the cells held), for the logbook and the summary.
    std::vector<Measure> measures() const override;
    // The archive by cell, named by its axes' descriptors.
    Elites elites() const override;
    // Boards that took an empty cell, and boards that took a held cell from a lesser board.
    std::uint64_t added() const { return s_.added; }
    std::uint64_t improved() const { return s_.improved; }
    // Each axis's range [lo, hi), resolved against the target at the start.
    const std::vector<double>& lows() const { return s_.lo; }
    const std::vector<double>& highs() const { return s_.hi; }

    // The annealing emitter's chains: each on a board, with its value and its feasible proposals
    // since it last started.
    struct Chain {
        bool started = false;
        Genome genome;
        Real value;
        std::uint64_t done = 0;
        MAZESEARCH_DEFINE_STATE(Chain, started, genome, value, done)
    };
    const std::vector<Chain>& chains() const { return s_.chains; }
    // The chains' starts from elites, and the proposals they took.
    std::uint64_t restarts() const { return s_.restarts; }
    std::uint64_t moves_taken() const { return s_.taken; }
    // The chains' resamplings (resample_every), and the chains copied at the last one.
    std::uint64_t resamplings() const { return s_.resamplings; }
    std::uint64_t families() const { return s_.families; }

  private:
    // The cell of a board's descriptors.
    std::uint64_t cell_of(const std::vector<double>& d) const;
    // One batch: its proposals scored together, offered to the archive, the chains' moves settled.
    void batch(Evaluator& ev);
    // Proposal k of this batch, drawn from rng (proposal_rng(k)); a chain's move with the
    // annealing emitter, its chain (re)started from an elite first when it must be.
    Genome propose(std::uint64_t k, Rng& rng);
    // A chain's move taken or left by the Metropolis rule after its proposal was scored.
    void settle(Chain& chain, const Genome& proposal, const Score& score, Rng& rng,
                const Evaluator& ev);
    // After a batch of the chains' moves: the chains resampled when resample_every were made.
    void resample_chains(const Evaluator& ev);
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
        std::vector<Chain> chains;  // the annealing emitter's, one a place of the batch
        std::uint64_t restarts = 0;
        std::uint64_t taken = 0;
        std::uint64_t since = 0;  // the chains' batches of moves since the last resampling
        Real resampled_at;        // the temperature of the last resampling (0: none yet)
        std::uint64_t resamplings = 0;
        std::uint64_t families = 0;
        MAZESEARCH_DEFINE_STATE(State, initial, lo, hi, elites, proposals, added, improved, chains,
                                restarts, taken, since, resampled_at, resamplings, families)
    };
    State s_;
    // The axes' places among the target's behaviours (-1: open-genes); found at the start.
    std::vector<int> source_;
    std::size_t behaviours_ = 0;  // how many the target gives
    void find_sources(const Target& target);
};

}  // namespace maze
