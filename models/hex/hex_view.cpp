// How a run shows the hexagonal boards of its target: the board's text, its picture with
// Squeaky's visits, and a board file (a config's `initial:`) read into a genome.
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/models/target_models.hpp"
#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/models/hex/hex_model.hpp"
#include "mazesearch/models/hex/hex_target.hpp"

namespace maze::experiments {

namespace hex_view {

class HexView : public BoardView {
  public:
    explicit HexView(const HexMazeTarget& t) : t_(t) {}

    std::string unit() const override {
        return t_.objective() == WalkObjective::MaxVisits ? "visits of the most-visited cell"
                                                          : "moves (paper convention)";
    }
    std::string text(const Genome& g) const override { return t_.to_board(g).to_text(); }
    std::string svg(const Genome& g, const std::string& title) const override {
        return walked_picture(t_.to_board(g), title);
    }
    std::optional<Genome> read_board(const std::string& path) const override {
        const InputFile in =
            read_input_file(path, {"`initial:` of a hex target", {ModelId::Hex}});
        return t_.to_genome(HexCellBoard::parse(in.text, in.name), in.name);
    }

  private:
    const HexMazeTarget& t_;
};

}  // namespace hex_view

}  // namespace maze::experiments

namespace maze {

// Its entry in the table of target models (models/board_models.def).
const experiments::TargetModel* board_models::hex::target_model() {
    static const experiments::TargetModel m{
        .model = ModelId::Hex,
        .kind = "hex",
        .make = experiments::model_target<make_hex_target>,
        .view = experiments::model_view<HexMazeTarget, experiments::hex_view::HexView>,
        .python = true};
    return &m;
}

}  // namespace maze
