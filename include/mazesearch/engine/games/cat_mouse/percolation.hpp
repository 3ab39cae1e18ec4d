// The breadth-first percolation behind the Cat and Mouse solver (docs/games.md, 'Cat and Mouse'),
// and the memory it works in.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <utility>
#include <vector>

#include "mazesearch/engine/games/cat_mouse.hpp"
#include "mazesearch/engine/worker_team.hpp"

namespace maze::cat_mouse_detail {

// calloc'd arrays: the kernel hands out zero pages lazily, so the positions that are never
// decided (often most of a big graph) cost neither time nor resident memory.
template <class T>
T* zeroed(std::size_t count) {
    void* p = std::calloc(count, sizeof(T));
    if (!p) throw std::bad_alloc();
    return static_cast<T*>(p);
}
template <class T>
T* uninitialised(std::size_t count) {
    void* p = std::malloc(count * sizeof(T));
    if (!p) throw std::bad_alloc();
    return static_cast<T*>(p);
}

__extension__ typedef unsigned __int128 Wide;  // GCC/Clang extension, for the division

constexpr std::uint32_t kNoWatch = std::numeric_limits<std::uint32_t>::max();

// An allocator whose resize() leaves new elements uninitialised: the layer lists are resized
// to their capacity before being written through a cursor, and zeroing them first would cost a
// pass over memory per layer.
template <class T>
struct NoInitAllocator : std::allocator<T> {
    template <class U>
    struct rebind {
        using other = NoInitAllocator<U>;
    };
    template <class U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};
using List = std::vector<std::uint32_t, NoInitAllocator<std::uint32_t>>;

// The breadth-first percolation. Each position has one cell: while undecided, the number of
// its moves known to lose for the player to move; once decided, one of two sentinels naming
// the winner. Cell is the narrowest unsigned type whose sentinels exceed every degree.
//
// The cells form two planes, one per player to move, each n x n indexed mouse * n + cat; every
// move leads from one plane to the other. A layer (the positions decided at one depth) is kept
// as two lists of in-plane indices, one per plane, so the loops never ask whose turn it is.
template <class Cell>
class Percolation {
  public:
    static constexpr Cell kMouseWon = std::numeric_limits<Cell>::max();
    static constexpr Cell kCatWon = std::numeric_limits<Cell>::max() - 1;

    // threads: the size of the team that shares big layers (<= 0: every hardware thread).
    Percolation(const CatMouseGraph& g, std::uint32_t hole, Cell* cells, std::uint32_t* plies,
                int threads)
        : team_(threads),
          n_(static_cast<std::uint32_t>(g.nodes())),
          hole_(hole),
          offset_(g.offsets().data()),
          adj_(g.adjacency().data()),
          cells_(cells),
          plies_(plies),
          mouse_moves_(n_),
          cat_moves_(n_),
          max_degree_(static_cast<std::uint32_t>(g.max_degree())),
          div_magic_(~std::uint64_t{0} / std::max<std::uint32_t>(n_, 1) + 1) {
        assert(n_ <= kCatMouseMaxNodes && hole_ < n_);  // in-plane indices fit in 32 bits
        for (std::uint32_t v = 0; v < n_; ++v) {
            mouse_moves_[v] = offset_[v + 1] - offset_[v];
            cat_moves_[v] = mouse_moves_[v];
            for (std::uint32_t i = offset_[v]; i < offset_[v + 1]; ++i)
                if (adj_[i] == hole_) --cat_moves_[v];  // the cat may never enter the hole
        }
    }

    static std::size_t index(std::uint32_t n, std::uint32_t mouse, std::uint32_t cat,
                             CatMouseTurn t) {
        return static_cast<std::size_t>(t) * n * n + std::size_t{mouse} * n + cat;
    }

