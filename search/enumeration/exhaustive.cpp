#include "mazesearch/search/enumeration/exhaustive.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "mazesearch/engine/bitboard.hpp"
#include "mazesearch/engine/mouse_walk.hpp"
#include "mazesearch/search/rng.hpp"

namespace maze {

namespace {

constexpr std::uint16_t kWall = 0xFFFF;     // blocked cell or the border
constexpr std::uint16_t kUnknown = 0xFFFE;  // not decided yet
constexpr std::uint32_t kMaxWalk = 60000;   // counts stay below kUnknown
constexpr int kMaxPadded = 128;             // (rows + 2) * (cols + 2) at most

// The grid: padded indices, bit masks of cells (bit r * cols + c).
struct Grid {
    int rows, cols, stride;
    int padded;  // (rows + 2) * stride entries of a Node's counts are in use
    int start_pad, exit_pad;
    std::uint64_t all;                               // every cell
    std::uint64_t not_left;                          // cells whose left neighbour exists (c > 0)
    std::uint64_t not_right;                         // c < cols - 1
    std::array<int, kMaxEnumerationCells> pad_of{};  // cell bit -> padded index
    std::array<int, (kMaxSide + 2) * (kMaxSide + 2)> bit_of{};  // padded index -> bit or -1
    std::array<int, 4> step{};  // down, right, left, up in padded indices

