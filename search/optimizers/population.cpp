#include "mazesearch/search/optimizers/population.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <unordered_set>

namespace maze {

namespace {

struct GenomeHash {
    std::size_t operator()(const Genome& g) const {
        std::uint64_t h = g.size();
        for (std::uint64_t w : g.words()) {
            std::uint64_t state = h ^ w;
            h = splitmix64(state);
        }
        return static_cast<std::size_t>(h);
    }
};

bool holds(const std::vector<Scored>& pop, const Genome& g) {
    return std::any_of(pop.begin(), pop.end(), [&](const Scored& s) { return s.genome == g; });
}

}  // namespace

std::vector<std::size_t> ranked(const std::vector<Scored>& pop) {
    std::vector<std::size_t> idx(pop.size());
    std::iota(idx.begin(), idx.end(), std::size_t{0});
    std::stable_sort(idx.begin(), idx.end(),
                     [&](std::size_t a, std::size_t b) { return pop[a].value > pop[b].value; });
    return idx;
}

std::size_t worst_index(const std::vector<Scored>& pop) {
    std::size_t worst = 0;
    for (std::size_t k = 1; k < pop.size(); ++k)
        if (pop[k].value <= pop[worst].value) worst = k;
    return worst;
}

std::vector<Scored> select_parents(const std::vector<Scored>& pop, std::size_t count, bool distinct,
                                   std::size_t niche_radius) {
    std::vector<Scored> chosen;
    if (!distinct && niche_radius == 0) {
        // The plain top `count`, found without sorting the whole population.
        std::vector<std::size_t> idx(pop.size());
        std::iota(idx.begin(), idx.end(), std::size_t{0});
        const std::size_t keep = std::min(idx.size(), count);
        std::partial_sort(idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(keep), idx.end(),
                          [&](std::size_t a, std::size_t b) {
                              const double va = pop[a].value, vb = pop[b].value;
                              return va > vb || (va == vb && a < b);
                          });
        for (std::size_t k = 0; k < keep; ++k) chosen.push_back(pop[idx[k]]);
        return chosen;
    }
    const std::vector<std::size_t> order = ranked(pop);
    std::vector<std::size_t> skipped;
    for (std::size_t i : order) {
        if (chosen.size() == count) break;
        const Genome& g = pop[i].genome;
        bool close = false, same = false;
        for (const Scored& c : chosen) {
            const std::size_t d = c.genome.distance(g);
            if (d == 0) same = true;
            if (d <= niche_radius) close = true;
        }
        if (same && distinct) continue;
        if (close && niche_radius > 0) {
            skipped.push_back(i);
            continue;
        }
        chosen.push_back(pop[i]);
    }
    for (std::size_t i : skipped) {
        if (chosen.size() == count) break;
        if (distinct && holds(chosen, pop[i].genome)) continue;
        chosen.push_back(pop[i]);
    }
    return chosen;
}

void remove_duplicates(std::vector<Scored>& pop) {
    std::unordered_set<Genome, GenomeHash> seen;
    seen.reserve(pop.size() * 2);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < pop.size(); ++i) {
        if (!seen.insert(pop[i].genome).second) continue;
        if (kept != i) pop[kept] = std::move(pop[i]);
        ++kept;
    }
    pop.resize(kept);
}

MigrationSpec::Topology migration_topology(const std::string& name) {
    if (name == "ring") return MigrationSpec::Topology::Ring;
    if (name == "random") return MigrationSpec::Topology::Random;
    if (name == "all") return MigrationSpec::Topology::All;
    throw std::invalid_argument("unknown migration topology '" + name + "'");
}

MigrationSpec::Choice migrant_choice(const std::string& name) {
    if (name == "best") return MigrationSpec::Choice::Best;
    if (name == "random") return MigrationSpec::Choice::Random;
    throw std::invalid_argument("unknown migrant choice '" + name + "'");
}

std::size_t migrate(std::vector<std::vector<Scored>>& islands, const MigrationSpec& spec,
                    std::vector<Rng>& rngs) {
    const std::size_t n = islands.size();
    if (n < 2 || spec.migrants == 0) return 0;
    if (rngs.size() != n) throw std::invalid_argument("migrate: one random stream per island");
    const std::vector<std::vector<Scored>> before = islands;
    std::size_t moved = 0;
    for (std::size_t i = 0; i < n; ++i) {
        // The pool the migrants come from.
        std::vector<Scored> pool;
        switch (spec.topology) {
            case MigrationSpec::Topology::Ring:
                pool = before[(i + n - 1) % n];
                break;
            case MigrationSpec::Topology::Random: {
                std::size_t s = static_cast<std::size_t>(rngs[i].below(n - 1));
                if (s >= i) ++s;
                pool = before[s];
                break;
            }
            case MigrationSpec::Topology::All:
                for (std::size_t s = 0; s < n; ++s)
                    if (s != i) pool.insert(pool.end(), before[s].begin(), before[s].end());
                break;
        }
        std::vector<Scored>& home = islands[i];
        std::vector<Scored> arrivals;
        if (spec.choice == MigrationSpec::Choice::Best) {
            for (std::size_t k : ranked(pool)) {
                if (arrivals.size() == spec.migrants) break;
                const Genome& g = pool[k].genome;
                if (holds(home, g) || holds(arrivals, g)) continue;
                arrivals.push_back(pool[k]);
            }
        } else {
            // Random members, drawn without replacement.
            std::vector<std::size_t> left(pool.size());
            std::iota(left.begin(), left.end(), std::size_t{0});
            while (arrivals.size() < spec.migrants && !left.empty()) {
                const auto at = static_cast<std::size_t>(rngs[i].below(left.size()));
                const Scored& s = pool[left[at]];
                left.erase(left.begin() + static_cast<std::ptrdiff_t>(at));
                if (holds(home, s.genome) || holds(arrivals, s.genome)) continue;
                arrivals.push_back(s);
            }
        }
        // The arrivals take the places of the island's worst boards (the later one on ties),
        // never of each other.
        std::vector<std::size_t> order = ranked(home);
        std::reverse(order.begin(), order.end());
        std::size_t next = 0;
        for (Scored& a : arrivals) {
            if (next < order.size())
                home[order[next++]] = std::move(a);
            else
                home.push_back(std::move(a));
            ++moved;
        }
    }
    return moved;
}

}  // namespace maze
