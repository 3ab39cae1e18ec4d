#include "mazesearch/engine/games/cat_mouse.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <new>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <utility>

#include "mazesearch/engine/input_error.hpp"

namespace maze {

namespace {

// Positions within a player's plane are indexed mouse * n + cat, which must fit in 32 bits: the
// layers of the percolation hold 32-bit indices, half the memory of 64-bit ones.
constexpr std::size_t kMaxNodes = 46340;

void check_lists(const AdjacencyLists& lists) {
    const std::size_t n = lists.size();
    std::vector<std::vector<int>> sorted(lists);
    for (auto& l : sorted) std::sort(l.begin(), l.end());
    for (std::size_t u = 0; u < n; ++u) {
        for (std::size_t i = 0; i < sorted[u].size(); ++i) {
            const int v = sorted[u][i];
            const std::string where = "node " + std::to_string(u) + " lists " + std::to_string(v);
            if (v < 0 || static_cast<std::size_t>(v) >= n)
                throw std::invalid_argument(where + ", which is not a node (0.." +
                                            std::to_string(n - 1) + ")");
            if (static_cast<std::size_t>(v) == u)
                throw std::invalid_argument(where + ": a self-loop");
            if (i > 0 && sorted[u][i - 1] == v) throw std::invalid_argument(where + " twice");
            const auto& back = sorted[static_cast<std::size_t>(v)];
            if (!std::binary_search(back.begin(), back.end(), static_cast<int>(u)))
                throw std::invalid_argument(std::to_string(u) + " lists " + std::to_string(v) +
                                            " but " + std::to_string(v) + " does not list " +
                                            std::to_string(u));
        }
    }
}

// calloc'd arrays: the kernel hands out zero pages lazily, so the positions that are never
// decided (often most of a big graph) cost neither time nor resident memory.
template <class T>
T* zeroed(std::size_t count) {
    void* p = std::calloc(count, sizeof(T));
    if (!p) throw std::bad_alloc();
    return static_cast<T*>(p);
}
template <class T>
T* uninitialised(std::size_t count) {
    void* p = std::malloc(count * sizeof(T));
    if (!p) throw std::bad_alloc();
    return static_cast<T*>(p);
}

__extension__ typedef unsigned __int128 Wide;  // GCC/Clang extension, for the division

constexpr std::uint32_t kNoWatch = std::numeric_limits<std::uint32_t>::max();

// An allocator whose resize() leaves new elements uninitialised: the layer lists are resized
// to their capacity before being written through a cursor, and zeroing them first would cost a
// pass over memory per layer.
template <class T>
struct NoInitAllocator : std::allocator<T> {
    template <class U>
    struct rebind {
        using other = NoInitAllocator<U>;
    };
    template <class U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};
using List = std::vector<std::uint32_t, NoInitAllocator<std::uint32_t>>;

// The breadth-first percolation. Each position has one cell: while undecided, the number of
// its moves known to lose for the player to move; once decided, one of two sentinels naming
// the winner. Cell is the narrowest unsigned type whose sentinels exceed every degree.
//
// The cells form two planes, one per player to move, each n x n indexed mouse * n + cat; every
// move leads from one plane to the other. A layer (the positions decided at one depth) is kept
// as two lists of in-plane indices, one per plane, so the loops never ask whose turn it is.
template <class Cell>
class Percolation {
  public:
    static constexpr Cell kMouseWon = std::numeric_limits<Cell>::max();
    static constexpr Cell kCatWon = std::numeric_limits<Cell>::max() - 1;

