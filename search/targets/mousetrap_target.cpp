#include "mazesearch/search/targets/mousetrap_target.hpp"

#include <algorithm>
#include <bit>
#include <limits>

#include "mazesearch/models/cells/bitboard.hpp"

namespace maze {

namespace {

// Passages between open cells of `s`: horizontal pairs in each row, vertical pairs between rows.
int passages(const RowSet& s) {
    int n = 0;
    for (std::size_t r = 0; r < s.size(); ++r) {
        n += std::popcount(static_cast<unsigned>(s[r] & (s[r] >> 1)));
        if (r + 1 < s.size()) n += std::popcount(static_cast<unsigned>(s[r] & s[r + 1]));
    }
    return n;
}

// S's open component, and whether it is a tree holding E.
bool tree_component(const Board& b, RowSet& comp) {
    comp = component(b, b.start());
    return contains(comp, b.exit()) && passages(comp) == count(comp) - 1;
}

}  // namespace

bool mousetrap_feasible(const Board& b) {
    RowSet comp;
    return tree_component(b, comp);
}

std::optional<MousetrapTree> mousetrap_tree(const Board& b) {
    RowSet comp;
    if (!tree_component(b, comp)) return std::nullopt;
    std::vector<int> id(static_cast<std::size_t>(b.cells()), -1);
    MousetrapTree t;
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c)
            if (contains(comp, Cell{r, c}))
                id[static_cast<std::size_t>(r * b.cols() + c)] = t.rooms++;
    auto at = [&](int r, int c) { return id[static_cast<std::size_t>(r * b.cols() + c)]; };
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) {
            const int x = at(r, c);
            if (x < 0) continue;
            if (c + 1 < b.cols() && at(r, c + 1) >= 0) {
                t.a.push_back(x);
                t.b.push_back(at(r, c + 1));
            }
            if (r + 1 < b.rows() && at(r + 1, c) >= 0) {
                t.a.push_back(x);
                t.b.push_back(at(r + 1, c));
            }
        }
    t.trap = at(b.exit().r, b.exit().c);
    t.mouse = at(b.start().r, b.start().c);
    return t;
}

MousetrapTarget::MousetrapTarget(int rows, int cols, Cell start, Cell exit)
    : grid_(rows, cols, start, exit) {}

void MousetrapTarget::feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const {
    for (std::size_t i = 0; i < genomes.size(); ++i)
        feasible[i] = mousetrap_feasible(to_board(genomes[i]));
}

void MousetrapTarget::score(std::span<const Genome> genomes, std::span<double> values) const {
    MousetrapSolver solver;  // buffers reused for every board of the chunk
    for (std::size_t i = 0; i < genomes.size(); ++i) {
        const auto tree = mousetrap_tree(to_board(genomes[i]));
        values[i] = tree ? static_cast<double>(solver.solve(*tree))
                         : -std::numeric_limits<double>::infinity();
    }
}

std::unique_ptr<MousetrapTarget> make_mousetrap_target(const Params& params) {
    const BoardShape shape = read_board_shape(params);
    params.reject_unused("target");
    return std::make_unique<MousetrapTarget>(shape.rows, shape.cols, shape.start, shape.exit);
}

}  // namespace maze
