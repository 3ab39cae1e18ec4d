// libFuzzer target: checkpoints (maze::experiments::parse_checkpoint), restored into a real optimizer and
// Evaluator on a small mouse maze, then a few steps. The optimizer is the kind the checkpoint
// names, built from each of a few fixed parameter sets, and started before the restore as a
// resumed repeat is (experiments/run/repeat.cpp). A bad checkpoint must be refused when it is
// read or restored, by an exception; a restored state must then step without any exception,
// crash or sanitizer report.
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/run/checkpoint.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"

namespace {

using Kv = std::vector<std::pair<std::string, maze::Params::Value>>;

maze::Params params(const Kv& kv) {
    maze::Params p;
    p.set_section("optimizer");
    for (const auto& [k, v] : kv) p.set(k, v);
    return p;
}

// Parameter sets per optimizer kind: small steps, and every feature with state of its own.
std::vector<maze::Params> settings(const std::string& kind) {
    using V = maze::Params::Value;
    const V k = kind;
    auto n = [](std::int64_t v) { return V(v); };
    if (kind == "random") return {params({{"kind", k}, {"batch", n(16)}})};
    if (kind == "hill-climbing")
        return {params({{"kind", k}, {"report_every", n(16)}}),
                params({{"kind", k}, {"mode", V("best")}, {"report_every", n(5)}})};
    if (kind == "annealing")
        return {params({{"kind", k}, {"report_every", n(16)}, {"length", n(100)}}),
                params({{"kind", k},
                        {"report_every", n(16)},
                        {"schedule", V("exponential")},
                        {"acceptance", V("relative")}})};
    if (kind == "evolutionary" || kind == "genetic") {
        Kv islands = {
            {"kind", k},           {"population", n(6)},         {"parents", n(3)},
            {"islands", n(2)},     {"migration_interval", n(1)}, {"restart", n(2)},
            {"distinct", true},    {"niche_radius", n(1)},       {"local_search", V("tabu")},
            {"local_every", n(1)}, {"local_scans", n(2)},        {"mutation_focus", V("seen")}};
        Kv plain = {{"kind", k}, {"population", n(6)}, {"parents", n(2)}, {"elitism", true}};
        if (kind == "genetic") {
            islands.emplace_back("crossover", V("block"));
            plain.emplace_back("crossover", V("uniform"));
        }
        return {params(islands), params(plain)};
    }
    if (kind == "hamming")
        return {params({{"kind", k}, {"radius", n(2)}}),
                params({{"kind", k}, {"radius", n(1)}, {"mode", V("report")}})};
    if (kind == "exhaustive") return {params({{"kind", k}, {"chunk", n(4)}, {"cap", n(2)}})};
    return {};
}

void resume(const maze::experiments::Checkpoint& cp, const maze::Params& p) {
    static const maze::MouseMazeTarget target(3, 4, maze::Cell{0, 0}, maze::Cell{2, 0},
                                              maze::MouseMazeTarget::Convention::Paper);
    std::unique_ptr<maze::Optimizer> opt = maze::make_optimizer(p);
    maze::Budget budget;
    budget.evaluations = 1'000'000;
    maze::Evaluator ev(target, budget, 1, maze::ArchiveSpec{4, 2});
    opt->start(target, 1);
    try {
        opt->restore(cp.optimizer);
        ev.restore(cp.evaluator);
    } catch (const std::exception&) {
        return;  // refused: fine
    }
    for (int step = 0; step < 3 && !ev.ledger().exhausted() && !opt->done(); ++step) opt->step(ev);
    // What a checkpoint written now holds restores again.
    std::unique_ptr<maze::Optimizer> again = maze::make_optimizer(p);
    again->start(target, 1);
    again->restore(opt->save());
    maze::Evaluator ev2(target, budget, 1, maze::ArchiveSpec{4, 2});
    ev2.restore(ev.save());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    maze::experiments::Checkpoint cp;
    try {
        cp = maze::experiments::parse_checkpoint(text, "checkpoint.json");
    } catch (const maze::experiments::ConfigError&) {
        return 0;
    }
    const nlohmann::json* kind =
        cp.optimizer.is_object() && cp.optimizer.contains("kind") ? &cp.optimizer["kind"] : nullptr;
    if (!kind || !kind->is_string()) return 0;
    for (const maze::Params& p : settings(kind->get<std::string>())) resume(cp, p);
    return 0;
}
