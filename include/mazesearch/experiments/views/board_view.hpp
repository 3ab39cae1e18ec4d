// How a target's boards are shown to a user: the unit of its values, a board as text and as a
// picture, and a board file read back into a genome. The Target only scores; the command's run
// folders, reports and pictures go through its view.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "mazesearch/search/genome.hpp"

namespace maze {
class Target;
class CatMouseTarget;
class MousetrapTarget;
class CatTrapTarget;
class KmodTarget;
class ExternalTarget;
}  // namespace maze

namespace maze::experiments {

class BoardView {
  public:
    virtual ~BoardView() = default;

    // The unit of the target's values, e.g. "moves (paper convention)".
    virtual std::string unit() const = 0;
    // The board of a genome as text (best.txt, summaries, reports).
    virtual std::string text(const Genome& g) const = 0;
    // Whether the target's boards have a picture; without one a run folder has no best.svg.
    virtual bool has_picture() const { return true; }
    // The board of a genome as a standalone SVG picture titled `title` (best.svg); only called
    // when has_picture().
    virtual std::string svg(const Genome& g, const std::string& title) const = 0;
    // The genome of a board file (a config's `initial:`); none when the target reads no board
    // files. Throws BoardError for a bad file or a board of another shape.
    virtual std::optional<Genome> read_board(const std::string& /*path*/) const {
        return std::nullopt;
    }
};

// The view of each target; the view refers to the target, which must outlive it.
// A board model's target: its model's view (each model's entry in the table of target models,
// experiments/models/target_models.hpp). Throws std::invalid_argument for a target of no model.
std::unique_ptr<BoardView> make_view(const Target& target);
// The games' targets.
std::unique_ptr<BoardView> make_view(const CatMouseTarget& target);
std::unique_ptr<BoardView> make_view(const MousetrapTarget& target);
std::unique_ptr<BoardView> make_view(const CatTrapTarget& target);
std::unique_ptr<BoardView> make_view(const KmodTarget& target);
// An outside function's target: its model's view, the values in no unit ("score").
std::unique_ptr<BoardView> make_view(const ExternalTarget& target);

}  // namespace maze::experiments
