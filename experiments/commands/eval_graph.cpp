// mazesearch eval GRAPH.json: moves, feasibility, the most-visited vertex and the Theorem 8
// bound of a maze given as a graph file; --kmod K walks a k-mod mouse and reports trapping.
#include "mazesearch/experiments/commands/eval_graph.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "mazesearch/engine/csr_walk.hpp"
#include "mazesearch/engine/graph_file.hpp"
#include "mazesearch/engine/graph_walk.hpp"

namespace maze::cli {

namespace {

struct GraphReport {
    bool feasible = false;
    bool trapped = false;
    std::uint64_t moves = 0;              // escaped walks
    std::uint64_t moves_before_trap = 0;  // trapped k-mod walks
    std::vector<std::uint64_t> visits;    // per vertex; empty when infeasible
    int most_visited = -1;                // the first vertex with the most visits (escaped walks)
};

GraphReport walk(const GraphFile& g, int kmod) {
    GraphReport rep;
    if (kmod) {
        // The k-mod mouse needs the state's repetition: the reference walk (Brent's method).
        GraphWalkResult r = reference_walk(g.graph, kmod);
        rep.feasible = r.feasible;
        rep.trapped = r.trapped;
        rep.moves = r.moves;
        rep.moves_before_trap = r.cycle_start;
        if (r.feasible) rep.visits = std::move(r.visits);
    } else {
        CsrWalk walker;
        CsrWalkResult r = walker.evaluate(CsrGraph::from(g.graph), true);
        rep.feasible = r.feasible;
        rep.moves = r.moves;
        if (r.feasible) rep.visits = std::move(r.visits);
    }
    if (rep.feasible && !rep.trapped)
        rep.most_visited = static_cast<int>(std::max_element(rep.visits.begin(), rep.visits.end()) -
                                            rep.visits.begin());
    return rep;
}

// The bound as a whole number while it is one exactly (below 2^53), else in %g's form.
std::string bound_text(double b) {
    char buf[64];
    if (b < 9007199254740992.0 && b == std::floor(b))
        std::snprintf(buf, sizeof buf, "%.0f", b);
    else
        std::snprintf(buf, sizeof buf, "%.6g", b);
    return buf;
}

// The Theorem 8 bound needs the diameter, a breadth-first search from every vertex of the
// start's component: for graphs past about 2e8 steps of those searches it is left out.
std::optional<double> bound_of(const GraphFile& g) {
    const double n = g.vertices(), m = static_cast<double>(g.edges.size());
    if (n * (n + m) > 2e8) return std::nullopt;
    return theorem8_bound(g.graph);
}

std::string quote_id(const std::string& id) {
    return nlohmann::json(id).dump();
}

void print_json(const std::string& name, const GraphFile& g, const GraphReport& rep,
                const GraphEvalOptions& o) {
    // Keys in the order written, the visits in the file's vertex order.
    nlohmann::ordered_json j;
    j["file"] = name;
    j["vertices"] = g.vertices();
    j["edges"] = g.edges.size();
    j["convention"] = "paper";
    j["feasible"] = rep.feasible;
    const bool escaped = rep.feasible && !rep.trapped;
    j["moves"] = escaped ? nlohmann::ordered_json(rep.moves) : nlohmann::ordered_json(nullptr);
    if (o.kmod) {
        j["kmod"] = o.kmod;
        j["trapped"] = rep.trapped;
        if (rep.trapped) j["moves_before_trap"] = rep.moves_before_trap;
    }
    if (escaped) {
        j["max_visits"] = rep.visits[static_cast<std::size_t>(rep.most_visited)];
        j["most_visited"] = g.ids[static_cast<std::size_t>(rep.most_visited)];
    }
    if (rep.feasible && !o.kmod) {
        const std::optional<double> bound = bound_of(g);
        j["theorem8_bound"] =
            bound ? nlohmann::ordered_json(*bound) : nlohmann::ordered_json(nullptr);
    }
    if (o.visits && !rep.visits.empty()) {
        nlohmann::ordered_json v = nlohmann::ordered_json::object();
        for (int i = 0; i < g.vertices(); ++i)
            v[g.ids[static_cast<std::size_t>(i)]] = rep.visits[static_cast<std::size_t>(i)];
        j["visits"] = std::move(v);
    }
    std::printf("%s\n", j.dump().c_str());
}

void print_text(const std::string& name, const GraphFile& g, const GraphReport& rep,
                const GraphEvalOptions& o) {
    std::string line = name + ": ";
    if (!rep.feasible) {
        line += "infeasible (the exit cannot be reached from the start)";
    } else if (rep.trapped) {
        line += std::to_string(o.kmod) + "-mod mouse trapped (a state repeated after " +
                std::to_string(rep.moves_before_trap) + " moves)";
    } else {
        const std::string who = o.kmod ? std::to_string(o.kmod) + "-mod mouse escapes: " : "";
        line += who + std::to_string(rep.moves) + " moves (paper convention), feasible";
    }
    line += "; graph of " + std::to_string(g.vertices()) + " vertices, " +
            std::to_string(g.edges.size()) + " edges";
    std::printf("%s\n", line.c_str());
    if (rep.most_visited >= 0)
        std::printf(
            "most visits: %llu at %s\n",
            static_cast<unsigned long long>(rep.visits[static_cast<std::size_t>(rep.most_visited)]),
            quote_id(g.ids[static_cast<std::size_t>(rep.most_visited)]).c_str());
    if (rep.feasible && !o.kmod) {
        if (const std::optional<double> bound = bound_of(g))
            std::printf("Theorem 8 bound: moves < %s\n", bound_text(*bound).c_str());
        else
            std::printf(
                "Theorem 8 bound: not computed (the graph is too large for its exact "
                "diameter)\n");
    }
    if (o.visits && !rep.visits.empty()) {
        std::printf("visits:\n");
        for (int v = 0; v < g.vertices(); ++v)
            std::printf("  %s: %llu\n", quote_id(g.ids[static_cast<std::size_t>(v)]).c_str(),
                        static_cast<unsigned long long>(rep.visits[static_cast<std::size_t>(v)]));
    }
}

}  // namespace

int eval_graph(const std::string& name, const std::string& text, const GraphEvalOptions& o) {
    const GraphFile g = parse_graph_file(text, name);
    const GraphReport rep = walk(g, o.kmod);
    if (o.json)
        print_json(name, g, rep, o);
    else
        print_text(name, g, rep, o);
    if (!o.check || o.kmod) return 0;
    const GraphWalkResult ref = reference_walk(g.graph);
    const bool agree = ref.feasible == rep.feasible &&
                       (!rep.feasible || (ref.moves == rep.moves && ref.visits == rep.visits));
    if (!o.json) std::printf("reference walk: %s\n", agree ? "agrees" : "DISAGREES");
    if (agree) return 0;
    std::fprintf(stderr, "mazesearch: %s: the reference walk disagrees with the fast walk\n",
                 name.c_str());
    return 3;
}

}  // namespace maze::cli
