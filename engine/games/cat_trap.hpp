// The hexagonal cat trap (CodeChef BEARTRAP; the rules in docs/games.md, 'Cat trap'): the board
// and the cat's rule, a trapper that provably wins on the side-20 board within 20 blocks, the
// AND-tree proof of that claim over every tie the cat may take, and an exact AND-OR solver for
// small boards and late positions.
//
// Coordinates are axial (r, c): the cells of a board of side N are those with |r|, |c|,
// |r + c| <= N - 1; the border cells are those where the maximum equals N - 1. The cat starts in
// the centre (0, 0) and moves first.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace maze {

struct Hex {
    int r = 0;
    int c = 0;
    friend bool operator==(Hex, Hex) = default;
};

// One of the 12 symmetries of the hexagon: an optional mirror, then `rotation` sixth-turns.
struct HexSymmetry {
    int rotation = 0;  // 0..5
    bool mirror = false;
    Hex apply(Hex h) const;
    Hex invert(Hex h) const;
};

// Geometry of the board of side N: cell indices, neighbours, border cells.
class HexBoard {
  public:
    static constexpr int kMaxSide = 64;
    // side in [2, kMaxSide]; throws std::invalid_argument otherwise.
    explicit HexBoard(int side);

    int side() const { return side_; }
    int cells() const { return static_cast<int>(hex_.size()); }
    int words() const { return (cells() + 63) / 64; }
    bool contains(Hex h) const;
    // -1 when h is not on the board.
    int index(Hex h) const;
    Hex hex(int i) const { return hex_[static_cast<std::size_t>(i)]; }
    bool border(int i) const { return border_[static_cast<std::size_t>(i)] != 0; }
    int centre() const { return index({0, 0}); }
    // The six neighbours in the order of docs/games.md, 'Cat trap' (east first, then
    // anticlockwise); -1 where they fall off the board.
    const std::array<int, 6>& neighbours(int i) const { return nbr_[static_cast<std::size_t>(i)]; }
    bool adjacent(int a, int b) const;

  private:
    int side_;
    std::vector<Hex> hex_;
    std::vector<int> index_;  // (r + N - 1) * (2N - 1) + (c + N - 1) -> cell, or -1
    std::vector<char> border_;
    std::vector<std::array<int, 6>> nbr_;
};

// A set of cells as bits (cell i = bit i).
using CellBits = std::vector<std::uint64_t>;

inline bool test_bit(const CellBits& b, int i) {
    return (b[static_cast<std::size_t>(i) >> 6] >> (i & 63)) & 1u;
}
inline void set_bit(CellBits& b, int i) {
    b[static_cast<std::size_t>(i) >> 6] |= std::uint64_t{1} << (i & 63);
}
inline void clear_bit(CellBits& b, int i) {
    b[static_cast<std::size_t>(i) >> 6] &= ~(std::uint64_t{1} << (i & 63));
}

constexpr int kUnreachable = -1;

// BFS distance of every open cell to the nearest open border cell through open cells;
// kUnreachable for blocked cells and cells cut off from the border.
void border_distances(const HexBoard& board, const CellBits& blocked, std::vector<int>& dist);

enum class CatStatus {
    Escapes,  // the cat stands on a border cell: it leaves the board (the trapper lost)
    CutOff,   // the cat cannot reach the border: the trapper won
    Moves,    // the cat steps to one of `moves` (the open neighbours of least distance)
};

// The cat's options at its turn; `moves` is filled only for CatStatus::Moves.
CatStatus cat_options(const HexBoard& board, const CellBits& blocked, int cat,
                      std::vector<int>& moves);

// A game in progress: blocked cells, the cat's cell, whose turn it is, the blocks so far.
class CatTrapGame {
  public:
    explicit CatTrapGame(const HexBoard& board);

