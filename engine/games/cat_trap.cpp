#include "mazesearch/engine/games/cat_trap.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace maze {

namespace {

// Neighbour offsets in the order of docs/games.md, 'Cat trap': (r,c+1) (r-1,c+1) (r-1,c) (r,c-1)
// (r+1,c-1) (r+1,c).
constexpr std::array<Hex, 6> kDirs{{{0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}, {1, 0}}};

// A sixth-turn: it maps each direction above to the next one.
Hex rotate(Hex h) {
    return {-h.c, h.r + h.c};
}
// A reflection of the hexagon (it fixes the diagonal c = -r).
Hex reflect(Hex h) {
    return {-h.c, -h.r};
}

}  // namespace

Hex HexSymmetry::apply(Hex h) const {
    if (mirror) h = reflect(h);
    for (int k = 0; k < rotation; ++k) h = rotate(h);
    return h;
}

Hex HexSymmetry::invert(Hex h) const {
    for (int k = rotation; k % 6 != 0; ++k) h = rotate(h);  // 6 - rotation more sixth-turns
    if (mirror) h = reflect(h);
    return h;
}

HexBoard::HexBoard(int side) : side_(side) {
    if (side < 2 || side > kMaxSide)
        throw std::invalid_argument("hex board side must be in [2, " + std::to_string(kMaxSide) +
                                    "], got " + std::to_string(side));
    const int k = side - 1;
    const int w = 2 * side - 1;
    index_.assign(static_cast<std::size_t>(w * w), -1);
    for (int r = -k; r <= k; ++r)
        for (int c = -k; c <= k; ++c) {
            if (std::abs(r + c) > k) continue;
            index_[static_cast<std::size_t>((r + k) * w + (c + k))] = static_cast<int>(hex_.size());
            hex_.push_back({r, c});
            border_.push_back(std::max({std::abs(r), std::abs(c), std::abs(r + c)}) == k);
        }
    nbr_.resize(hex_.size());
    for (std::size_t i = 0; i < hex_.size(); ++i)
        for (int d = 0; d < 6; ++d)
            nbr_[i][static_cast<std::size_t>(d)] =
                index({hex_[i].r + kDirs[static_cast<std::size_t>(d)].r,
                       hex_[i].c + kDirs[static_cast<std::size_t>(d)].c});
}

bool HexBoard::contains(Hex h) const {
    const int k = side_ - 1;
    return std::abs(h.r) <= k && std::abs(h.c) <= k && std::abs(h.r + h.c) <= k;
}

int HexBoard::index(Hex h) const {
    if (!contains(h)) return -1;
    const int k = side_ - 1;
    return index_[static_cast<std::size_t>((h.r + k) * (2 * side_ - 1) + (h.c + k))];
}

bool HexBoard::adjacent(int a, int b) const {
    const auto& n = neighbours(a);
    return std::find(n.begin(), n.end(), b) != n.end();
}

void border_distances(const HexBoard& board, const CellBits& blocked, std::vector<int>& dist) {
    const int n = board.cells();
    dist.assign(static_cast<std::size_t>(n), kUnreachable);
    // A plain vector read from the front is the FIFO; kept per thread to avoid reallocating.
    thread_local std::vector<int> queue;
    queue.clear();
    for (int i = 0; i < n; ++i)
        if (board.border(i) && !test_bit(blocked, i)) {
            dist[static_cast<std::size_t>(i)] = 0;
            queue.push_back(i);
        }
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const int x = queue[head];
        const int dx = dist[static_cast<std::size_t>(x)] + 1;
        for (int y : board.neighbours(x)) {
            if (y < 0 || test_bit(blocked, y) || dist[static_cast<std::size_t>(y)] != kUnreachable)
                continue;
            dist[static_cast<std::size_t>(y)] = dx;
            queue.push_back(y);
        }
    }
}

namespace {

CatStatus options_from(const HexBoard& board, const std::vector<int>& dist, int cat,
                       std::vector<int>& moves) {
    moves.clear();
    if (board.border(cat)) return CatStatus::Escapes;
    const int d = dist[static_cast<std::size_t>(cat)];
    if (d == kUnreachable) return CatStatus::CutOff;
    // A neighbour one step nearer always exists; the cat takes any of them.
    for (int y : board.neighbours(cat))
        if (y >= 0 && dist[static_cast<std::size_t>(y)] == d - 1) moves.push_back(y);
    return CatStatus::Moves;
}

}  // namespace

