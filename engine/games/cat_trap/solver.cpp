#include "mazesearch/engine/games/cat_trap/solver.hpp"

#include <algorithm>
#include <cassert>

namespace maze {

std::size_t CatTrapSolver::KeyHash::operator()(const Key& k) const {
    std::uint64_t h = static_cast<std::uint64_t>(k.cat) * 2 + (k.trapper ? 1 : 0);
    for (std::uint64_t w : k.blocked) {
        h ^= w + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ull;
    }
    return static_cast<std::size_t>(h ^ (h >> 31));
}

CatTrapSolver::CatTrapSolver(const HexBoard& board, std::uint64_t node_limit)
    : board_(&board), node_limit_(node_limit) {
    seen_.assign(static_cast<std::size_t>(board.cells()), 0);
}

std::vector<int>& CatTrapSolver::buffer(std::deque<std::vector<int>>& v, int depth) {
    if (v.size() <= static_cast<std::size_t>(depth)) v.resize(static_cast<std::size_t>(depth) + 1);
    return v[static_cast<std::size_t>(depth)];
}

void CatTrapSolver::start(const CatTrapGame& game) {
    assert(game.board().side() == board_->side());
    blocked_ = game.blocked();
    nodes_ = 0;
    aborted_ = false;
}

bool CatTrapSolver::cut_off(int cat) {
    ++stamp_;
    queue_.clear();
    queue_.push_back(cat);
    seen_[static_cast<std::size_t>(cat)] = stamp_;
    for (std::size_t head = 0; head < queue_.size(); ++head) {
        const int x = queue_[head];
        if (board_->border(x)) return false;
        for (int y : board_->neighbours(x)) {
            if (y < 0 || test_bit(blocked_, y) || seen_[static_cast<std::size_t>(y)] == stamp_)
                continue;
            seen_[static_cast<std::size_t>(y)] = stamp_;
            queue_.push_back(y);
        }
    }
    return true;
}

int CatTrapSolver::disjoint_paths(int source, int limit) {
    // Unit vertex capacities by splitting each open cell into entry -> exit; the source starts at
    // its exit, and every open border cell's exit drains into the sink.
    const HexBoard& board = *board_;
    const int n = board.cells();
    const int sink = 2 * n;
    edge_head_.assign(static_cast<std::size_t>(2 * n + 1), -1);
    edge_to_.clear();
    edge_next_.clear();
    edge_cap_.clear();
    auto add = [&](int a, int b) {
        for (int k = 0; k < 2; ++k) {  // the edge and its residual twin (index ^ 1)
            const int from = k ? b : a;
            edge_to_.push_back(k ? a : b);
            edge_cap_.push_back(k ? 0 : 1);
            edge_next_.push_back(edge_head_[static_cast<std::size_t>(from)]);
            edge_head_[static_cast<std::size_t>(from)] = static_cast<int>(edge_to_.size()) - 1;
        }
    };
    for (int v = 0; v < n; ++v) {
        if (test_bit(blocked_, v)) continue;
        if (v != source) add(2 * v, 2 * v + 1);
        if (board.border(v)) add(2 * v + 1, sink);
        for (int w : board.neighbours(v))
            if (w >= 0 && w != source && !test_bit(blocked_, w)) add(2 * v + 1, 2 * w);
    }
    int flow = 0;
    parent_edge_.resize(static_cast<std::size_t>(2 * n + 1));
    while (flow < limit) {
        std::fill(parent_edge_.begin(), parent_edge_.end(), -1);
        queue_.clear();
        queue_.push_back(2 * source + 1);
        parent_edge_[static_cast<std::size_t>(2 * source + 1)] = -2;
        bool reached = false;
        for (std::size_t head = 0; head < queue_.size() && !reached; ++head)
            for (int e = edge_head_[static_cast<std::size_t>(queue_[head])]; e >= 0;
                 e = edge_next_[static_cast<std::size_t>(e)]) {
                const int to = edge_to_[static_cast<std::size_t>(e)];
                if (!edge_cap_[static_cast<std::size_t>(e)] ||
                    parent_edge_[static_cast<std::size_t>(to)] != -1)
                    continue;
                parent_edge_[static_cast<std::size_t>(to)] = e;
                if (to == sink) {
                    reached = true;
                    break;
                }
                queue_.push_back(to);
            }
        if (!reached) break;
        for (int v = sink; parent_edge_[static_cast<std::size_t>(v)] >= 0;) {
            const int e = parent_edge_[static_cast<std::size_t>(v)];
            edge_cap_[static_cast<std::size_t>(e)] = 0;
            edge_cap_[static_cast<std::size_t>(e ^ 1)] = 1;
            v = edge_to_[static_cast<std::size_t>(e ^ 1)];
        }
        ++flow;
    }
    return flow;
}

bool CatTrapSolver::two_block_candidates(int cat, std::vector<int>& cand) {
    // Blocks A (now) and B (after the cat's step from x to y) must leave y cut off. If B is not
    // x, then x, open and next to y, is cut off too: {A, B} cuts x off, impossible when x has
    // three disjoint paths out. Then B = x, and A alone cuts y off once x is blocked: A is a
    // cut cell of some neighbour y of x in the board with x blocked, and such cells lie on any
    // one path from y to the border.
    if (disjoint_paths(cat, 3) <= 2) return false;
    cand.clear();
    set_bit(blocked_, cat);
    thread_local std::vector<int> dist;
    border_distances(*board_, blocked_, dist);
    bool applies = true;
    for (int y : board_->neighbours(cat)) {
        if (y < 0 || test_bit(blocked_, y)) continue;
        if (dist[static_cast<std::size_t>(y)] == kUnreachable) {
            applies = false;  // y is cut off already: any A would do
            break;
        }
        for (int v = y; dist[static_cast<std::size_t>(v)] > 0;) {
            v = step_to_border(*board_, dist, v);
            set_bit(blocked_, v);
            const bool cuts = cut_off(y);
            clear_bit(blocked_, v);
            if (cuts && std::find(cand.begin(), cand.end(), v) == cand.end()) cand.push_back(v);
        }
    }
    clear_bit(blocked_, cat);
    return applies;
}

CatTrapSolver::Value CatTrapSolver::lookup(bool trapper, int cat, int budget, bool& found) {
    found = false;
    const auto it = table_.find(Key{blocked_, cat, trapper});
    if (it == table_.end()) return Value::Unknown;
    const Entry& e = it->second;
    found = true;
    if (e.lose) return Value::Lose;
    if (budget >= e.win_at) return Value::Win;
    if (budget <= e.no_win_upto) return Value::Unknown;
    found = false;
    return Value::Unknown;
}

void CatTrapSolver::store(bool trapper, int cat, int budget, Value v) {
    if (aborted_) return;
    // Positions near the end of the budget are cheap to redo; on big boards they would fill the
    // table (a key holds the whole blocked set).
    if (budget < 2 && board_->cells() > 128) return;
    // Keep the memory bounded: a cleared table only costs time.
    if (table_.size() >= 4'000'000) table_.clear();
    Entry& e = table_[Key{blocked_, cat, trapper}];
    if (v == Value::Lose)
        e.lose = true;
    else if (v == Value::Win)
        e.win_at = std::min(e.win_at, budget);
    else
        e.no_win_upto = std::max(e.no_win_upto, budget);
}

// Already cut off: any block ends the game.
CatTrapSolver::Value CatTrapSolver::any_block_wins(int cat, int budget, int* best) {
    if (budget < 1) return Value::Unknown;
    for (int i = 0; i < board_->cells(); ++i)
        if (i != cat && !test_bit(blocked_, i)) {
            if (best) *best = i;
            return Value::Win;
        }
    return Value::Unknown;
}

CatTrapSolver::Value CatTrapSolver::last_block(int cat, const std::vector<int>& dist,
                                               std::vector<int>& cand, int* best) {
    // The last block must cut the cat off where it stands, so it lies on every path from
    // the cat to the border, in particular on this shortest one.
    for (int x = cat; dist[static_cast<std::size_t>(x)] > 0;) {
        x = step_to_border(*board_, dist, x);
        cand.push_back(x);
    }
    for (int x : cand) {
        set_bit(blocked_, x);
        const bool won = cut_off(cat);
        clear_bit(blocked_, x);
        if (won) {
            if (best) *best = x;
            store(true, cat, 1, Value::Win);
            return Value::Win;
        }
    }
    // Every other block leaves the cat a path; two open exits were handled by the node, so the
    // cat survives this turn and the budget is spent.
    store(true, cat, 1, Value::Unknown);
    return Value::Unknown;
}

void CatTrapSolver::component_candidates(int cat, std::vector<int>& cand) {
    // Candidates: the cat's component nearest first (blocks near the cat matter most), then one
    // cell outside it: every such block only passes the turn, the cat never sees those cells.
    ++stamp_;
    seen_[static_cast<std::size_t>(cat)] = stamp_;
    cand.push_back(cat);
    for (std::size_t head = 0; head < cand.size(); ++head)
        for (int y : board_->neighbours(cand[head])) {
            if (y < 0 || test_bit(blocked_, y) || seen_[static_cast<std::size_t>(y)] == stamp_)
                continue;
            seen_[static_cast<std::size_t>(y)] = stamp_;
            cand.push_back(y);
        }
    for (int i = 0; i < board_->cells(); ++i)
        if (!test_bit(blocked_, i) && seen_[static_cast<std::size_t>(i)] != stamp_) {
            cand.push_back(i);
            break;
        }
}

bool CatTrapSolver::enter(int cat, int depth, Value& ended) {
    if (++nodes_ > node_limit_) aborted_ = true;
    ended = Value::Unknown;
    if (aborted_) return false;
    ended = Value::Lose;
    if (board_->border(cat)) return false;
    border_distances(*board_, blocked_, buffer(dist_, depth));
    return true;
}

CatTrapSolver::Value CatTrapSolver::cat_node(int cat, int budget, int depth) {
    Value ended = Value::Unknown;
    if (!enter(cat, depth, ended)) return ended;
    std::vector<int>& dist = buffer(dist_, depth);
    const int d = dist[static_cast<std::size_t>(cat)];
    if (d == kUnreachable) return Value::Win;
    if (d == 1) return Value::Lose;  // it steps onto the border and leaves next turn
    bool found = false;
    const Value cached = lookup(false, cat, budget, found);
    if (found) return cached;
    std::vector<int>& moves = buffer(list_, depth);
    detail::cat_options_from(*board_, dist, cat, moves);
    Value result = Value::Win;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const Value v = trapper_node(moves[i], budget, depth + 1);
        if (aborted_) return Value::Unknown;
        if (v == Value::Lose) {
            result = Value::Lose;
            break;
        }
        if (v == Value::Unknown) result = Value::Unknown;  // keep looking for a sure escape
    }
    store(false, cat, budget, result);
    return result;
}

