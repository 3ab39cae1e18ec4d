// mazesearch solve cat-mouse FILE: the exact result of Cat and Mouse (LeetCode 913) on a graph
// given as an adjacency list, and the length of optimal play.
#include <cstdio>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "mazesearch/engine/games/cat_mouse.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/cli/commands.hpp"

namespace maze::experiments {

namespace {

struct CatMouseOptions {
    std::string file;
    bool json = false;
    int mouse = 1;
    int cat = 2;
    int hole = 0;
};

// The roles must name nodes of the graph that was read, so they are checked against it here
// and reported like any other fault of the input.
void check_roles(const CatMouseOptions& o, const CatMouseGraph& g) {
    const std::string source = o.file == "-" ? "<stdin>" : o.file;
    const int n = g.nodes();
    auto check = [&](const char* option, int v) {
        if (v >= n)
            throw InputError(source, 0,
                             std::string(option) + " " + std::to_string(v) +
                                 " is not a node of the graph (its nodes are 0.." +
                                 std::to_string(n - 1) + ")");
    };
    check("--mouse", o.mouse);
    check("--cat", o.cat);
    check("--hole", o.hole);
    if (o.cat == o.hole)
        throw InputError(source, 0,
                         "--cat and --hole name the same node; the cat may never "
                         "be in the hole");
}

std::string human(const CatMouseResult& r) {
    if (r.result == kCatMouseDraw) return "draw: neither player can force a win";
    const std::string who = r.result == kCatMouseMouseWins ? "the mouse" : "the cat";
    const std::uint64_t p = r.plies.value_or(0);
    return who + " wins in " + std::to_string(p) + (p == 1 ? " ply" : " plies") +
           " of optimal play (the winner hurries, the loser delays)";
}

}  // namespace

Command add_solve_cat_mouse(CLI::App& solve) {
    auto opts = std::make_shared<CatMouseOptions>();
    CLI::App* sub = solve.add_subcommand(
        "cat-mouse",
        "Cat and Mouse (LeetCode 913) on a graph, solved exactly by retrograde "
        "analysis: 1 mouse wins, 2 cat wins, 0 draw");
    sub->add_option("file", opts->file,
                    "Adjacency list as JSON, e.g. [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]; "
                    "'-' reads standard input")
        ->required();
    sub->add_flag("--json", opts->json,
                  "Print {\"result\":R,\"plies\":P} on one line (plies null for a draw)");
    sub->add_option("--mouse", opts->mouse, "The mouse's start node (moves first)")
        ->capture_default_str()
        ->check(CLI::Range(0, std::numeric_limits<int>::max()));
    sub->add_option("--cat", opts->cat, "The cat's start node")
        ->capture_default_str()
        ->check(CLI::Range(0, std::numeric_limits<int>::max()));
    sub->add_option("--hole", opts->hole, "The hole (the cat may never enter it)")
        ->capture_default_str()
        ->check(CLI::Range(0, std::numeric_limits<int>::max()));
    sub->footer(
        "Prints the result (0 draw, 1 mouse wins, 2 cat wins) alone on the first line and who\n"
        "wins in how many plies (moves of either player) on the second. The graph must be\n"
        "undirected (v in graph[u] exactly when u in graph[v]) with no self-loops and at least\n"
        "3 nodes. Exit status: 0 success, 2 bad input.");
    return {sub, [opts] {
                const CatMouseGraph g = load_cat_mouse_graph(opts->file);
                check_roles(*opts, g);
                const CatMouseResult r = solve_cat_mouse(g, opts->mouse, opts->cat, opts->hole);
                if (opts->json) {
                    nlohmann::ordered_json j;  // result first, as documented
                    j["result"] = r.result;
                    j["plies"] = r.plies ? nlohmann::ordered_json(*r.plies)
                                         : nlohmann::ordered_json(nullptr);
                    std::printf("%s\n", j.dump().c_str());
                } else {
                    std::printf("%d\n%s\n", r.result, human(r).c_str());
                }
                return kExitOk;
            }};
}

}  // namespace maze::experiments