    // Runs until every position that can be decided is decided, or until `watch` (an index)
    // is decided. Returns the depth (plies of optimal play) at which `watch` was decided.
    std::optional<std::uint64_t> run(std::size_t watch) {
        const std::size_t nn = std::size_t{n_} * n_;
        // Depth 0: the mouse in the hole (any cat but in the hole) and the cat on the mouse.
        for (std::uint32_t v = 0; v < n_; ++v) {
            if (v == hole_) continue;
            for (std::uint32_t t = 0; t < 2; ++t) {
                cells_[t * nn + hole_ * n_ + v] = kMouseWon;
                cells_[t * nn + v * n_ + v] = kCatWon;
                layer_[t].push_back(hole_ * n_ + v);
                layer_[t].push_back(v * n_ + v);
            }
        }
        // The watched position as (plane, in-plane index); none: a plane that does not exist.
        const std::uint32_t watch_plane =
            watch < 2 * nn ? static_cast<std::uint32_t>(watch / nn) : 2;
        const auto watch_at = static_cast<std::uint32_t>(watch < 2 * nn ? watch % nn : 0);
        std::uint64_t depth = 0;
        while (!layer_[0].empty() || !layer_[1].empty()) {
            bool watched = false;
            // Mouse-to-move positions were reached by a cat move: their predecessors are in
            // the cat's plane; and the other way round.
            watched |= expand<0>(depth + 1, watch_plane == 1 ? watch_at : kNoWatch);
            watched |= expand<1>(depth + 1, watch_plane == 0 ? watch_at : kNoWatch);
            if (watched) return depth + 1;
            layer_[0].swap(next_[0]);
            layer_[1].swap(next_[1]);
            ++depth;
        }
        return std::nullopt;
    }

  private:
    // r / n by a multiplication (Lemire, Kaser and Kurz, "Faster remainder by direct
    // computation", 2019: exact for every 32-bit dividend and divisor).
    static std::uint32_t div(std::uint32_t r, std::uint64_t magic) {
        return static_cast<std::uint32_t>((static_cast<Wide>(magic) * r) >> 64);
    }

    // A counting sort of a list by the mouse's node. Positions with the same mouse node have
    // their predecessors in a few rows of the other plane (the mouse's row, or its neighbours'
    // rows); taking a big layer row by row turns scattered cache misses into nearby accesses.
    // The order within a layer does not matter: everything decided from it gets one depth.
    void group_by_mouse(List& list) {
        starts_.assign(std::size_t{n_} + 1, 0);
        for (const std::uint32_t r : list) ++starts_[div(r, div_magic_) + 1];
        for (std::uint32_t v = 0; v < n_; ++v) starts_[v + 1] += starts_[v];
        scratch_.resize(list.size());
        for (const std::uint32_t r : list) scratch_[starts_[div(r, div_magic_)]++] = r;
        list.swap(scratch_);
    }

    // Settles the predecessors of the layer's positions in plane T (T = 0: mouse to move,
    // whose predecessors have the cat to move; T = 1 the other way round), appending the
    // settled ones to the other plane's next list. Returns true when the predecessor plane's
    // position `watch` was settled.
    //
    // A big layer is cut into one part per team member by the predecessors' rows (their mouse
    // node): each part reads the whole layer but updates only the cells of its own rows, so no
    // cell is written by two threads, and what a layer settles does not depend on the order in
    // which its positions are taken (every position it settles gets the same depth). The parts'
    // lists are joined in part order, whichever thread ran them; only the order of the next list
    // depends on the team's size, and that order changes nothing.
    template <int T>
    bool expand(std::uint64_t depth, std::uint32_t watch) {
        List& layer = layer_[T];
        List& next = next_[1 - T];
        if (layer.size() >= n_) group_by_mouse(layer);
        const std::uint32_t parts =
            layer.size() >= kParallelFrom
                ? std::min<std::uint32_t>(static_cast<std::uint32_t>(team_.size()), n_)
                : 1;
        bool watched = false;
        if (parts <= 1) {
            watched = expand_rows<T>(layer, 0, n_, next, depth, watch);
        } else {
            part_lists_.resize(parts);
            std::vector<char> part_watched(parts, 0);
            team_.run(parts, [&](std::size_t i, int) {
                const auto lo = static_cast<std::uint32_t>(std::uint64_t{n_} * i / parts);
                const auto hi = static_cast<std::uint32_t>(std::uint64_t{n_} * (i + 1) / parts);
                part_lists_[i].clear();
                part_watched[i] = expand_rows<T>(layer, lo, hi, part_lists_[i], depth, watch);
            });
            for (std::uint32_t i = 0; i < parts; ++i) {
                next.insert(next.end(), part_lists_[i].begin(), part_lists_[i].end());
                watched |= part_watched[i] != 0;
            }
        }
        layer.clear();
        return watched;
    }

