// The view of a target scored by an outside function (the Python module's objective): its boards
// are the board model's, shown, drawn and read back as the model's view does; its values are the
// function's, in no unit the engine knows.
#include <stdexcept>

#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/search/targets/external_target.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"
#include "mazesearch/models/hex/hex_target.hpp"
#include "mazesearch/models/passages/passage_target.hpp"

namespace maze::experiments {

namespace {

class ExternalView : public BoardView {
  public:
    explicit ExternalView(std::unique_ptr<BoardView> model_view)
        : model_view_(std::move(model_view)) {}

    std::string unit() const override { return "score"; }
    std::string text(const Genome& g) const override { return model_view_->text(g); }
    bool has_picture() const override { return model_view_->has_picture(); }
    std::string svg(const Genome& g, const std::string& title) const override {
        return model_view_->svg(g, title);
    }
    std::optional<Genome> read_board(const std::string& path) const override {
        return model_view_->read_board(path);
    }

  private:
    std::unique_ptr<BoardView> model_view_;
};

}  // namespace

std::unique_ptr<BoardView> make_view(const ExternalTarget& target) {
    if (const auto* cells = dynamic_cast<const MouseMazeTarget*>(&target.model()))
        return std::make_unique<ExternalView>(make_view(*cells));
    if (const auto* passages = dynamic_cast<const PassageTarget*>(&target.model()))
        return std::make_unique<ExternalView>(make_view(*passages));
    if (const auto* hex = dynamic_cast<const HexMazeTarget*>(&target.model()))
        return std::make_unique<ExternalView>(make_view(*hex));
    throw std::invalid_argument("make_view: an external target's model is cells, passages or hex");
}

}  // namespace maze::experiments