    const HexBoard& board() const { return *board_; }
    const CellBits& blocked() const { return blocked_; }
    bool is_blocked(int i) const { return test_bit(blocked_, i); }
    int cat() const { return cat_; }
    int blocks_used() const { return blocks_; }
    bool trapper_to_move() const { return trapper_to_move_; }

    CatStatus cat_options(std::vector<int>& moves) const {
        return maze::cat_options(*board_, blocked_, cat_, moves);
    }
    // Why the cat may not step to `to` now; empty when the step is legal.
    std::string illegal_cat_move(int to) const;
    // Why the trapper may not block `cell` now; empty when legal.
    std::string illegal_block(int cell) const;
    // Unchecked moves (check with the functions above first).
    void move_cat(int to);
    void block(int cell);
    // A pre-blocked cell (board set-up; does not count as a block nor pass the turn).
    void preblock(int cell) { set_bit(blocked_, cell); }

  private:
    const HexBoard* board_;
    CellBits blocked_;
    int cat_;
    int blocks_ = 0;
    bool trapper_to_move_ = false;
};

// The trapper of docs/games.md, 'Cat trap', for sides N >= 20 (the editorial's plan, in a
// canonical frame):
//   block 1: the cat stands next to the centre; rotate the board so that it stands on (1,-1)
//            and block (2,-2), so that it must turn towards one side (it cannot run to a corner);
//   block 2: the cat stands on (2,-1) or (1,-2); mirror so that it is (2,-1): from now on it
//            walks one row down (r + 1) a turn, choosing (r+1, c) or (r+1, c-1);
//   blocks 2..8: while it walks, build a pocket at the centre of the side r = N-1 around the
//            column T = -8: (K,T-2) (K-1,T-2) (K-2,T-1) (K,T) (K-1,T+1) (K-2,T+1) (K-3,T+1)
//            with K = N - 1; the pocket's cells are (K-2,T) (K-1,T) (K-1,T-1), its mouth
//            (K-3,T) and its only exit the border cell (K,T-1);
//   then:    steer: force the step left (block (r+1,c)) while c > T, straight on (block
//            (r+1,c-1)) once c = T, so that the cat reaches the mouth (K-3,T); a spare block
//            far behind it; it must step into the pocket (the exit is the nearest border cell);
//            block the mouth behind it; it steps on; block the exit.
// The cat reaches row 9 at most 7 columns left of where it started, so it always reaches the
// column T by row K-3: N - 2 blocks in all (18 on the side-20 board). Off the plan (other sides,
// positions the plan does not produce) it falls back on a greedy block with no guarantee.
class CatTrapper {
  public:
    explicit CatTrapper(const HexBoard& board) : board_(&board) {}
    // The trapper's block in `game` (the cat has just moved; the trapper is to move).
    int respond(const CatTrapGame& game);
    // Whether every block so far came from the plan (not from the fallback).
    bool on_plan() const { return on_plan_; }

    static constexpr int kTargetColumn = -8;
    // The plan needs N >= kMinPlanSide.
    static constexpr int kMinPlanSide = 20;

  private:
    int planned(const CatTrapGame& game);
    int fallback(const CatTrapGame& game) const;
    int canonical_index(Hex h) const { return board_->index(sym_.apply(h)); }

    const HexBoard* board_;
    HexSymmetry sym_;
    bool on_plan_ = true;
};

// The AND-tree over every choice the cat can make (its ties), with the trapper's reply computed by
// CatTrapper at every node.
struct CatTrapProof {
    bool proven = false;      // every line ends with the cat cut off within max_blocks blocks
    std::uint64_t nodes = 0;  // positions with the cat to move
    std::uint64_t leaves = 0;
    int max_blocks = 0;          // most blocks used on any line
    std::uint64_t off_plan = 0;  // trapper replies that came from the fallback
    // When not proven: the failing line as alternating cat cells and blocks, and why.
    std::vector<Hex> line;
    std::string failure;
};

// Explores the tree for side N; `visit` (optional) sees every position with the cat to move.
CatTrapProof prove_cat_trapper(int side, int max_blocks,
                               const std::function<void(const CatTrapGame&)>& visit = {});

