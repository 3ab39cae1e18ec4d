// The games played on square-grid boards (Cat and Mouse, Mousetrap, k-mod traps): the board text
// and a plain picture (no visit counts), the game's unit in the title.
#include "mazesearch/engine/svg_render.hpp"
#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/search/targets/cat_mouse_target.hpp"
#include "mazesearch/search/targets/kmod_target.hpp"
#include "mazesearch/search/targets/mousetrap_target.hpp"

namespace maze::experiments {

namespace {

std::string plain_svg(const Board& b, const std::string& title) {
    RenderOptions o;
    o.title = title;
    return render_svg(b, {}, o);
}

class CatMouseView : public BoardView {
  public:
    explicit CatMouseView(const CatMouseTarget& t) : t_(t) {}

    std::string unit() const override {
        switch (t_.objective()) {
            case CatMouseTarget::Objective::CatWinPlies:
                return "plies of the cat's forced win (draw 0, mouse win -1)";
            case CatMouseTarget::Objective::MouseWinPlies:
                return "plies of the mouse's forced win (draw 0, cat win -1)";
            case CatMouseTarget::Objective::DecisivePlies:
                return "plies of optimal play (draw 0)";
        }
        return "plies";
    }
    // The board text with the cat's cell marked 'C' ('S' start, 'E' exit, '#' blocked, '.').
    std::string text(const Genome& g) const override {
        std::string text = t_.to_board(g).to_text();
        const Cell cat = t_.cat();
        text[static_cast<std::size_t>(cat.r * (t_.cols() + 1) + cat.c)] = 'C';
        return text;
    }
    std::string svg(const Genome& g, const std::string& title) const override {
        RenderOptions o;
        o.title = title.empty() ? std::string() : title + ", cat at " + cell_text(t_.cat());
        o.marks.push_back({t_.cat(), 'C'});
        return render_svg(t_.to_board(g), {}, o);
    }

  private:
    const CatMouseTarget& t_;
};

class MousetrapView : public BoardView {
  public:
    explicit MousetrapView(const MousetrapTarget& t) : t_(t) {}

    std::string unit() const override { return "trapper operations"; }
    std::string text(const Genome& g) const override { return t_.to_board(g).to_text(); }
    std::string svg(const Genome& g, const std::string& title) const override {
        return plain_svg(t_.to_board(g), title);
    }

  private:
    const MousetrapTarget& t_;
};

class KmodView : public BoardView {
  public:
    explicit KmodView(const KmodTarget& t) : t_(t) {}

    std::string unit() const override {
        const std::string k = std::to_string(t_.k());
        return t_.objective() == KmodTarget::Objective::TrapSmall
                   ? "1e6 - open cells if the " + k + "-mod mouse is trapped, else its moves"
                   : "moves of the " + k + "-mod mouse to the exit (0 if trapped)";
    }
    std::string text(const Genome& g) const override { return t_.grid().to_board(g).to_text(); }
    std::string svg(const Genome& g, const std::string& title) const override {
        return plain_svg(t_.grid().to_board(g), title);
    }

  private:
    const KmodTarget& t_;
};

}  // namespace

std::unique_ptr<BoardView> make_view(const CatMouseTarget& target) {
    return std::make_unique<CatMouseView>(target);
}

std::unique_ptr<BoardView> make_view(const MousetrapTarget& target) {
    return std::make_unique<MousetrapView>(target);
}

std::unique_ptr<BoardView> make_view(const KmodTarget& target) {
    return std::make_unique<KmodView>(target);
}

}  // namespace maze::experiments
