// Mousetrap (CEOI 2017; docs/games.md, 'Mousetrap'): the trapper against a mouse on a tree, solved
// exactly.
//
// A tree of n rooms, the trap in room t, the mouse in room m. Each turn the trapper may block a
// passage for good, clean a dirty passage, or do nothing; then the mouse must move through a
// clean, unblocked passage, which becomes dirty (it stays put only when it cannot move). The
// trapper minimises the number of block and clean operations until the mouse enters t; the
// mouse maximises it. m == t is worth 0.
//
// The fast solver, O(n log n), roots the tree at t by peeling leaves (no adjacency lists and no
// recursion, so 10^6-deep paths are fine) and splits it into the path P = p0 (= m), p1, ...,
// pL (= t) and the side subtrees hanging off p0 .. p(L-1) (those hanging off t can never be
// reached).
//
//  * ch(x) is the number of children of x; side(p0) = ch(p0) and side(pi) = ch(pi) - 1 for
//    i > 0: the passages at pi that would have to be blocked for the mouse to run from pi
//    straight up to t (the passage to p(i-1) is dirty by then and needs nothing).
//  * w(x), for x in a side subtree, is what the trapper pays if he lets the mouse run until it
//    is stuck in x, then blocks every passage branching off the route from x to t and cleans
//    the dirty passages from x back up to P: w(v) = sum_{j >= i} side(pj) + ch(v) for a side
//    child v of pi (one of side(pi)'s passages is v's own, and the dirty passage pi-v is
//    cleaned instead), and w(c) = w(x) + ch(c) for a child c of x (one more passage to clean,
//    one side passage fewer at x, ch(c) more at c).
//  * f(x), the cost once the mouse has just entered x and the trapper is to move, with nothing
//    blocked below x: f(x) = w(x) if ch(x) <= 1 (block the only child, or nothing to block),
//    otherwise the second largest f of x's children: the trapper blocks the heaviest child and
//    the mouse takes the next one. The blocked passage is a side passage of every other child's
//    route, so it is already counted in their weights.
//  * On the way up P the trapper gets one operation per turn. Entering the side child v of pi
//    costs f(v) + B, B = the passages he blocked at p0 .. p(i-1) (those at pi and above are in
//    f(v) already). He can keep the total within K iff, walking up P and blocking at each pi
//    exactly the side children with f(v) + B > K, B never exceeds i + 1 (the operations he has
//    had when the mouse leaves pi) nor K (the mouse may also run straight into t). That test is
//    monotone in K: binary search.
//
// The exhaustive search plays the game as stated, over states (mouse room, the state of every
// passage), for trees of up to 10 rooms; it is the judge of the fast solver in the tests.
//
// The code, one file per job under mousetrap/: parser (the CEOI text, read and written), solver,
// generator (test trees), brute_force (the exhaustive search) and tree_checks (shared checks).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace maze {

// Most rooms an input may declare (CEOI's limit is 10^6).
constexpr int kMousetrapMaxRooms = 10'000'000;
// The longest input read_mousetrap takes: room for kMousetrapMaxRooms lines of two numbers, with
// blank lines and spaces to spare.
constexpr std::size_t kMousetrapMaxInputBytes = std::size_t{256} << 20;
// Most rooms the exhaustive search accepts.
constexpr int kMousetrapBruteForceMaxRooms = 10;

// A Mousetrap instance with 0-based rooms: passage i joins rooms a[i] and b[i].
struct MousetrapTree {
    int rooms = 0;
    int trap = 0;
    int mouse = 0;
    std::vector<int> a;
    std::vector<int> b;
};

// Parses the CEOI text: `n t m` on the first line, then n-1 lines `a b` (1-based rooms; blank
// lines and CRLF are accepted). Checks that the passages form a tree; throws InputError naming
// `source` and the offending line (malformed or out-of-range numbers, self-loops, repeated
// passages, cycles, too few or too many passage lines).
MousetrapTree parse_mousetrap(std::string_view text, const std::string& source);

// Reads a whole file ("-": standard input) and parses it; InputError if it cannot be read.
MousetrapTree read_mousetrap(const std::string& path);

// The fast solver, with buffers that are kept between solves (the fitness target solves many
// small trees). Throws std::invalid_argument when the instance is not a tree with t and m in
// range.
class MousetrapSolver {
  public:
    std::int64_t solve(const MousetrapTree& tree);

  private:
    bool can_win(std::int64_t k) const;
    // The tree rooted at the trap: link_, children_, parent_ and order_ (every room but t, each
    // after all of its children); throws std::invalid_argument when the passages are no tree.
    void root_at_trap(const MousetrapTree& tree);
    // The mouse's path to t (path_, slot_), w() and f(), and each side child of the path with its
    // path room (side_pairs_); returns the largest f of those, above which nothing needs blocking.
    std::int32_t side_values(const MousetrapTree& tree);
    // The side children's f grouped by path room, heaviest first (side_begin_, side_f_).
    void group_side_values();

    struct Link {
        int degree = 0;  // neighbours not yet peeled
        int others = 0;  // XOR of those neighbours
    };
    std::vector<Link> link_;
    std::vector<int> children_, parent_, order_, slot_;
    std::vector<int> path_;                     // p0 (= m), p1, ..., p(L-1)
    std::vector<std::int32_t> weight_;          // w(x) per room
    std::vector<std::int32_t> first_, second_;  // the two largest f among a room's children
    std::vector<std::pair<int, std::int32_t>> side_pairs_;  // (path index, f) of side children
    std::vector<std::int32_t> side_f_;     // f of the side children of p0, p1, ..., descending
    std::vector<std::size_t> side_begin_;  // p_i's side children: side_f_[begin[i], begin[i+1])
    std::vector<std::size_t> cursor_;
};

// One solve with fresh buffers.
std::int64_t solve_mousetrap(const MousetrapTree& tree);

// Test and benchmark trees of n rooms (n >= 2), labelled and listed in a random order drawn
// from `seed`: Path (the trap at one end, the mouse in the middle, so the mouse's side subtree is
// a chain of n/2 rooms), Star (trap and mouse on two leaves), Random (each room hangs off a
// uniformly random earlier one; random trap and mouse), Caterpillar (a spine of n/2 rooms with a
// leaf on each; trap at one end of the spine, mouse in its middle).
enum class MousetrapShape { Path, Star, Random, Caterpillar };
MousetrapTree make_mousetrap_tree(MousetrapShape shape, int n, std::uint64_t seed);
// The CEOI text of a tree (1-based rooms), as parse_mousetrap reads it.
std::string mousetrap_text(const MousetrapTree& tree);

// The exhaustive game search (rooms <= kMousetrapBruteForceMaxRooms, else
// std::invalid_argument): the least K for which the trapper can force the mouse into t with at
// most K operations, by an AND-OR search with memoisation for K = 0, 1, 2, ...
int mousetrap_brute_force(const MousetrapTree& tree);

}  // namespace maze
