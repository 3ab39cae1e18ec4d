#include "mazesearch/engine/pictures/hex_picture.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <utility>

#include "mazesearch/engine/pictures/picture_frame.hpp"
#include "mazesearch/engine/pictures/svg_writer.hpp"

namespace maze::pictures {

namespace {

constexpr double kRadius = 16.0;  // centre to corner
constexpr double kHexMargin = kRadius * 1.5;
constexpr double kHexTitleBand = 28.0;
constexpr Rgb kBlockedFill = {51, 51, 51};
constexpr Rgb kBorderFill = {220, 238, 251};
constexpr Rgb kOpenFill = {255, 255, 255};
constexpr Rgb kCellLine = {136, 136, 136};
constexpr Rgb kCat = {224, 112, 32};

int checked_index(const HexBoard& board, Hex h, const char* what) {
    const int i = board.index(h);
    if (i < 0)
        throw std::invalid_argument(
            std::string("render_hex_svg: the ") + what + " (" + std::to_string(h.r) + ", " +
            std::to_string(h.c) + ") is not on the board of side " + std::to_string(board.side()));
    return i;
}

}  // namespace

std::string render_hex_svg(int side, const std::vector<Hex>& blocked, Hex cat,
                           const std::string& title) {
    const HexBoard board(side);
    std::vector<char> is_blocked(static_cast<std::size_t>(board.cells()), 0);
    for (const Hex h : blocked)
        is_blocked[static_cast<std::size_t>(checked_index(board, h, "blocked cell"))] = 1;
    const int cat_cell = checked_index(board, cat, "cat's cell");

    // Pointy-top hexagons: (r, c) sits at x = sqrt(3) (c + r/2), y = 3/2 r (in radii) from the
    // centre of the picture.
    const double step = std::numbers::sqrt3 * kRadius;
    const int k = side - 1;
    const double top = title.empty() ? 0.0 : kHexTitleBand;
    const double width =
        std::max(step * (2 * k + 1) + 2 * kHexMargin,
                 2 * kHexMargin + kPlainTitleCharWidth * static_cast<double>(title.size()));
    const double height = kRadius * (3.0 * k + 2.0) + 2 * kHexMargin + top;
    auto centre = [&](Hex h) {
        return std::pair<double, double>{width / 2 + step * (h.c + h.r / 2.0),
                                         top + (height - top) / 2 + 1.5 * kRadius * h.r};
    };

    SvgWriter svg;
    open_plain_document(svg, width, height, title, "Cat trap, side " + std::to_string(side),
                        kHexMargin, kPlainTitleSize);
    for (int i = 0; i < board.cells(); ++i) {
        const auto [x, y] = centre(board.hex(i));
        std::vector<std::pair<double, double>> corners;
        for (int corner = 0; corner < 6; ++corner) {
            const double a = (60.0 * corner + 30.0) * std::numbers::pi / 180.0;
            corners.emplace_back(x + kRadius * std::cos(a), y + kRadius * std::sin(a));
        }
        const Rgb fill = is_blocked[static_cast<std::size_t>(i)] ? kBlockedFill
                         : board.border(i)                       ? kBorderFill
                                                                 : kOpenFill;
        svg.empty_element("polygon", Attributes()
                                         .set("points", points_text(corners))
                                         .set("fill", fill)
                                         .set("stroke", kCellLine)
                                         .set("stroke-width", 1));
        if (i == cat_cell)
            svg.empty_element(
                "circle",
                Attributes().set("cx", x).set("cy", y).set("r", kRadius * 0.55).set("fill", kCat));
    }
    svg.close();
    return svg.finish();
}

}  // namespace maze::pictures
