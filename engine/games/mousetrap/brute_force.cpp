#include <algorithm>
#include <stdexcept>
#include <utility>

#include "mazesearch/engine/games/mousetrap.hpp"
#include "mazesearch/engine/games/mousetrap/tree_checks.hpp"

namespace maze {

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
    detail::check_tree(tree);
    BruteForce game(tree);
    return game.value(tree.mouse);
}

}  // namespace maze
