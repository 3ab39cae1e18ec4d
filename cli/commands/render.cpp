// mazesearch render FILE -o OUT.svg: the board drawn as the paper's figures are, any board model
// (experiments/models/).
#include <cstdio>
#include <string>

#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/cli/commands.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/models/board_file.hpp"
#include "mazesearch/experiments/models/file_models.hpp"

namespace maze::experiments {

namespace {

struct RenderCliOptions {
    std::string file;
    std::string out;
    std::string title;
    int cell_pixels = 32;
    int kmod = 0;
};

int render(const RenderCliOptions& o) {
    const InputFile in = read_input_file(o.file, {"render", every_file_kind()});
    const std::unique_ptr<BoardFile> b = load_board_file(in);
    const WalkReport rep = b->walk(o.kmod);
    // A trapped k-mod walk has no moves to score: its title says where the state repeated.
    const std::string score =
        rep.trapped ? std::to_string(o.kmod) + "-mod mouse trapped after " +
                          std::to_string(rep.moves_before_trap) + " moves"
                    : b->title_score(rep);
    const std::string title = o.title.empty() ? o.file + ": " + score : o.title;
    write_file_atomically(o.out, b->svg(rep, title, o.cell_pixels), Sync::No);
    const std::string said = rep.trapped ? score
                             : rep.moves ? std::to_string(*rep.moves) + " moves"
                                         : std::string("infeasible");
    std::printf("%s: wrote %s (%s)\n", o.file.c_str(), o.out.c_str(), said.c_str());
    return kExitOk;
}

}  // namespace

Command add_render(CLI::App& app) {
    auto opts = std::make_shared<RenderCliOptions>();
    CLI::App* sub =
        app.add_subcommand("render", "Draw a board as an SVG, cells coloured by visit count");
    sub->add_option("file", opts->file,
                    "A cell board, a passage board, a graph file or a hex board ('-' reads standard "
                    "input)")
        ->required();
    sub->add_option("-o,--output", opts->out, "SVG file to write")->required();
    sub->add_option("--title", opts->title, "Title (default: the file name and its score)");
    sub->add_option("--cell-pixels", opts->cell_pixels,
                    "Size of one cell in pixels (default 32; boards only)")
        ->check(CLI::Range(4, 256));
    sub->add_option("--kmod", opts->kmod,
                    "Colour by a k-mod mouse's visits (counts modulo K, K >= 2), as eval --kmod "
                    "walks it; a trapped walk is drawn up to the state that repeats")
        ->check(CLI::Range(2, 1000000));
    sub->footer(
        "render takes cell boards, passage boards (Mouse Maze 2, a file starting with '+') and\n"
        "graph files (drawn at their coordinates, or on a circle when they have none).\n"
        "Exit status: 0 success, 2 a bad file (nothing is written).");
    return {sub, [opts] { return render(*opts); }};
}

}  // namespace maze::experiments
