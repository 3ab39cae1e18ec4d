// MapElites' settings and axes (map_elites.hpp): the keys read and checked, the descriptors a
// target gives, and each axis's range resolved against the target at the start. The search itself
// (the archive, the emitters, the checkpoint) is in map_elites.cpp.
#include "mazesearch/search/optimizers/map_elites.hpp"

#include <algorithm>
#include <stdexcept>

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

}  // namespace maze
