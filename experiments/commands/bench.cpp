// mazesearch bench: walks a fixed board set (or the boards of --boards FILE...); prints the
// signature (total moves) and the speed.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/engine/bitboard.hpp"
#include "mazesearch/engine/board.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/mouse_walk.hpp"
#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/commands/commands.hpp"
#include "mazesearch/experiments/commands/passages.hpp"
#include "mazesearch/experiments/diagnostics.hpp"

namespace maze::cli {

namespace {

struct BenchOptions {
    double seconds = 3.0;
    int threads = 1;
    bool json = false;
    std::vector<std::string> boards;  // board files; empty: the built-in set
    bool passages = false;            // the built-in passage sample (bench_passages.cpp)
    CLI::Option* boards_option = nullptr;
};

// The files of --boards, read before any work: cell boards or passage boards, all of one kind.
std::vector<InputFile> read_bench_files(const std::vector<std::string>& paths) {
    const FileKinds takes{"bench --boards", {FileKind::CellBoard, FileKind::PassageBoard}};
    std::vector<InputFile> files;
    for (const std::string& path : paths) {
        files.push_back(read_input_file(path, takes));
        const InputFile& f = files.back();
        if (f.kind != files.front().kind)
            throw InputError(
                f.name, 1,
                file_kind_name(f.kind) + " among " +
                    (files.front().kind == FileKind::CellBoard ? "cell boards" : "passage boards") +
                    "; bench --boards takes boards of one kind, all cell boards or "
                    "all passage boards");
    }
    return files;
}

// The cell boards of the files; each must be feasible.
std::vector<Board> parse_bench_boards(const std::vector<InputFile>& files) {
    std::vector<Board> out;
    for (const InputFile& f : files) {
        Board b = Board::parse(f.text, f.name);
        if (!feasible(b))
            throw InputError(f.name, 0,
                             "infeasible board (the exit cannot be reached from the start); the "
                             "bench walks feasible boards only");
        out.push_back(std::move(b));
    }
    return out;
}

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Rounds of `threads` concurrent batch evaluations; each round's rate is total moves / wall.
template <typename Eval>
double rate(const std::vector<Board>& batch, std::uint64_t batch_moves, double seconds, int threads,
            Eval eval) {
    std::vector<double> rates;
    const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
    std::vector<std::vector<std::uint64_t>> out(static_cast<size_t>(threads),
                                                std::vector<std::uint64_t>(batch.size()));
    WorkerTeam team(threads);
    while (rates.size() < 5 || Clock::now() < deadline) {
        const auto t0 = Clock::now();
        team.run(out.size(), [&](std::size_t t, int) { eval(batch, out[t]); });
        const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
        rates.push_back(static_cast<double>(batch_moves) * threads / dt);
    }
    return median(rates);
}

}  // namespace

Command add_bench(CLI::App& app) {
    auto opts = std::make_shared<BenchOptions>();
    CLI::App* sub = app.add_subcommand(
        "bench",
        "Walk a fixed board set: total moves (a behaviour signature) and moves per second");
    sub->add_option("--seconds", opts->seconds, "Time spent on each walker (default 3)")
        ->check(finite_range(0.01, 3600.0, "seconds"));
    sub->add_option("--threads", opts->threads, "Threads, each walking its own copy of the set")
        ->check(CLI::Range(1, 1024));
    sub->add_flag("--json", opts->json,
                  R"(Print {"signature":..., "moves_per_second":..., ...} on one line)");
    // Zero files are let through to be refused by name: a list that must have one would take the
    // next option (`--boards --seconds 1`) for a file.
    opts->boards_option =
        sub->add_option("--boards", opts->boards,
                        "Walk these files instead of the built-in set: cell boards or passage "
                        "boards (the formats `eval` reads), all of one kind; not graph files")
            ->expected(0, -1);
    sub->add_flag("--passages", opts->passages,
                  "Walk the built-in sample of 13x13 passage boards (Mouse Maze 2) and compare the "
                  "interleaved walk with the serial and the reference walk")
        ->excludes("--boards");
    sub->footer(
        "The signature is the total moves (paper convention) of the boards walked: for the\n"
        "built-in set it changes only when the walk's behaviour does. With --boards FILE... it is\n"
        "the sum of the moves `eval` prints for those files; every board must be feasible.\n"
        "Passage board files (Mouse Maze 2) or --passages bench the passage walk instead; its\n"
        "signature counts the move in and the move out.\n"
        "Exit status: 0 success, 2 a bad, infeasible or refused file (FILE:LINE: what was\n"
        "expected), 1 an internal error (the walks disagree).");
    return {
        sub, [opts] {
            // CLI11 records --boards given without files as one empty value.
            std::vector<std::string> paths;
            for (const std::string& p : opts->boards)
                if (!p.empty()) paths.push_back(p);
            if (opts->boards_option->count() > 0 && paths.empty())
                throw InputError("bench", 0,
                                 "--boards needs at least one board file (cell boards or passage "
                                 "boards, all of one kind)");
            const std::vector<InputFile> files = read_bench_files(paths);
            if (opts->passages || (!files.empty() && files.front().kind == FileKind::PassageBoard))
                return bench_passages({opts->seconds, opts->threads, opts->json, files});
            const std::vector<Board> boards =
                files.empty() ? bench_boards() : parse_bench_boards(files);
            std::vector<std::uint64_t> serial(boards.size());
            std::vector<std::uint64_t> batch_scores(boards.size());
            evaluate_batch_serial(boards, serial);
            evaluate_batch(boards, batch_scores);
            if (serial != batch_scores) {
                diag().error(
                    "internal error: the interleaved and the serial walk disagree on the "
                    "bench set");
                return kExitInternal;
            }
            const std::uint64_t signature = bench_signature(boards);

            // A batch of many copies, so that each timed round lasts a few milliseconds.
            std::vector<Board> batch;
            std::uint64_t batch_moves = 0;
            while (batch_moves < 20'000'000) {
                batch.insert(batch.end(), boards.begin(), boards.end());
                batch_moves += signature;
            }
            const double interleaved =
                rate(batch, batch_moves, opts->seconds, opts->threads,
                     [](const std::vector<Board>& b, std::vector<std::uint64_t>& o) {
                         evaluate_batch(b, o);
                     });
            const double plain =
                rate(batch, batch_moves, opts->seconds, opts->threads,
                     [](const std::vector<Board>& b, std::vector<std::uint64_t>& o) {
                         evaluate_batch_serial(b, o);
                     });
            if (opts->json) {
                nlohmann::json j;
                j["signature"] = signature;
                j["boards"] = boards.size();
                j["threads"] = opts->threads;
                j["moves_per_second"] = interleaved;
                j["serial_moves_per_second"] = plain;
                std::printf("%s\n", j.dump().c_str());
            } else {
                std::printf("bench: %zu boards, signature %llu moves (paper convention)\n",
                            boards.size(), static_cast<unsigned long long>(signature));
                std::printf(
                    "interleaved walk: %8.1f M moves/s  (median of timed rounds, %d thread%s)\n",
                    interleaved / 1e6, opts->threads, opts->threads == 1 ? "" : "s");
                std::printf("serial walk:      %8.1f M moves/s  (one board at a time)\n",
                            plain / 1e6);
            }
            return kExitOk;
        }};
}

}  // namespace maze::cli
