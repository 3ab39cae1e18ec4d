// The cat trap's boards: the hexagonal board as text, and a picture of its hexagons with the
// pre-blocked cells dark and the cat in the centre.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/search/targets/cat_trap_target.hpp"

namespace maze::cli {

namespace {

class CatTrapView : public BoardView {
  public:
    explicit CatTrapView(const CatTrapTarget& t) : t_(t) {}

    std::string unit() const override {
        return t_.objective() == CatTrapTarget::Objective::Maximise
                   ? "trapper blocks"
                   : "trapper blocks (negated: fewer is better)";
    }
    std::string text(const Genome& g) const override { return board_picture(t_.to_game(g)); }
    std::string svg(const Genome& g, const std::string& title) const override {
        const CatTrapGame game = t_.to_game(g);
        const HexBoard& board = t_.board();
        // Pointy-top hexagons: (r, c) sits at x = sqrt(3) (c + r/2), y = 3/2 r (in radii).
        const double radius = 16.0;
        const double w = std::sqrt(3.0) * radius;
        const int k = board.side() - 1;
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
        for (int i = 0; i < board.cells(); ++i) {
            const auto [x, y] = centre(board.hex(i));
            std::string points;
            for (int corner = 0; corner < 6; ++corner) {
                const double a = (60.0 * corner + 30.0) * 3.14159265358979323846 / 180.0;
                std::snprintf(buf, sizeof buf, "%s%.1f,%.1f", corner ? " " : "",
                              x + radius * std::cos(a), y + radius * std::sin(a));
                points += buf;
            }
            // Blocked cells dark; open border cells tinted, since they are the cat's way out.
            const char* fill = game.is_blocked(i) ? "#333333"
                               : board.border(i)  ? "#dceefb"
                                                  : "#ffffff";
            svg += "<polygon points=\"" + points + "\" fill=\"" + fill +
                   "\" stroke=\"#888888\" stroke-width=\"1\"/>\n";
            if (i == game.cat()) {
                std::snprintf(buf, sizeof buf,
                              "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#e07020\"/>\n", x,
                              y, radius * 0.55);
                svg += buf;
            }
        }
        svg += "</svg>\n";
        return svg;
    }

  private:
    const CatTrapTarget& t_;
};

}  // namespace

std::unique_ptr<BoardView> make_view(const CatTrapTarget& target) {
    return std::make_unique<CatTrapView>(target);
}

}  // namespace maze::cli