CatStatus cat_options(const HexBoard& board, const CellBits& blocked, int cat,
                      std::vector<int>& moves) {
    thread_local std::vector<int> dist;
    border_distances(board, blocked, dist);
    return options_from(board, dist, cat, moves);
}

// --- the game -------------------------------------------------------------------------------

CatTrapGame::CatTrapGame(const HexBoard& board)
    : board_(&board), blocked_(static_cast<std::size_t>(board.words()), 0), cat_(board.centre()) {}

std::string CatTrapGame::illegal_cat_move(int to) const {
    if (trapper_to_move_) return "it is the trapper's turn";
    if (to < 0 || to >= board_->cells()) return "the cell is not on the board";
    std::vector<int> moves;
    switch (cat_options(moves)) {
        case CatStatus::Escapes:
            return "the cat stands on the border cell " + hex_text(board_->hex(cat_)) +
                   " and escapes";
        case CatStatus::CutOff:
            return "the cat is cut off from the border (the game is won)";
        case CatStatus::Moves:
            break;
    }
    if (std::find(moves.begin(), moves.end(), to) != moves.end()) return "";
    const std::string from = hex_text(board_->hex(cat_));
    if (!board_->adjacent(cat_, to)) return "the cell is not adjacent to the cat's cell " + from;
    if (is_blocked(to)) return "the cell is blocked";
    std::string nearest;
    for (int m : moves) nearest += (nearest.empty() ? "" : ", ") + hex_text(board_->hex(m));
    return "the cell is not one of the cat's nearest steps to the border from " + from + " (" +
           nearest + ")";
}

std::string CatTrapGame::illegal_block(int cell) const {
    if (!trapper_to_move_) return "it is the cat's turn";
    if (cell < 0 || cell >= board_->cells()) return "the cell is not on the board";
    if (is_blocked(cell)) return "the cell is already blocked";
    if (cell == cat_) return "the cat stands on the cell";
    return "";
}

void CatTrapGame::move_cat(int to) {
    cat_ = to;
    trapper_to_move_ = true;
}

void CatTrapGame::block(int cell) {
    set_bit(blocked_, cell);
    ++blocks_;
    trapper_to_move_ = false;
}

// --- the trapper ----------------------------------------------------------------------------

int CatTrapper::respond(const CatTrapGame& game) {
    if (on_plan_) {
        const int b = planned(game);
        if (b >= 0 && game.illegal_block(b).empty()) return b;
        on_plan_ = false;
    }
    return fallback(game);
}

int CatTrapper::planned(const CatTrapGame& game) {
    const int n = board_->side();
    if (n < kMinPlanSide) return -1;
    const int k = n - 1;
    const int t = kTargetColumn;
    const int turn = game.blocks_used() + 1;
    const Hex actual = board_->hex(game.cat());
    if (turn == 1) {
        // Every neighbour of the centre is a sixth-turn of (1,-1).
        sym_ = {};
        for (int rot = 0; rot < 6; ++rot) {
            sym_.rotation = rot;
            if (sym_.apply({1, -1}) == actual) return canonical_index({2, -2});
        }
        return -1;
    }
    if (turn == 2 && sym_.invert(actual) == Hex{1, -2}) sym_.mirror = true;  // fixes (1,-1)
    const Hex cat = sym_.invert(actual);
    // The pocket, built while the cat walks from row 2 to row 8 (blocks 2..8).
    const std::array<Hex, 7> pocket{{{k, t - 2},
                                     {k - 1, t - 2},
                                     {k - 2, t - 1},
                                     {k, t},
                                     {k - 1, t + 1},
                                     {k - 2, t + 1},
                                     {k - 3, t + 1}}};
    // Inside the sector of the side r = K: one row a turn, two choices of column.
    const bool walking = cat.c < 0 && cat.c > -cat.r;
    if (turn <= 8) {
        if (!walking || cat.r != turn) return -1;
        return canonical_index(pocket[static_cast<std::size_t>(turn - 2)]);
    }
    // A harmless block: far behind the cat, on the side of the board it walks away from.
    auto spare = [&]() {
        for (int r = 0; r >= -k; --r) {
            const int i = canonical_index({r, 0});
            if (!game.is_blocked(i)) return i;
        }
        return -1;
    };
    const int mouth = k - 3;
    if (walking && cat.r < mouth && cat.c >= t && cat.c - t <= mouth - cat.r) {
        // Force the step left while the cat is right of the column, else straight on. When the
        // forcing cell is already blocked (a pocket wall), the cat has no choice anyway.
        const int force = cat.c > t ? canonical_index({cat.r + 1, cat.c})
                                    : canonical_index({cat.r + 1, cat.c - 1});
        return game.is_blocked(force) ? spare() : force;
    }
    if (cat == Hex{mouth, t}) return spare();  // it must step into the pocket
    if (cat == Hex{mouth + 1, t}) return canonical_index({mouth, t});  // close the mouth
    if (cat == Hex{k - 1, t} || cat == Hex{k - 1, t - 1})
        return canonical_index({k, t - 1});  // close the exit
    return -1;
}

