#include "mazesearch/search/targets/cat_trap_target.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace maze {

CatTrapTarget::CatTrapTarget(int side, Objective objective, int max_blocks, int max_preblocked,
                             std::uint64_t node_limit)
    : board_(side),
      objective_(objective),
      max_blocks_(max_blocks),
      max_preblocked_(max_preblocked),
      node_limit_(node_limit) {
    if (side < 3 || side > kMaxSide)
        throw std::invalid_argument("cat-trap target side must be in [3, " +
                                    std::to_string(kMaxSide) + "]");
    topology_.kind = "hex";
    topology_.rows = 2 * side - 1;
    topology_.cols = 2 * side - 1;
    for (int i = 0; i < board_.cells(); ++i) {
        if (i == board_.centre()) continue;
        cell_.push_back(i);
        // Shifted into the bounding box, so that the coordinates are never negative.
        topology_.row.push_back(board_.hex(i).r + side - 1);
        topology_.col.push_back(board_.hex(i).c + side - 1);
    }
}

std::string CatTrapTarget::unit() const {
    return objective_ == Objective::Maximise ? "trapper blocks"
                                             : "trapper blocks (negated: fewer is better)";
}

CatTrapGame CatTrapTarget::to_game(const Genome& g) const {
    CatTrapGame game(board_);
    for (std::size_t i = 0; i < cell_.size(); ++i)
        if (g.get(i)) game.preblock(cell_[i]);
    return game;
}

void CatTrapTarget::feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const {
    std::vector<int> moves;
    for (std::size_t i = 0; i < genomes.size(); ++i) {
        if (static_cast<int>(genomes[i].count()) > max_preblocked_) {
            feasible[i] = false;
            continue;
        }
        const CatTrapGame game = to_game(genomes[i]);
        feasible[i] = game.cat_options(moves) == CatStatus::Moves;
    }
}

std::optional<int> CatTrapTarget::least_blocks(const Genome& g) const {
    CatTrapSolver solver(board_, node_limit_);
    return solver.least_blocks(to_game(g), max_blocks_).blocks;
}

void CatTrapTarget::score(std::span<const Genome> genomes, std::span<double> values,
                          int threads) const {
    const int nthreads = threads > 0 ? threads : omp_get_max_threads();
    const auto n = static_cast<std::ptrdiff_t>(genomes.size());
    // Each board is its own search (with its own table), so the values do not depend on the
    // thread count.
#pragma omp parallel for num_threads(nthreads) schedule(dynamic, 1) if (n > 1 && nthreads > 1)
    for (std::ptrdiff_t i = 0; i < n; ++i) {
        const std::optional<int> b = least_blocks(genomes[static_cast<std::size_t>(i)]);
        double v = -std::numeric_limits<double>::infinity();
        if (b) v = objective_ == Objective::Maximise ? *b : -*b;
        values[static_cast<std::size_t>(i)] = v;
    }
}

std::string CatTrapTarget::board_text(const Genome& g) const {
    return board_picture(to_game(g));
}

std::string CatTrapTarget::board_svg(const Genome& g, const std::string& title) const {
    const CatTrapGame game = to_game(g);
    // Pointy-top hexagons: (r, c) sits at x = sqrt(3) (c + r/2), y = 3/2 r (in radii).
    const double radius = 16.0;
    const double w = std::sqrt(3.0) * radius;
    const int k = board_.side() - 1;
    const double margin = radius * 1.5;
    const double top = title.empty() ? 0.0 : 28.0;
    // Wide enough for the title too (about 7.5 pixels a character at 14 px).
    const double width = std::max(w * (2 * k + 1) + 2 * margin,
                                  2 * margin + 7.5 * static_cast<double>(title.size()));
    const double height = radius * (3.0 * k + 2.0) + 2 * margin + top;
    auto centre = [&](Hex h) {
        return std::pair<double, double>{width / 2 + w * (h.c + h.r / 2.0),
                                         top + (height - top) / 2 + 1.5 * radius * h.r};
    };
    std::string svg;
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                  "viewBox=\"0 0 %.0f %.0f\">\n",
                  width, height, width, height);
    svg += buf;
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    if (!title.empty()) {
        std::string t;
        for (char ch : title) {
            if (ch == '<')
                t += "&lt;";
            else if (ch == '>')
                t += "&gt;";
            else if (ch == '&')
                t += "&amp;";
            else
                t += ch;
        }
        svg += "<text x=\"" + std::to_string(static_cast<int>(margin)) +
               "\" y=\"20\" font-family=\"sans-serif\" font-size=\"14\">" + t + "</text>\n";
    }
    for (int i = 0; i < board_.cells(); ++i) {
        const auto [x, y] = centre(board_.hex(i));
        std::string points;
        for (int corner = 0; corner < 6; ++corner) {
            const double a = (60.0 * corner + 30.0) * 3.14159265358979323846 / 180.0;
            std::snprintf(buf, sizeof buf, "%s%.1f,%.1f", corner ? " " : "",
                          x + radius * std::cos(a), y + radius * std::sin(a));
            points += buf;
        }
        // Blocked cells dark; open border cells tinted, since they are the cat's way out.
        const char* fill = game.is_blocked(i) ? "#333333"
                           : board_.border(i) ? "#dceefb"
                                              : "#ffffff";
        svg += "<polygon points=\"" + points + "\" fill=\"" + fill +
               "\" stroke=\"#888888\" stroke-width=\"1\"/>\n";
        if (i == game.cat()) {
            std::snprintf(buf, sizeof buf,
                          "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#e07020\"/>\n", x, y,
                          radius * 0.55);
            svg += buf;
        }
    }
    svg += "</svg>\n";
    return svg;
}

std::unique_ptr<Target> make_cat_trap_target(const Params& params) {
    const int side = static_cast<int>(params.get_int("side", 4, 3, CatTrapTarget::kMaxSide));
    const std::string objective =
        params.get_choice("objective", "maximise", {"maximise", "minimise"});
    const int max_blocks = static_cast<int>(params.get_int("max_blocks", 8, 0, 64));
    const HexBoard board(side);
    const int max_pre =
        static_cast<int>(params.get_int("max_preblocked", board.cells() - 1, 0, board.cells() - 1));
    const auto node_limit = static_cast<std::uint64_t>(
        params.get_int("node_limit", 2'000'000, 1, std::int64_t{1} << 40));
    params.reject_unused("target");
    return std::make_unique<CatTrapTarget>(side,
                                           objective == "maximise"
                                               ? CatTrapTarget::Objective::Maximise
                                               : CatTrapTarget::Objective::Minimise,
                                           max_blocks, max_pre, node_limit);
}

}  // namespace maze
