#include <cassert>
#include <stdexcept>
#include <utility>

#include "mazesearch/engine/games/mousetrap.hpp"
#include "mazesearch/engine/rng.hpp"

namespace maze {

namespace {

// The project's SplitMix64 step (engine/rng.hpp), drawn from directly: the test trees of every
// seed are the ones they always were.
struct SplitMix {
    std::uint64_t state;
    std::uint64_t next() { return splitmix64(state); }
    // Uniform enough in [0, n) for test trees (n far below 2^32).
    int below(int n) {
        assert(n > 0);
        return static_cast<int>((next() >> 32) * static_cast<std::uint64_t>(n) >> 32);
    }
};

}  // namespace

MousetrapTree make_mousetrap_tree(MousetrapShape shape, int n, std::uint64_t seed) {
    if (n < 2) throw std::invalid_argument("make_mousetrap_tree: n >= 2");
    SplitMix rng{seed};
    MousetrapTree t;
    t.rooms = n;
    t.a.reserve(static_cast<std::size_t>(n - 1));
    t.b.reserve(static_cast<std::size_t>(n - 1));
    auto join = [&](int x, int y) {
        t.a.push_back(x);
        t.b.push_back(y);
    };
    switch (shape) {
        case MousetrapShape::Path:
            for (int v = 1; v < n; ++v) join(v - 1, v);
            t.trap = 0;
            t.mouse = n / 2;
            break;
        case MousetrapShape::Star:
            for (int v = 1; v < n; ++v) join(0, v);
            t.trap = 1;
            t.mouse = n - 1;
            break;
        case MousetrapShape::Random:
            for (int v = 1; v < n; ++v) join(rng.below(v), v);
            t.trap = rng.below(n);
            t.mouse = rng.below(n);
            break;
        case MousetrapShape::Caterpillar: {
            const int spine = (n + 1) / 2;
            for (int v = 1; v < spine; ++v) join(v - 1, v);
            for (int v = spine; v < n; ++v) join(v - spine, v);
            t.trap = 0;
            t.mouse = spine / 2;
            break;
        }
    }
    // Random labels and a random order of the passages and of their two ends: the solver must
    // not depend on a friendly numbering.
    std::vector<int> label(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) label[static_cast<std::size_t>(i)] = i;
    for (int i = n - 1; i > 0; --i)
        std::swap(label[static_cast<std::size_t>(i)],
                  label[static_cast<std::size_t>(rng.below(i + 1))]);
    for (std::size_t i = t.a.size(); i-- > 0;) {
        const auto j = static_cast<std::size_t>(rng.below(static_cast<int>(i) + 1));
        std::swap(t.a[i], t.a[j]);
        std::swap(t.b[i], t.b[j]);
        if (rng.next() & 1) std::swap(t.a[i], t.b[i]);
    }
    for (auto& x : t.a) x = label[static_cast<std::size_t>(x)];
    for (auto& x : t.b) x = label[static_cast<std::size_t>(x)];
    t.trap = label[static_cast<std::size_t>(t.trap)];
    t.mouse = label[static_cast<std::size_t>(t.mouse)];
    return t;
}

}  // namespace maze
