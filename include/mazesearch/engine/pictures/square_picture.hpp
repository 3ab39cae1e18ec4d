// What every part of a square mouse-maze picture shares: the palette, the layout (title above,
// the grid on the left, the legend on its right), the board with its visit counts, and the
// element shortcuts the parts draw with.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/engine/pictures/picture_frame.hpp"
#include "mazesearch/engine/pictures/svg_writer.hpp"
#include "mazesearch/engine/pictures/visit_scale.hpp"

namespace maze::pictures {

inline constexpr Rgb kBlocked = {43, 43, 43};        // #2b2b2b
inline constexpr Rgb kBrickLine = {64, 62, 58};      // mortar lines on blocked cells
inline constexpr Rgb kZeroVisits = {236, 234, 228};  // open, never visited: pale neutral
inline constexpr Rgb kNoData = {255, 255, 255};      // open, no visit data (infeasible board)
inline constexpr Rgb kGridLine = {150, 146, 138};
inline constexpr Rgb kStart = {26, 152, 80};  // green
inline constexpr Rgb kExit = {33, 102, 172};  // blue
inline constexpr Rgb kInk = {34, 34, 34};
inline constexpr Rgb kWhite = {255, 255, 255};

// The frame of a cell board's picture, and its cell size.
struct SquareLayout : GridFrame {
    int cell_pixels = 32;

    static SquareLayout compute(int rows, int cols, int cell_pixels, const std::string& title,
                                LegendSize legend);
    double cell() const { return cell_pixels; }
    // Ids of the brick pattern and the colour bar's gradient, distinct per cell size so that
    // pictures of different sizes can share one page.
    std::string brick_id() const { return "mz-brick-" + std::to_string(cell_pixels); }
    std::string gradient_id() const { return "mz-visits-" + std::to_string(cell_pixels); }
    std::string brick_fill() const { return "url(#" + brick_id() + ")"; }
};

// The board, its visits (rows*cols counts in row-major order, or none), the scale over the
// open cells' counts and the layout.
class SquarePicture {
  public:
    // Throws std::invalid_argument when visits is neither empty nor one count a cell, or when
    // cell_pixels is not positive.
    SquarePicture(const Board& board, const std::vector<std::uint64_t>& visits, int cell_pixels,
                  const std::string& title);

    const Board& board() const { return board_; }
    bool have_visits() const { return !visits_.empty(); }
    std::uint64_t count(int r, int c) const;
    const VisitScale& scale() const { return scale_; }
    const SquareLayout& layout() const { return layout_; }
    // The fill of an open cell: white without visit data, pale neutral when never visited,
    // else its place on the ramp.
    Rgb open_fill(int r, int c) const;

  private:
    const Board& board_;
    const std::vector<std::uint64_t>& visits_;
    VisitScale scale_;
    SquareLayout layout_;
};

// stroke="colour" stroke-width="width"
Attributes stroke(std::string_view colour, double width);

// <rect x y width height fill extra.../>
void draw_rect(SvgWriter& svg, double x, double y, double w, double h, std::string_view fill,
               const Attributes& extra = {});

// <text x y font-size fill [text-anchor] [font-weight="bold"]>body</text>; anchor "start" is
// the default and not written.
void draw_text(SvgWriter& svg, double x, double y, double size, std::string_view fill,
               std::string_view anchor, std::string_view body, bool bold = false);

}  // namespace maze::pictures
