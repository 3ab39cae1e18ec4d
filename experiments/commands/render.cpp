// mazesearch render FILE -o OUT.svg: the board drawn as the paper's figures are.
#include <cstdio>
#include <fstream>
#include <string>

#include "mazesearch/engine/board.hpp"
#include "mazesearch/engine/svg_render.hpp"
#include "mazesearch/experiments/board_report.hpp"
#include "mazesearch/experiments/command_input.hpp"
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
    sub->add_option("file", opts->file,
                    "A cell board or a passage board ('-' reads standard input); not a graph file")
        ->required();
    sub->add_option("-o,--output", opts->out, "SVG file to write")->required();
    sub->add_option("--title", opts->title, "Title (default: the file name and its score)");
    sub->add_option("--cell-pixels", opts->cell_pixels, "Size of one cell in pixels (default 32)")
        ->check(CLI::Range(4, 256));
    sub->footer(
        "render takes cell boards and passage boards (Mouse Maze 2, a file starting with '+'),\n"
        "not graph files (a graph run's best.svg is its picture).\n"
        "Exit status: 0 success, 2 a bad or refused file (nothing is written).");
    return {sub, [opts] {
                const InputFile in = read_input_file(
                    opts->file, {"render", {FileKind::CellBoard, FileKind::PassageBoard}});
                if (in.kind == FileKind::PassageBoard)  // Mouse Maze 2: render_passages.cpp
                    return render_passage_board(opts->file, in.text, opts->out, opts->title,
                                                opts->cell_pixels);
                const Board b = Board::parse(in.text, in.name);
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
