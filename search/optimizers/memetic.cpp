#include "mazesearch/search/optimizers/memetic.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace maze {

LocalSearchSpec::Kind local_search_kind(const std::string& name) {
    if (name == "none") return LocalSearchSpec::Kind::None;
    if (name == "climb") return LocalSearchSpec::Kind::Climb;
    if (name == "plateau") return LocalSearchSpec::Kind::Plateau;
    if (name == "tabu") return LocalSearchSpec::Kind::Tabu;
    throw std::invalid_argument("unknown local search '" + name + "'");
}

LocalWalk start_walk(const Scored& from) {
    LocalWalk w;
    w.start = w.current = w.best = from;
    w.tabu_until.assign(from.genome.size(), 0);
    return w;
}

namespace {

// The move a walk makes after a scan of its neighbours (genes[i] flipped scored values[i],
// -inf when infeasible); returns the index into genes, or -1 to end the walk.
long choose_move(const LocalSearchSpec& spec, const LocalWalk& w,
                 const std::vector<std::size_t>& genes, const std::vector<double>& values,
                 Rng& rng) {
    const double here = w.current.value;
    auto tabu = [&](std::size_t i) { return w.tabu_until[genes[i]] > w.scans; };
    double top = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < genes.size(); ++i) {
        const bool allowed = spec.kind == LocalSearchSpec::Kind::Climb || !tabu(i) ||
                             values[i] > w.best.value;  // aspiration
        if (allowed && values[i] > top) top = values[i];
    }
    if (top == -std::numeric_limits<double>::infinity()) return -1;
    switch (spec.kind) {
        case LocalSearchSpec::Kind::Climb:
            if (top <= here) return -1;
            break;
        case LocalSearchSpec::Kind::Plateau:
            if (top < here) return -1;
            break;
        case LocalSearchSpec::Kind::Tabu:
        case LocalSearchSpec::Kind::None:
            break;
    }
    // One of the neighbours with the top score, drawn at random.
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < genes.size(); ++i)
        if (values[i] == top &&
            (spec.kind == LocalSearchSpec::Kind::Climb || !tabu(i) || values[i] > w.best.value))
            at.push_back(i);
    return static_cast<long>(at[at.size() == 1 ? 0 : rng.below(at.size())]);
}

}  // namespace

void run_local_search(Evaluator& ev, const LocalSearchSpec& spec, std::vector<LocalWalk>& walks,
                      const std::function<Rng(std::size_t walk, std::uint64_t scan)>& rng) {
    if (spec.kind == LocalSearchSpec::Kind::None) return;
    for (std::size_t scan = 0; scan < spec.scans; ++scan) {
        // The genes each walk tries this scan.
        std::vector<std::vector<std::size_t>> genes(walks.size());
        std::vector<std::size_t> want(walks.size(), 0);
        for (std::size_t w = 0; w < walks.size(); ++w) {
            if (walks[w].ended) continue;
            const Genome& g = walks[w].current.genome;
            const Genome mask = spec.focus ? ev.target().relevant_genes(g) : Genome{};
            for (std::size_t i = 0; i < g.size(); ++i)
                if (!spec.focus || mask.get(i)) genes[w].push_back(i);
            want[w] = genes[w].size();
        }
        std::size_t total = 0;
        for (std::size_t n : want) total += n;
        if (total == 0 || ev.ledger().remaining() == 0) return;
        // Proposal k of walk w flips the k-th gene it tries; all of them are taken (the
        // infeasible ones are rejected), so want = max_tries = the genes tried.
        const auto got = ev.draw_groups(want, want, [&](std::size_t w, std::uint64_t k) {
            Genome g = walks[w].current.genome;
            g.flip(genes[w][static_cast<std::size_t>(k)]);
            return g;
        });
        for (std::size_t w = 0; w < walks.size(); ++w) {
            LocalWalk& walk = walks[w];
            if (walk.ended) continue;
            // Scores by gene tried: the feasible ones come back in order, the rest are -inf
            // (as are any the budget left unscored; the run ends after this scan then).
            std::vector<double> values(genes[w].size(), -std::numeric_limits<double>::infinity());
            std::size_t next = 0;
            for (std::size_t i = 0; i < genes[w].size() && next < got[w].size(); ++i) {
                Genome g = walk.current.genome;
                g.flip(genes[w][i]);
                if (got[w][next].genome == g) values[i] = got[w][next++].value;
            }
            Rng r = rng(w, walk.scans);
            const long pick = choose_move(spec, walk, genes[w], values, r);
            if (pick < 0) {
                walk.ended = true;
                continue;
            }
            const std::size_t gene = genes[w][static_cast<std::size_t>(pick)];
            walk.current.genome.flip(gene);
            walk.current.value = values[static_cast<std::size_t>(pick)];
            ++walk.moves;
            if (spec.kind != LocalSearchSpec::Kind::Climb)
                walk.tabu_until[gene] = walk.scans + 1 + spec.tenure;
            if (walk.current.value > walk.best.value) walk.best = walk.current;
            ++walk.scans;
        }
        if (ev.ledger().remaining() == 0) return;
    }
}

}  // namespace maze
