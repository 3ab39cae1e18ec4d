// What the optimizers share: random and mutated genomes, and the pieces of state every optimizer
// checkpoints (kind, genes, step, RNG).
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/genome.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/state_json.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

// Each of n genes 1 (blocked) with probability p_blocked, gene 0 first.
Genome random_genome(std::size_t n, double p_blocked, Rng& rng);
// Flips each gene with probability p (no draws at all when p == 0).
void mutate(Genome& g, double p, Rng& rng);
// Flips only genes set in `mask`, each with probability p * size / (genes in mask) (at most 1),
// so that as many genes flip on average as mutate() would flip over all of them.
void mutate_within(Genome& g, const Genome& mask, double p, Rng& rng);

// Most draws a single-point method makes for one feasible random start before it gives up.
constexpr std::size_t kMaxStartDraws = 100000;

// What a search of `kind` needs of its target and of the boards it starts from, checked by its
// settings (check_optimizer, before a run writes anything; start() when the optimizer was made
// from unchecked params): every initial
// board has target.genes() genes; when need_feasible_first, the first is feasible; when
// need_genes, the target has genes. std::invalid_argument naming `kind` otherwise.
void check_initial(const std::string& kind, const Target& target,
                   const std::vector<Genome>& initial, bool need_feasible_first, bool need_genes);

// The overrides every OptimizerBase subclass declares, written once: what start() checks (the
// check of the subclass's settings, held in `set_`, the one check_optimizer makes), begin, step,
// save and restore. In the class's public part.
#define MAZESEARCH_SEARCH_STEPS                                                                 \
    void check_start(const Target& target, const std::vector<Genome>& initial) const override { \
        set_.check(target, initial);                                                            \
    }                                                                                           \
    void begin(const Target& target, const std::vector<Genome>& initial) override;              \
    void step(Evaluator& ev) override;                                                          \
    nlohmann::json save() const override;                                                       \
    void restore(const nlohmann::json& state) override;

// Common state: genes, seed, RNG, step counter; start() and checkpoint helpers for the
// subclasses. A checkpoint of an optimizer is one JSON object: the common fields and the fields
// of the subclass's own State, each struct's field list written once (MAZESEARCH_DEFINE_STATE).
class OptimizerBase : public Optimizer {
  public:
    // The seed's last stop: checks the target and the boards (check_start) unless it was made
    // checked (CheckedOptimizer::make), sets genes, the seed, the RNG (from `seed` alone) and
    // step 0, then the subclass's own state (begin).
    void start(const Target& target, std::uint64_t seed,
               const std::vector<Genome>& initial = {}) final;

  protected:
    // What the subclass checks of the target and the boards before it starts (its settings'
    // check); std::invalid_argument or ParamError.
    virtual void check_start(const Target& target, const std::vector<Genome>& initial) const = 0;
    // The subclass's initial state, once the common state is set.
    virtual void begin(const Target& target, const std::vector<Genome>& initial) = 0;

    struct Common {
        std::string kind;
        std::size_t genes = 0;
        std::uint64_t step = 0;
        std::uint64_t seed = 0;
        Rng rng;
        MAZESEARCH_DEFINE_STATE(Common, kind, genes, step, seed, rng)
    };

    // Throws std::logic_error if neither start() nor restore() ran, and std::invalid_argument if
    // the state is for a different number of genes than the evaluator's target (a checkpoint
    // restored without start()).
    void require_started(const Evaluator& ev) const;
    void require_started() const;
    // The checkpoint: the common fields and those of `state`.
    template <typename State>
    nlohmann::json save_state(const State& state) const {
        require_started();
        nlohmann::json j = common_;
        j.update(nlohmann::json(state));
        return j;
    }
    // The inverse of save_state. Everything is read and checked before anything changes:
    // std::invalid_argument, naming the optimizer, if the checkpoint is another kind's, is not a
    // state of this optimizer, is for a different number of genes than the target start() was
    // given (when it ran first, as for a resumed run), or fails `check(common, state)`, which
    // throws std::invalid_argument for what the state itself gets wrong (genome sizes, indices
    // out of range), so that a corrupt checkpoint is refused here rather than in a later step.
    template <typename State, typename Check>
    void restore_state(const nlohmann::json& j, State& state, const Check& check) {
        Common common = read_common(j);
        State restored;
        try {
            restored = j.get<State>();
        } catch (const std::exception& e) {
            throw std::invalid_argument(kind() +
                                        ": not a checkpoint of this optimizer: " + e.what());
        }
        check(common, restored);
        common_ = std::move(common);
        state = std::move(restored);
        started_ = true;
    }
    // The random stream of proposal k of the current step: it depends on the run's seed, the
    // step and k alone, so proposals can be built on any thread in any order.
    Rng proposal_rng(std::uint64_t k) const;

    Common common_;
    bool started_ = false;

    // The genes, the seed and the RNG of a checkpoint, checked against the target of start().
    Common read_common(const nlohmann::json& j) const;

    // Checks for restore_state's `check`, each throwing std::invalid_argument naming `what`:
    // a genome of `genes` genes; every genome of a list; a value that is not NaN (scores are
    // numbers or -inf); an index below `limit`.
    void check_genome(const Genome& g, std::size_t genes, const std::string& what) const;
    void check_genomes(const std::vector<Genome>& list, std::size_t genes,
                       const std::string& what) const;
    void check_value(double v, const std::string& what) const;
    void check_index(std::uint64_t i, std::uint64_t limit, const std::string& what) const;
    // A board of the right size that, after start(), the target finds feasible: a board the
    // state holds as scored (a walk of an infeasible board never ends).
    void check_scored(const Genome& g, std::size_t genes, const std::string& what) const;
    // check_scored and check_value for every board of a list.
    void check_scored_list(const std::vector<Scored>& list, std::size_t genes,
                           const std::string& what) const;
    // The target of start(); null until it ran.
    const Target* target_ = nullptr;
};

}  // namespace maze
