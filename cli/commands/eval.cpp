// mazesearch eval FILE...: moves, feasibility and the most-visited place of each board or graph
// file (the max-visits objective), written once over the board models (experiments/models/).
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/cli/commands.hpp"
#include "mazesearch/cli/eval_check.hpp"
#include "mazesearch/experiments/models/board_file.hpp"
#include "mazesearch/experiments/models/file_models.hpp"

namespace maze::experiments {

namespace {

struct EvalOptions {
    std::vector<std::string> files;
    bool visits = false;
    bool json = false;
    bool check = false;
    int kmod = 0;
    bool graph = false;
};

// A walk already printed, which a later board's walk may repeat.
struct SeenWalk {
    std::string name;
    std::string shape;  // the model's description of the file (size, convention)
    std::vector<std::uint64_t> visits;
};

// The first earlier file of the same shape whose walk visits every place as often as this one
// (so its moves are equal too): two boards that differ only in cells Squeaky never enters. Empty
// when there is none, and for walks that did not reach the exit.
std::string same_walk_as(const std::vector<SeenWalk>& seen, const std::string& shape,
                         const WalkReport& rep) {
    if (!rep.moves) return {};
    for (const SeenWalk& w : seen)
        if (w.shape == shape && w.visits == rep.visits) return w.name;
    return {};
}

void print_json(const std::string& name, const BoardFile& b, const WalkReport& rep,
                const EvalOptions& o, const std::string& same) {
    // Keys in the order written: what the file is, then what its walk says.
    nlohmann::ordered_json j;
    j["file"] = name;
    j.update(b.describe());
    j["feasible"] = rep.feasible;
    j["moves"] = rep.moves ? nlohmann::ordered_json(*rep.moves) : nullptr;
    if (o.kmod) {
        j["kmod"] = o.kmod;
        j["trapped"] = rep.trapped;
        if (rep.trapped) j["moves_before_trap"] = rep.moves_before_trap;
    }
    if (rep.moves) {
        j["max_visits"] = rep.visits[rep.most_visited()];
        j["most_visited"] = b.place_json(rep.most_visited());
    }
    b.add_facts(rep, o.kmod, &j, nullptr);
    if (!same.empty()) j["same_walk_as"] = same;
    if (o.visits && !rep.visits.empty()) j["visits"] = b.visits_json(rep.visits);
    std::printf("%s\n", j.dump().c_str());
}

void print_text(const std::string& name, const BoardFile& b, const WalkReport& rep,
                const EvalOptions& o, const std::string& same) {
    std::string line = name + ": ";
    if (!rep.feasible) {
        line += "infeasible " + b.infeasible_text();
    } else if (o.kmod && rep.trapped) {
        line += std::to_string(o.kmod) + "-mod mouse trapped (a state repeated after " +
                std::to_string(rep.moves_before_trap) + " moves)";
    } else {
        const std::string who = o.kmod ? std::to_string(o.kmod) + "-mod mouse escapes: " : "";
        line += who + b.moves_text(*rep.moves) + ", feasible";
    }
    std::printf("%s%s\n", line.c_str(), b.size_text().c_str());
    if (rep.moves) {
        const std::size_t most = rep.most_visited();
        std::printf("most visits: %llu at %s\n", static_cast<unsigned long long>(rep.visits[most]),
                    b.place_text(most).c_str());
    }
    std::string lines;
    b.add_facts(rep, o.kmod, nullptr, &lines);
    std::printf("%s", lines.c_str());
    if (!same.empty()) std::printf("same walk as %s (every visit count equal)\n", same.c_str());
    if (o.visits && !rep.visits.empty()) std::printf("%s", b.visits_text(rep.visits).c_str());
}

// Walks one file and prints what eval says of it, naming the first file of `seen` it walks as
// (then adding it to `seen`); returns the exit status (kExitWalkDisagrees: --check found the fast
// walk and the reference walk disagreeing).
int eval_file(const InputFile& in, const EvalOptions& o, std::vector<SeenWalk>& seen) {
    const std::unique_ptr<BoardFile> b = load_board_file(in);
    const WalkReport rep = b->walk(o.kmod);
    const std::string shape = b->describe().dump();
    const std::string same = o.kmod ? std::string() : same_walk_as(seen, shape, rep);
    if (o.json)
        print_json(in.name, *b, rep, o, same);
    else
        print_text(in.name, *b, rep, o, same);
    if (!o.kmod && rep.moves) seen.push_back({in.name, shape, rep.visits});
    if (!o.check || o.kmod) return kExitOk;
    return check_reference_walk(in.name, *b, rep, o.json, stdout, stderr);
}

}  // namespace

int check_reference_walk(const std::string& name, const BoardFile& board, const WalkReport& fast,
                         bool json, std::FILE* out, std::FILE* err) {
    const WalkReport reference = board.reference_walk();
    if (fast.agrees_with(reference)) {
        if (!json) std::fprintf(out, "reference walk: agrees\n");
        return kExitOk;
    }
    // agrees_with and walk_difference are two views of one comparison; never an empty reason
    std::string what = walk_difference(board, fast, reference);
    if (what.empty()) what = "they differ";
    if (!json) std::fprintf(out, "reference walk: DISAGREES: %s\n", what.c_str());
    std::fprintf(err, "mazesearch: %s: the reference walk disagrees with the fast walk: %s\n",
                 name.c_str(), what.c_str());
    return kExitWalkDisagrees;
}

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
        "A board whose walk repeats an earlier file's (the same count on every place: the\n"
        "boards differ only in cells Squeaky never enters) says \"same walk as FILE\"\n"
        "(JSON: same_walk_as), FILE the first such file before it.\n"
        "eval takes cell boards, passage boards, graph files and hex boards, told apart by how\n"
        "they start: a passage board (Mouse Maze 2) with '+', a graph file with '{' (or is named\n"
        "*.json), a hexagonal board with the line \"hex\". A passage board counts the move in and the move out; its exit cell's\n"
        "count is its move out. A graph file is walked on its vertices (ids in the output).\n"
        "Exit status: 0 success, 2 a bad or refused file (the boards before it are already\n"
        "printed; with --graph a board is refused before any file is walked),\n"
        "3 with --check: the reference walk disagrees (a bug; please report the board).");
    return {sub, [opts] {
                const FileKinds takes =
                    opts->graph ? FileKinds{"eval --graph", {ModelId::Graph}}
                                : FileKinds{"eval", every_file_kind()};
                // A board given to eval --graph stops it before the first result.
                if (opts->graph) check_file_kinds(opts->files, takes);
                int status = kExitOk;
                std::vector<SeenWalk> seen;
                for (const std::string& file : opts->files) {
                    const int s = eval_file(read_input_file(file, takes), *opts, seen);
                    if (s != kExitOk) status = s;
                    std::fflush(stdout);
                }
                return status;
            }};
}

}  // namespace maze::experiments
