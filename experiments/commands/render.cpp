// mazesearch render FILE -o OUT.svg: the board drawn as the paper's figures are.
#include <cstdio>
#include <fstream>
#include <string>

#include "mazesearch/engine/board.hpp"
#include "mazesearch/engine/passage_board.hpp"
#include "mazesearch/engine/svg_render.hpp"
#include "mazesearch/experiments/board_report.hpp"
#include "mazesearch/experiments/commands/commands.hpp"
#include "mazesearch/experiments/commands/passages.hpp"
#include "mazesearch/experiments/files.hpp"

namespace maze::cli {

namespace {

struct RenderCliOptions {
    std::string file;
    std::string out;
    std::string title;
    int cell_pixels = 32;
};

}  // namespace

Command add_render(CLI::App& app) {
    auto opts = std::make_shared<RenderCliOptions>();
    CLI::App* sub =
        app.add_subcommand("render", "Draw a board as an SVG, cells coloured by visit count");
    sub->add_option("file", opts->file, "Board file (a cell board or a passage board)")->required();
    sub->add_option("-o,--output", opts->out, "SVG file to write")->required();
    sub->add_option("--title", opts->title, "Title (default: the file name and its score)");
    sub->add_option("--cell-pixels", opts->cell_pixels, "Size of one cell in pixels")
        ->check(CLI::Range(4, 256));
    return {sub, [opts] {
                const std::string text = read_board_text(opts->file);
                if (PassageBoard::looks_like(text))  // Mouse Maze 2: render_passages.cpp
                    return render_passage_board(opts->file, text, opts->out, opts->title,
                                                opts->cell_pixels);
                const Board b = Board::parse(text, opts->file == "-" ? "<stdin>" : opts->file);
                const BoardReport rep = report_board(b, 0);
                RenderOptions ro;
                ro.cell_pixels = opts->cell_pixels;
                ro.title = opts->title;
                if (ro.title.empty()) {
                    ro.title = opts->file + ": ";
                    ro.title += rep.moves ? std::to_string(*rep.moves) + " moves (Flash " +
                                                std::to_string(*rep.moves + 2) + ")"
                                          : std::string("infeasible");
                }
                const std::string svg = render_svg(b, rep.visits, ro);
                write_file_atomically(opts->out, svg, Sync::No);
                std::printf(
                    "%s: wrote %s (%s)\n", opts->file.c_str(), opts->out.c_str(),
                    rep.moves ? (std::to_string(*rep.moves) + " moves").c_str() : "infeasible");
                return kExitOk;
            }};
}

}  // namespace maze::cli