    Grid(int r, int c, Cell s, Cell e)
        : rows(r), cols(c), stride(c + 2), padded((r + 2) * (c + 2)) {
        bit_of.fill(-1);
        all = not_left = not_right = 0;
        for (int i = 0; i < r; ++i)
            for (int j = 0; j < c; ++j) {
                const int b = i * c + j;
                const int p = (i + 1) * stride + j + 1;
                pad_of[static_cast<size_t>(b)] = p;
                bit_of[static_cast<size_t>(p)] = b;
                all |= std::uint64_t{1} << b;
                if (j > 0) not_left |= std::uint64_t{1} << b;
                if (j < c - 1) not_right |= std::uint64_t{1} << b;
            }
        start_pad = (s.r + 1) * stride + s.c + 1;
        exit_pad = (e.r + 1) * stride + e.c + 1;
        step = {stride, 1, -1, -stride};
    }
    std::uint64_t bit(int pad) const {
        return std::uint64_t{1} << bit_of[static_cast<size_t>(pad)];
    }
};

// A point of the decision tree: the cells decided so far and the walk up to here.
struct Node {
    std::array<std::uint16_t, kMaxPadded> v;  // padded visit counts, stride cols + 2
    std::uint64_t open = 0;
    std::uint64_t blocked = 0;
    std::uint32_t moves = 0;
    std::uint8_t pos = 0;  // padded index < 128
};

enum class Status { Leaf, Branch };

// Copies a node's state; counts beyond the grid's padded area are never read.
inline void copy_node(Node& to, const Node& from, int padded) {
    std::memcpy(to.v.data(), from.v.data(), static_cast<size_t>(padded) * sizeof(std::uint16_t));
    to.open = from.open;
    to.blocked = from.blocked;
    to.moves = from.moves;
    to.pos = from.pos;
}

// Is the exit reachable from the mouse through open or undecided cells?
bool exit_reachable(const Grid& g, const Node& n) {
    const std::uint64_t pass = g.all & ~n.blocked;
    std::uint64_t reach = g.bit(n.pos);
    const std::uint64_t target = g.bit(g.exit_pad);
    for (;;) {
        const std::uint64_t grown =
            (reach | ((reach << 1) & g.not_left) | ((reach >> 1) & g.not_right) |
             (reach << g.cols) | (reach >> g.cols)) &
            pass;
        if (grown & target) return true;
        if (grown == reach) return false;
        reach = grown;
    }
}

// Walks on until the exit (Leaf) or a neighbour that is not decided yet (Branch: its padded
// index in `cell`).
Status advance(const Grid& g, Node& n, int& cell) {
    for (;;) {
        const int p = n.pos;
        if (p == g.exit_pad) return Status::Leaf;
        for (int d = 0; d < 4; ++d) {
            const int q = p + g.step[static_cast<size_t>(d)];
            if (n.v[static_cast<size_t>(q)] == kUnknown) {
                cell = q;
                return Status::Branch;
            }
        }
        if (++n.moves > kMaxWalk) throw std::runtime_error("enumeration: a walk is too long");
        const std::uint16_t down = n.v[static_cast<size_t>(p + g.stride)];
        const std::uint16_t right = n.v[static_cast<size_t>(p + 1)];
        const std::uint16_t left = n.v[static_cast<size_t>(p - 1)];
        const std::uint16_t up = n.v[static_cast<size_t>(p - g.stride)];
        ++n.v[static_cast<size_t>(p)];
        int next;
        if (down <= right && down <= left && down <= up)
            next = p + g.stride;
        else if (right <= left && right <= up)
            next = p + 1;
        else if (left <= up)
            next = p - 1;
        else
            next = p - g.stride;
        n.pos = static_cast<std::uint8_t>(next);
    }
}

Node root(const Grid& g) {
    Node n;
    n.v.fill(kWall);
    for (int b = 0; b < g.rows * g.cols; ++b)
        n.v[static_cast<size_t>(g.pad_of[static_cast<size_t>(b)])] = kUnknown;
    n.v[static_cast<size_t>(g.start_pad)] = 0;
    n.v[static_cast<size_t>(g.exit_pad)] = 0;
    n.open = g.bit(g.start_pad) | g.bit(g.exit_pad);
    n.pos = static_cast<std::uint8_t>(g.start_pad);
    return n;
}

void decide(const Grid& g, Node& n, int cell, bool open) {
    if (open) {
        n.v[static_cast<size_t>(cell)] = 0;
        n.open |= g.bit(cell);
    } else {
        n.v[static_cast<size_t>(cell)] = kWall;
        n.blocked |= g.bit(cell);
    }
}

// Board texts of the completions of a leaf (its undecided cells free), up to `cap`, in text order.
void leaf_boards(const Grid& g, const Node& n, Cell start, Cell exit, std::size_t cap,
                 std::vector<std::string>& out) {
    const std::uint64_t undecided = g.all & ~(n.open | n.blocked);
    std::vector<int> free_bits;
    for (std::uint64_t u = undecided; u; u &= u - 1) free_bits.push_back(std::countr_zero(u));
    const std::uint64_t count =
        free_bits.size() >= 63 ? ~std::uint64_t{0} : std::uint64_t{1} << free_bits.size();
    // In text order '#' < '.', so "blocked" first: iterate masks of open free cells from the
    // lowest, with the earliest cell as the most significant choice.
    const std::uint64_t wanted = std::min<std::uint64_t>(count, cap);
    for (std::uint64_t m = 0; m < wanted; ++m) {
        std::string text;
        for (int r = 0; r < g.rows; ++r) {
            for (int c = 0; c < g.cols; ++c) {
                const int b = r * g.cols + c;
                char ch;
                if (Cell{r, c} == start)
                    ch = 'S';
                else if (Cell{r, c} == exit)
                    ch = 'E';
                else if (n.open >> b & 1)
                    ch = '.';
                else if (n.blocked >> b & 1)
                    ch = '#';
                else {
                    const auto it = std::find(free_bits.begin(), free_bits.end(), b);
                    const size_t k = static_cast<size_t>(it - free_bits.begin());
                    ch = (m >> (free_bits.size() - 1 - k) & 1) ? '.' : '#';
                }
                text += ch;
            }
            text += '\n';
        }
        out.push_back(std::move(text));
    }
}

// Keeps the first `cap` boards in text order.
void trim(std::vector<std::string>& boards, std::size_t cap) {
    std::sort(boards.begin(), boards.end());
    boards.erase(std::unique(boards.begin(), boards.end()), boards.end());
    if (boards.size() > cap) boards.resize(cap);
}

struct Collector {
    const Grid* g;
    Cell start, exit;
    std::size_t cap;
    EnumerationResult r;

