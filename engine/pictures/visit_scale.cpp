#include "mazesearch/engine/pictures/visit_scale.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace maze::pictures {

namespace {

double forward(ScaleKind k, double v) {
    switch (k) {
        case ScaleKind::Linear:
            return v;
        case ScaleKind::Sqrt:
            return std::sqrt(v);
        case ScaleKind::Log:
            return std::log1p(v);
    }
    return v;
}

double inverse(ScaleKind k, double y) {
    switch (k) {
        case ScaleKind::Linear:
            return y;
        case ScaleKind::Sqrt:
            return y * y;
        case ScaleKind::Log:
            return std::expm1(y);
    }
    return y;
}

}  // namespace

Rgb ramp_colour(double t) {
    t = std::clamp(t, 0.0, 1.0);
    for (std::size_t i = 1; i < kVisitRamp.size(); ++i) {
        if (t <= kVisitRamp[i].at) {
            const ColourStop& lo = kVisitRamp[i - 1];
            const ColourStop& hi = kVisitRamp[i];
            const double f = (t - lo.at) / (hi.at - lo.at);
            auto mix = [f](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * f)); };
            return {mix(lo.colour.r, hi.colour.r), mix(lo.colour.g, hi.colour.g),
                    mix(lo.colour.b, hi.colour.b)};
        }
    }
    return kVisitRamp.back().colour;
}

bool is_dark(Rgb c) {
    return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b < 140.0;
}

std::string count_text(std::uint64_t v) {
    if (v < 100000) return std::to_string(v);
    static constexpr std::array<const char*, 5> kSuffix = {"k", "M", "G", "T", "P"};
    double x = static_cast<double>(v);
    std::size_t i = 0;
    x /= 1000.0;
    while (x >= 999.95 && i + 1 < kSuffix.size()) {
        x /= 1000.0;
        ++i;
    }
    std::string digits;
    if (x < 10.0) {
        const long long tenths = std::llround(x * 10.0);
        digits = std::to_string(tenths / 10);
        if (tenths % 10 != 0) {
            digits += '.';
            digits += std::to_string(tenths % 10);
        }
    } else {
        digits = std::to_string(std::llround(x));
    }
    return digits + kSuffix[i];
}

VisitScale VisitScale::for_max(std::uint64_t max) {
    VisitScale s;
    s.max = max;
    if (max <= 16)
        s.kind = ScaleKind::Linear;
    else if (max <= 400)
        s.kind = ScaleKind::Sqrt;
    else
        s.kind = ScaleKind::Log;
    return s;
}

double VisitScale::t(std::uint64_t v) const {
    if (max == 0) return 0.0;
    return forward(kind, static_cast<double>(v)) / forward(kind, static_cast<double>(max));
}

std::uint64_t VisitScale::at_fraction(double f) const {
    const double y = f * forward(kind, static_cast<double>(max));
    const double v = std::round(inverse(kind, y));
    if (v <= 0.0) return 0;
    if (v >= static_cast<double>(max)) return max;
    return static_cast<std::uint64_t>(v);
}

const char* VisitScale::name() const {
    switch (kind) {
        case ScaleKind::Linear:
            return "linear scale";
        case ScaleKind::Sqrt:
            return "sqrt scale";
        case ScaleKind::Log:
            return "log scale";
    }
    return "";
}

}  // namespace maze::pictures
