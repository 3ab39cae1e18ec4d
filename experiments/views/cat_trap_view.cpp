// The cat trap's boards: the hexagonal board as text, and a picture of its hexagons with the
// pre-blocked cells dark and the cat in the centre.
#include <vector>

#include "mazesearch/engine/pictures/hex_picture.hpp"
#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/search/targets/cat_trap_target.hpp"

namespace maze::experiments {

namespace {

class CatTrapView : public BoardView {
  public:
    explicit CatTrapView(const CatTrapTarget& t) : t_(t) {}

    std::string unit() const override {
        return t_.objective() == CatTrapTarget::Objective::Maximise
                   ? "trapper blocks"
                   : "trapper blocks (negated: fewer is better)";
    }
    std::string text(const Genome& g) const override { return board_picture(t_.to_game(g)); }
    std::string svg(const Genome& g, const std::string& title) const override {
        const CatTrapGame game = t_.to_game(g);
        const HexBoard& board = t_.board();
        std::vector<Hex> blocked;
        for (int i = 0; i < board.cells(); ++i)
            if (game.is_blocked(i)) blocked.push_back(board.hex(i));
        return pictures::render_hex_svg(board.side(), blocked, board.hex(game.cat()), title);
    }

  private:
    const CatTrapTarget& t_;
};

}  // namespace

std::unique_ptr<BoardView> make_view(const CatTrapTarget& target) {
    return std::make_unique<CatTrapView>(target);
}

}  // namespace maze::experiments
