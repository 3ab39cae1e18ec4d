// Squeaky's walk on a board model as a fitness target, written once over the models
// (engine/board_model.hpp): a model's target says how its genes code a board (decode) and which
// genes a walk looks at (genes_near_walk); what is the same for every model is here. A board is
// feasible by the model's flood fill, its value is the walk's moves (plus the convention's offset:
// 2 for the Flash count, else 0) or the visits of its most-visited place (objective max-visits),
// and the boards of a batch are walked eight at a time, interleaved (walk_feasible_batch).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/engine/board_model.hpp"
#include "mazesearch/engine/walk_objective.hpp"
#include "mazesearch/engine/walk_result.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

namespace walk_target_detail {

// The model's flood fill, found by the board's type (argument-dependent lookup at instantiation:
// a model's overload may be declared after this header, and inside the class Target::feasible
// would hide it).
template <class B>
bool board_feasible(const B& b) {
    return feasible(b);
}

}  // namespace walk_target_detail

template <BoardModel B>
class WalkTarget : public Target {
  public:
    using BoardType = B;

    // The board a genome codes; nullopt when the genes code no board of the model (a free
    // column's code past the last column, for example), which is infeasible like a board whose
    // exit cannot be reached.
    virtual std::optional<B> decode(const Genome& g) const = 0;

    // The same, for a genome known to code a board (std::invalid_argument otherwise).
    B to_board(const Genome& g) const {
        std::optional<B> b = decode(g);
        if (!b) throw std::invalid_argument(name() + " genome codes no board of the target");
        return *std::move(b);
    }

    void feasibility(std::span<const Genome> genomes, std::span<bool> ok) const final {
        for (std::size_t i = 0; i < genomes.size(); ++i) {
            const std::optional<B> b = decode(genomes[i]);
            ok[i] = b && walk_target_detail::board_feasible(*b);
        }
    }

    // The Evaluator passes feasible boards only, so the walks need no second flood fill.
    void score(std::span<const Genome> genomes, std::span<double> values) const final {
        const std::vector<B> boards = boards_of(genomes);
        std::vector<std::uint64_t> moves(boards.size(), 0);
        if (objective_ == WalkObjective::MaxVisits) {
            if constexpr (requires {
                              walk_feasible_batch(std::span<const B>(boards), moves, moves);
                          }) {
                std::vector<std::uint64_t> most(boards.size(), 0);
                walk_feasible_batch(std::span<const B>(boards), moves, most);
                for (std::size_t i = 0; i < most.size(); ++i)
                    values[i] = static_cast<double>(most[i]);
                return;
            } else {
                throw std::logic_error(name() + " has no max-visits objective");
            }
        }
        walk_feasible_batch(std::span<const B>(boards), moves);
        for (std::size_t i = 0; i < moves.size(); ++i)
            values[i] = moves[i] == kInfeasible ? -std::numeric_limits<double>::infinity()
                                                : static_cast<double>(moves[i]) + offset_;
    }

    // What the walk says of a board besides its value (WalkProfile), for the models whose batch
    // walk gives a profile: `doublings`, how many times the visits of the most-visited cell
    // double from 1 (its bit width: 1 for one visit, 2 for 2 or 3, ...); `max-visits`, those
    // visits; `hot-row` and `hot-col`, where that cell is; `busiest-quarter`, the share of all
    // visits that fall in the busiest quarter of the board (0.25 to 1).
    std::vector<std::string> behaviours() const final {
        if constexpr (kProfiled)
            return {"doublings", "max-visits", "hot-row", "hot-col", "busiest-quarter"};
        return {};
    }
    void score_described(std::span<const Genome> genomes, std::span<double> values,
                         std::span<double> described) const final {
        if constexpr (kProfiled) {
            const std::vector<B> boards = boards_of(genomes);
            std::vector<std::uint64_t> moves(boards.size(), 0);
            std::vector<WalkProfile> profiles(boards.size());
            walk_feasible_batch(std::span<const B>(boards), moves,
                                std::span<WalkProfile>(profiles));
            constexpr std::size_t k = 5;
            for (std::size_t i = 0; i < boards.size(); ++i) {
                const WalkProfile& p = profiles[i];
                values[i] = objective_ == WalkObjective::MaxVisits
                                ? static_cast<double>(p.max_visits)
                                : static_cast<double>(moves[i]) + offset_;
                std::uint64_t total = 0, busiest = 0;
                for (const std::uint64_t q : p.quarters) {
                    total += q;
                    busiest = std::max(busiest, q);
                }
                double* d = described.data() + i * k;
                d[0] = static_cast<double>(std::bit_width(p.max_visits));
                d[1] = static_cast<double>(p.max_visits);
                d[2] = p.hot_row;
                d[3] = p.hot_col;
                d[4] = total ? static_cast<double>(busiest) / static_cast<double>(total) : 1.0;
            }
        } else {
            Target::score_described(genomes, values, described);
        }
    }

    // The genes whose flip can change the walk or its feasibility, from one walk's visits
    // (walk_report: the fast walk with counts). A genome whose board is infeasible has no walk
    // to look at: every gene may matter.
    Genome relevant_genes(const Genome& g) const final {
        const std::optional<B> b = decode(g);
        const WalkCounts w = b ? walk_report(*b) : WalkCounts{};
        if (!w.feasible) {
            Genome every(g.size());
            for (std::size_t i = 0; i < g.size(); ++i) every.set(i, true);
            return every;
        }
        return genes_near_walk(g, *b, w.visits);
    }

    WalkObjective objective() const { return objective_; }
    // What the convention adds to the moves (0 for max-visits, which counts visits).
    double offset() const { return objective_ == WalkObjective::MaxVisits ? 0.0 : offset_; }

  protected:
    WalkTarget(WalkObjective objective, double offset) : objective_(objective), offset_(offset) {}

    // The genes the walk looks at, given the visits of every place of the board (row-major
    // cells): those of the places it stands on and their neighbours.
    virtual Genome genes_near_walk(const Genome& g, const B& b,
                                   const std::vector<std::uint64_t>& visits) const = 0;

  private:
    // The boards of genomes known to code boards.
    std::vector<B> boards_of(std::span<const Genome> genomes) const {
        std::vector<B> boards;
        boards.reserve(genomes.size());
        for (const Genome& g : genomes) boards.push_back(to_board(g));
        return boards;
    }
    // Whether the model's batch walk gives each walk's profile.
    static constexpr bool kProfiled =
        requires(std::span<const B> b, std::span<std::uint64_t> m, std::span<WalkProfile> p) {
        walk_feasible_batch(b, m, p);
    };

    WalkObjective objective_;
    double offset_;
};

}  // namespace maze
