// mazesearch make-graph KIND: writes an example graph file (docs/formats.md, "Graph files"): the
// hexagonal grid, the torus, the 3-D grid and the Lemma 11 tree of configs/graphs/, or any board
// as a graph.
#include <array>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/graphs/graph_examples.hpp"
#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/cli/commands.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/models/file_models.hpp"

namespace maze::experiments {

namespace {

struct MakeGraphOptions {
    std::string kind;
    int side = 4;
    int rows = 6;
    int cols = 6;
    std::string size = "3x3x3";
    int k = 3;
    std::string board;
    std::string out;
};

// "XxYxZ" of grid3d.
std::array<int, 3> parse_size(const std::string& s) {
    std::array<int, 3> xyz{};
    std::size_t at = 0;
    for (int i = 0; i < 3; ++i) {
        std::size_t used = 0;
        int v = 0;
        try {
            v = std::stoi(s.substr(at), &used);
        } catch (const std::exception&) {
            used = 0;
        }
        const bool last = i == 2;
        if (used == 0 || s[at] == '-' || s[at] == '+' ||
            (last ? at + used != s.size() : at + used >= s.size() || s[at + used] != 'x'))
            throw InputError("--size", 0, "'" + s + "': expected X x Y x Z such as 3x3x3");
        xyz[static_cast<std::size_t>(i)] = v;
        at += used + 1;
    }
    return xyz;
}

GraphFile make(const MakeGraphOptions& o) {
    try {
        if (o.kind == "hex") return hex_grid_graph(o.side);
        if (o.kind == "torus") return torus_graph(o.rows, o.cols);
        if (o.kind == "grid3d") {
            const auto [x, y, z] = parse_size(o.size);
            return grid3d_graph(x, y, z);
        }
        if (o.kind == "lemma11") return lemma11_graph(o.k);
    } catch (const std::invalid_argument& e) {
        throw InputError("make-graph " + o.kind, 0, e.what());
    }
    if (o.board.empty())
        throw InputError("make-graph board", 0, "--board FILE is required: the board to convert");
    const InputFile in = read_input_file(o.board, {"make-graph board --board", graphed_file_kinds()});
    GraphFile g = file_model(in.kind).as_graph(in);
    g.description = "the board " + o.board + " as a graph (mazesearch make-graph board)";
    return g;
}

}  // namespace

Command add_make_graph(CLI::App& app) {
    auto opts = std::make_shared<MakeGraphOptions>();
    CLI::App* sub = app.add_subcommand(
        "make-graph", "Write an example graph file: hex, torus, grid3d, lemma11, or a board");
    sub->add_option("kind", opts->kind, "hex, torus, grid3d, lemma11 or board")
        ->required()
        ->check(CLI::IsMember({"hex", "torus", "grid3d", "lemma11", "board"}));
    sub->add_option("--side", opts->side, "hex: cells a side (2..50; default 4)");
    sub->add_option("--rows", opts->rows, "torus: rows (3..100; default 6)");
    sub->add_option("--cols", opts->cols, "torus: columns (3..100; default 6)");
    sub->add_option("--size", opts->size, "grid3d: XxYxZ (1..30 each; default 3x3x3)");
    sub->add_option("--k", opts->k, "lemma11: k (2..100; default 3)");
    sub->add_option("--board", opts->board,
                    "board: the board to convert, a cell board or a hex board ('-' reads standard "
                    "input); not passage boards or graph files");
    sub->add_option("-o,--output", opts->out, "File to write (default: standard output)");
    sub->footer(
        "The graphs of configs/graphs/ are made with this command (configs/graphs/README.md).\n"
        "A board becomes its open cells, ids \"r,c\", each preferring its neighbours in\n"
        "Squeaky's order: down, right, left, up; on a hex board down-right, down-left, right,\n"
        "left, up-right, up-left.");
    return {sub, [opts] {
                const std::string text = graph_file_text(make(*opts));
                if (opts->out.empty()) {
                    std::fputs(text.c_str(), stdout);
                } else {
                    write_file_atomically(opts->out, text, Sync::No);
                    diag().info("wrote {}", opts->out);
                }
                return kExitOk;
            }};
}

}  // namespace maze::experiments
