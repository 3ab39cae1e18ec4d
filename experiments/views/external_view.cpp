// The view of a target scored by an outside function (the Python module's objective): its boards
// are the board model's, shown, drawn and read back as the model's view does; its values are the
// function's, in no unit the engine knows.

#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/search/targets/external_target.hpp"

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
    return std::make_unique<ExternalView>(make_view(target.model()));
}

}  // namespace maze::experiments
