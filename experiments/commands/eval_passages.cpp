// mazesearch eval on passage boards (Mouse Maze 2): moves with the move in and the move out
// counted, feasibility, the most-visited cell and, with --visits, the counts drawn in the maze.
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/engine/graph_walk.hpp"
#include "mazesearch/engine/passage_board.hpp"
#include "mazesearch/engine/passage_walk.hpp"
#include "mazesearch/experiments/board_report.hpp"
#include "mazesearch/experiments/commands/commands.hpp"
#include "mazesearch/experiments/commands/passages.hpp"

namespace maze::cli {

// Named, not anonymous: a unity build puts this file beside the one for cell boards.
namespace passage_eval {

// What eval says about one passage board.
struct PassageReport {
    bool feasible = false;
    bool trapped = false;                 // k-mod walks only
    std::optional<std::uint64_t> moves;   // in and out counted; empty if infeasible or trapped
    std::uint64_t moves_before_trap = 0;  // k-mod: moves walked (the move in counted) at the repeat
    std::vector<std::uint64_t> visits;    // rows * cols, row-major; empty if infeasible
};

PassageReport report(const PassageBoard& b, int kmod) {
    PassageReport rep;
    if (kmod == 0) {
        PassageWalkResult w = passage_walk_report(b);
        rep.feasible = w.feasible;
        if (w.feasible) {
            rep.moves = w.moves;
            rep.visits = std::move(w.visits);
        }
        return rep;
    }
    // A k-mod mouse on the reference walk; the move in is added as reference_passage_walk does.
    const GraphWalkResult g = reference_walk(passage_graph(b), kmod);
    rep.feasible = g.feasible;
    if (!g.feasible) return rep;
    rep.trapped = g.trapped;
    if (g.trapped)
        rep.moves_before_trap = g.moves + 1;
    else
        rep.moves = g.moves + 1;
    rep.visits.assign(g.visits.begin(), g.visits.begin() + b.cells());
    return rep;
}

// The maze drawn as in its file, each cell widened to hold its count.
std::string visits_drawing(const PassageBoard& b, const std::vector<std::uint64_t>& visits) {
    size_t width = 1;
    for (std::uint64_t v : visits) width = std::max(width, std::to_string(v).size());
    const std::string wall(width + 2, '-');
    const std::string gap(width + 2, ' ');
    std::string out;
    auto border = [&](int door) {
        out += '+';
        for (int c = 0; c < b.cols(); ++c) out += (c == door ? gap : wall) + '+';
        out += '\n';
    };
    border(b.entrance());
    for (int r = 0; r < b.rows(); ++r) {
        out += '|';
        for (int c = 0; c < b.cols(); ++c) {
            const std::string n = std::to_string(visits[static_cast<size_t>(r * b.cols() + c)]);
            out += ' ' + std::string(width - n.size(), ' ') + n + ' ';
            out += c + 1 < b.cols() && b.right_open(r, c) ? ' ' : '|';
        }
        out += '\n';
        if (r + 1 == b.rows()) break;
        out += '+';
        for (int c = 0; c < b.cols(); ++c) out += (b.down_open(r, c) ? gap : wall) + '+';
        out += '\n';
    }
    border(b.exit());
    return out;
}

void print_json(const std::string& name, const PassageBoard& b, const PassageReport& rep,
                const PassageEvalOptions& o) {
    nlohmann::json j;
    j["file"] = name;
    j["kind"] = "passages";
    j["rows"] = b.rows();
    j["cols"] = b.cols();
    j["entrance"] = b.entrance();
    j["exit"] = b.exit();
    j["convention"] = "in-and-out";
    j["feasible"] = rep.feasible;
    j["moves"] = rep.moves ? nlohmann::json(*rep.moves) : nlohmann::json(nullptr);
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
    if (o.visits && !rep.visits.empty()) j["visits"] = visits_json(b.rows(), b.cols(), rep.visits);
    std::printf("%s\n", j.dump().c_str());
}

void print_text(const std::string& name, const PassageBoard& b, const PassageReport& rep,
                const PassageEvalOptions& o) {
    std::string line = name + ": ";
    if (!rep.feasible) {
        line += "infeasible (the exit cannot be reached from the entrance)";
    } else if (o.kmod && rep.trapped) {
        line += std::to_string(o.kmod) + "-mod mouse trapped (a state repeated after " +
                std::to_string(rep.moves_before_trap) + " moves)";
    } else {
        const std::string who = o.kmod ? std::to_string(o.kmod) + "-mod mouse escapes: " : "";
        line += who + std::to_string(*rep.moves) +
                " moves (the move in and the move out counted), feasible";
    }
    std::printf("%s\n", line.c_str());
    if (rep.moves) {
        const MostVisited m = most_visited(b, rep.visits);
        std::printf("most visits: %llu at (%d, %d)\n", static_cast<unsigned long long>(m.visits),
                    m.cell.r, m.cell.c);
    }
    if (o.visits && !rep.visits.empty()) std::printf("%s", visits_drawing(b, rep.visits).c_str());
}

}  // namespace passage_eval

int eval_passage_board(const std::string& name, const std::string& text,
                       const PassageEvalOptions& options) {
    const PassageBoard b = PassageBoard::parse(text, name);
    const passage_eval::PassageReport rep = passage_eval::report(b, options.kmod);
    if (options.json)
        passage_eval::print_json(name, b, rep, options);
    else
        passage_eval::print_text(name, b, rep, options);
    if (!options.check || options.kmod) return kExitOk;
    const PassageWalkResult ref = reference_passage_walk(b);
    const bool agree =
        ref.feasible == rep.feasible &&
        (!rep.feasible || (rep.moves && ref.moves == *rep.moves && ref.visits == rep.visits));
    if (!options.json) std::printf("reference walk: %s\n", agree ? "agrees" : "DISAGREES");
    if (agree) return kExitOk;
    std::fprintf(stderr, "mazesearch: %s: the reference walk disagrees with the fast walk\n",
                 name.c_str());
    return 3;
}

}  // namespace maze::cli
