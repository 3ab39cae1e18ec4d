#include "mazesearch/search/optimizers/map_elites.hpp"

#include <algorithm>
#include <stdexcept>

#include "mazesearch/search/optimizers/crossover.hpp"

namespace maze {

namespace {

constexpr const char* kOpenGenes = "open-genes";
constexpr const char* kNone = "none";
constexpr std::uint64_t kMostCells = 1'000'000;  // the archive's cells at the most

// The descriptors a config may name (a target gives the walk's among them).
const std::vector<std::string>& known_descriptors() {
    static const std::vector<std::string> known = {kOpenGenes, "doublings", "max-visits",
                                                   "hot-row",  "hot-col",   "busiest-quarter"};
    return known;
}

std::string listed(const std::vector<std::string>& names) {
    std::string s;
    for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
    return s;
}

// A descriptor's own range [lo, hi) and bins, for a target's genes and topology.
struct DefaultAxis {
    double lo, hi;
    std::int64_t bins;
};
DefaultAxis default_axis(const std::string& d, std::size_t genes, const Topology& topo) {
    // The board's cells: a passage board's genes sit on a grid of its cells and the walls between
    // (2 rows - 1 by 2 cols - 1).
    const bool passages = topo.kind == "passages";
    const int rows = passages ? (topo.rows + 1) / 2 : topo.rows;
    const int cols = passages ? (topo.cols + 1) / 2 : topo.cols;
    if (d == kOpenGenes) return {0, static_cast<double>(genes) + 1, 16};
    if (d == "doublings") return {1, 17, 16};  // one bin for each bit width 1 .. 16
    if (d == "max-visits") return {1, 4097, 16};
    if (d == "hot-row") return {0, static_cast<double>(std::max(rows, 1)), rows};
    if (d == "hot-col") return {0, static_cast<double>(std::max(cols, 1)), cols};
    return {0.25, 1.0 + 1e-9, 16};  // busiest-quarter: 1 itself in the last bin
}

}  // namespace

MapElites::Settings::Settings(const Params& params) {
    const std::vector<std::string>& known = known_descriptors();
    std::vector<std::string> with_none = known;
    with_none.push_back(kNone);
    const char* names[] = {"x", "y", "z"};
    const char* fallback[] = {"hot-row", "hot-col", kNone};
    for (int a = 0; a < 3; ++a) {
        const std::string key = names[a];
        const std::string d = params.get_choice(key, fallback[a], a == 0 ? known : with_none);
        const bool used = d != kNone;
        if (!used) {
            for (const char* suffix : {"_bins", "_min", "_max"})
                if (params.has(key + suffix))
                    throw ParamError(key + suffix, params.where(key + suffix),
                                     "is set, but " + key + " is none");
            continue;
        }
        if (axes.size() != static_cast<std::size_t>(a))
            throw ParamError(key, params.where(key), "is set, but an earlier axis is none");
        for (const Axis& other : axes)
            if (other.descriptor == d)
                throw ParamError(key, params.where(key), d + " is already an axis");
        Axis axis;
        axis.descriptor = d;
        axis.bins = params.get_int(key + "_bins", 0, 1, 10000);  // 0: the descriptor's own
        axis.has_lo = params.has(key + "_min");
        axis.has_hi = params.has(key + "_max");
        const double big = 1e15;
        if (axis.has_lo) axis.lo = params.get_double(key + "_min", 0, -big, big);
        if (axis.has_hi) axis.hi = params.get_double(key + "_max", 0, -big, big);
        if (axis.has_lo && axis.has_hi && !(axis.lo < axis.hi))
            throw ParamError(key + "_max", params.where(key + "_max"),
                             "must be above " + key + "_min (" + number_text(axis.lo) + ")");
        axes.push_back(axis);
    }
    batch = static_cast<std::uint64_t>(params.get_int("batch", 64, 1, 1'000'000));
    random_boards =
        static_cast<std::uint64_t>(params.get_int("random_boards", 256, 1, 1'000'000'000));
    p_blocked = params.get_double("p_blocked", 0.25, 0.0, 1.0);
    report_every =
        static_cast<std::uint64_t>(params.get_int("report_every", 1000, 1, std::int64_t{1} << 50));
    const bool anneal =
        params.get_choice("emitter", "mutation", {"mutation", "anneal"}) == "anneal";
    // A key of the other emitter is refused by name: it would change nothing.
    const std::vector<std::string> mutation_keys = {"flips", "crossover_rate"};
    const std::vector<std::string> anneal_keys = {"acceptance", "t_start", "t_end",
                                                  "schedule",   "length",  "resample_every"};
    for (const std::string& key : anneal ? mutation_keys : anneal_keys)
        if (params.has(key))
            throw ParamError(key, params.where(key),
                             anneal ? "is a key of emitter: mutation (the annealing emitter "
                                      "flips one gene a move)"
                                    : "is a key of emitter: anneal (the emitter is mutation)");
    if (anneal) {
        cooling.emplace(params);
        resample_every = static_cast<std::uint64_t>(
            params.get_int("resample_every", 0, 0, std::int64_t{1} << 50));
        if (resample_every > 0 && cooling->fixed_length() > 0)
            throw ParamError("resample_every", params.where("resample_every"),
                             "needs the chains cooled together (length 0): a chain restarted "
                             "after its length has no place in the run's schedule");
    } else {
        flips = params.get_double("flips", 2.0, 0.0, 1e6);
        crossover_rate = params.get_double("crossover_rate", 0.5, 0.0, 1.0);
    }
}

void MapElites::Settings::check_budget(const Budget& budget) const {
    if (cooling) cooling->check_budget(budget);
}

std::vector<std::string> MapElites::descriptors_of(const Target& target) {
    std::vector<std::string> d = {kOpenGenes};
    for (const std::string& b : target.behaviours()) d.push_back(b);
    return d;
}

void MapElites::Settings::check(const Target& target, const std::vector<Genome>& initial) const {
    check_initial("map-elites", target, initial, false, true);
    const std::vector<std::string> given = descriptors_of(target);
    std::uint64_t cells = 1;
    for (const Axis& a : axes) {
        if (std::find(given.begin(), given.end(), a.descriptor) == given.end())
            throw std::invalid_argument("map-elites: the target " + target.name() +
                                        " gives no descriptor " + a.descriptor + " (it gives " +
                                        listed(given) + ")");
        const DefaultAxis own = default_axis(a.descriptor, target.genes(), target.topology());
        const double lo = a.has_lo ? a.lo : own.lo, hi = a.has_hi ? a.hi : own.hi;
        if (!(lo < hi))
            throw std::invalid_argument("map-elites: the range of " + a.descriptor + " [" +
                                        number_text(lo) + ", " + number_text(hi) + ") is empty");
        cells *= static_cast<std::uint64_t>(a.bins ? a.bins : std::max<std::int64_t>(own.bins, 1));
        if (cells > kMostCells)
            throw std::invalid_argument("map-elites: the archive would have more than " +
                                        std::to_string(kMostCells) + " cells");
    }
}

void MapElites::begin(const Target& target, const std::vector<Genome>& initial) {
    s_ = State{};
    s_.initial = initial;
    for (Axis& a : set_.axes) {
        const DefaultAxis own = default_axis(a.descriptor, target.genes(), target.topology());
        s_.lo.push_back(a.has_lo ? a.lo : own.lo);
        s_.hi.push_back(a.has_hi ? a.hi : own.hi);
        if (a.bins == 0) a.bins = std::max<std::int64_t>(own.bins, 1);
    }
    find_sources(target);
}

void MapElites::find_sources(const Target& target) {
    const std::vector<std::string> b = target.behaviours();
    behaviours_ = b.size();
    source_.clear();
    for (const Axis& a : set_.axes) {
        const auto it = std::find(b.begin(), b.end(), a.descriptor);
        source_.push_back(it == b.end() ? -1 : static_cast<int>(it - b.begin()));
    }
}

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
