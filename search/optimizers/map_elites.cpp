#include "mazesearch/search/optimizers/map_elites.hpp"

#include <algorithm>
#include <stdexcept>

#include "mazesearch/search/optimizers/crossover.hpp"

namespace maze {

std::uint64_t MapElites::cells() const {
    std::uint64_t n = 1;
    for (const Axis& a : set_.axes)
        n *= static_cast<std::uint64_t>(std::max<std::int64_t>(a.bins, 1));
    return n;
}

double MapElites::coverage() const {
    return static_cast<double>(s_.elites.size()) / static_cast<double>(cells());
}

double MapElites::qd_score() const {
    double sum = 0;
    for (const Elite& e : s_.elites) sum += e.value;
    return sum;
}

std::vector<Optimizer::Measure> MapElites::measures() const {
    return {{"coverage", coverage()},
            {"qd_score", qd_score()},
            {"elites", static_cast<double>(s_.elites.size())}};
}

Optimizer::Elites MapElites::elites() const {
    Elites out;
    for (std::size_t a = 0; a < set_.axes.size(); ++a)
        out.axes.push_back({set_.axes[a].descriptor, set_.axes[a].bins, s_.lo[a], s_.hi[a]});
    for (const Elite& e : s_.elites)
        out.cells.push_back({e.cell, e.descriptors, e.value, e.genome});
    return out;
}

std::uint64_t MapElites::cell_of(const std::vector<double>& d) const {
    std::uint64_t cell = 0, stride = 1;
    for (std::size_t a = 0; a < set_.axes.size(); ++a) {
        const auto bins = static_cast<std::uint64_t>(set_.axes[a].bins);
        const double t = (d[a] - s_.lo[a]) / (s_.hi[a] - s_.lo[a]);
        std::uint64_t bin = 0;
        if (t >= 1)
            bin = bins - 1;
        else if (t > 0)
            bin = std::min(bins - 1, static_cast<std::uint64_t>(t * static_cast<double>(bins)));
        cell += bin * stride;
        stride *= bins;
    }
    return cell;
}

Genome MapElites::propose(std::uint64_t k, Rng& rng) {
    if (k < s_.initial.size()) return s_.initial[static_cast<std::size_t>(k)];
    const std::size_t n = common_.genes;
    if (s_.proposals + k < set_.random_boards || s_.elites.empty())
        return random_genome(n, set_.p_blocked, rng);
    const std::size_t m = s_.elites.size();
    if (set_.cooling) {
        Chain& chain = s_.chains[static_cast<std::size_t>(k)];
        const std::uint64_t length = set_.cooling->fixed_length();
        if (!chain.started || (length > 0 && chain.done >= length)) {
            const Elite& e = s_.elites[static_cast<std::size_t>(rng.below(m))];
            chain = Chain{true, e.genome, e.value, 0};
            ++s_.restarts;
        }
        Genome move = chain.genome;
        move.flip(static_cast<std::size_t>(rng.below(n)));
        return move;
    }
    const std::size_t ia = static_cast<std::size_t>(rng.below(m));
    const Genome& a = s_.elites[ia].genome;
    Genome child = a;
    if (m >= 2 && rng.bernoulli(set_.crossover_rate)) {
        std::size_t ib = static_cast<std::size_t>(rng.below(m - 1));
        if (ib >= ia) ++ib;  // another elite
        child = uniform_crossover(a, s_.elites[ib].genome, rng);
    }
    mutate(child, std::min(1.0, set_.flips / static_cast<double>(n)), rng);
    if (child == a) child.flip(static_cast<std::size_t>(rng.below(n)));
    return child;
}

void MapElites::step(Evaluator& ev) {
    require_started(ev);
    if (ev.ledger().remaining() == 0) return;
    if (source_.size() != set_.axes.size() || behaviours_ != ev.target().behaviours().size())
        find_sources(ev.target());
    if (set_.cooling && s_.chains.empty()) s_.chains.resize(static_cast<std::size_t>(set_.batch));
    // Batches until report_every boards were proposed (scored or rejected) or the budget is spent.
    const auto proposed = [&ev] { return ev.ledger().evaluations() + ev.ledger().rejected(); };
    const std::uint64_t before = proposed();
    do {
        batch(ev);
    } while (proposed() - before < set_.report_every && ev.ledger().remaining() > 0);
}

void MapElites::batch(Evaluator& ev) {
    std::vector<Genome> boards;
    std::vector<Rng> rngs;
    boards.reserve(static_cast<std::size_t>(set_.batch));
    rngs.reserve(static_cast<std::size_t>(set_.batch));
    // Which places of the batch are chains' moves (taken or left once they are scored).
    std::vector<bool> moves(static_cast<std::size_t>(set_.batch), false);
    for (std::uint64_t k = 0; k < set_.batch; ++k) {
        rngs.push_back(proposal_rng(k));
        moves[k] = set_.cooling && k >= s_.initial.size() &&
                   s_.proposals + k >= set_.random_boards && !s_.elites.empty();
        boards.push_back(propose(k, rngs.back()));
    }
    const std::size_t given = std::min(s_.initial.size(), static_cast<std::size_t>(set_.batch));
    s_.initial.erase(s_.initial.begin(), s_.initial.begin() + static_cast<std::ptrdiff_t>(given));

    std::vector<Score> scores(boards.size());
    const bool walked = std::any_of(source_.begin(), source_.end(), [](int s) { return s >= 0; });
    std::vector<double> described;
    if (walked) {
        described.assign(boards.size() * behaviours_, 0.0);
        ev.evaluate_described(boards, scores, described);
    } else {
        ev.evaluate(boards, scores);
    }
    s_.proposals += set_.batch;
    ++common_.step;

    std::vector<double> d(set_.axes.size());
    for (std::size_t i = 0; i < boards.size(); ++i) {
        if (!scores[i].feasible) continue;
        for (std::size_t a = 0; a < d.size(); ++a)
            d[a] = source_[a] < 0
                       ? static_cast<double>(boards[i].size() - boards[i].count())
                       : described[i * behaviours_ + static_cast<std::size_t>(source_[a])];
        Elite e{cell_of(d), boards[i], scores[i].value, d};
        const auto it =
            std::lower_bound(s_.elites.begin(), s_.elites.end(), e.cell,
                             [](const Elite& x, std::uint64_t cell) { return x.cell < cell; });
        if (it == s_.elites.end() || it->cell != e.cell) {
            s_.elites.insert(it, std::move(e));
            ++s_.added;
        } else if (e.value > it->value) {
            *it = std::move(e);
            ++s_.improved;
        }
    }
    bool moved = false;
    for (std::size_t k = 0; k < boards.size(); ++k)
        if (moves[k]) {
            settle(s_.chains[k], boards[k], scores[k], rngs[k], ev);
            moved = true;
        }
    if (moved && set_.resample_every > 0) resample_chains(ev);
}

void MapElites::resample_chains(const Evaluator& ev) {
    // Only chains that all stand on boards: none is left to start from an elite.
    if (std::any_of(s_.chains.begin(), s_.chains.end(), [](const Chain& c) { return !c.started; }))
        return;
    if (++s_.since < set_.resample_every) return;
    s_.since = 0;
    const double t =
        set_.cooling->temperature(ev.ledger().evaluations(), ev.ledger().budget().evaluations, ev);
    const double from =
        s_.resampled_at > 0 ? static_cast<double>(s_.resampled_at) : set_.cooling->t_start();
    std::vector<double> values;
    values.reserve(s_.chains.size());
    for (const Chain& c : s_.chains) values.push_back(c.value);
    const Resampling r = boltzmann_resampling(*set_.cooling, values, from, t, common_.rng);
    std::vector<Chain> next;
    next.reserve(s_.chains.size());
    for (std::size_t i : r.copies) next.push_back(s_.chains[i]);
    s_.chains = std::move(next);
    s_.resampled_at = t;
    ++s_.resamplings;
    s_.families = r.families;
}

void MapElites::settle(Chain& chain, const Genome& proposal, const Score& score, Rng& rng,
                       const Evaluator& ev) {
    if (!score.feasible) return;  // the chain stays where it is; only feasible proposals count
    // A chain's own schedule, or (length 0) the run's: the share of the budget gone.
    const std::uint64_t length = set_.cooling->fixed_length();
    const double t = length ? set_.cooling->temperature(chain.done, length, ev)
                            : set_.cooling->temperature(ev.ledger().evaluations(),
                                                        ev.ledger().budget().evaluations, ev);
    ++chain.done;
    if (Cooling::accept(set_.cooling->gain(chain.value, score.value), t, rng)) {
        chain.genome = proposal;
        chain.value = score.value;
        ++s_.taken;
    }
}

nlohmann::json MapElites::save() const {
    nlohmann::json j = save_state(s_);
    j["axes"] = set_.axes;
    return j;
}

void MapElites::restore(const nlohmann::json& state) {
    if (!state.is_object() || !state.contains("axes"))
        throw std::invalid_argument(kind() + ": not a checkpoint of this optimizer: no axes");
    std::vector<Axis> axes;
    try {
        axes = state.at("axes").get<std::vector<Axis>>();
    } catch (const std::exception& e) {
        throw std::invalid_argument(kind() + ": not a checkpoint of this optimizer: " + e.what());
    }
    // The archive's cells are those of the axes it was made with: the config must name the same.
    bool same = axes.size() == set_.axes.size();
    for (std::size_t a = 0; same && a < axes.size(); ++a) {
        const Axis &x = axes[a], &y = set_.axes[a];
        same = x.descriptor == y.descriptor && (y.bins == 0 || x.bins == y.bins) &&
               x.has_lo == y.has_lo && x.has_hi == y.has_hi && (!x.has_lo || x.lo == y.lo) &&
               (!x.has_hi || x.hi == y.hi);
    }
    if (!same)
        throw std::invalid_argument(kind() +
                                    ": the checkpoint's archive has other axes than the config's");
    nlohmann::json rest = state;
    rest.erase("axes");
    // A checkpoint from before resample_every holds no resampling: none had been made.
    if (!rest.contains("since") && !rest.contains("resamplings"))
        for (const char* key : {"since", "resampled_at", "resamplings", "families"}) rest[key] = 0;
    restore_state(rest, s_, [&](const Common& c, const State& s) { check(c, s, axes); });
    set_.axes = axes;
    source_.clear();
}

void MapElites::check(const Common& c, const State& s, const std::vector<Axis>& axes) const {
    check_genomes(s.initial, c.genes, "initial board");
    if (s.lo.size() != axes.size() || s.hi.size() != axes.size())
        throw std::invalid_argument(kind() + ": the checkpoint has not one range an axis");
    std::uint64_t cells = 1;
    for (const Axis& a : axes) {
        if (a.bins < 1)
            throw std::invalid_argument(kind() + ": an axis of the checkpoint has no bins");
        cells *= static_cast<std::uint64_t>(a.bins);
    }
    for (std::size_t i = 0; i < s.elites.size(); ++i) {
        const Elite& e = s.elites[i];
        check_scored(e.genome, c.genes, "elite");
        check_value(e.value, "elite value");
        if (e.descriptors.size() != axes.size())
            throw std::invalid_argument(kind() + ": an elite has not one descriptor an axis");
        check_index(e.cell, cells, "elite cell");
        if (i > 0 && !(s.elites[i - 1].cell < e.cell))
            throw std::invalid_argument(kind() +
                                        ": the elites are not in the order of their cells");
    }
    if (!s.chains.empty() && (!set_.cooling || s.chains.size() != set_.batch))
        throw std::invalid_argument(kind() + ": the checkpoint has " +
                                    std::to_string(s.chains.size()) +
                                    " annealing chains; the config's emitter has " +
                                    std::to_string(set_.cooling ? set_.batch : 0));
    if (s.since > 0 && set_.resample_every == 0)
        throw std::invalid_argument(kind() +
                                    ": the checkpoint's chains are resampled; the "
                                    "config's are not (resample_every 0)");
    check_value(s.resampled_at, "resampled_at");
    for (const Chain& chain : s.chains) {
        if (!chain.started) continue;
        check_scored(chain.genome, c.genes, "chain");
        check_value(chain.value, "chain value");
    }
}

}  // namespace maze