// Exact AND-OR search: the least number of further blocks with which the trapper forces the cat
// to be cut off whatever ties it takes, by iterative deepening with a transposition table. Sound
// reductions only: blocks outside the cat's component are all equivalent to a pass; the last
// block must cut the cat off at once, so it lies on any one path from the cat to the border; with
// two blocks left and three disjoint paths out of the cat's cell x, the first block must cut a
// neighbour of x off once x is blocked (boards over 128 cells). A cat one step from two open
// border cells, or about to step onto one, has escaped. Least blocks from the start: the cat
// always escapes for N = 2..6 (N = 6: 21 million nodes, ~40 s).
class CatTrapSolver {
  public:
    struct Result {
        std::optional<int> blocks;  // least blocks; nullopt: none within the budget searched
        bool never = false;         // proven: the cat escapes whatever the trapper does
        bool gave_up = false;       // the node limit was reached (blocks is then nullopt)
        std::uint64_t nodes = 0;
    };

    explicit CatTrapSolver(const HexBoard& board, std::uint64_t node_limit = 50'000'000);

    // Budgets 0, 1, ..., max_budget from `game` (either side to move).
    Result least_blocks(const CatTrapGame& game, int max_budget);
    // Whether the trapper wins within `budget` further blocks (one search at that budget).
    // nullopt when the node limit was reached.
    std::optional<bool> wins_within(const CatTrapGame& game, int budget);
    // A block that wins within `budget` (the trapper to move), or -1 when there is none.
    int winning_block(const CatTrapGame& game, int budget);

  private:
    enum class Value : std::uint8_t { Lose, Unknown, Win };
    struct Entry {
        int win_at = 1 << 30;  // wins with any budget >= win_at
        int no_win_upto = -1;  // no win with any budget <= no_win_upto
        bool lose = false;     // the cat escapes whatever the trapper does
    };
    struct Key {
        CellBits blocked;
        int cat;
        bool trapper;
        friend bool operator==(const Key&, const Key&) = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const;
    };

    Value cat_node(int cat, int budget, int depth);
    Value trapper_node(int cat, int budget, int depth, int* best = nullptr);
    Value lookup(bool trapper, int cat, int budget, bool& found);
    void store(bool trapper, int cat, int budget, Value v);
    bool cut_off(int cat);
    // min(limit, the most paths from `source` to the open border that share no cell but the
    // source): by Menger, the fewest open cells (source excluded) whose blocking cuts it off.
    int disjoint_paths(int source, int limit);
    // The only blocks that can start a win with budget 2 (see the .cpp); false when the
    // reduction does not apply.
    bool two_block_candidates(int cat, std::vector<int>& cand);
    void start(const CatTrapGame& game);
    std::vector<int>& buffer(std::deque<std::vector<int>>& v, int depth);

    const HexBoard* board_;
    std::uint64_t node_limit_;
    std::uint64_t nodes_ = 0;
    bool aborted_ = false;
    CellBits blocked_;
    // Per recursion depth: distances, the cat's moves or the candidate blocks (a deque: growing
    // it keeps the deeper frames' references valid).
    std::deque<std::vector<int>> dist_;
    std::deque<std::vector<int>> list_;
    std::vector<int> queue_;
    std::vector<int> seen_;
    int stamp_ = 0;
    std::unordered_map<Key, Entry, KeyHash> table_;
    // The flow network of disjoint_paths: node 2v = v's entry, 2v + 1 = v's exit, last = sink.
    std::vector<int> edge_to_, edge_next_, edge_head_, parent_edge_;
    std::vector<char> edge_cap_;
};

// "r c" cell text and a readable picture of the board: one text row per r, '.' open, '#' blocked,
// 'C' the cat, indented so that hexagonal neighbours touch.
std::string hex_text(Hex h);
std::string board_picture(const CatTrapGame& game);

}  // namespace maze
