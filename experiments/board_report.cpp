#include "mazesearch/experiments/board_report.hpp"

#include <algorithm>

#include "mazesearch/engine/bitboard.hpp"
#include "mazesearch/engine/graph_walk.hpp"
#include "mazesearch/engine/mouse_walk.hpp"

namespace maze::cli {

BoardReport report_board(const Board& b, int modulus) {
    BoardReport rep;
    const size_t cells = static_cast<size_t>(b.cells());
    if (modulus != 0) {
        const GraphWalkResult g = reference_grid_walk(b, modulus);
        rep.feasible = g.feasible;
        rep.trapped = g.trapped;
        if (!g.feasible) return rep;
        if (g.trapped)
            rep.moves_before_trap = g.moves;
        else
            rep.moves = g.moves;
        rep.visits = g.visits;
        return rep;
    }
    rep.feasible = feasible(b);
    if (!rep.feasible) return rep;
    MouseWalk walker;
    const std::uint64_t moves = walker.run(b);
    if (moves == kWalkOverflow) {
        const GraphWalkResult g = reference_grid_walk(b);
        rep.moves = g.moves;
        rep.visits = g.visits;
        return rep;
    }
    rep.moves = moves;
    rep.visits.resize(cells);
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c)
            rep.visits[static_cast<size_t>(r * b.cols() + c)] = walker.visits(r, c);
    return rep;
}

std::string visits_text(const Board& b, const std::vector<std::uint64_t>& visits) {
    size_t width = 1;
    for (std::uint64_t v : visits) width = std::max(width, std::to_string(v).size());
    std::string out;
    for (int r = 0; r < b.rows(); ++r) {
        for (int c = 0; c < b.cols(); ++c) {
            std::string cell;
            if (Cell{r, c} == b.exit())
                cell = "E";
            else if (!b.open(r, c))
                cell = "#";
            else
                cell = std::to_string(visits[static_cast<size_t>(r * b.cols() + c)]);
            if (c > 0) out += ' ';
            out += std::string(width - cell.size(), ' ') + cell;
        }
        out += '\n';
    }
    return out;
}

nlohmann::json visits_json(int rows, int cols, const std::vector<std::uint64_t>& visits) {
    nlohmann::json out = nlohmann::json::array();
    for (int r = 0; r < rows; ++r) {
        nlohmann::json row = nlohmann::json::array();
        for (int c = 0; c < cols; ++c) row.push_back(visits[static_cast<size_t>(r * cols + c)]);
        out.push_back(std::move(row));
    }
    return out;
}

}  // namespace maze::cli
