// Passage boards (Mouse Maze 2): the board in the passage text form (engine/passage_board.hpp),
// and passage board files for a config's `initial:`.
//
// No picture yet: the passage SVG renderer belongs in engine/pictures. When it is there,
// has_picture() returns true and svg() draws the board with reference_passage_walk's visits, as
// the mouse maze's view does; until then a run folder holds best.txt and no best.svg.
#include <stdexcept>

#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/search/targets/passage_target.hpp"

namespace maze::cli {

namespace {

class PassageView : public BoardView {
  public:
    explicit PassageView(const PassageTarget& t) : t_(t) {}

    std::string unit() const override { return "moves (the move in and the move out counted)"; }
    std::string text(const Genome& g) const override { return t_.to_board(g).to_text(); }
    bool has_picture() const override { return false; }
    std::string svg(const Genome& /*g*/, const std::string& /*title*/) const override {
        throw std::logic_error("passage boards have no picture yet (has_picture() is false)");
    }
    std::optional<Genome> read_board(const std::string& path) const override {
        return t_.to_genome(PassageBoard::load(path), path);
    }

  private:
    const PassageTarget& t_;
};

}  // namespace

std::unique_ptr<BoardView> make_view(const PassageTarget& target) {
    return std::make_unique<PassageView>(target);
}

}  // namespace maze::cli