CatTrapSolver::Value CatTrapSolver::trapper_node(int cat, int budget, int depth, int* best) {
    Value ended = Value::Unknown;
    if (!enter(cat, depth, ended)) return ended;
    std::vector<int>& dist = buffer(dist_, depth);
    const int d = dist[static_cast<std::size_t>(cat)];
    if (d == kUnreachable) return any_block_wins(cat, budget, best);
    if (d == 1) {
        int open_exits = 0;
        for (int y : board_->neighbours(cat))
            if (y >= 0 && board_->border(y) && !test_bit(blocked_, y)) ++open_exits;
        if (open_exits >= 2) return Value::Lose;  // one block cannot close both
    }
    if (budget == 0) return Value::Unknown;
    bool found = false;
    if (!best) {
        const Value cached = lookup(true, cat, budget, found);
        if (found) return cached;
    }
    std::vector<int>& cand = buffer(list_, depth);
    cand.clear();
    // On big boards, where the cat's escape is out of reach of proof anyway, budget 2 tries only
    // the blocks that can start a win (the others are not searched, so a failure is "no win",
    // never "lost": small boards search them all to keep their proofs of escape).
    if (budget == 2 && board_->cells() > 128 && two_block_candidates(cat, cand)) {
        const Value v = try_blocks(cand, cat, budget, depth, best);
        if (v == Value::Win || aborted_) return v;
        store(true, cat, budget, Value::Unknown);
        return Value::Unknown;
    }
    cand.clear();
    if (budget == 1) return last_block(cat, dist, cand, best);
    component_candidates(cat, cand);
    // cand[0] is the cat's own cell.
    const Value result =
        try_blocks(std::span<const int>(cand).subspan(1), cat, budget, depth, best);
    if (result == Value::Win || aborted_) return result;
    store(true, cat, budget, result);
    return result;
}