    void leaf(const Node& n) {
        const int undecided = std::popcount(g->all & ~(n.open | n.blocked));
        const std::uint64_t boards = std::uint64_t{1} << undecided;
        ++r.leaves;
        r.feasible += boards;
        r.histogram[n.moves] += boards;
        if (n.moves > r.optimum || r.optimal_boards == 0) {
            r.optimum = n.moves;
            r.optimal_boards = 0;
            r.boards.clear();
        }
        if (n.moves == r.optimum) {
            r.optimal_boards += boards;
            leaf_boards(*g, n, start, exit, cap, r.boards);
            if (r.boards.size() > 2 * cap) trim(r.boards, cap);
        }
    }

    // Depth-first over the subtree below n (which it uses up).
    void explore(Node& n) {
        for (;;) {
            int cell = 0;
            const std::uint32_t before = n.moves;
            const Status st = advance(*g, n, cell);
            r.steps += n.moves - before;
            if (st == Status::Leaf) {
                leaf(n);
                return;
            }
            Node opened;
            copy_node(opened, n, g->padded);  // only the grid's part of the counts
            decide(*g, opened, cell, true);
            explore(opened);
            decide(*g, n, cell, false);
            if (!exit_reachable(*g, n)) return;  // every completion is infeasible
        }
    }
};

// Cuts the tree into at least `want` subtrees (or all of them, if fewer), in canonical order:
// level by level, a node's open child before its blocked child.
std::vector<Node> frontier(const Grid& g, std::size_t want) {
    std::vector<Node> level{root(g)};
    for (;;) {
        std::vector<Node> next;
        bool branched = false;
        for (Node& n : level) {
            int cell = 0;
            Node probe = n;
            if (advance(g, probe, cell) == Status::Leaf || level.size() >= want) {
                next.push_back(n);
                continue;
            }
            branched = true;
            Node opened = probe;
            decide(g, opened, cell, true);
            next.push_back(opened);
            decide(g, probe, cell, false);
            if (exit_reachable(g, probe)) next.push_back(probe);
        }
        level.swap(next);
        if (!branched || level.size() >= want) return level;
    }
}

}  // namespace

void EnumerationResult::merge(const EnumerationResult& o, std::size_t board_cap) {
    if (o.rows != rows || o.cols != cols || !(o.start == start) || !(o.exit == exit))
        throw std::invalid_argument("enumeration results of different grids cannot be merged");
    if (o.feasible) {
        if (o.optimum > optimum || optimal_boards == 0) {
            optimum = o.optimum;
            optimal_boards = o.optimal_boards;
            boards = o.boards;
        } else if (o.optimum == optimum) {
            optimal_boards += o.optimal_boards;
            boards.insert(boards.end(), o.boards.begin(), o.boards.end());
        }
    }
    trim(boards, board_cap);
    feasible += o.feasible;
    for (const auto& [m, n] : o.histogram) histogram[m] += n;
    leaves += o.leaves;
    steps += o.steps;
    subtrees += o.subtrees;
    seconds += o.seconds;
}

nlohmann::json EnumerationResult::to_json() const {
    nlohmann::json j;
    j["rows"] = rows;
    j["cols"] = cols;
    j["start"] = {start.r, start.c};
    j["exit"] = {exit.r, exit.c};
    j["shard"] = shard;
    j["shards"] = shards;
    j["convention"] = "paper";
    j["optimum"] = optimum;
    j["optimal_boards"] = optimal_boards;
    j["boards"] = boards;
    j["feasible"] = feasible;
    nlohmann::json h = nlohmann::json::object();
    for (const auto& [m, n] : histogram) h[std::to_string(m)] = n;
    j["histogram"] = h;
    j["leaves"] = leaves;
    j["steps"] = steps;
    j["subtrees"] = subtrees;
    j["seconds"] = seconds;
    return j;
}

EnumerationResult EnumerationResult::from_json(const nlohmann::json& j) {
    EnumerationResult r;
    r.rows = j.at("rows").get<int>();
    r.cols = j.at("cols").get<int>();
    r.start = Cell{j.at("start").at(0).get<int>(), j.at("start").at(1).get<int>()};
    r.exit = Cell{j.at("exit").at(0).get<int>(), j.at("exit").at(1).get<int>()};
    r.shard = j.value("shard", 0);
    r.shards = j.value("shards", 1);
    r.optimum = j.at("optimum").get<std::uint64_t>();
    r.optimal_boards = j.at("optimal_boards").get<std::uint64_t>();
    r.boards = j.at("boards").get<std::vector<std::string>>();
    r.feasible = j.at("feasible").get<std::uint64_t>();
    for (const auto& [k, v] : j.at("histogram").items())
        r.histogram[std::stoull(k)] = v.get<std::uint64_t>();
    r.leaves = j.at("leaves").get<std::uint64_t>();
    r.subtrees = j.value("subtrees", std::uint64_t{0});
    r.steps = j.value("steps", std::uint64_t{0});
    r.seconds = j.value("seconds", 0.0);
    return r;
}

std::string done_to_text(const std::vector<std::uint8_t>& done) {
    std::string text(done.size(), '0');
    for (std::size_t i = 0; i < done.size(); ++i)
        if (done[i]) text[i] = '1';
    return text;
}

std::vector<std::uint8_t> done_from_text(const std::string& text) {
    std::vector<std::uint8_t> done(text.size(), 0);
    for (std::size_t i = 0; i < text.size(); ++i) done[i] = text[i] == '1';
    return done;
}

EnumerationResult enumerate_boards(int rows, int cols, Cell start, Cell exit,
                                   const EnumerationOptions& options) {
    const Board shape(rows, cols, start, exit);  // validates
    if (rows * cols > kMaxEnumerationCells || (rows + 2) * (cols + 2) > kMaxPadded)
        throw std::invalid_argument(
            "enumeration handles grids of at most 64 cells with (rows + 2) * (cols + 2) <= 128 "
            "(8x8, 7x9, 16x4, ...)");
    if (options.shards < 1 || options.shard < 0 || options.shard >= options.shards)
        throw std::invalid_argument("shard i/N needs 0 <= i < N");
    const auto t0 = std::chrono::steady_clock::now();
    const Grid g(rows, cols, start, exit);
    const std::vector<Node> nodes = frontier(g, std::max<std::size_t>(options.frontier, 1));
    if (options.done && options.done->size() != nodes.size()) options.done->assign(nodes.size(), 0);

    std::vector<std::size_t> mine;
    for (std::size_t i = static_cast<std::size_t>(options.shard); i < nodes.size();
         i += static_cast<std::size_t>(options.shards))
        if (!options.done || !(*options.done)[i]) mine.push_back(i);
    if (options.limit > 0 && mine.size() > options.limit) mine.resize(options.limit);

    std::unique_ptr<tbb::global_control> limit;
    if (options.threads > 0)
        limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                      static_cast<std::size_t>(options.threads));
    tbb::enumerable_thread_specific<Collector> collectors([&] {
        Collector c{&g, start, exit, options.board_cap, {}};
        return c;
    });
    std::atomic<std::uint64_t> finished{0};
    std::atomic<std::uint64_t> best{0};
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, mine.size(), 1),
        [&](const tbb::blocked_range<std::size_t>& range) {
            Collector& c = collectors.local();
            for (std::size_t k = range.begin(); k != range.end(); ++k) {
                if (options.stop && options.stop->load()) return;
                Node n = nodes[mine[k]];
                c.explore(n);
                ++c.r.subtrees;
                if (options.done) (*options.done)[mine[k]] = 1;  // distinct indices: no race
                std::uint64_t b = best.load();
                while (c.r.optimum > b && !best.compare_exchange_weak(b, c.r.optimum)) {
                }
                const std::uint64_t f = ++finished;
                if (options.progress) options.progress(f, mine.size(), best.load());
            }
        });

    EnumerationResult total;
    total.rows = rows;
    total.cols = cols;
    total.start = start;
    total.exit = exit;
    total.shard = options.shard;
    total.shards = options.shards;
    for (Collector& c : collectors) {
        c.r.rows = rows;
        c.r.cols = cols;
        c.r.start = start;
        c.r.exit = exit;
        c.r.seconds = 0;
        total.merge(c.r, options.board_cap);
    }
    total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return total;
}