    Percolation(const CatMouseGraph& g, std::uint32_t hole, Cell* cells, std::uint32_t* plies,
                int threads)
        : threads_(static_cast<std::uint32_t>(std::max(1, threads))),
          n_(static_cast<std::uint32_t>(g.nodes())),
          hole_(hole),
          offset_(g.offsets().data()),
          adj_(g.adjacency().data()),
          cells_(cells),
          plies_(plies),
          mouse_moves_(n_),
          cat_moves_(n_),
          max_degree_(static_cast<std::uint32_t>(g.max_degree())),
          div_magic_(~std::uint64_t{0} / std::max<std::uint32_t>(n_, 1) + 1) {
        for (std::uint32_t v = 0; v < n_; ++v) {
            mouse_moves_[v] = offset_[v + 1] - offset_[v];
            cat_moves_[v] = mouse_moves_[v];
            for (std::uint32_t i = offset_[v]; i < offset_[v + 1]; ++i)
                if (adj_[i] == hole_) --cat_moves_[v];  // the cat may never enter the hole
        }
    }

    static std::size_t index(std::uint32_t n, std::uint32_t mouse, std::uint32_t cat,
                             CatMouseTurn t) {
        return static_cast<std::size_t>(t) * n * n + std::size_t{mouse} * n + cat;
    }

    // Runs until every position that can be decided is decided, or until `watch` (an index)
    // is decided. Returns the depth (plies of optimal play) at which `watch` was decided.
    std::optional<std::uint64_t> run(std::size_t watch) {
        const std::size_t nn = std::size_t{n_} * n_;
        // Depth 0: the mouse in the hole (any cat but in the hole) and the cat on the mouse.
        for (std::uint32_t v = 0; v < n_; ++v) {
            if (v == hole_) continue;
            for (std::uint32_t t = 0; t < 2; ++t) {
                cells_[t * nn + hole_ * n_ + v] = kMouseWon;
                cells_[t * nn + v * n_ + v] = kCatWon;
                layer_[t].push_back(hole_ * n_ + v);
                layer_[t].push_back(v * n_ + v);
            }
        }
        // The watched position as (plane, in-plane index); none: a plane that does not exist.
        const std::uint32_t watch_plane =
            watch < 2 * nn ? static_cast<std::uint32_t>(watch / nn) : 2;
        const auto watch_at = static_cast<std::uint32_t>(watch < 2 * nn ? watch % nn : 0);
        std::uint64_t depth = 0;
        while (!layer_[0].empty() || !layer_[1].empty()) {
            bool watched = false;
            // Mouse-to-move positions were reached by a cat move: their predecessors are in
            // the cat's plane; and the other way round.
            watched |= expand<0>(depth + 1, watch_plane == 1 ? watch_at : kNoWatch);
            watched |= expand<1>(depth + 1, watch_plane == 0 ? watch_at : kNoWatch);
            if (watched) return depth + 1;
            layer_[0].swap(next_[0]);
            layer_[1].swap(next_[1]);
            ++depth;
        }
        return std::nullopt;
    }

  private:
    // r / n by a multiplication (Lemire, Kaser and Kurz, "Faster remainder by direct
    // computation", 2019: exact for every 32-bit dividend and divisor).
    static std::uint32_t div(std::uint32_t r, std::uint64_t magic) {
        return static_cast<std::uint32_t>((static_cast<Wide>(magic) * r) >> 64);
    }

    // A counting sort of a list by the mouse's node. Positions with the same mouse node have
    // their predecessors in a few rows of the other plane (the mouse's row, or its neighbours'
    // rows); taking a big layer row by row turns scattered cache misses into nearby accesses.
    // The order within a layer does not matter: everything decided from it gets one depth.
    void group_by_mouse(List& list) {
        starts_.assign(std::size_t{n_} + 1, 0);
        for (const std::uint32_t r : list) ++starts_[div(r, div_magic_) + 1];
        for (std::uint32_t v = 0; v < n_; ++v) starts_[v + 1] += starts_[v];
        scratch_.resize(list.size());
        for (const std::uint32_t r : list) scratch_[starts_[div(r, div_magic_)]++] = r;
        list.swap(scratch_);
    }

