// mazesearch render on passage boards (Mouse Maze 2): cells coloured by visits, walls as lines,
// the entrance and exit gaps marked by arrows.
#include <cstdio>
#include <string>

#include "mazesearch/engine/passage_board.hpp"
#include "mazesearch/engine/passage_walk.hpp"
#include "mazesearch/engine/pictures/passage_picture.hpp"
#include "mazesearch/experiments/commands/commands.hpp"
#include "mazesearch/experiments/commands/passages.hpp"
#include "mazesearch/experiments/files.hpp"

namespace maze::cli {

int render_passage_board(const std::string& file, const std::string& text, const std::string& out,
                         std::string title, int cell_pixels) {
    const PassageBoard b = PassageBoard::parse(text, file == "-" ? "<stdin>" : file);
    const PassageWalkResult walk = passage_walk_report(b);
    const std::string score =
        walk.feasible ? std::to_string(walk.moves) + " moves (in and out counted)" : "infeasible";
    RenderOptions ro;
    ro.cell_pixels = cell_pixels;
    ro.title = title.empty() ? file + ": " + score : std::move(title);
    const std::string svg = pictures::render_passage_svg(b, walk.visits, ro);
    write_file_atomically(out, svg, Sync::No);
    std::printf("%s: wrote %s (%s)\n", file.c_str(), out.c_str(),
                walk.feasible ? (std::to_string(walk.moves) + " moves").c_str() : "infeasible");
    return kExitOk;
}

}  // namespace maze::cli
