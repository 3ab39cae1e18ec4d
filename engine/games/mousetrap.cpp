#include "mazesearch/engine/games/mousetrap.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <utility>

#include "mazesearch/engine/input_error.hpp"

namespace maze {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

bool is_blank(std::string_view line) {
    return std::all_of(line.begin(), line.end(), is_space);
}

// A token as quoted in an error message: long ones are cut short.
std::string quote(std::string_view token) {
    constexpr std::size_t kShown = 24;
    return "'" + std::string(token.substr(0, kShown)) + (token.size() > kShown ? "...'" : "'");
}

// Splits `line` into whole numbers; stores at most `max` of them in `out` and returns how many
// there are (possibly more than max).
int read_numbers(std::string_view line, std::int64_t* out, int max, const std::string& source,
                 int line_no) {
    // Far above any room number, and safe from overflow.
    constexpr std::size_t kMaxDigits = 12;
    int count = 0;
    std::size_t i = 0;
    while (true) {
        while (i < line.size() && is_space(line[i])) ++i;
        if (i == line.size()) return count;
        const std::size_t begin = i;
        while (i < line.size() && !is_space(line[i])) ++i;
        const std::string_view token = line.substr(begin, i - begin);
        if (!std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; }))
            throw InputError(source, line_no, "expected a whole number, found " + quote(token));
        if (token.size() > kMaxDigits)
            throw InputError(source, line_no, "number too large: " + quote(token));
        std::int64_t v = 0;
        for (const char c : token) v = v * 10 + (c - '0');
        if (count < max) out[count] = v;
        ++count;
    }
}

// Union-find over the rooms with path halving and union by size: finds the passage that closes a
// cycle on the line that holds it.
class Components {
  public:
    explicit Components(int n) : parent_(static_cast<std::size_t>(n)), size_(parent_.size(), 1) {
        for (int i = 0; i < n; ++i) parent_[static_cast<std::size_t>(i)] = i;
    }
    int find(int x) {
        while (parent_[static_cast<std::size_t>(x)] != x) {
            int& p = parent_[static_cast<std::size_t>(x)];
            p = parent_[static_cast<std::size_t>(p)];
            x = p;
        }
        return x;
    }
    // False when x and y were already connected.
    bool join(int x, int y) {
        x = find(x);
        y = find(y);
        if (x == y) return false;
        if (size_[static_cast<std::size_t>(x)] < size_[static_cast<std::size_t>(y)])
            std::swap(x, y);
        parent_[static_cast<std::size_t>(y)] = x;
        size_[static_cast<std::size_t>(x)] += size_[static_cast<std::size_t>(y)];
        return true;
    }

  private:
    std::vector<int> parent_;
    std::vector<int> size_;
};

std::string read_all(std::FILE* f) {
    std::string text;
    std::vector<char> buf(1 << 16);
    std::size_t got = 0;
    while ((got = std::fread(buf.data(), 1, buf.size(), f)) > 0) text.append(buf.data(), got);
    return text;
}

// Room and passage counts, trap and mouse in range: what the fast solver needs to index safely.
void check_shape(const MousetrapTree& tree) {
    const int n = tree.rooms;
    if (n < 1) throw std::invalid_argument("mousetrap: a tree needs at least one room");
    if (tree.a.size() != static_cast<std::size_t>(n - 1) || tree.b.size() != tree.a.size())
        throw std::invalid_argument("mousetrap: a tree of n rooms has n-1 passages");
    if (tree.trap < 0 || tree.trap >= n || tree.mouse < 0 || tree.mouse >= n)
        throw std::invalid_argument("mousetrap: trap or mouse is not a room");
}

// The checks of the fast solver, for callers that build trees in code.
void check_tree(const MousetrapTree& tree) {
    check_shape(tree);
    const int n = tree.rooms;
    Components comp(n);
    for (std::size_t i = 0; i < tree.a.size(); ++i) {
        if (tree.a[i] < 0 || tree.a[i] >= n || tree.b[i] < 0 || tree.b[i] >= n)
            throw std::invalid_argument("mousetrap: a passage leads to no room");
        if (!comp.join(tree.a[i], tree.b[i]))
            throw std::invalid_argument("mousetrap: the passages are not a tree");
    }
}

}  // namespace