CatTrapSolver::Value CatTrapSolver::try_blocks(std::span<const int> blocks, int cat, int budget,
                                               int depth, int* best) {
    Value result = Value::Lose;
    for (int x : blocks) {
        set_bit(blocked_, x);
        const Value v = cat_node(cat, budget - 1, depth + 1);
        clear_bit(blocked_, x);
        if (aborted_) return Value::Unknown;
        if (v == Value::Win) {
            if (best) *best = x;
            store(true, cat, budget, Value::Win);
            return Value::Win;
        }
        if (v == Value::Unknown) result = Value::Unknown;
    }
    return result;
}

CatTrapSolver::Result CatTrapSolver::least_blocks(const CatTrapGame& game, int max_budget) {
    start(game);
    Result res;
    for (int b = 0; b <= max_budget; ++b) {
        const Value v =
            game.trapper_to_move() ? trapper_node(game.cat(), b, 0) : cat_node(game.cat(), b, 0);
        res.nodes = nodes_;
        if (aborted_) {
            res.gave_up = true;
            return res;
        }
        if (v == Value::Win) {
            res.blocks = b;
            return res;
        }
        if (v == Value::Lose) {
            res.never = true;
            return res;
        }
    }
    return res;
}

int CatTrapSolver::winning_block(const CatTrapGame& game, int budget) {
    assert(budget >= 0);
    if (!game.trapper_to_move()) return -1;
    start(game);
    int best = -1;
    const Value v = trapper_node(game.cat(), budget, 0, &best);
    return v == Value::Win && !aborted_ ? best : -1;
}

}  // namespace maze
