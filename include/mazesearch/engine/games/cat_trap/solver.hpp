// The exact solver of the cat trap, for small boards and late positions (docs/games.md, 'Cat
// trap').
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "mazesearch/engine/games/cat_trap/rules.hpp"

namespace maze {

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
    // What every node does first: count itself (giving up past the node limit), end at once when
    // the cat stands on the border, else lay the distances to the border into this depth's
    // buffer. False with the node's value in `ended` when it ends there.
    bool enter(int cat, int depth, Value& ended);
    // The trapper's node with the cat cut off already: any block ends the game.
    Value any_block_wins(int cat, int budget, int* best);
    // Budget 1: the last block must cut the cat off where it stands (cand: its candidates).
    Value last_block(int cat, const std::vector<int>& dist, std::vector<int>& cand, int* best);
    // The blocks worth trying: the cat's component nearest first, then one cell outside it.
    void component_candidates(int cat, std::vector<int>& cand);
    // The trapper's node tries these blocks in turn: the first after which the cat is lost wins
    // (stored, written to *best). Otherwise Lose when the cat escapes after every block, Unknown
    // when it is not sure for some; Unknown at once (nothing stored) when the search gives up.
    Value try_blocks(std::span<const int> blocks, int cat, int budget, int depth, int* best);
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

}  // namespace maze