    // expand's work for the predecessors whose mouse node is in [lo, hi). Everything the loop
    // reads is copied into locals first: the cells are bytes, and a store through a byte
    // pointer could alias any member, which would make the compiler reload them after every
    // store.
    template <int T>
    bool expand_rows(const List& layer, std::uint32_t lo, std::uint32_t hi, List& next,
                     std::uint64_t depth, std::uint32_t watch) const {
        const std::uint32_t n = n_, hole = hole_;
        const std::uint32_t span = hi - lo;
        const std::uint64_t magic = div_magic_;
        const std::uint32_t* const offset = offset_;
        const std::uint32_t* const adj = adj_;
        // The mover in the predecessor plane and its number of moves per node.
        const std::uint32_t* const moves = T == 0 ? cat_moves_.data() : mouse_moves_.data();
        const std::size_t nn = std::size_t{n} * n;
        const Cell* const here = cells_ + T * nn;
        Cell* const there = cells_ + (1 - T) * nn;
        std::uint32_t* const plies = plies_ ? plies_ + T * nn : nullptr;
        const auto ply = static_cast<std::uint32_t>(depth);
        // The next list is written through a raw cursor, grown whenever fewer than one
        // position's worth of predecessors (at most the maximum degree) is left.
        std::size_t used = next.size();
        next.resize(std::max<std::size_t>(next.capacity(), used + 1024));
        std::uint32_t* out = next.data() + used;
        std::uint32_t* out_end = next.data() + next.size();
        bool watched = false;
        for (const std::uint32_t r : layer) {
            if (static_cast<std::size_t>(out_end - out) <= max_degree_) {
                used = static_cast<std::size_t>(out - next.data());
                next.resize(2 * next.size() + max_degree_ + 1);
                out = next.data() + used;
                out_end = next.data() + next.size();
            }
            const std::uint32_t m = div(r, magic);
            // T = 0: every predecessor has the mouse on m; T = 1: the mouse came from a
            // neighbour of m, so the rows are checked one by one below.
            if (T == 0 && m - lo >= span) continue;
            // Written here rather than when settled: the layer is grouped by rows, so these
            // writes land near each other. The thread that owns row m writes it.
            if (plies && m - lo < span) plies[r] = ply - 1;
            const Cell winner = here[r];
            const std::uint32_t c = r - m * n;
            // The predecessor's mover wins by moving here if the winner is that mover.
            const bool mover_wins = winner == (T == 0 ? kCatWon : kMouseWon);
            // The mover of the predecessor moved from a neighbour of its own node: the cat's
            // (T = 0) or the mouse's (T = 1). Predecessors with the mouse in the hole or under
            // the cat are no positions of play.
            const std::uint32_t from = T == 0 ? c : m;
            if (T == 0 && m == hole) continue;
            for (std::uint32_t i = offset[from]; i < offset[from + 1]; ++i) {
                const std::uint32_t v = adj[i];
                if (v == hole || v == (T == 0 ? m : c)) continue;
                if (T == 1 && v - lo >= span) continue;
                const std::uint32_t p = T == 0 ? m * n + v : v * n + c;
                // Whether a predecessor is settled depends on the data in ways no branch
                // predictor guesses, so the update is branch-free: the cell is rewritten either
                // way, and the position is appended and the cursor advanced only if settled.
                const Cell old = there[p];
                const bool open = old < kCatWon;  // not decided already (at a smaller depth)
                // The nearest win for the player to move, or the last escape lost.
                const bool settle = open && (mover_wins || old + 1u == moves[v]);
                there[p] = settle ? winner : static_cast<Cell>(old + (open ? 1 : 0));
                watched |= settle && p == watch;
                *out = p;
                out += settle ? 1 : 0;
            }
        }
        next.resize(static_cast<std::size_t>(out - next.data()));
        return watched;
    }

    // Layers smaller than this are expanded by the calling thread alone: sharing them out costs
    // more than it saves.
    static constexpr std::size_t kParallelFrom = 1u << 16;

    WorkerTeam team_;
    std::uint32_t n_;
    std::uint32_t hole_;
    const std::uint32_t* offset_;
    const std::uint32_t* adj_;
    Cell* cells_;
    std::uint32_t* plies_;
    std::vector<std::uint32_t> mouse_moves_;
    std::vector<std::uint32_t> cat_moves_;
    std::uint32_t max_degree_;
    std::uint64_t div_magic_;
    List layer_[2], next_[2], scratch_;
    std::vector<List> part_lists_;
    std::vector<std::uint32_t> starts_;
};

}  // namespace maze::cat_mouse_detail