    // Settles the predecessors of the layer's positions in plane T (T = 0: mouse to move,
    // whose predecessors have the cat to move; T = 1 the other way round), appending the
    // settled ones to the other plane's next list. Returns true when the predecessor plane's
    // position `watch` was settled.
    //
    // A big layer is shared among threads by the predecessors' rows (their mouse node): each
    // thread reads the whole layer but updates only the cells of its own rows, so no cell is
    // written by two threads, and what a layer settles does not depend on the order in which
    // its positions are taken (every position it settles gets the same depth). Only the order
    // of the next list varies, and that order changes nothing.
    template <int T>
    bool expand(std::uint64_t depth, std::uint32_t watch) {
        List& layer = layer_[T];
        List& next = next_[1 - T];
        if (layer.size() >= n_) group_by_mouse(layer);
        const std::uint32_t parts =
            layer.size() >= kParallelFrom ? std::min<std::uint32_t>(threads_, n_) : 1;
        bool watched = false;
        if (parts <= 1) {
            watched = expand_rows<T>(layer, 0, n_, next, depth, watch);
        } else {
            part_lists_.resize(parts);
            std::vector<char> part_watched(parts, 0);
            std::vector<std::thread> workers;
            auto run_part = [&](std::uint32_t i) {
                const auto lo = static_cast<std::uint32_t>(std::uint64_t{n_} * i / parts);
                const auto hi = static_cast<std::uint32_t>(std::uint64_t{n_} * (i + 1) / parts);
                part_lists_[i].clear();
                part_watched[i] = expand_rows<T>(layer, lo, hi, part_lists_[i], depth, watch);
            };
            for (std::uint32_t i = 1; i < parts; ++i) workers.emplace_back(run_part, i);
            run_part(0);
            for (std::thread& w : workers) w.join();
            for (std::uint32_t i = 0; i < parts; ++i) {
                next.insert(next.end(), part_lists_[i].begin(), part_lists_[i].end());
                watched |= part_watched[i] != 0;
            }
        }
        layer.clear();
        return watched;
    }

    // expand's work for the predecessors whose mouse node is in [lo, hi). Everything the loop
    // reads is copied into locals first: the cells are bytes, and a store through a byte
    // pointer could alias any member, which would make the compiler reload them after every
    // store.
    template <int T>
    bool expand_rows(const List& layer, std::uint32_t lo, std::uint32_t hi, List& next,
                     std::uint64_t depth, std::uint32_t watch) const {
        const std::uint32_t n = n_, hole = hole_;
        const std::uint32_t span = hi - lo;
        const std::uint64_t magic = div_magic_;
        const std::uint32_t* const offset = offset_;
        const std::uint32_t* const adj = adj_;
        // The mover in the predecessor plane and its number of moves per node.
        const std::uint32_t* const moves = T == 0 ? cat_moves_.data() : mouse_moves_.data();
        const std::size_t nn = std::size_t{n} * n;
        const Cell* const here = cells_ + T * nn;
        Cell* const there = cells_ + (1 - T) * nn;
        std::uint32_t* const plies = plies_ ? plies_ + T * nn : nullptr;
        const auto ply = static_cast<std::uint32_t>(depth);
        // The next list is written through a raw cursor, grown whenever fewer than one
        // position's worth of predecessors (at most the maximum degree) is left.
        std::size_t used = next.size();
        next.resize(std::max<std::size_t>(next.capacity(), used + 1024));
        std::uint32_t* out = next.data() + used;
        std::uint32_t* out_end = next.data() + next.size();
        bool watched = false;
        for (const std::uint32_t r : layer) {
            if (static_cast<std::size_t>(out_end - out) <= max_degree_) {
                used = static_cast<std::size_t>(out - next.data());
                next.resize(2 * next.size() + max_degree_ + 1);
                out = next.data() + used;
                out_end = next.data() + next.size();
            }
            const std::uint32_t m = div(r, magic);
            // T = 0: every predecessor has the mouse on m; T = 1: the mouse came from a
            // neighbour of m, so the rows are checked one by one below.
            if (T == 0 && m - lo >= span) continue;
            // Written here rather than when settled: the layer is grouped by rows, so these
            // writes land near each other. The thread that owns row m writes it.
            if (plies && m - lo < span) plies[r] = ply - 1;
            const Cell winner = here[r];
            const std::uint32_t c = r - m * n;
            // The predecessor's mover wins by moving here if the winner is that mover.
            const bool mover_wins = winner == (T == 0 ? kCatWon : kMouseWon);
            // The mover of the predecessor moved from a neighbour of its own node: the cat's
            // (T = 0) or the mouse's (T = 1). Predecessors with the mouse in the hole or under
            // the cat are no positions of play.
            const std::uint32_t from = T == 0 ? c : m;
            if (T == 0 && m == hole) continue;
            for (std::uint32_t i = offset[from]; i < offset[from + 1]; ++i) {
                const std::uint32_t v = adj[i];
                if (v == hole || v == (T == 0 ? m : c)) continue;
                if (T == 1 && v - lo >= span) continue;
                const std::uint32_t p = T == 0 ? m * n + v : v * n + c;
                // Whether a predecessor is settled depends on the data in ways no branch
                // predictor guesses, so the update is branch-free: the cell is rewritten either
                // way, and the position is appended and the cursor advanced only if settled.
                const Cell old = there[p];
                const bool open = old < kCatWon;  // not decided already (at a smaller depth)
                // The nearest win for the player to move, or the last escape lost.
                const bool settle = open && (mover_wins || old + 1u == moves[v]);
                there[p] = settle ? winner : static_cast<Cell>(old + (open ? 1 : 0));
                watched |= settle && p == watch;
                *out = p;
                out += settle ? 1 : 0;
            }
        }
        next.resize(static_cast<std::size_t>(out - next.data()));
        return watched;
    }

