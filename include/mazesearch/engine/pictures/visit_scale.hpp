// The visit colour scale of the square pictures: a warm ramp from pale yellow (few visits) to
// deep red (most visits) over a linear, square-root or logarithmic scale chosen by the largest
// count, and counts written short enough for a cell ("123k", "4.5M").
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "mazesearch/engine/pictures/svg_writer.hpp"

namespace maze::pictures {

struct ColourStop {
    double at;  // position on the ramp, 0..1
    Rgb colour;
};

// The ramp's stops, also drawn as the legend's gradient.
inline constexpr std::array<ColourStop, 5> kVisitRamp = {{
    {0.00, {255, 247, 188}},
    {0.25, {254, 217, 118}},
    {0.50, {253, 141, 60}},
    {0.75, {227, 26, 28}},
    {1.00, {128, 0, 38}},
}};

// The ramp's colour at t (clamped to [0, 1]), mixed linearly between the stops around it.
Rgb ramp_colour(double t);

// Whether text on this colour should be white rather than dark.
bool is_dark(Rgb c);

// Counts as written in cells: exact below 100000, then compact ("123k", "4.5M").
std::string count_text(std::uint64_t v);

enum class ScaleKind { Linear, Sqrt, Log };

// Maps a count to its place on the ramp, [0, 1], and back.
struct VisitScale {
    ScaleKind kind = ScaleKind::Linear;
    std::uint64_t max = 0;

    // Linear up to 16 visits, square root up to 400, logarithmic beyond.
    static VisitScale for_max(std::uint64_t max);

    double t(std::uint64_t v) const;
    // The count whose place is nearest fraction `f` of the ramp.
    std::uint64_t at_fraction(double f) const;
    // "linear scale", "sqrt scale" or "log scale".
    const char* name() const;
};

}  // namespace maze::pictures