MousetrapTree parse_mousetrap(std::string_view text, const std::string& source) {
    std::size_t pos = 0;
    int line_no = 0;
    // The next line that is not blank; false at the end of the text.
    auto next_line = [&](std::string_view& line) {
        while (pos < text.size()) {
            const std::size_t end = text.find('\n', pos);
            const std::size_t stop = end == std::string_view::npos ? text.size() : end;
            line = text.substr(pos, stop - pos);
            pos = stop + 1;
            ++line_no;
            if (!is_blank(line)) return true;
        }
        return false;
    };

    std::string_view line;
    std::int64_t v[3] = {0, 0, 0};
    if (!next_line(line))
        throw InputError(source, line_no + 1, "empty input: expected 'n t m' (rooms, trap, mouse)");
    const int header = read_numbers(line, v, 3, source, line_no);
    if (header != 3)
        throw InputError(source, line_no,
                         "expected 'n t m' (rooms, trap, mouse): three numbers, found " +
                             std::to_string(header));
    if (v[0] < 1 || v[0] > kMousetrapMaxRooms)
        throw InputError(source, line_no,
                         "n = " + std::to_string(v[0]) + ": the number of rooms must be 1 to " +
                             std::to_string(kMousetrapMaxRooms));
    const int n = static_cast<int>(v[0]);
    for (int k = 1; k <= 2; ++k)
        if (v[k] < 1 || v[k] > n)
            throw InputError(source, line_no,
                             std::string(k == 1 ? "trap t = " : "mouse m = ") +
                                 std::to_string(v[k]) + " is not a room (1 to " +
                                 std::to_string(n) + ")");
    MousetrapTree tree;
    tree.rooms = n;
    tree.trap = static_cast<int>(v[1]) - 1;
    tree.mouse = static_cast<int>(v[2]) - 1;
    const auto passages = static_cast<std::size_t>(n - 1);
    tree.a.reserve(passages);
    tree.b.reserve(passages);
    std::vector<int> lines;  // the line of each passage, to point back at a repeated one
    lines.reserve(passages);
    Components comp(n);
    const std::string expected = "n-1 = " + std::to_string(n - 1) + " passages";
    while (next_line(line)) {
        if (tree.a.size() == passages) throw InputError(source, line_no, "more than " + expected);
        const int count = read_numbers(line, v, 2, source, line_no);
        if (count != 2)
            throw InputError(
                source, line_no,
                "expected a passage 'a b': two numbers, found " + std::to_string(count));
        for (int k = 0; k < 2; ++k)
            if (v[k] < 1 || v[k] > n)
                throw InputError(source, line_no,
                                 "room " + std::to_string(v[k]) + " is out of range (1 to " +
                                     std::to_string(n) + ")");
        const int x = static_cast<int>(v[0]) - 1;
        const int y = static_cast<int>(v[1]) - 1;
        auto name = [&] { return std::to_string(x + 1) + " " + std::to_string(y + 1); };
        if (x == y)
            throw InputError(source, line_no, "passage " + name() + " joins a room to itself");
        if (!comp.join(x, y)) {
            // Rare, so a scan for the same pair is cheap enough.
            for (std::size_t i = 0; i < tree.a.size(); ++i)
                if ((tree.a[i] == x && tree.b[i] == y) || (tree.a[i] == y && tree.b[i] == x))
                    throw InputError(source, line_no,
                                     "passage " + name() + " repeats the passage on line " +
                                         std::to_string(lines[i]));
            throw InputError(source, line_no,
                             "passage " + name() +
                                 " closes a cycle (the rooms are already connected): not a tree");
        }
        tree.a.push_back(x);
        tree.b.push_back(y);
        lines.push_back(line_no);
    }
    // n-1 passages without a cycle connect all n rooms, so only a short count is left to catch.
    if (tree.a.size() != passages)
        throw InputError(source, line_no + 1,
                         "end of input after " + std::to_string(tree.a.size()) + " of the " +
                             expected + " (the rooms are not connected)");
    return tree;
}