TreeEstimate estimate_tree(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                           std::uint64_t seed) {
    const Board shape(rows, cols, start, exit);
    if (rows * cols > kMaxEnumerationCells || (rows + 2) * (cols + 2) > kMaxPadded)
        throw std::invalid_argument("enumeration handles grids of at most 64 cells");
    const Grid g(rows, cols, start, exit);
    Rng rng(seed);
    double sum = 0, sum_sq = 0, fsum = 0, fsum_sq = 0, ssum = 0, ssum_sq = 0;
    for (std::uint64_t i = 0; i < probes; ++i) {
        Node n = root(g);
        double weight = 1;
        double steps = 0;  // this probe's estimate of the moves simulated over the tree
        for (;;) {
            int cell = 0;
            const std::uint32_t before = n.moves;
            const Status st = advance(g, n, cell);
            steps += weight * (n.moves - before);
            if (st == Status::Leaf) break;
            Node blocked = n;
            decide(g, blocked, cell, false);
            const bool can_block = exit_reachable(g, blocked);
            if (can_block) {
                weight *= 2;
                if (rng.below(2)) {
                    n = blocked;
                    continue;
                }
            }
            decide(g, n, cell, true);
        }
        const double boards =
            weight * std::ldexp(1.0, std::popcount(g.all & ~(n.open | n.blocked)));
        sum += weight;
        sum_sq += weight * weight;
        fsum += boards;
        fsum_sq += boards * boards;
        ssum += steps;
        ssum_sq += steps * steps;
    }
    TreeEstimate e;
    e.probes = probes;
    if (probes) {
        const double p = static_cast<double>(probes);
        e.leaves = sum / p;
        e.feasible = fsum / p;
        e.leaves_error = std::sqrt(std::max(0.0, sum_sq / p - e.leaves * e.leaves) / p);
        e.feasible_error = std::sqrt(std::max(0.0, fsum_sq / p - e.feasible * e.feasible) / p);
        e.steps = ssum / p;
        e.steps_error = std::sqrt(std::max(0.0, ssum_sq / p - e.steps * e.steps) / p);
    }
    return e;
}

