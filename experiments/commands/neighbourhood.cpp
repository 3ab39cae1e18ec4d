// mazesearch neighbourhood FILE --radius R: the scores of every board within Hamming distance R
// of a board (the data of the paper's Figure 4).
#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mazesearch/engine/board.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/commands/commands.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/hamming_ball.hpp"
#include "mazesearch/search/targets/mouse_maze_target.hpp"

namespace maze::cli {

namespace {

struct NeighbourhoodOptions {
    std::string file;
    int radius = 1;
    int threads = 0;
    bool json = false;
};

struct Tally {
    std::uint64_t boards = 0, feasible = 0, better = 0, equal = 0, worse = 0;
    double sum = 0;
    std::map<std::uint64_t, std::uint64_t> histogram;  // moves -> boards

    void add(bool is_feasible, double v, double centre) {
        ++boards;
        if (!is_feasible) return;
        ++feasible;
        sum += v;
        ++histogram[static_cast<std::uint64_t>(v)];
        if (v > centre)
            ++better;
        else if (v == centre)
            ++equal;
        else
            ++worse;
    }
    nlohmann::json to_json() const {
        nlohmann::json j;
        j["boards"] = boards;
        j["feasible"] = feasible;
        j["infeasible"] = boards - feasible;
        j["better"] = better;
        j["equal"] = equal;
        j["worse"] = worse;
        if (feasible) {
            j["min"] = histogram.begin()->first;
            j["max"] = histogram.rbegin()->first;
            j["mean"] = sum / static_cast<double>(feasible);
        }
        nlohmann::json h = nlohmann::json::object();
        for (const auto& [m, n] : histogram) h[std::to_string(m)] = n;
        j["histogram"] = h;
        return j;
    }
};

}  // namespace

Command add_neighbourhood(CLI::App& app) {
    auto opts = std::make_shared<NeighbourhoodOptions>();
    CLI::App* sub = app.add_subcommand(
        "neighbourhood", "Scores of every feasible board within Hamming distance R of a board");
    sub->add_option("file", opts->file,
                    "A cell board ('-' reads standard input); not passage boards or graph files")
        ->required();
    sub->add_option("--radius,-r", opts->radius, "Hamming radius (1..3; default 1)")
        ->check(CLI::Range(1, 3));
    sub->add_option("--threads", opts->threads, "Threads (0: every core)")
        ->check(CLI::Range(0, 4096));
    sub->add_flag("--json", opts->json,
                  "One JSON object: totals, histogram, per-distance breakdown");
    return {sub, [opts] {
                const InputFile in =
                    read_input_file(opts->file, {"neighbourhood", {FileKind::CellBoard}});
                const Board board = Board::parse(in.text, in.name);
                const MouseMazeTarget target(board.rows(), board.cols(), board.start(),
                                             board.exit(), MouseMazeTarget::Convention::Paper);
                const Genome centre = target.to_genome(board);
                Evaluator ev(target, Budget{}, opts->threads);
                const Score c = ev.evaluate_one(centre);
                if (!c.feasible)
                    throw BoardError(in.name, 0,
                                     "the centre board is infeasible (no path from S to E)");
                HammingBall ball(centre.size(), opts->radius);
                Tally all;
                std::vector<Tally> by_distance(static_cast<size_t>(opts->radius) + 1);
                double best = c.value;
                Genome best_genome = centre;
                std::vector<Genome> batch;
                std::vector<Score> scores;
                while (ball.next_batch(centre, 8192, batch)) {
                    scores.resize(batch.size());
                    ev.evaluate(batch, scores);
                    for (size_t i = 0; i < batch.size(); ++i) {
                        const size_t d = batch[i].distance(centre);
                        all.add(scores[i].feasible, scores[i].value, c.value);
                        by_distance[d].add(scores[i].feasible, scores[i].value, c.value);
                        if (scores[i].feasible && scores[i].value > best) {
                            best = scores[i].value;
                            best_genome = batch[i];
                        }
                    }
                }
                if (opts->json) {
                    nlohmann::json j = all.to_json();
                    j["file"] = opts->file;
                    j["convention"] = "paper";
                    j["centre"] = c.value;
                    j["radius"] = opts->radius;
                    j["ball_size"] = ball.size();
                    j["best"] = {{"moves", best},
                                 {"board", target.to_board(best_genome).to_text()},
                                 {"distance", best_genome.distance(centre)}};
                    nlohmann::json per = nlohmann::json::array();
                    for (int d = 1; d <= opts->radius; ++d) {
                        nlohmann::json x = by_distance[static_cast<size_t>(d)].to_json();
                        x["distance"] = d;
                        per.push_back(x);
                    }
                    j["by_distance"] = per;
                    std::printf("%s\n", j.dump().c_str());
                    return kExitOk;
                }
                std::printf(
                    "%s: %.0f moves (paper convention); Hamming ball of radius %d: %llu boards\n",
                    opts->file.c_str(), c.value, opts->radius,
                    static_cast<unsigned long long>(ball.size()));
                for (int d = 1; d <= opts->radius; ++d) {
                    const Tally& t = by_distance[static_cast<size_t>(d)];
                    std::printf("  distance %d: %llu boards, %llu feasible", d,
                                static_cast<unsigned long long>(t.boards),
                                static_cast<unsigned long long>(t.feasible));
                    if (t.feasible)
                        std::printf(
                            ", moves %llu..%llu (mean %.1f), %llu better, %llu equal, %llu worse",
                            static_cast<unsigned long long>(t.histogram.begin()->first),
                            static_cast<unsigned long long>(t.histogram.rbegin()->first),
                            t.sum / static_cast<double>(t.feasible),
                            static_cast<unsigned long long>(t.better),
                            static_cast<unsigned long long>(t.equal),
                            static_cast<unsigned long long>(t.worse));
                    std::printf("\n");
                }
                if (best > c.value)
                    std::printf("best neighbour: %.0f moves at distance %zu\n%s", best,
                                best_genome.distance(centre),
                                target.to_board(best_genome).to_text().c_str());
                else
                    std::printf("no better board within distance %d: a local optimum\n",
                                opts->radius);
                return kExitOk;
            }};
}

}  // namespace maze::cli
