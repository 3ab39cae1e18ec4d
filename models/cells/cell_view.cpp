// The mouse maze's boards: the board text, and a picture coloured by Squeaky's visits; the unit
// says which objective the values are (moves in a convention, or max visits).
#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/cells/cell_model.hpp"
#include "mazesearch/engine/svg_render.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/models/target_models.hpp"
#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"

namespace maze::experiments {

namespace {

class MouseMazeView : public BoardView {
  public:
    explicit MouseMazeView(const MouseMazeTarget& t) : t_(t) {}

    std::string unit() const override {
        if (t_.objective() == WalkObjective::MaxVisits) return "visits of the most-visited cell";
        return t_.convention() == MouseMazeTarget::Convention::Paper ? "moves (paper convention)"
                                                                     : "moves (Flash convention)";
    }
    std::string text(const Genome& g) const override { return t_.to_board(g).to_text(); }
    std::string svg(const Genome& g, const std::string& title) const override {
        return walked_picture(t_.to_board(g), title);
    }
    std::optional<Genome> read_board(const std::string& path) const override {
        const InputFile in =
            read_input_file(path, {"`initial:` of a mouse-maze target", {ModelId::Cells}});
        return t_.to_genome(Board::parse(in.text, in.name), in.name);
    }

  private:
    const MouseMazeTarget& t_;
};

}  // namespace

}  // namespace maze::experiments

namespace maze {

// Its entry in the table of target models (models/board_models.def).
const experiments::TargetModel* board_models::cells::target_model() {
    static const experiments::TargetModel m{
        .model = ModelId::Cells,
        .kind = "mouse-maze",
        .make = experiments::model_target<make_mouse_maze_target>,
        .view = experiments::model_view<MouseMazeTarget, experiments::MouseMazeView>,
        .python = true};
    return &m;
}

}  // namespace maze