int CatTrapper::fallback(const CatTrapGame& game) const {
    // Greedy, without guarantee: cut the cat off at once if one block does it, else block the
    // first of the cells it would step to next.
    const HexBoard& board = *board_;
    std::vector<int> dist;
    border_distances(board, game.blocked(), dist);
    const int cat = game.cat();
    CellBits blocked = game.blocked();
    int first_step = -1;
    if (dist[static_cast<std::size_t>(cat)] > 0) {
        for (int x = cat; dist[static_cast<std::size_t>(x)] > 0;) {
            int next = -1;
            for (int y : board.neighbours(x))
                if (y >= 0 &&
                    dist[static_cast<std::size_t>(y)] == dist[static_cast<std::size_t>(x)] - 1) {
                    next = y;
                    break;
                }
            if (first_step < 0) first_step = next;
            set_bit(blocked, next);
            std::vector<int> moves;
            const bool cuts = maze::cat_options(board, blocked, cat, moves) == CatStatus::CutOff;
            clear_bit(blocked, next);
            if (cuts) return next;
            x = next;
        }
    }
    if (first_step >= 0) return first_step;
    for (int i = 0; i < board.cells(); ++i)
        if (game.illegal_block(i).empty()) return i;
    return -1;
}

// --- the AND-tree proof ---------------------------------------------------------------------

CatTrapProof prove_cat_trapper(int side, int max_blocks,
                               const std::function<void(const CatTrapGame&)>& visit) {
    const HexBoard board(side);
    CatTrapProof proof;
    std::vector<Hex> line;
    std::function<bool(const CatTrapGame&, const CatTrapper&)> explore =
        [&](const CatTrapGame& game, const CatTrapper& trapper) {
            ++proof.nodes;
            if (visit) visit(game);
            std::vector<int> moves;
            switch (game.cat_options(moves)) {
                case CatStatus::CutOff:
                    ++proof.leaves;
                    proof.max_blocks = std::max(proof.max_blocks, game.blocks_used());
                    return true;
                case CatStatus::Escapes:
                    proof.failure = "the cat escapes from " + hex_text(board.hex(game.cat()));
                    return false;
                case CatStatus::Moves:
                    break;
            }
            for (int y : moves) {
                CatTrapGame next = game;
                next.move_cat(y);
                line.push_back(board.hex(y));
                if (next.blocks_used() >= max_blocks) {
                    proof.failure =
                        "the cat is not cut off after " + std::to_string(max_blocks) + " blocks";
                    return false;
                }
                CatTrapper t = trapper;
                const int b = t.respond(next);
                if (!t.on_plan()) ++proof.off_plan;
                const std::string why = next.illegal_block(b);
                if (!why.empty()) {
                    proof.failure = "illegal block: " + why;
                    return false;
                }
                next.block(b);
                line.push_back(board.hex(b));
                if (!explore(next, t)) return false;
                line.resize(line.size() - 2);
            }
            return true;
        };
    const CatTrapGame start(board);
    proof.proven = explore(start, CatTrapper(board));
    if (!proof.proven) proof.line = line;
    return proof;
}

// --- the exact solver -----------------------------------------------------------------------

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
            for (int w : board_->neighbours(v))
                if (w >= 0 &&
                    dist[static_cast<std::size_t>(w)] == dist[static_cast<std::size_t>(v)] - 1) {
                    v = w;
                    break;
                }
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

