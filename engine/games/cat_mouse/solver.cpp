#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "mazesearch/engine/games/cat_mouse.hpp"
#include "mazesearch/engine/games/cat_mouse/percolation.hpp"

namespace maze {

using cat_mouse_detail::Percolation;
using cat_mouse_detail::uninitialised;
using cat_mouse_detail::zeroed;

namespace {

void check_lists(const AdjacencyLists& lists) {
    const std::size_t n = lists.size();
    std::vector<std::vector<int>> sorted(lists);
    for (auto& l : sorted) std::sort(l.begin(), l.end());
    for (std::size_t u = 0; u < n; ++u) {
        for (std::size_t i = 0; i < sorted[u].size(); ++i) {
            const int v = sorted[u][i];
            const std::string where = "node " + std::to_string(u) + " lists " + std::to_string(v);
            if (v < 0 || static_cast<std::size_t>(v) >= n)
                throw std::invalid_argument(where + ", which is not a node (0.." +
                                            std::to_string(n - 1) + ")");
            if (static_cast<std::size_t>(v) == u)
                throw std::invalid_argument(where + ": a self-loop");
            if (i > 0 && sorted[u][i - 1] == v) throw std::invalid_argument(where + " twice");
            const auto& back = sorted[static_cast<std::size_t>(v)];
            if (!std::binary_search(back.begin(), back.end(), static_cast<int>(u)))
                throw std::invalid_argument(std::to_string(u) + " lists " + std::to_string(v) +
                                            " but " + std::to_string(v) + " does not list " +
                                            std::to_string(u));
        }
    }
}

void check_size(const CatMouseGraph& g) {
    if (static_cast<std::size_t>(g.nodes()) > kCatMouseMaxNodes)
        throw std::invalid_argument("Cat and Mouse: at most " + std::to_string(kCatMouseMaxNodes) +
                                    " nodes (the graph has " + std::to_string(g.nodes()) + ")");
}

void check_node(const CatMouseGraph& g, int v, const char* role) {
    if (v < 0 || v >= g.nodes())
        throw std::invalid_argument(std::string("Cat and Mouse: the ") + role + " node " +
                                    std::to_string(v) + " is not a node of the " +
                                    std::to_string(g.nodes()) + "-node graph");
}

// Calls f with a zero of the narrowest cell type that can count every node's moves.
template <class F>
void with_cell_type(const CatMouseGraph& g, F&& f) {
    const int d = g.max_degree();
    if (d < std::numeric_limits<std::uint8_t>::max() - 1)
        f(std::uint8_t{});
    else if (d < std::numeric_limits<std::uint16_t>::max() - 1)
        f(std::uint16_t{});
    else
        f(std::uint32_t{});
}

}  // namespace

CatMouseGraph::CatMouseGraph(const AdjacencyLists& lists) {
    check_lists(lists);
    offset_.reserve(lists.size() + 1);
    for (const auto& l : lists) {
        for (int v : l) adj_.push_back(static_cast<std::uint32_t>(v));
        offset_.push_back(static_cast<std::uint32_t>(adj_.size()));
    }
}

int CatMouseGraph::max_degree() const {
    int d = 0;
    for (int v = 0; v < nodes(); ++v) d = std::max(d, degree(v));
    return d;
}

void detail::FreeDeleter::operator()(void* p) const {
    std::free(p);
}

CatMouseResult CatMouseTable::at(int mouse, int cat, CatMouseTurn turn) const {
    if (mouse < 0 || mouse >= n_ || cat < 0 || cat >= n_ || cat == hole_)
        throw std::out_of_range("Cat and Mouse: no position with the mouse on " +
                                std::to_string(mouse) + " and the cat on " + std::to_string(cat));
    const std::size_t s = Percolation<std::uint8_t>::index(static_cast<std::uint32_t>(n_),
                                                           static_cast<std::uint32_t>(mouse),
                                                           static_cast<std::uint32_t>(cat), turn);
    CatMouseResult r;
    const std::uint8_t v = cells_[s];
    if (v == Percolation<std::uint8_t>::kMouseWon)
        r.result = kCatMouseMouseWins;
    else if (v == Percolation<std::uint8_t>::kCatWon)
        r.result = kCatMouseCatWins;
    else
        return r;
    if (plies_) r.plies = plies_[s];
    return r;
}

CatMouseTable solve_cat_mouse_table(const CatMouseGraph& g, int hole, bool with_plies,
                                    int threads) {
    check_size(g);
    check_node(g, hole, "hole");
    CatMouseTable t;
    t.n_ = g.nodes();
    t.hole_ = hole;
    const std::size_t states = static_cast<std::size_t>(t.n_) * static_cast<std::size_t>(t.n_) * 2;
    // Only decided positions get a ply count, and only they are read.
    if (with_plies) t.plies_.reset(uninitialised<std::uint32_t>(states));
    with_cell_type(g, [&](auto zero) {
        using Cell = decltype(zero);
        std::unique_ptr<Cell[], detail::FreeDeleter> cells(zeroed<Cell>(states));
        Percolation<Cell>(g, static_cast<std::uint32_t>(hole), cells.get(), t.plies_.get(), threads)
            .run(std::numeric_limits<std::size_t>::max());
        if constexpr (std::is_same_v<Cell, std::uint8_t>) {
            t.cells_ = std::move(cells);
        } else {
            // Rare (a node of degree 254 or more): narrow the cells to the table's bytes.
            t.cells_.reset(zeroed<std::uint8_t>(states));
            for (std::size_t i = 0; i < states; ++i) {
                if (cells[i] == Percolation<Cell>::kMouseWon)
                    t.cells_[i] = Percolation<std::uint8_t>::kMouseWon;
                else if (cells[i] == Percolation<Cell>::kCatWon)
                    t.cells_[i] = Percolation<std::uint8_t>::kCatWon;
            }
        }
    });
    return t;
}

CatMouseResult solve_cat_mouse(const CatMouseGraph& g, int mouse, int cat, int hole, int threads) {
    check_size(g);
    check_node(g, hole, "hole");
    check_node(g, mouse, "mouse");
    check_node(g, cat, "cat");
    if (cat == hole)
        throw std::invalid_argument("Cat and Mouse: the cat may not start in the hole");
    if (mouse == hole) return {kCatMouseMouseWins, 0};
    if (mouse == cat) return {kCatMouseCatWins, 0};
    const auto n = static_cast<std::uint32_t>(g.nodes());
    const std::size_t states = std::size_t{n} * n * 2;
    CatMouseResult r;
    with_cell_type(g, [&](auto zero) {
        using Cell = decltype(zero);
        std::unique_ptr<Cell[], detail::FreeDeleter> cells(zeroed<Cell>(states));
        const std::size_t start =
            Percolation<Cell>::index(n, static_cast<std::uint32_t>(mouse),
                                     static_cast<std::uint32_t>(cat), CatMouseTurn::Mouse);
        const auto depth =
            Percolation<Cell>(g, static_cast<std::uint32_t>(hole), cells.get(), nullptr, threads)
                .run(start);
        if (!depth) return;
        r.result =
            cells[start] == Percolation<Cell>::kMouseWon ? kCatMouseMouseWins : kCatMouseCatWins;
        r.plies = *depth;
    });
    return r;
}

int cat_mouse_game(const AdjacencyLists& lists) {
    return solve_cat_mouse(CatMouseGraph(lists), 1, 2, 0).result;
}

}  // namespace maze
