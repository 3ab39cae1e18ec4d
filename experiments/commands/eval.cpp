// mazesearch eval FILE...: moves, Flash count and feasibility of each board, and the most
// visits of one cell (the max-visits objective).
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "mazesearch/engine/board.hpp"
#include "mazesearch/engine/graph_walk.hpp"
#include "mazesearch/engine/mouse_walk.hpp"
#include "mazesearch/engine/passage_board.hpp"
#include "mazesearch/experiments/board_report.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/commands/commands.hpp"
#include "mazesearch/experiments/commands/eval_graph.hpp"
#include "mazesearch/experiments/commands/passages.hpp"

namespace maze::cli {

namespace {

struct EvalOptions {
    std::vector<std::string> files;
    bool visits = false;
    bool json = false;
    bool check = false;
    int kmod = 0;
    bool graph = false;
};

void print_json(const std::string& file, const Board& b, const BoardReport& rep,
                const EvalOptions& o) {
    nlohmann::json j;
    j["file"] = file;
    j["rows"] = b.rows();
    j["cols"] = b.cols();
    j["convention"] = "paper";
    j["feasible"] = rep.feasible;
    j["moves"] = rep.moves ? nlohmann::json(*rep.moves) : nlohmann::json(nullptr);
    j["flash"] = rep.moves ? nlohmann::json(*rep.moves + 2) : nlohmann::json(nullptr);
    if (o.kmod) {
        j["kmod"] = o.kmod;
        j["trapped"] = rep.trapped;
        if (rep.trapped) j["moves_before_trap"] = rep.moves_before_trap;
    }
    if (rep.moves) {
        const MostVisited m = most_visited(b, rep.visits);
        j["max_visits"] = m.visits;
        j["most_visited"] = {m.cell.r, m.cell.c};
    }
    if (rep.feasible && !o.kmod) j["theorem8_bound"] = theorem8_bound(grid_graph(b));
    if (o.visits && !rep.visits.empty()) j["visits"] = visits_json(b.rows(), b.cols(), rep.visits);
    std::printf("%s\n", j.dump().c_str());
}

void print_text(const std::string& file, const Board& b, const BoardReport& rep,
                const EvalOptions& o) {
    std::string line = file + ": ";
    if (!rep.feasible) {
        line += "infeasible (the exit cannot be reached from the start)";
    } else if (o.kmod && rep.trapped) {
        line += std::to_string(o.kmod) + "-mod mouse trapped (a state repeated after " +
                std::to_string(rep.moves_before_trap) + " moves)";
    } else {
        const std::string who = o.kmod ? std::to_string(o.kmod) + "-mod mouse escapes: " : "";
        line += who + std::to_string(*rep.moves) + " moves (paper convention), Flash " +
                std::to_string(*rep.moves + 2) + ", feasible";
    }
    std::printf("%s\n", line.c_str());
    if (rep.moves) {
        const MostVisited m = most_visited(b, rep.visits);
        std::printf("most visits: %llu at (%d, %d)\n", static_cast<unsigned long long>(m.visits),
                    m.cell.r, m.cell.c);
    }
    if (o.visits && !rep.visits.empty()) std::printf("%s", visits_text(b, rep.visits).c_str());
}

}  // namespace

Command add_eval(CLI::App& app) {
    auto opts = std::make_shared<EvalOptions>();
    CLI::App* sub = app.add_subcommand(
        "eval", "Walk Squeaky through each board: moves, Flash count, feasibility");
    sub->add_option("files", opts->files,
                    "Board or graph files: cell boards ('.' open, '#' blocked, one 'S', one 'E'), "
                    "passage boards (drawn with '+', '-' and '|') or graph files (JSON); '-' "
                    "reads standard input")
        ->required();
    sub->add_flag("--visits", opts->visits, "Also print the grid of visit counts");
    sub->add_option("--kmod", opts->kmod,
                    "Walk a k-mod mouse (counts modulo K, K >= 2); reports trapping")
        ->check(CLI::Range(2, 1000000));
    sub->add_flag("--json", opts->json, "JSON Lines: one object per board, in argument order");
    sub->add_flag("--graph", opts->graph,
                  "Take graph files only (docs/formats.md, 'Graph files'): a board among the files "
                  "is refused before any is walked");
    sub->add_flag("--check", opts->check,
                  "Also walk each board with the plain reference walk (the paper's definition on "
                  "a general graph) and fail unless the moves and visit counts agree");
    sub->footer(
        "Moves use the paper's convention (moves until the first arrival at E); the Flash game\n"
        "counts two more. Most visits: the largest visit count of one cell (the first such cell\n"
        "in row-major order; the start counts the move that leaves it, the exit 0), the value of\n"
        "objective max-visits. An infeasible board is a result (feasible false), not an error.\n"
        "eval takes cell boards, passage boards and graph files, told apart by their first\n"
        "character: a passage board (Mouse Maze 2) starts with '+', a graph file with '{' (or is\n"
        "named *.json). A passage board counts the move in and the move out; its exit cell's\n"
        "count is its move out. A graph file is walked on its vertices (ids in the output).\n"
        "Exit status: 0 success, 2 a bad or refused file (the boards before it are already\n"
        "printed; with --graph a board is refused before any file is walked),\n"
        "3 with --check: the reference walk disagrees (a bug; please report the board).");
    return {
        sub, [opts] {
            const FileKinds takes =
                opts->graph
                    ? FileKinds{"eval --graph", {FileKind::GraphFile}}
                    : FileKinds{"eval",
                                {FileKind::CellBoard, FileKind::PassageBoard, FileKind::GraphFile}};
            // A board given to eval --graph stops it before the first result.
            if (opts->graph) check_file_kinds(opts->files, takes);
            int status = kExitOk;
            for (const std::string& file : opts->files) {
                const InputFile in = read_input_file(file, takes);
                const std::string& name = in.name;
                if (in.kind == FileKind::GraphFile) {  // eval_graph.cpp
                    const int s = eval_graph(name, in.text,
                                             {opts->visits, opts->json, opts->check, opts->kmod});
                    if (s != kExitOk) status = s;
                    std::fflush(stdout);
                    continue;
                }
                if (in.kind == FileKind::PassageBoard) {  // Mouse Maze 2: eval_passages.cpp
                    const int s = eval_passage_board(
                        name, in.text, {opts->visits, opts->json, opts->check, opts->kmod});
                    if (s != kExitOk) status = s;
                    std::fflush(stdout);
                    continue;
                }
                const Board b = Board::parse(in.text, name);
                const BoardReport rep = report_board(b, opts->kmod);
                if (opts->json)
                    print_json(name, b, rep, *opts);
                else
                    print_text(name, b, rep, *opts);
                if (opts->check && !opts->kmod) {
                    const GraphWalkResult ref = reference_grid_walk(b);
                    const bool agree = ref.feasible == rep.feasible &&
                                       (!rep.feasible || (rep.moves && ref.moves == *rep.moves &&
                                                          ref.visits == rep.visits));
                    if (!opts->json)
                        std::printf("reference walk: %s\n", agree ? "agrees" : "DISAGREES");
                    if (!agree) {
                        std::fprintf(stderr,
                                     "mazesearch: %s: the reference walk disagrees with the "
                                     "fast walk\n",
                                     name.c_str());
                        status = 3;
                    }
                }
                std::fflush(stdout);
            }
            return status;
        }};
}

}  // namespace maze::cli