    // Layers smaller than this are expanded by one thread: starting threads costs more.
    static constexpr std::size_t kParallelFrom = 1u << 16;

    std::uint32_t threads_;
    std::uint32_t n_;
    std::uint32_t hole_;
    const std::uint32_t* offset_;
    const std::uint32_t* adj_;
    Cell* cells_;
    std::uint32_t* plies_;
    std::vector<std::uint32_t> mouse_moves_;
    std::vector<std::uint32_t> cat_moves_;
    std::uint32_t max_degree_;
    std::uint64_t div_magic_;
    List layer_[2], next_[2], scratch_;
    std::vector<List> part_lists_;
    std::vector<std::uint32_t> starts_;
};

void check_size(const CatMouseGraph& g) {
    if (static_cast<std::size_t>(g.nodes()) > kMaxNodes)
        throw std::invalid_argument("Cat and Mouse: at most " + std::to_string(kMaxNodes) +
                                    " nodes (the graph has " + std::to_string(g.nodes()) + ")");
}

void check_node(const CatMouseGraph& g, int v, const char* role) {
    if (v < 0 || v >= g.nodes())
        throw std::invalid_argument(std::string("Cat and Mouse: the ") + role + " node " +
                                    std::to_string(v) + " is not a node of the " +
                                    std::to_string(g.nodes()) + "-node graph");
}

// Calls f with a zero of the narrowest cell type that can count every node's moves.
template <class F>
void with_cell_type(const CatMouseGraph& g, F&& f) {
    const int d = g.max_degree();
    if (d < std::numeric_limits<std::uint8_t>::max() - 1)
        f(std::uint8_t{});
    else if (d < std::numeric_limits<std::uint16_t>::max() - 1)
        f(std::uint16_t{});
    else
        f(std::uint32_t{});
}

}  // namespace

CatMouseGraph::CatMouseGraph(const AdjacencyLists& lists) {
    check_lists(lists);
    offset_.reserve(lists.size() + 1);
    for (const auto& l : lists) {
        for (int v : l) adj_.push_back(static_cast<std::uint32_t>(v));
        offset_.push_back(static_cast<std::uint32_t>(adj_.size()));
    }
}

int CatMouseGraph::max_degree() const {
    int d = 0;
    for (int v = 0; v < nodes(); ++v) d = std::max(d, degree(v));
    return d;
}

void detail::FreeDeleter::operator()(void* p) const {
    std::free(p);
}

CatMouseResult CatMouseTable::at(int mouse, int cat, CatMouseTurn turn) const {
    if (mouse < 0 || mouse >= n_ || cat < 0 || cat >= n_ || cat == hole_)
        throw std::out_of_range("Cat and Mouse: no position with the mouse on " +
                                std::to_string(mouse) + " and the cat on " + std::to_string(cat));
    const std::size_t s = Percolation<std::uint8_t>::index(static_cast<std::uint32_t>(n_),
                                                           static_cast<std::uint32_t>(mouse),
                                                           static_cast<std::uint32_t>(cat), turn);
    CatMouseResult r;
    const std::uint8_t v = cells_[s];
    if (v == Percolation<std::uint8_t>::kMouseWon)
        r.result = kCatMouseMouseWins;
    else if (v == Percolation<std::uint8_t>::kCatWon)
        r.result = kCatMouseCatWins;
    else
        return r;
    if (plies_) r.plies = plies_[s];
    return r;
}

namespace {

// threads <= 0: every core the machine reports.
int resolve_threads(int threads) {
    if (threads > 0) return threads;
    return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace

CatMouseTable solve_cat_mouse_table(const CatMouseGraph& g, int hole, bool with_plies,
                                    int threads) {
    check_size(g);
    check_node(g, hole, "hole");
    CatMouseTable t;
    t.n_ = g.nodes();
    t.hole_ = hole;
    const std::size_t states = static_cast<std::size_t>(t.n_) * static_cast<std::size_t>(t.n_) * 2;
    // Only decided positions get a ply count, and only they are read.
    if (with_plies) t.plies_.reset(uninitialised<std::uint32_t>(states));
    with_cell_type(g, [&](auto zero) {
        using Cell = decltype(zero);
        std::unique_ptr<Cell[], detail::FreeDeleter> cells(zeroed<Cell>(states));
        Percolation<Cell>(g, static_cast<std::uint32_t>(hole), cells.get(), t.plies_.get(),
                          resolve_threads(threads))
            .run(std::numeric_limits<std::size_t>::max());
        if constexpr (std::is_same_v<Cell, std::uint8_t>) {
            t.cells_ = std::move(cells);
        } else {
            // Rare (a node of degree 254 or more): narrow the cells to the table's bytes.
            t.cells_.reset(zeroed<std::uint8_t>(states));
            for (std::size_t i = 0; i < states; ++i) {
                if (cells[i] == Percolation<Cell>::kMouseWon)
                    t.cells_[i] = Percolation<std::uint8_t>::kMouseWon;
                else if (cells[i] == Percolation<Cell>::kCatWon)
                    t.cells_[i] = Percolation<std::uint8_t>::kCatWon;
            }
        }
    });
    return t;
}

CatMouseResult solve_cat_mouse(const CatMouseGraph& g, int mouse, int cat, int hole, int threads) {
    check_size(g);
    check_node(g, hole, "hole");
    check_node(g, mouse, "mouse");
    check_node(g, cat, "cat");
    if (cat == hole)
        throw std::invalid_argument("Cat and Mouse: the cat may not start in the hole");
    if (mouse == hole) return {kCatMouseMouseWins, 0};
    if (mouse == cat) return {kCatMouseCatWins, 0};
    const auto n = static_cast<std::uint32_t>(g.nodes());
    const std::size_t states = std::size_t{n} * n * 2;
    CatMouseResult r;
    with_cell_type(g, [&](auto zero) {
        using Cell = decltype(zero);
        std::unique_ptr<Cell[], detail::FreeDeleter> cells(zeroed<Cell>(states));
        const std::size_t start =
            Percolation<Cell>::index(n, static_cast<std::uint32_t>(mouse),
                                     static_cast<std::uint32_t>(cat), CatMouseTurn::Mouse);
        const auto depth = Percolation<Cell>(g, static_cast<std::uint32_t>(hole), cells.get(),
                                             nullptr, resolve_threads(threads))
                               .run(start);
        if (!depth) return;
        r.result =
            cells[start] == Percolation<Cell>::kMouseWon ? kCatMouseMouseWins : kCatMouseCatWins;
        r.plies = *depth;
    });
    return r;
}

int cat_mouse_game(const AdjacencyLists& lists) {
    return solve_cat_mouse(CatMouseGraph(lists), 1, 2, 0).result;
}

// ---------------------------------------------------------------------------------------------
// The input format: a JSON array of arrays of node ids, read by nlohmann::json's SAX parser,
// which reports each value as it reads it. Lines and columns come from how far it has read.

namespace {

bool json_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool number_char(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// A forward iterator over the text that records the furthest byte the parser has read. The
// parser reads one byte at a time, so at each of its events it has read exactly the value it
// reports, and for a number one byte more (the byte that ends the number).
class ReadMark {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    ReadMark() = default;
    ReadMark(const char* at, const char** furthest) : at_(at), furthest_(furthest) {}
    reference operator*() const { return *at_; }
    ReadMark& operator++() {
        ++at_;
        if (at_ > *furthest_) *furthest_ = at_;
        return *this;
    }
    ReadMark operator++(int) {
        ReadMark old = *this;
        ++*this;
        return old;
    }
    friend bool operator==(const ReadMark& a, const ReadMark& b) { return a.at_ == b.at_; }

  private:
    const char* at_ = nullptr;
    const char** furthest_ = nullptr;
};

// Builds the lists from the parser's events; throws InputError at the first value that does not
// belong there and at the first syntax error.
class ListReader : public nlohmann::json_sax<nlohmann::json> {
  public:
    ListReader(std::string_view text, const std::string& source)
        : text_(text), source_(source), read_(text.data()) {}

    struct Entry {
        long long id;
        int line;
    };
    std::vector<std::vector<Entry>> lists;
    int open_line = 1;

    void read() {
        if (std::all_of(text_.begin(), text_.end(), json_space))
            throw InputError(source_, 1,
                             "empty input: expected an adjacency list such as [[2,5],[3],[0,4]]");
        const char** furthest = &read_;
        // Every failure throws; a parse that returns false otherwise would be a reader bug.
        if (!nlohmann::json::sax_parse(ReadMark(text_.data(), furthest),
                                       ReadMark(text_.data() + text_.size(), furthest), this))
            throw InputError(source_, 0, "the adjacency list could not be read");
    }

    bool null() override { wrong("null", consumed() - 4); }
    bool boolean(bool v) override { wrong(v ? "true" : "false", consumed() - (v ? 4 : 5)); }
    bool number_integer(number_integer_t v) override { return id(v, "a number"); }
    bool number_unsigned(number_unsigned_t v) override {
        // Saturated: any id this large is out of range anyway.
        return id(static_cast<long long>(std::min<number_unsigned_t>(v, kHugeId)), "a number");
    }
    bool number_float(number_float_t, const string_t& s) override {
        // Digits only: a whole number too large for 64 bits, out of range like any huge id.
        const bool whole = !s.empty() && std::all_of(s.begin() + (s[0] == '-' ? 1 : 0), s.end(),
                                                     [](char c) { return c >= '0' && c <= '9'; });
        if (whole && depth_ == 2) return id(s[0] == '-' ? -kHugeId : kHugeId, s);
        if (depth_ == 2) fail(number_start(), path() + "expected a whole node id, found " + s);
        wrong(s, number_start());
    }
    bool string(string_t&) override { wrong("a string", string_start()); }
    bool binary(binary_t&) override { wrong("binary data", consumed() - 1); }
    bool start_object(std::size_t) override { wrong("an object", consumed() - 1); }
    // Never reached: start_object stops the reading.
    bool key(string_t&) override { return false; }
    bool end_object() override { return false; }
    bool start_array(std::size_t) override {
        const std::size_t at = consumed() - 1;
        if (depth_ == 0) {
            open_line = where(at).first;
        } else if (depth_ == 1) {
            lists.emplace_back();
        } else {
            wrong("an array", at);
        }
        ++depth_;
        return true;
    }
    bool end_array() override {
        --depth_;
        return true;
    }
    // `position` is the parser's count of bytes read, the error's parse_error::byte: 1-based,
    // the byte at which it gave up (one past the end for a text that ends too soon).
    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::json::exception& e) override {
        // what() reads "[json.exception.parse_error.101] parse error at line L, column C: why";
        // the line and column are ours, the reason is nlohmann's, less its "last read" part (all
        // the text since the last string or number, not only the offending token), with the
        // offending byte instead.
        std::string why = e.what();
        const std::size_t colon = why.find(": ");
        if (colon != std::string::npos) why.erase(0, colon + 2);
        const std::size_t last = why.find("; last read: ");
        if (last != std::string::npos) {
            const std::size_t expected = why.find("; expected ", last);
            why.erase(last, expected == std::string::npos ? std::string::npos : expected - last);
        }
        const std::size_t at = position > 0 ? position - 1 : 0;
        if (why.find("unexpected end of input") == std::string::npos) why += "; found " + found(at);
        fail(at, why);
    }

  private:
    static constexpr long long kHugeId = 1'000'000'000'000LL;

    std::size_t consumed() const { return static_cast<std::size_t>(read_ - text_.data()); }

    // The first byte of the number just read: the parser has read one byte past its end, unless
    // the text ended there.
    std::size_t number_start() const {
        std::size_t at = consumed();
        if (at > 0 && !number_char(text_[at - 1])) --at;
        while (at > 0 && number_char(text_[at - 1])) --at;
        return at;
    }

    // The opening quote of the string just read (the parser stops on its closing quote).
    std::size_t string_start() const {
        std::size_t at = consumed() - 1;
        for (;;) {
            --at;
            std::size_t slashes = 0;
            while (slashes < at && text_[at - 1 - slashes] == '\\') ++slashes;
            if (text_[at] == '"' && slashes % 2 == 0) return at;
        }
    }

    // 1-based line and column of the byte at `at`. The parser's events come in the order of the
    // text, so the lines are counted forward from the last call.
    std::pair<int, int> where(std::size_t at) {
        if (at < counted_) {
            counted_ = 0;
            line_ = 1;
            line_start_ = 0;
        }
        for (; counted_ < at && counted_ < text_.size(); ++counted_)
            if (text_[counted_] == '\n') {
                ++line_;
                line_start_ = counted_ + 1;
            }
        return {line_, static_cast<int>(at - line_start_) + 1};
    }

    // The byte at `at`, for a message.
    std::string found(std::size_t at) const {
        if (at >= text_.size()) return "the end of the input";
        const auto ch = static_cast<unsigned char>(text_[at]);
        if (ch < 32 || ch > 126) return "a byte " + std::to_string(ch);
        return std::string("'") + text_[at] + "'";
    }

    [[noreturn]] void fail(std::size_t at, const std::string& what) {
        const auto [line, column] = where(at);
        throw InputError(source_, line, "column " + std::to_string(column) + ": " + what);
    }

    // The place of the value being read: "[u]: " for a node's list, "[u][i]: " for an entry.
    std::string path() const {
        if (depth_ == 1) return "[" + std::to_string(lists.size()) + "]: ";
        if (depth_ == 2)
            return "[" + std::to_string(lists.size() - 1) + "][" +
                   std::to_string(lists.back().size()) + "]: ";
        return "";
    }

    // A value of the wrong kind for its place; `found` describes it, `at` is its first byte.
    [[noreturn]] void wrong(const std::string& found, std::size_t at) {
        std::string expected;
        if (depth_ == 0)
            expected = "'[' to open the list of adjacency lists";
        else if (depth_ == 1)
            expected = "'[' to open the adjacency list of node " + std::to_string(lists.size());
        else
            expected = "a node id";
        fail(at, path() + "expected " + expected + ", found " + found);
    }

    bool id(long long v, const std::string& found) {
        const std::size_t at = number_start();
        if (depth_ != 2) wrong(found, at);
        lists.back().push_back({v, where(at).first});
        return true;
    }

    std::string_view text_;
    const std::string& source_;
    const char* read_;
    int depth_ = 0;  // 0 outside the lists, 1 in the list of lists, 2 in a node's list
    std::size_t counted_ = 0;
    int line_ = 1;
    std::size_t line_start_ = 0;
};

}  // namespace

CatMouseGraph parse_cat_mouse_graph(std::string_view text, const std::string& source) {
    ListReader reader(text, source);
    reader.read();
    const auto& lists = reader.lists;
    const std::size_t n = lists.size();
    if (n < 3)
        throw InputError(source, reader.open_line,
                         "the graph has " + std::to_string(n) +
                             " node(s); Cat and Mouse needs at least 3 (hole 0, mouse 1, cat 2)");
    if (n > kMaxNodes)
        throw InputError(source, reader.open_line,
                         "the graph has " + std::to_string(n) + " nodes; at most " +
                             std::to_string(kMaxNodes) + " are supported");
    // Each list sorted once (with its entries' lines) for the duplicate and symmetry checks.
    std::vector<std::vector<int>> sorted(n);
    for (std::size_t u = 0; u < n; ++u) {
        for (const auto& e : lists[u]) {
            const std::string where =
                "node " + std::to_string(u) + " lists " + std::to_string(e.id);
            if (e.id < 0 || static_cast<unsigned long long>(e.id) >= n)
                throw InputError(source, e.line,
                                 where + ", which is not a node (the nodes are 0.." +
                                     std::to_string(n - 1) + ")");
            if (static_cast<std::size_t>(e.id) == u)
                throw InputError(source, e.line, where + " (a self-loop)");
            sorted[u].push_back(static_cast<int>(e.id));
        }
        std::sort(sorted[u].begin(), sorted[u].end());
    }
    AdjacencyLists plain(n);
    for (std::size_t u = 0; u < n; ++u) {
        for (const auto& e : lists[u]) {
            const auto v = static_cast<std::size_t>(e.id);
            const auto [lo, hi] =
                std::equal_range(sorted[u].begin(), sorted[u].end(), static_cast<int>(v));
            if (hi - lo > 1)
                throw InputError(
                    source, e.line,
                    "node " + std::to_string(u) + " lists " + std::to_string(v) + " twice");
            if (!std::binary_search(sorted[v].begin(), sorted[v].end(), static_cast<int>(u)))
                throw InputError(source, e.line,
                                 std::to_string(u) + " lists " + std::to_string(v) + " but " +
                                     std::to_string(v) + " does not list " + std::to_string(u));
            plain[u].push_back(static_cast<int>(v));
        }
    }
    return CatMouseGraph(plain);
}

namespace {

// The whole of `in`, refused as soon as it grows past max_bytes (a clear error rather than an
// allocation failure, and before a huge file is read to its end).
std::string read_limited(std::istream& in, const std::string& source, std::size_t max_bytes) {
    std::string text;
    std::vector<char> chunk(std::size_t{1} << 16);
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto got = static_cast<std::size_t>(in.gcount());
        if (got > max_bytes - text.size())
            throw InputError(source, 0,
                             "the input is longer than " + std::to_string(max_bytes) +
                                 " bytes, the most a Cat and Mouse graph may take");
        text.append(chunk.data(), got);
    }
    if (in.bad()) throw InputError(source, 0, "cannot read the file");
    return text;
}

}  // namespace

CatMouseGraph load_cat_mouse_graph(const std::string& path, std::size_t max_bytes) {
    if (path == "-")
        return parse_cat_mouse_graph(read_limited(std::cin, "<stdin>", max_bytes), "<stdin>");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path, 0, std::string("cannot open the file: ") + std::strerror(errno));
    return parse_cat_mouse_graph(read_limited(in, path, max_bytes), path);
}

}  // namespace maze