MousetrapTree read_mousetrap(const std::string& path) {
    if (path == "-") return parse_mousetrap(read_all(stdin), "<stdin>");
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
    const std::string text = read_all(f);
    const bool bad = std::ferror(f) != 0;
    std::fclose(f);
    if (bad) throw InputError(path, 0, "read error");
    return parse_mousetrap(text, path);
}

std::int64_t MousetrapSolver::solve(const MousetrapTree& tree) {
    check_shape(tree);
    const int n = tree.rooms;
    const auto un = static_cast<std::size_t>(n);
    const int trap = tree.trap;
    auto at = [](auto& v, int x) -> auto& {
        return v[static_cast<std::size_t>(x)];
    };

    // Each room's degree and the XOR of its neighbours: once a room has one neighbour left, the
    // XOR is that neighbour. No adjacency lists are built, and peeling a path touches one cache
    // line per room (a BFS over lists chases three).
    link_.assign(un, Link{});
    for (std::size_t i = 0; i < tree.a.size(); ++i) {
        const int x = tree.a[i];
        const int y = tree.b[i];
        if (x < 0 || x >= n || y < 0 || y >= n)
            throw std::invalid_argument("mousetrap: a passage leads to no room");
        Link& lx = at(link_, x);
        Link& ly = at(link_, y);
        ++lx.degree;
        lx.others ^= y;
        ++ly.degree;
        ly.others ^= x;
    }
    // Children per room (rooted at t): the degree less the parent.
    children_.resize(un);
    for (std::size_t v = 0; v < un; ++v)
        children_[v] = link_[v].degree - (static_cast<int>(v) == trap ? 0 : 1);

    // Peel leaves towards t: order_ lists every room but t, each after all of its children.
    parent_.resize(un);
    order_.clear();
    order_.reserve(un);
    for (std::size_t v = 0; v < un; ++v)
        if (link_[v].degree == 1 && static_cast<int>(v) != trap)
            order_.push_back(static_cast<int>(v));
    for (std::size_t head = 0; head < order_.size(); ++head) {
        const int x = order_[head];
        Link& lx = at(link_, x);
        // A room whose last neighbour was peeled before it lies in a part without t.
        if (lx.degree != 1) throw std::invalid_argument("mousetrap: the passages are not a tree");
        lx.degree = 0;
        const int p = lx.others;
        if (p < 0 || p >= n) throw std::invalid_argument("mousetrap: the passages are not a tree");
        at(parent_, x) = p;
        Link& lp = at(link_, p);
        lp.others ^= x;
        if (--lp.degree == 1 && p != trap) order_.push_back(p);
    }
    // n-1 passages, all peeled: a tree. A cycle, a repeated passage or a self-loop stops the
    // peeling short.
    if (order_.size() != un - 1)
        throw std::invalid_argument("mousetrap: the passages are not a tree");
    if (tree.mouse == trap) return 0;

    // slot_: the path index i of p_i, kSide in a side subtree of p0 .. p(L-1), kAway elsewhere
    // (t and its other subtrees, which the mouse can never reach).
    constexpr int kAway = -1;
    constexpr int kSide = -2;
    slot_.assign(un, kAway);
    path_.clear();
    for (int x = tree.mouse; x != trap; x = at(parent_, x)) {
        at(slot_, x) = static_cast<int>(path_.size());
        path_.push_back(x);
    }
    // w() on the path: suffix sums of side(p_i), walking down from t to m.
    weight_.resize(un);
    std::int32_t sum = 0;
    for (std::size_t i = path_.size(); i-- > 0;) {
        const int p = path_[i];
        sum += at(children_, p) - (i == 0 ? 0 : 1);
        at(weight_, p) = sum;
    }
    // w() top-down (reverse peel order: parents first) over the side subtrees.
    for (std::size_t i = order_.size(); i-- > 0;) {
        const int x = order_[i];
        if (at(slot_, x) >= 0) continue;
        const int y = at(parent_, x);
        if (y == trap || at(slot_, y) == kAway) continue;
        at(slot_, x) = kSide;
        at(weight_, x) = at(weight_, y) + at(children_, x);
    }
    // f() bottom-up (peel order: children first): each finished f goes to its parent's two
    // largest, or, for a side child of the path, to the list of its path room.
    first_.assign(un, 0);
    second_.assign(un, 0);
    side_pairs_.clear();
    std::int32_t hi = 0;
    for (const int x : order_) {
        if (at(slot_, x) != kSide) continue;
        const std::int32_t f = at(children_, x) <= 1 ? at(weight_, x) : at(second_, x);
        const int y = at(parent_, x);
        const int slot = at(slot_, y);
        if (slot >= 0) {
            side_pairs_.push_back({slot, f});
            hi = std::max(hi, f);
        } else if (f > at(first_, y)) {
            at(second_, y) = at(first_, y);
            at(first_, y) = f;
        } else if (f > at(second_, y)) {
            at(second_, y) = f;
        }
    }
    // The side children grouped by path room (a counting sort), heaviest first in each group.
    side_begin_.assign(path_.size() + 1, 0);
    for (const auto& [slot, f] : side_pairs_) ++side_begin_[static_cast<std::size_t>(slot) + 1];
    for (std::size_t i = 1; i < side_begin_.size(); ++i) side_begin_[i] += side_begin_[i - 1];
    side_f_.resize(side_pairs_.size());
    {
        std::vector<std::size_t>& fill = cursor_;
        fill.assign(side_begin_.begin(), side_begin_.end() - 1);
        for (const auto& [slot, f] : side_pairs_)
            side_f_[fill[static_cast<std::size_t>(slot)]++] = f;
    }
    for (std::size_t i = 0; i + 1 < side_begin_.size(); ++i)
        std::sort(side_f_.begin() + static_cast<std::ptrdiff_t>(side_begin_[i]),
                  side_f_.begin() + static_cast<std::ptrdiff_t>(side_begin_[i + 1]),
                  std::greater<>());

    // can_win(hi) holds (nothing needs blocking), can_win(-1) does not.
    std::int64_t lo = -1;
    std::int64_t top = hi;
    while (top - lo > 1) {
        const std::int64_t mid = lo + (top - lo) / 2;
        (can_win(mid) ? top : lo) = mid;
    }
    return top;
}

