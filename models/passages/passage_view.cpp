// Passage boards (Mouse Maze 2): the board in the passage text form (models/passages/passage_board.hpp),
// its picture (models/passages/passage_picture.hpp: walls over the visit colours, best.svg of a
// run folder), and passage board files for a config's `initial:`.
#include <stdexcept>

#include "mazesearch/models/passages/passage_model.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/models/target_models.hpp"
#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/models/passages/passage_target.hpp"

namespace maze::experiments {

namespace {

class PassageView : public BoardView {
  public:
    explicit PassageView(const PassageTarget& t) : t_(t) {}

    std::string unit() const override { return "moves (the move in and the move out counted)"; }
    std::string text(const Genome& g) const override { return t_.to_board(g).to_text(); }
    std::string svg(const Genome& g, const std::string& title) const override {
        return walked_picture(t_.to_board(g), title);
    }
    std::optional<Genome> read_board(const std::string& path) const override {
        const InputFile in =
            read_input_file(path, {"`initial:` of a passages target", {ModelId::Passages}});
        return t_.to_genome(PassageBoard::parse(in.text, in.name), path);
    }

  private:
    const PassageTarget& t_;
};

}  // namespace

}  // namespace maze::experiments

namespace maze {

// Its entry in the table of target models (models/board_models.def).
const experiments::TargetModel* board_models::passages::target_model() {
    static const experiments::TargetModel m{
        .model = ModelId::Passages,
        .kind = "passages",
        .make = experiments::model_target<make_passage_target>,
        .view = experiments::model_view<PassageTarget, experiments::PassageView>,
        .python = true};
    return &m;
}

}  // namespace maze
