#include "mazesearch/models/passages/passage_tree.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "mazesearch/engine/squeaky_choice.hpp"

namespace maze::passages {

void Grid::check_size(int rows, int cols) {
    const int passages = rows * (cols - 1) + (rows - 1) * cols;
    if (rows * cols > kMaxCells || passages > kMaxSlots)
        throw std::invalid_argument("it has " + std::to_string(passages) +
                                    " passages; the passage enumeration handles grids of at most "
                                    "64 passages (6x6, 5x7, 4x9, ...)");
}

Grid::Grid(int r, int c, int a, int b)
    : rows(r), cols(c), cells(r * c), slots(r * (c - 1) + (r - 1) * c), entrance(a), exit(b) {
    check_size(r, c);
    start_cell = a;
    exit_cell = (r - 1) * c + b;
    const int across = r * (c - 1);
    for (int i = 0; i < r; ++i)
        for (int j = 0; j < c; ++j) {
            const int p = i * c + j;
            all |= std::uint64_t{1} << p;
            auto set = [&](int d, int q, int s) {
                const std::uint64_t b = s < 0 ? 0 : std::uint64_t{1} << s;
                dir_bit[static_cast<size_t>(p)][static_cast<size_t>(d)] = b;
                cell_slots[static_cast<size_t>(p)] |= b;
                to[static_cast<size_t>(p)][static_cast<size_t>(d)] =
                    static_cast<std::int8_t>(q < 0 ? p : q);
            };
            // Each direction in Squeaky's order (the square grid's, kSquareOrder): the neighbour
            // and the passage crossed to it (the cell's own right or down one, or its left or
            // upper neighbour's), or none at the edge.
            for (int d = 0; d < 4; ++d) {
                const auto [dr, dc] = kSquareOrder[static_cast<std::size_t>(d)];
                const int ni = i + dr, nj = j + dc;
                if (ni < 0 || ni >= r || nj < 0 || nj >= c) {
                    set(d, -1, -1);
                    continue;
                }
                const int slot = dc != 0 ? i * (c - 1) + std::min(j, nj)
                                         : across + std::min(i, ni) * c + j;
                set(d, ni * c + nj, slot);
            }
            if (j < c - 1) right_bit[static_cast<size_t>(i * (c - 1) + j)] = std::uint64_t{1} << p;
            if (i < r - 1)
                down_bit[static_cast<size_t>(across + i * c + j)] = std::uint64_t{1} << p;
        }
}

Node root(const Grid& g) {
    Node n;
    n.moves = 1;  // the move in
    n.pos = static_cast<std::int8_t>(g.start_cell);
    for (int s = 0; s < g.slots; ++s) {
        n.can_right |= g.right_bit[static_cast<size_t>(s)];
        n.can_down |= g.down_bit[static_cast<size_t>(s)];
    }
    return n;
}

template <int kCols>
Status advance(const Grid& g, Node& n, int& slot) {
    const std::uint64_t decided = n.open | n.walled;
    for (;;) {
        const int p = n.pos;
        if (p == g.exit_cell) return Status::Leaf;
        const auto cell = static_cast<size_t>(p);
        if (g.cell_slots[cell] & ~decided) {
            // The first passage in preference order not decided yet: branch there.
            for (int d = 0; d < 4; ++d) {
                const std::uint64_t b = g.dir_bit[cell][static_cast<size_t>(d)];
                if (b && !(decided & b)) {
                    slot = std::countr_zero(b);
                    return Status::Branch;
                }
            }
        }
        // Every passage of the cell is decided: Squeaky's rule over its four directions in
        // preference order (down, right, left, up), a walled one closed.
        const auto& bits = g.dir_bit[cell];
        const auto& to = g.to[cell];
        const int best = first_least(4, [&](int d) -> std::uint32_t {
            const auto k = static_cast<size_t>(d);
            return (n.open & bits[k]) ? n.v[static_cast<size_t>(to[k])] : ~0u;
        });
        if (!(n.open & bits[static_cast<size_t>(best)]))
            throw std::logic_error("passage enumeration: the mouse is walled in");
        if (++n.moves > kMaxWalk)
            throw std::runtime_error("passage enumeration: a walk is too long");
        ++n.v[cell];
        n.pos = to[static_cast<size_t>(best)];
    }
}

template Status advance<0>(const Grid&, Node&, int&);

void decide(const Grid& g, Node& n, int slot, bool open) {
    const std::uint64_t bit = std::uint64_t{1} << slot;
    if (open) {
        n.open |= bit;
    } else {
        n.walled |= bit;
        n.can_right &= ~g.right_bit[static_cast<size_t>(slot)];
        n.can_down &= ~g.down_bit[static_cast<size_t>(slot)];
    }
}

namespace {

// The cells the mouse can still reach from where he stands, through open or undecided passages
// (the cells whose right and down passages are not walled: can_right, can_down).
std::uint64_t reachable(const Grid& g, int pos, std::uint64_t can_right, std::uint64_t can_down,
                        std::uint64_t stop_at) {
    std::uint64_t reach = std::uint64_t{1} << pos;
    for (;;) {
        const std::uint64_t grown =
            reach | ((reach & can_right) << 1) | ((reach >> 1) & can_right) |
            ((reach & can_down) << g.cols) | ((reach >> g.cols) & can_down);
        if ((grown & stop_at) || grown == reach) return grown;
        reach = grown;
    }
}
std::uint64_t reachable(const Grid& g, const Node& n, std::uint64_t stop_at) {
    return reachable(g, n.pos, n.can_right, n.can_down, stop_at);
}

}  // namespace

bool exit_reachable(const Grid& g, const Node& n) {
    const std::uint64_t target = std::uint64_t{1} << g.exit_cell;
    return (reachable(g, n, target) & target) != 0;
}

template <int kCols>
bool exit_reachable_without(const Grid& g, const Node& n, int slot) {
    const std::uint64_t target = std::uint64_t{1} << g.exit_cell;
    const auto s = static_cast<size_t>(slot);
    return (reachable(g, n.pos, n.can_right & ~g.right_bit[s], n.can_down & ~g.down_bit[s],
                      target) &
            target) != 0;
}

template bool exit_reachable_without<0>(const Grid&, const Node&, int);

namespace {

// The text-form positions of the slots: right passages of row r sit on line 2r + 1, down
// passages of row r on line 2r + 2, so in text order the slots go row by row, rights first.
std::vector<int> slots_in_text_order(const Grid& g) {
    std::vector<int> order;
    const int across = g.rows * (g.cols - 1);
    for (int r = 0; r < g.rows; ++r) {
        for (int c = 0; c + 1 < g.cols; ++c) order.push_back(r * (g.cols - 1) + c);
        if (r + 1 < g.rows)
            for (int c = 0; c < g.cols; ++c) order.push_back(across + r * g.cols + c);
    }
    return order;
}

}  // namespace

void leaf_boards(const Grid& g, const Node& n, std::size_t cap, std::vector<std::string>& out) {
    std::vector<int> free_slots;
    for (int s : slots_in_text_order(g))
        if (!(((n.open | n.walled) >> s) & 1u)) free_slots.push_back(s);
    const std::uint64_t count =
        free_slots.size() >= 63 ? ~std::uint64_t{0} : std::uint64_t{1} << free_slots.size();
    const std::uint64_t wanted = std::min<std::uint64_t>(count, cap);
    for (std::uint64_t m = 0; m < wanted; ++m) {
        PassageBoard b(g.rows, g.cols, g.entrance, g.exit);
        for (int s = 0; s < g.slots; ++s)
            if ((n.open >> s) & 1u) b.set_slot(s, true);
        for (size_t k = 0; k < free_slots.size(); ++k)
            if (!((m >> (free_slots.size() - 1 - k)) & 1u)) b.set_slot(free_slots[k], true);
        out.push_back(b.to_text());
    }
}

std::uint32_t leaf_max_visits(const Grid& g, const Node& n) {
    std::uint32_t m = 1;  // the exit cell's move out
    for (int p = 0; p < g.cells; ++p) m = std::max<std::uint32_t>(m, n.v[static_cast<size_t>(p)]);
    return m;
}

// The bound (results/exhaustive/passages/README.md, "The bound"). Let c be the counts now and
// B[z] an upper bound on the count cell z can reach before the walk ends (the exit cell's stays 0
// until then: B = 0). A future move from u to its neighbour y happens only when y's count is at
// most that of every other open neighbour x of u, and below it when x comes first in the preference
// order; and y's count has grown by the next move from u to y (the mouse left y in between, or the
// walk ended on the exit cell). So the future moves from u to y number at most cap(y) - c[y] + 1
// with
//     cap(y) = min(B[y], min over open x != y of B[x] - [x is preferred over y]),
// and u's final count is c[u] plus those moves over every open or undecided neighbour y. Starting
// from B = infinity for every cell but the exit cell, each round of these updates keeps every B an
// upper bound for every completion of the node (by induction over the rounds: the right side only
// grows with B). A cell that has no open passage yet takes, instead of the min over open x, the
// largest B of its undecided neighbours (one of them is open if the mouse ever comes by). Cells
// the mouse can no longer reach keep their counts, 0. The board's moves are the move in, the final
// counts and the move out.
std::uint32_t moves_bound(const Grid& g, const Node& n) {
    constexpr std::int64_t kInf = std::int64_t{1} << 40;
    const std::uint64_t reach = reachable(g, n, 0);
    const std::uint64_t exit_bit = std::uint64_t{1} << g.exit_cell;
    if (!(reach & exit_bit)) return 0;  // infeasible below: no board at all
    std::array<std::int64_t, kMaxCells> B;
    B.fill(kInf);
    B[static_cast<size_t>(g.exit_cell)] = 0;
    for (int round = 0; round < 2 * g.cells + 2; ++round) {
        bool changed = false;
        for (std::uint64_t rest = reach & ~exit_bit; rest; rest &= rest - 1) {
            const int u = std::countr_zero(rest);
            const auto& bits = g.dir_bit[static_cast<size_t>(u)];
            const auto& nx = g.to[static_cast<size_t>(u)];
            std::array<std::int64_t, 4> nb{};  // B of each possible neighbour
            std::array<int, 4> state{};        // 0 none or walled, 1 open, 2 undecided
            bool any_open = false;
            std::int64_t most_undecided = -1;
            for (int d = 0; d < 4; ++d) {
                const std::uint64_t bit = bits[static_cast<size_t>(d)];
                if (!bit || (n.walled & bit)) continue;
                nb[static_cast<size_t>(d)] = B[static_cast<size_t>(nx[static_cast<size_t>(d)])];
                if (n.open & bit) {
                    state[static_cast<size_t>(d)] = 1;
                    any_open = true;
                } else {
                    state[static_cast<size_t>(d)] = 2;
                    most_undecided = std::max(most_undecided, nb[static_cast<size_t>(d)]);
                }
            }
            std::int64_t sum = n.v[static_cast<size_t>(u)];
            bool bounded = true;
            for (int dy = 0; dy < 4 && bounded; ++dy) {
                if (!state[static_cast<size_t>(dy)]) continue;
                std::int64_t cap = nb[static_cast<size_t>(dy)];
                if (any_open) {
                    for (int dx = 0; dx < 4; ++dx)
                        if (dx != dy && state[static_cast<size_t>(dx)] == 1)
                            cap = std::min(cap, nb[static_cast<size_t>(dx)] - (dx < dy ? 1 : 0));
                } else {
                    cap = std::min(cap, most_undecided);
                }
                if (cap >= kInf) {
                    bounded = false;
                    break;
                }
                const std::int64_t cy = n.v[static_cast<size_t>(nx[static_cast<size_t>(dy)])];
                if (cap + 1 > cy) sum += cap + 1 - cy;
            }
            if (bounded && sum < B[static_cast<size_t>(u)]) {
                B[static_cast<size_t>(u)] = sum;
                changed = true;
            }
        }
        if (!changed) break;
    }
    std::int64_t total = 2;  // the move in and the move out
    for (std::uint64_t rest = reach & ~exit_bit; rest; rest &= rest - 1) {
        const std::int64_t b = B[static_cast<size_t>(std::countr_zero(rest))];
        if (b >= kInf) return ~0u;
        total += b;
    }
    return static_cast<std::uint32_t>(std::min<std::int64_t>(total, 0xFFFFFFFE));
}

}  // namespace maze::passages
