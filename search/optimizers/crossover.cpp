#include "mazesearch/search/optimizers/crossover.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace maze {

namespace {

void check_parents(const Genome& a, const Genome& b) {
    if (a.size() != b.size())
        throw std::invalid_argument("crossover parents differ in size: " +
                                    std::to_string(a.size()) + " and " + std::to_string(b.size()));
}

void check_grid(const Topology& topo, std::size_t genes, const char* what) {
    if (!has_grid(topo, genes))
        throw std::invalid_argument(std::string(what) +
                                    " crossover needs a row and a column for every gene");
}

// Child whose gene i comes from b where from_b(i), else from a.
template <class FromB>
Genome mix(const Genome& a, const Genome& b, FromB&& from_b) {
    Genome child = a;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (from_b(i)) child.set(i, b.get(i));
    return child;
}

// One fair coin per slot, drawn in slot order.
std::vector<char> coins(std::size_t slots, Rng& rng) {
    std::vector<char> c(slots);
    for (auto& x : c) x = rng.bernoulli(0.5) ? 1 : 0;
    return c;
}

// How far the geometric crossovers shift a topology's coordinates right to get the units they
// cut along. A passage topology places its genes at doubled coordinates; its crossovers work on
// cells, each passage going with the cell left of it or above it (the coordinate halved,
// rounding down), so that a line is a row (column) of cells with the passages right of and
// below them, a block is block x block cells with theirs, and a patch a rectangle of cells.
int unit_shift(const Topology& topo) {
    return topo.kind == "passages" ? 1 : 0;
}

}  // namespace

CrossoverKind crossover_kind(const std::string& name) {
    if (name == "uniform") return CrossoverKind::Uniform;
    if (name == "one-point") return CrossoverKind::OnePoint;
    if (name == "multi-point") return CrossoverKind::MultiPoint;
    if (name == "line") return CrossoverKind::Line;
    if (name == "block") return CrossoverKind::Block;
    if (name == "patch") return CrossoverKind::Patch;
    throw std::invalid_argument("unknown crossover '" + name + "'");
}

LineAxis line_axis(const std::string& name) {
    if (name == "rows") return LineAxis::Rows;
    if (name == "columns") return LineAxis::Columns;
    if (name == "both") return LineAxis::Both;
    throw std::invalid_argument("unknown line axis '" + name + "'");
}

bool has_grid(const Topology& topo, std::size_t genes) {
    return topo.row.size() == genes && topo.col.size() == genes && genes > 0;
}

bool needs_grid(CrossoverKind kind) {
    return kind == CrossoverKind::Line || kind == CrossoverKind::Block ||
           kind == CrossoverKind::Patch;
}

Genome uniform_crossover(const Genome& a, const Genome& b, Rng& rng) {
    check_parents(a, b);
    // 64 coins at a time: mask bit 1 takes the gene from b. Bits past size() are 0 in both
    // parents, so they stay 0 in the child.
    Genome child = a;
    const auto w = child.words();
    const auto wb = b.words();
    for (std::size_t i = 0; i < w.size(); ++i) {
        const std::uint64_t m = rng.next();
        w[i] = (w[i] & ~m) | (wb[i] & m);
    }
    return child;
}

Genome one_point_crossover(const Genome& a, const Genome& b, Rng& rng) {
    check_parents(a, b);
    const std::size_t n = a.size();
    if (n < 2) return a;
    const std::size_t cut = 1 + static_cast<std::size_t>(rng.below(n - 1));
    return mix(a, b, [cut](std::size_t i) { return i >= cut; });
}

Genome multi_point_crossover(const Genome& a, const Genome& b, int points, Rng& rng) {
    check_parents(a, b);
    if (points < 1) throw std::invalid_argument("multi-point crossover needs points >= 1");
    const std::size_t n = a.size();
    if (n < 2) return a;
    const std::size_t k = std::min<std::size_t>(static_cast<std::size_t>(points), n - 1);
    // k distinct cuts from 1..n-1: a partial Fisher-Yates shuffle of the candidate cuts.
    std::vector<std::size_t> cand(n - 1);
    for (std::size_t i = 0; i < cand.size(); ++i) cand[i] = i + 1;
    for (std::size_t i = 0; i < k; ++i) {
        const std::size_t j = i + static_cast<std::size_t>(rng.below(cand.size() - i));
        std::swap(cand[i], cand[j]);
    }
    std::vector<std::size_t> cuts(cand.begin(), cand.begin() + static_cast<std::ptrdiff_t>(k));
    std::sort(cuts.begin(), cuts.end());
    Genome child = a;
    bool from_b = false;
    std::size_t next = 0;
    for (std::size_t i = 0; i < n; ++i) {
        while (next < cuts.size() && cuts[next] == i) {
            from_b = !from_b;
            ++next;
        }
        if (from_b) child.set(i, b.get(i));
    }
    return child;
}

