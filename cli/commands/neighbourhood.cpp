// mazesearch neighbourhood FILE --radius R: the scores of every board within Hamming distance R
// of a board (the data of the paper's Figure 4), for any board model with a search target
// (experiments/models/).
#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/cli/command_options.hpp"
#include "mazesearch/cli/commands.hpp"
#include "mazesearch/experiments/models/board_file.hpp"
#include "mazesearch/experiments/models/file_models.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/hamming_ball.hpp"

namespace maze::experiments {

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

// Every board of the ball around the centre, scored in batches, tallied per distance.
struct Ball {
    Tally all;
    std::vector<Tally> by_distance;
    double best = 0;
    Genome best_genome;
    std::uint64_t size = 0;
};

Ball explore(Evaluator& ev, const SearchPoint& p, double centre, int radius) {
    HammingBall ball(p.genome.size(), radius);
    Ball out{
        {}, std::vector<Tally>(static_cast<size_t>(radius) + 1), centre, p.genome, ball.size()};
    std::vector<Genome> batch;
    std::vector<Score> scores;
    while (ball.next_batch(p.genome, 8192, batch)) {
        scores.resize(batch.size());
        ev.evaluate(batch, scores);
        for (size_t i = 0; i < batch.size(); ++i) {
            const size_t d = batch[i].distance(p.genome);
            out.all.add(scores[i].feasible, scores[i].value, centre);
            out.by_distance[d].add(scores[i].feasible, scores[i].value, centre);
            if (scores[i].feasible && scores[i].value > out.best) {
                out.best = scores[i].value;
                out.best_genome = batch[i];
            }
        }
    }
    return out;
}

void print_json(const NeighbourhoodOptions& o, const SearchPoint& p, double centre, const Ball& b) {
    nlohmann::json j = b.all.to_json();
    j["file"] = o.file;
    j["convention"] = p.convention;
    j["centre"] = centre;
    j["radius"] = o.radius;
    j["ball_size"] = b.size;
    j["best"] = {{"moves", b.best},
                 {"board", p.board_text(b.best_genome)},
                 {"distance", b.best_genome.distance(p.genome)}};
    nlohmann::json per = nlohmann::json::array();
    for (int d = 1; d <= o.radius; ++d) {
        nlohmann::json x = b.by_distance[static_cast<size_t>(d)].to_json();
        x["distance"] = d;
        per.push_back(x);
    }
    j["by_distance"] = per;
    std::printf("%s\n", j.dump().c_str());
}

void print_text(const NeighbourhoodOptions& o, const SearchPoint& p, double centre, const Ball& b) {
    std::printf("%s: %.0f moves (%s); Hamming ball of radius %d: %llu boards\n", o.file.c_str(),
                centre, p.convention_text.c_str(), o.radius,
                static_cast<unsigned long long>(b.size));
    for (int d = 1; d <= o.radius; ++d) {
        const Tally& t = b.by_distance[static_cast<size_t>(d)];
        std::printf("  distance %d: %llu boards, %llu feasible", d,
                    static_cast<unsigned long long>(t.boards),
                    static_cast<unsigned long long>(t.feasible));
        if (t.feasible)
            std::printf(
                ", moves %llu..%llu (mean %.1f), %llu better, %llu equal, %llu worse",
                static_cast<unsigned long long>(t.histogram.begin()->first),
                static_cast<unsigned long long>(t.histogram.rbegin()->first),
                t.sum / static_cast<double>(t.feasible), static_cast<unsigned long long>(t.better),
                static_cast<unsigned long long>(t.equal), static_cast<unsigned long long>(t.worse));
        std::printf("\n");
    }
    if (b.best > centre)
        std::printf("best neighbour: %.0f moves at distance %zu\n%s", b.best,
                    b.best_genome.distance(p.genome), p.board_text(b.best_genome).c_str());
    else
        std::printf("no better board within distance %d: a local optimum\n", o.radius);
}

int neighbourhood(const NeighbourhoodOptions& o) {
    const InputFile in =
        read_input_file(o.file, {"neighbourhood", searched_file_kinds()});
    const std::unique_ptr<BoardFile> board = load_board_file(in);
    const std::optional<SearchPoint> p = board->search_point();
    if (!p) throw InputError(in.name, 0, "neighbourhood takes boards with a search target");
    Evaluator ev(*p->target, Budget{}, o.threads);
    const Score c = evaluate_one(ev, p->genome);
    if (!c.feasible)
        throw BoardError(in.name, 0, "the centre board is infeasible " + board->infeasible_text());
    const Ball ball = explore(ev, *p, c.value, o.radius);
    if (o.json)
        print_json(o, *p, c.value, ball);
    else
        print_text(o, *p, c.value, ball);
    return kExitOk;
}

}  // namespace

Command add_neighbourhood(CLI::App& app) {
    auto opts = std::make_shared<NeighbourhoodOptions>();
    CLI::App* sub = app.add_subcommand(
        "neighbourhood", "Scores of every feasible board within Hamming distance R of a board");
    sub->add_option("file", opts->file,
                    "A cell board, a passage board or a hex board ('-' reads standard input); not "
                    "graph files")
        ->required();
    sub->add_option("--radius,-r", opts->radius, "Hamming radius (1..3; default 1)")
        ->check(CLI::Range(1, 3));
    sub->add_option("--threads", opts->threads, "Threads (0: every core)")
        ->check(thread_count_option());
    sub->add_flag("--json", opts->json,
                  "One JSON object: totals, histogram, per-distance breakdown");
    sub->footer(
        "The neighbours of a cell board differ in up to R cells (the start and exit stay), those\n"
        "of a passage board in up to R passages (the entrance and exit stay); moves are counted\n"
        "as eval counts them.");
    return {sub, [opts] { return neighbourhood(*opts); }};
}

}  // namespace maze::experiments