bool MousetrapSolver::can_win(std::int64_t k) const {
    std::int64_t blocked = 0;  // passages blocked at the path rooms below the current one
    const std::size_t len = side_begin_.size() - 1;
    for (std::size_t i = 0; i < len; ++i) {
        std::int64_t need = 0;
        for (std::size_t j = side_begin_[i]; j < side_begin_[i + 1]; ++j) {
            if (side_f_[j] + blocked <= k) break;
            ++need;
        }
        blocked += need;
        // By the time the mouse leaves p_i the trapper has had i + 1 operations.
        if (blocked > static_cast<std::int64_t>(i) + 1 || blocked > k) return false;
    }
    return true;
}

std::int64_t solve_mousetrap(const MousetrapTree& tree) {
    MousetrapSolver solver;
    return solver.solve(tree);
}

namespace {

// SplitMix64: the engine's own small generator (the search library's Rng is not linked here).
struct SplitMix {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform enough in [0, n) for test trees (n far below 2^32).
    int below(int n) {
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

std::string mousetrap_text(const MousetrapTree& tree) {
    std::string out;
    out.reserve(16 * tree.a.size() + 32);
    out += std::to_string(tree.rooms) + " " + std::to_string(tree.trap + 1) + " " +
           std::to_string(tree.mouse + 1) + "\n";
    for (std::size_t i = 0; i < tree.a.size(); ++i) {
        out += std::to_string(tree.a[i] + 1);
        out += ' ';
        out += std::to_string(tree.b[i] + 1);
        out += '\n';
    }
    return out;
}

namespace {

// The game as stated. A state is the mouse's room and each passage clean (0), dirty (1) or
// blocked (2), packed in base 3; the trapper is to move. win(s, k): can the trapper force the
// mouse into t from s with at most k more operations? Doing nothing while the mouse is stuck
// repeats the state and never wins, so it is not a move; every other move either spends an
// operation or lets the mouse dirty a clean passage, so the recursion is well founded on
// (k, clean passages) and no cycle reaches the memo unfinished.
class BruteForce {
  public:
    explicit BruteForce(const MousetrapTree& tree)
        : trap_(tree.trap),
          passages_(static_cast<int>(tree.a.size())),
          incident_(static_cast<std::size_t>(tree.rooms)) {
        pow3_.assign(static_cast<std::size_t>(passages_) + 1, 1);
        for (std::size_t e = 1; e < pow3_.size(); ++e) pow3_[e] = pow3_[e - 1] * 3;
        for (int e = 0; e < passages_; ++e) {
            const auto ue = static_cast<std::size_t>(e);
            incident_[static_cast<std::size_t>(tree.a[ue])].push_back({e, tree.b[ue]});
            incident_[static_cast<std::size_t>(tree.b[ue])].push_back({e, tree.a[ue]});
        }
        const std::size_t states =
            static_cast<std::size_t>(tree.rooms) * static_cast<std::size_t>(pow3_.back());
        win_from_.assign(states, kUnknownWin);
        lose_upto_.assign(states, -1);
    }

    int value(int mouse) {
        if (mouse == trap_) return 0;
        // The trapper can always win with 2 operations per passage (block every side passage,
        // clean every dirty one on the way), so the loop ends well before this bound.
        for (int k = 0; k <= 2 * passages_ + 2; ++k)
            if (win(mouse, 0, k)) return k;
        throw std::logic_error("mousetrap brute force: no value found");
    }

  private:
    static constexpr std::uint8_t kUnknownWin = 255;

    int status(int code, int e) const { return (code / pow3_[static_cast<std::size_t>(e)]) % 3; }

    bool mouse_can_move(int room, int code) const {
        for (const auto& [e, other] : incident_[static_cast<std::size_t>(room)])
            if (status(code, e) == 0) return true;
        return false;
    }

    // The mouse moves (or stays, stuck); then it is the trapper's turn with k operations left.
    bool after_mouse(int room, int code, int k) {
        bool moved = false;
        for (const auto& [e, other] : incident_[static_cast<std::size_t>(room)]) {
            if (status(code, e) != 0) continue;
            moved = true;
            if (other == trap_) continue;  // caught on this branch
            if (!win(other, code + pow3_[static_cast<std::size_t>(e)], k)) return false;
        }
        return moved || win(room, code, k);
    }

    bool win(int room, int code, int k) {
        const std::size_t key =
            static_cast<std::size_t>(room) * static_cast<std::size_t>(pow3_.back()) +
            static_cast<std::size_t>(code);
        if (win_from_[key] <= k) return true;
        if (lose_upto_[key] >= k) return false;
        bool ok = mouse_can_move(room, code) && after_mouse(room, code, k);
        for (int e = 0; e < passages_ && !ok && k > 0; ++e) {
            const int s = status(code, e);
            const int p = pow3_[static_cast<std::size_t>(e)];
            if (s != 2) ok = after_mouse(room, code + (2 - s) * p, k - 1);  // block
            if (!ok && s == 1) ok = after_mouse(room, code - p, k - 1);     // clean
        }
        if (ok)
            win_from_[key] = static_cast<std::uint8_t>(std::min<int>(win_from_[key], k));
        else
            lose_upto_[key] = static_cast<std::int8_t>(std::max<int>(lose_upto_[key], k));
        return ok;
    }

    int trap_;
    int passages_;
    std::vector<int> pow3_;
    std::vector<std::vector<std::pair<int, int>>> incident_;  // room -> (passage, other room)
    std::vector<std::uint8_t> win_from_;  // least k known to win (kUnknownWin: none)
    std::vector<std::int8_t> lose_upto_;  // greatest k known to lose (-1: none)
};

}  // namespace

int mousetrap_brute_force(const MousetrapTree& tree) {
    if (tree.rooms > kMousetrapBruteForceMaxRooms)
        throw std::invalid_argument("mousetrap brute force: at most " +
                                    std::to_string(kMousetrapBruteForceMaxRooms) + " rooms");
    check_tree(tree);
    BruteForce game(tree);
    return game.value(tree.mouse);
}

}  // namespace maze