Genome line_crossover(const Genome& a, const Genome& b, const Topology& topo, LineAxis axis,
                      Rng& rng) {
    check_parents(a, b);
    check_grid(topo, a.size(), "line");
    if (axis == LineAxis::Both) axis = rng.bernoulli(0.5) ? LineAxis::Rows : LineAxis::Columns;
    const std::vector<int>& line = axis == LineAxis::Rows ? topo.row : topo.col;
    const int s = unit_shift(topo);
    const auto [lo, hi] = std::minmax_element(line.begin(), line.end());
    const int base = *lo >> s;
    const std::vector<char> coin = coins(static_cast<std::size_t>((*hi >> s) - base) + 1, rng);
    return mix(
        a, b, [&](std::size_t i) { return coin[static_cast<std::size_t>((line[i] >> s) - base)]; });
}

Genome block_crossover(const Genome& a, const Genome& b, const Topology& topo, int block,
                       Rng& rng) {
    check_parents(a, b);
    check_grid(topo, a.size(), "block");
    if (block < 1) throw std::invalid_argument("block crossover needs block >= 1");
    const int s = unit_shift(topo);
    const auto [rlo, rhi] = std::minmax_element(topo.row.begin(), topo.row.end());
    const auto [clo, chi] = std::minmax_element(topo.col.begin(), topo.col.end());
    const int r0 = *rlo >> s, c0 = *clo >> s;
    const std::size_t brows = static_cast<std::size_t>(((*rhi >> s) - r0) / block) + 1;
    const std::size_t bcols = static_cast<std::size_t>(((*chi >> s) - c0) / block) + 1;
    const std::vector<char> coin = coins(brows * bcols, rng);  // blocks in row-major order
    return mix(a, b, [&](std::size_t i) {
        const auto br = static_cast<std::size_t>(((topo.row[i] >> s) - r0) / block);
        const auto bc = static_cast<std::size_t>(((topo.col[i] >> s) - c0) / block);
        return coin[br * bcols + bc];
    });
}

Genome patch_crossover(const Genome& a, const Genome& b, const Topology& topo, Rng& rng) {
    check_parents(a, b);
    check_grid(topo, a.size(), "patch");
    const auto [rlo, rhi] = std::minmax_element(topo.row.begin(), topo.row.end());
    const auto [clo, chi] = std::minmax_element(topo.col.begin(), topo.col.end());
    // Two corners, each coordinate uniform over the grid's extent: the rectangle between them.
    auto span_of = [&](int lo, int hi) {
        const auto n = static_cast<std::uint64_t>(hi - lo + 1);
        int x = lo + static_cast<int>(rng.below(n));
        int y = lo + static_cast<int>(rng.below(n));
        if (x > y) std::swap(x, y);
        return std::pair<int, int>{x, y};
    };
    // Pairs, not structured bindings: a lambda may capture those only from clang 16 on.
    const int s = unit_shift(topo);
    const std::pair<int, int> rows = span_of(*rlo >> s, *rhi >> s);
    const std::pair<int, int> cols = span_of(*clo >> s, *chi >> s);
    return mix(a, b, [&](std::size_t i) {
        const int r = topo.row[i] >> s, c = topo.col[i] >> s;
        return r >= rows.first && r <= rows.second && c >= cols.first && c <= cols.second;
    });
}

Genome crossover(const CrossoverSpec& spec, const Genome& a, const Genome& b, const Topology& topo,
                 Rng& rng) {
    switch (spec.kind) {
        case CrossoverKind::Uniform:
            return uniform_crossover(a, b, rng);
        case CrossoverKind::OnePoint:
            return one_point_crossover(a, b, rng);
        case CrossoverKind::MultiPoint:
            return multi_point_crossover(a, b, spec.points, rng);
        case CrossoverKind::Line:
            return line_crossover(a, b, topo, spec.line, rng);
        case CrossoverKind::Block:
            return block_crossover(a, b, topo, spec.block, rng);
        case CrossoverKind::Patch:
            return patch_crossover(a, b, topo, rng);
    }
    throw std::logic_error("unknown crossover kind");
}

CrossoverChoice CrossoverChoice::read(const Params& params, const std::string& fallback,
                                      bool allow_none) {
    std::vector<std::string> kinds = {"uniform", "one-point", "multi-point",
                                      "line",    "block",     "patch"};
    if (allow_none) kinds.insert(kinds.begin(), "none");
    CrossoverChoice c;
    c.where = params.where("crossover");
    const std::string kind = params.get_choice("crossover", fallback, kinds);
    if (kind == "none") return c;
    CrossoverSpec spec;
    spec.kind = crossover_kind(kind);
    spec.points = static_cast<int>(params.get_int("points", 2, 1, 1000));
    spec.line = line_axis(params.get_choice("line", "both", {"rows", "columns", "both"}));
    spec.block = static_cast<int>(params.get_int("block", 2, 1, 1000));
    c.spec = spec;
    return c;
}

void CrossoverChoice::check_target(const Target& target) const {
    if (spec && needs_grid(spec->kind) && !has_grid(target.topology(), target.genes()))
        throw ParamError("crossover", where,
                         "line, block and patch crossovers need a target with rows and columns (" +
                             target.name() + " has none)");
}

}  // namespace maze