EnumerationResult enumerate_by_walking(int rows, int cols, Cell start, Cell exit,
                                       std::size_t board_cap) {
    const Board shape(rows, cols, start, exit);
    EnumerationResult r;
    r.rows = rows;
    r.cols = cols;
    r.start = start;
    r.exit = exit;
    std::vector<Cell> free_cells;
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j)
            if (!(Cell{i, j} == start) && !(Cell{i, j} == exit)) free_cells.push_back(Cell{i, j});
    if (free_cells.size() > 30) throw std::invalid_argument("too many boards to walk one by one");
    MouseWalk walker;
    for (std::uint64_t m = 0; m < (std::uint64_t{1} << free_cells.size()); ++m) {
        Board b = shape;
        for (std::size_t k = 0; k < free_cells.size(); ++k)
            if (m >> k & 1) b.set_open(free_cells[k], false);
        const WalkResult w = evaluate(b, walker);
        if (!w.feasible) continue;
        ++r.feasible;
        ++r.histogram[w.moves];
        if (w.moves > r.optimum || r.optimal_boards == 0) {
            r.optimum = w.moves;
            r.optimal_boards = 0;
            r.boards.clear();
        }
        if (w.moves == r.optimum) {
            ++r.optimal_boards;
            r.boards.push_back(b.to_text());
            if (r.boards.size() > 4 * board_cap + 64) trim(r.boards, board_cap);
        }
    }
    trim(r.boards, board_cap);
    r.leaves = r.feasible;
    return r;
}

}  // namespace maze
