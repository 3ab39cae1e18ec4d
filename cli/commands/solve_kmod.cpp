// mazesearch solve kmod-trap: the smallest grid boards that trap a k-mod mouse (paper Section 5).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "mazesearch/engine/games/kmod_trap.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/cli/commands.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/search/params.hpp"

namespace maze::experiments {

namespace {

struct KmodOptions {
    int k_from = 2;
    int k_to = 0;  // 0: same as k_from
    int max_cells = 16;
    bool any_placement = false;
    bool json = false;
};

std::string kmod_cell_text(Cell x) {
    return std::to_string(x.r) + "," + std::to_string(x.c);
}

// One k's answer as JSON; every reported board is confirmed by the independent reference walk.
nlohmann::json kmod_json(int k, const KmodSmallestResult& res, const KmodOptions& o,
                         double seconds) {
    nlohmann::json j;
    j["k"] = k;
    j["placement"] = o.any_placement ? "any" : "default";
    j["max_cells"] = o.max_cells;
    j["cells"] = res.cells ? nlohmann::json(res.cells) : nlohmann::json(nullptr);
    j["grids_searched"] = res.grids_searched;
    j["leaves"] = res.leaves;
    j["seconds"] = seconds;
    nlohmann::json grids = nlohmann::json::array();
    for (const KmodTreeResult& g : res.grids) {
        const GraphWalkResult check = reference_grid_walk(*g.smallest, k);
        if (!check.feasible || !check.trapped)
            throw std::runtime_error("the reference walk does not confirm the trap");
        nlohmann::json e;
        e["rows"] = g.rows;
        e["cols"] = g.cols;
        e["start"] = {g.start.r, g.start.c};
        e["exit"] = {g.exit.r, g.exit.c};
        e["trapping_walks"] = g.trapped_leaves;
        e["trapping_boards"] =
            g.trapped_boards ? nlohmann::json(*g.trapped_boards) : nlohmann::json(nullptr);
        e["escaping_boards"] = g.escaped_boards;
        e["smallest_open_cells"] = g.smallest->open_count();
        e["board"] = g.smallest->to_text();
        grids.push_back(std::move(e));
    }
    j["grids"] = std::move(grids);
    return j;
}

void print_kmod_text(int k, const KmodSmallestResult& res, const KmodOptions& o, double seconds) {
    if (!res.cells) {
        std::printf(
            "%d-mod mouse: no grid of at most %d cells traps it (%s placement; %llu "
            "grids, %.1f s)\n",
            k, o.max_cells, o.any_placement ? "any" : "default",
            static_cast<unsigned long long>(res.grids_searched), seconds);
        return;
    }
    std::printf(
        "%d-mod mouse: smallest trapping grids have %d cells (%zu of %llu grids "
        "searched, %s placement, %.1f s)\n",
        k, res.cells, res.grids.size(), static_cast<unsigned long long>(res.grids_searched),
        o.any_placement ? "any" : "default", seconds);
    for (const KmodTreeResult& g : res.grids) {
        std::printf("  %dx%d start %s exit %s: %llu trapping walks", g.rows, g.cols,
                    kmod_cell_text(g.start).c_str(), kmod_cell_text(g.exit).c_str(),
                    static_cast<unsigned long long>(g.trapped_leaves));
        if (g.trapped_boards)
            std::printf(", %llu trapping boards",
                        static_cast<unsigned long long>(*g.trapped_boards));
        std::printf("; one with %d open cells:\n", g.smallest->open_count());
        const std::string text = g.smallest->to_text();
        size_t pos = 0;
        while (pos < text.size()) {
            const size_t nl = text.find('\n', pos);
            std::printf("    %s\n", text.substr(pos, nl - pos).c_str());
            if (nl == std::string::npos) break;
            pos = nl + 1;
        }
    }
}

int run_kmod(const KmodOptions& o) {
    const int k_to = o.k_to ? o.k_to : o.k_from;
    const bool tty = live_progress();
    for (int k = o.k_from; k <= k_to; ++k) {
        const auto t0 = std::chrono::steady_clock::now();
        const KmodSmallestResult res =
            smallest_kmod_traps(k, o.max_cells, o.any_placement, [&](int c) {
                if (tty)
                    std::fprintf(stderr, "\r%d-mod: grids of %d cells...   ", k, c);
                else
                    diag().debug("{}-mod: grids of {} cells", k, c);
            });
        if (tty) std::fprintf(stderr, "\r%40s\r", "");
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const nlohmann::json j = kmod_json(k, res, o, seconds);  // checks every board first
        if (o.json)
            std::printf("%s\n", j.dump().c_str());
        else
            print_kmod_text(k, res, o, seconds);
        std::fflush(stdout);
    }
    return kExitOk;
}

}  // namespace

Command add_solve_kmod(CLI::App& solve) {
    auto o = std::make_shared<KmodOptions>();
    CLI::App* sub = solve.add_subcommand(
        "kmod-trap", "Find the smallest grids on which some board traps a k-mod mouse forever");
    sub->add_option("--k", o->k_from, "Modulus k (from)")->check(CLI::Range(2, 255));
    sub->add_option("--k-to", o->k_to, "Last modulus: solve k, k+1, ..., k-to")
        ->check(CLI::Range(2, 255));
    sub->add_option("--max-cells", o->max_cells, "Largest grid size R*C to try")
        ->check(CLI::Range(2, 40));
    sub->add_flag("--any-placement", o->any_placement,
                  "Try every start and exit (default: start top left, exit bottom left)");
    sub->add_flag("--json", o->json, "One JSON object per k");
    return {sub, [o] {
                if (o->k_to && o->k_to < o->k_from)
                    throw ParamError("--k-to", "", "must be at least --k");
                return run_kmod(*o);
            }};
}

}  // namespace maze::experiments
