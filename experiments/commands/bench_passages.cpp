// mazesearch bench on passage boards (Mouse Maze 2): the interleaved batch walk against the walk
// one board at a time and the reference walk, on the built-in 13x13 sample or on given files.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/passage_board.hpp"
#include "mazesearch/engine/passage_walk.hpp"
#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/experiments/commands/commands.hpp"
#include "mazesearch/experiments/commands/passages.hpp"
#include "mazesearch/experiments/diagnostics.hpp"

namespace maze::cli {

// Named, not anonymous: a unity build puts this file beside the one for cell boards.
namespace passage_bench {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// One walker under test: its batch, the moves in it, what it calls, and its rate per round.
struct Walker {
    const std::vector<PassageBoard>* batch;
    std::uint64_t batch_moves;
    void (*eval)(const std::vector<PassageBoard>&, std::vector<std::uint64_t>&);
    std::vector<double> rates{};
};

// Rounds in which each walker in turn evaluates its batch on `threads` threads at once, at least
// five rounds and until `seconds` per walker have passed; a round's rate is the total moves over
// its wall time. Taking the walkers in turn within each round, rather than one after the other,
// keeps a change in the machine's load from favouring one of them. Returns the medians.
std::vector<double> rates(std::vector<Walker>& walkers, double seconds, int threads) {
    const auto deadline =
        Clock::now() + std::chrono::duration<double>(seconds * static_cast<double>(walkers.size()));
    WorkerTeam team(threads);
    std::vector<std::vector<std::vector<std::uint64_t>>> out;
    for (const Walker& w : walkers)
        out.emplace_back(static_cast<size_t>(threads), std::vector<std::uint64_t>(w.batch->size()));
    while (walkers[0].rates.size() < 5 || Clock::now() < deadline) {
        for (size_t k = 0; k < walkers.size(); ++k) {
            Walker& w = walkers[k];
            const auto t0 = Clock::now();
            team.run(static_cast<size_t>(threads),
                     [&](std::size_t t, int) { w.eval(*w.batch, out[k][t]); });
            const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
            w.rates.push_back(static_cast<double>(w.batch_moves) * threads / dt);
        }
    }
    std::vector<double> medians;
    for (const Walker& w : walkers) medians.push_back(median(w.rates));
    return medians;
}

// Copies of the set until they hold at least `moves` moves.
std::vector<PassageBoard> copies(const std::vector<PassageBoard>& set, std::uint64_t signature,
                                 std::uint64_t moves, std::uint64_t& batch_moves) {
    std::vector<PassageBoard> batch;
    batch_moves = 0;
    while (batch_moves < moves) {
        batch.insert(batch.end(), set.begin(), set.end());
        batch_moves += signature;
    }
    return batch;
}

std::vector<PassageBoard> parse_files(const std::vector<InputFile>& files) {
    std::vector<PassageBoard> out;
    for (const InputFile& file : files) {
        PassageBoard b = PassageBoard::parse(file.text, file.name);
        if (!passage_feasible(b))
            throw InputError(file.name, 0,
                             "infeasible passage board (the exit cannot be reached from the "
                             "entrance); the bench walks feasible boards only");
        out.push_back(b);
    }
    return out;
}

}  // namespace passage_bench

int bench_passages(const PassageBenchOptions& o) {
    const std::vector<PassageBoard> boards =
        o.files.empty() ? passage_bench_boards() : passage_bench::parse_files(o.files);
    std::vector<std::uint64_t> serial(boards.size());
    std::vector<std::uint64_t> interleaved(boards.size());
    evaluate_passage_batch_serial(boards, serial);
    evaluate_passage_batch(boards, interleaved);
    std::uint64_t signature = 0;
    for (size_t i = 0; i < boards.size(); ++i) {
        const PassageWalkResult ref = reference_passage_walk(boards[i]);
        if (serial[i] != interleaved[i] || !ref.feasible || ref.moves != serial[i]) {
            diag().error(
                "internal error: the interleaved, the serial and the reference walk disagree on "
                "passage board " +
                std::to_string(i + 1));
            return kExitInternal;
        }
        signature += serial[i];
    }

    // Batches of many copies, so that each timed round lasts about 10 to 50 ms (the reference
    // walk, far slower on short walks, gets a smaller one); a run of under a second, a check
    // rather than a measurement, takes a tenth of that.
    const std::uint64_t scale = o.seconds < 1.0 ? 10 : 1;
    std::uint64_t fast_moves = 0;
    std::uint64_t reference_moves = 0;
    const std::vector<PassageBoard> batch =
        passage_bench::copies(boards, signature, 4'000'000 / scale, fast_moves);
    const std::vector<PassageBoard> small =
        passage_bench::copies(boards, signature, 200'000 / scale, reference_moves);
    std::vector<passage_bench::Walker> walkers = {
        {&batch, fast_moves,
         [](const std::vector<PassageBoard>& b, std::vector<std::uint64_t>& out) {
             evaluate_passage_batch(b, out);
         }},
        {&batch, fast_moves,
         [](const std::vector<PassageBoard>& b, std::vector<std::uint64_t>& out) {
             evaluate_passage_batch_serial(b, out);
         }},
        {&small, reference_moves,
         [](const std::vector<PassageBoard>& b, std::vector<std::uint64_t>& out) {
             for (size_t i = 0; i < b.size(); ++i) out[i] = reference_passage_walk(b[i]).moves;
         }},
    };
    const std::vector<double> medians = passage_bench::rates(walkers, o.seconds, o.threads);
    const double interleaved_rate = medians[0];
    const double serial_rate = medians[1];
    const double reference_rate = medians[2];
    if (o.json) {
        nlohmann::json j;
        j["kind"] = "passages";
        j["convention"] = "in-and-out";
        j["signature"] = signature;
        j["boards"] = boards.size();
        j["threads"] = o.threads;
        j["moves_per_second"] = interleaved_rate;
        j["serial_moves_per_second"] = serial_rate;
        j["reference_moves_per_second"] = reference_rate;
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf(
            "bench: %zu passage boards%s, signature %llu moves (the move in and the move out "
            "counted)\n",
            boards.size(), o.files.empty() ? " (the built-in 13x13 sample)" : "",
            static_cast<unsigned long long>(signature));
        std::printf(
            "interleaved walk: %8.1f M moves/s  (median of %zu timed rounds, %d thread%s)\n",
            interleaved_rate / 1e6, walkers[0].rates.size(), o.threads, o.threads == 1 ? "" : "s");
        std::printf("serial walk:      %8.1f M moves/s  (one board at a time)\n",
                    serial_rate / 1e6);
        std::printf("reference walk:   %8.1f M moves/s  (passage_graph, then the plain walk)\n",
                    reference_rate / 1e6);
        std::printf("interleaved / serial: %.2fx, interleaved / reference: %.1fx\n",
                    interleaved_rate / serial_rate, interleaved_rate / reference_rate);
    }
    return kExitOk;
}

}  // namespace maze::cli