CatTrapSolver::Value CatTrapSolver::cat_node(int cat, int budget, int depth) {
    if (++nodes_ > node_limit_) aborted_ = true;
    if (aborted_) return Value::Unknown;
    if (board_->border(cat)) return Value::Lose;
    std::vector<int>& dist = buffer(dist_, depth);
    border_distances(*board_, blocked_, dist);
    const int d = dist[static_cast<std::size_t>(cat)];
    if (d == kUnreachable) return Value::Win;
    if (d == 1) return Value::Lose;  // it steps onto the border and leaves next turn
    bool found = false;
    const Value cached = lookup(false, cat, budget, found);
    if (found) return cached;
    std::vector<int>& moves = buffer(list_, depth);
    options_from(*board_, dist, cat, moves);
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
    if (++nodes_ > node_limit_) aborted_ = true;
    if (aborted_) return Value::Unknown;
    if (board_->border(cat)) return Value::Lose;
    std::vector<int>& dist = buffer(dist_, depth);
    border_distances(*board_, blocked_, dist);
    const int d = dist[static_cast<std::size_t>(cat)];
    const int cells = board_->cells();
    if (d == kUnreachable) {
        // Already cut off: any block ends the game.
        if (budget < 1) return Value::Unknown;
        for (int i = 0; i < cells; ++i)
            if (i != cat && !test_bit(blocked_, i)) {
                if (best) *best = i;
                return Value::Win;
            }
        return Value::Unknown;
    }
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
    if (budget == 2 && cells > 128 && two_block_candidates(cat, cand)) {
        for (int x : cand) {
            set_bit(blocked_, x);
            const Value v = cat_node(cat, budget - 1, depth + 1);
            clear_bit(blocked_, x);
            if (aborted_) return Value::Unknown;
            if (v == Value::Win) {
                if (best) *best = x;
                store(true, cat, budget, Value::Win);
                return Value::Win;
            }
        }
        store(true, cat, budget, Value::Unknown);
        return Value::Unknown;
    }
    cand.clear();
    if (budget == 1) {
        // The last block must cut the cat off where it stands, so it lies on every path from
        // the cat to the border, in particular on this shortest one.
        for (int x = cat; dist[static_cast<std::size_t>(x)] > 0;) {
            for (int y : board_->neighbours(x))
                if (y >= 0 &&
                    dist[static_cast<std::size_t>(y)] == dist[static_cast<std::size_t>(x)] - 1) {
                    x = y;
                    break;
                }
            cand.push_back(x);
        }
        for (int x : cand) {
            set_bit(blocked_, x);
            const bool won = cut_off(cat);
            clear_bit(blocked_, x);
            if (won) {
                if (best) *best = x;
                store(true, cat, budget, Value::Win);
                return Value::Win;
            }
        }
        // Every other block leaves the cat a path; two open exits were handled above, so the
        // cat survives this turn and the budget is spent.
        store(true, cat, budget, Value::Unknown);
        return Value::Unknown;
    }
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
    for (int i = 0; i < cells; ++i)
        if (!test_bit(blocked_, i) && seen_[static_cast<std::size_t>(i)] != stamp_) {
            cand.push_back(i);
            break;
        }
    Value result = Value::Lose;
    for (std::size_t i = 1; i < cand.size(); ++i) {
        const int x = cand[i];
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
    store(true, cat, budget, result);
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

std::optional<bool> CatTrapSolver::wins_within(const CatTrapGame& game, int budget) {
    start(game);
    const Value v = game.trapper_to_move() ? trapper_node(game.cat(), budget, 0)
                                           : cat_node(game.cat(), budget, 0);
    if (aborted_) return std::nullopt;
    return v == Value::Win;
}

int CatTrapSolver::winning_block(const CatTrapGame& game, int budget) {
    if (!game.trapper_to_move()) return -1;
    start(game);
    int best = -1;
    const Value v = trapper_node(game.cat(), budget, 0, &best);
    return v == Value::Win && !aborted_ ? best : -1;
}

// --- text -----------------------------------------------------------------------------------

std::string hex_text(Hex h) {
    // snprintf rather than operator+ chains, which trip GCC 12's -Wrestrict false positive.
    char buf[32];
    std::snprintf(buf, sizeof buf, "(%d, %d)", h.r, h.c);
    return buf;
}

std::string board_picture(const CatTrapGame& game) {
    const HexBoard& board = game.board();
    const int k = board.side() - 1;
    std::string out;
    for (int r = -k; r <= k; ++r) {
        // Row r + 1 sits half a cell left of row r, so the rows are indented by |r|.
        out.append(static_cast<std::size_t>(std::abs(r)), ' ');
        const int lo = std::max(-k, -k - r);
        const int hi = std::min(k, k - r);
        for (int c = lo; c <= hi; ++c) {
            const int i = board.index({r, c});
            out += i == game.cat() ? 'C' : game.is_blocked(i) ? '#' : '.';
            if (c < hi) out += ' ';
        }
        out += '\n';
    }
    return out;
}

}  // namespace maze
