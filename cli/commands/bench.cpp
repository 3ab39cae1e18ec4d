// mazesearch bench: walks a fixed board set (or the boards of --boards FILE...); prints the
// signature (total moves) and the speed of each of the model's walks (experiments/models/).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/cli/command_options.hpp"
#include "mazesearch/cli/commands.hpp"
#include "mazesearch/experiments/models/board_file.hpp"
#include "mazesearch/experiments/models/file_models.hpp"

namespace maze::experiments {

namespace {

struct BenchOptions {
    double seconds = 3.0;
    int threads = 1;
    bool json = false;
    std::vector<std::string> boards;  // board files; empty: the built-in set
    bool passages = false;            // the built-in passage sample
    std::string model = "cells";      // the built-in set of this model (--model)
    CLI::Option* boards_option = nullptr;
};

// The files of --boards, read before any work: cell boards or passage boards, all of one kind.
std::vector<InputFile> read_bench_files(const std::vector<std::string>& paths) {
    const FileKinds takes{"bench --boards", benched_file_kinds()};
    std::vector<InputFile> files;
    for (const std::string& path : paths) {
        files.push_back(read_input_file(path, takes));
        const InputFile& f = files.back();
        if (f.kind != files.front().kind)
            throw InputError(
                f.name, 1,
                file_kind_name(f.kind) + " among " +
                    std::string(file_model(files.front().kind).plural) +
                    "; bench --boards takes boards of one kind, all cell boards, all "
                    "passage boards or all hex boards");
    }
    return files;
}

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Rounds in which each walker in turn walks its batch on `threads` threads at once, at least
// five rounds and until `seconds` per walker have passed; a round's rate is the total moves over
// its wall time. Taking the walkers in turn within each round, rather than one after the other,
// keeps a change in the machine's load from favouring one of them. Returns each walker's median
// and the number of rounds.
std::vector<double> rates(const std::vector<BenchWalker>& walkers, double seconds, int threads,
                          std::size_t& rounds) {
    const auto deadline =
        Clock::now() + std::chrono::duration<double>(seconds * static_cast<double>(walkers.size()));
    WorkerTeam team(threads);
    std::vector<std::vector<double>> rates(walkers.size());
    std::vector<std::vector<std::vector<std::uint64_t>>> out;
    for (const BenchWalker& w : walkers)
        out.emplace_back(static_cast<size_t>(threads), std::vector<std::uint64_t>(w.batch_size));
    for (rounds = 0; rounds < 5 || Clock::now() < deadline; ++rounds)
        for (std::size_t k = 0; k < walkers.size(); ++k) {
            const auto t0 = Clock::now();
            team.run(static_cast<size_t>(threads),
                     [&](std::size_t t, int) { walkers[k].walk(out[k][t]); });
            const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
            rates[k].push_back(static_cast<double>(walkers[k].batch_moves) * threads / dt);
        }
    std::vector<double> medians;
    for (const std::vector<double>& r : rates) medians.push_back(median(r));
    return medians;
}

void print_results(const BenchPlan& plan, const std::vector<double>& medians, std::size_t rounds,
                   const BenchOptions& o) {
    if (o.json) {
        nlohmann::ordered_json j = plan.head;
        j["signature"] = plan.signature;
        j["boards"] = plan.boards;
        j["threads"] = o.threads;
        for (std::size_t k = 0; k < medians.size(); ++k) j[plan.walkers[k].json_key] = medians[k];
        std::printf("%s\n", j.dump().c_str());
        return;
    }
    std::printf("bench: %s, signature %llu moves (%s)\n", plan.boards_text.c_str(),
                static_cast<unsigned long long>(plan.signature), plan.convention_text.c_str());
    // "interleaved / serial: 1.43x, interleaved / reference: 20.12x"
    auto first_word = [](const std::string& s) { return s.substr(0, s.find(' ')); };
    std::string ratios;
    for (std::size_t k = 0; k < medians.size(); ++k) {
        const BenchWalker& w = plan.walkers[k];
        const std::string name = w.name + ":";
        if (k == 0)
            std::printf("%-17s %8.1f M moves/s  (median of %zu timed rounds, %d thread%s)\n",
                        name.c_str(), medians[k] / 1e6, rounds, o.threads,
                        o.threads == 1 ? "" : "s");
        else
            std::printf("%-17s %8.1f M moves/s  %s\n", name.c_str(), medians[k] / 1e6,
                        w.note.c_str());
        if (k > 0) {
            char ratio[32];
            std::snprintf(ratio, sizeof ratio, "%.2fx", medians[0] / medians[k]);
            ratios += (k > 1 ? ", " : "") + first_word(plan.walkers[0].name) + " / " +
                      first_word(w.name) + ": " + ratio;
        }
    }
    if (!ratios.empty()) std::printf("%s\n", ratios.c_str());
}

}  // namespace

Command add_bench(CLI::App& app) {
    auto opts = std::make_shared<BenchOptions>();
    CLI::App* sub = app.add_subcommand(
        "bench",
        "Walk a fixed board set: total moves (a behaviour signature) and moves per second");
    sub->add_option("--seconds", opts->seconds, "Time spent on each walker (default 3)")
        ->check(finite_range(0.01, 3600.0, "seconds"));
    sub->add_option("--threads", opts->threads,
                    "Threads, each walking its own copy of the set (0: every core; default 1)")
        ->check(thread_count_option());
    sub->add_flag("--json", opts->json,
                  R"(Print {"signature":..., "moves_per_second":..., ...} on one line)");
    // Zero files are let through to be refused by name: a list that must have one would take the
    // next option (`--boards --seconds 1`) for a file.
    opts->boards_option =
        sub->add_option("--boards", opts->boards,
                        "Walk these files instead of the built-in set: cell boards, passage "
                        "boards or hex boards (the formats `eval` reads), all of one kind; not "
                        "graph files")
            ->expected(0, -1);
    sub->add_flag("--passages", opts->passages,
                  "Walk the built-in sample of 13x13 passage boards (Mouse Maze 2) and compare the "
                  "interleaved walk with the serial and the reference walk")
        ->excludes("--boards");
    sub->add_option("--model", opts->model,
                    "Walk the built-in set of this model: cells (the default), passages (as "
                    "--passages) or hex (32 hexagonal 13x13 boards)")
        ->check(CLI::IsMember([] {
            std::vector<std::string> names;  // the models with a bench
            for (const ModelId k : benched_file_kinds()) names.emplace_back(model_name(k));
            return names;
        }()))
        ->excludes("--boards")
        ->excludes("--passages");
    sub->footer(
        "The signature is the total moves (paper convention) of the boards walked: for the\n"
        "built-in set it changes only when the walk's behaviour does. With --boards FILE... it is\n"
        "the sum of the moves `eval` prints for those files; every board must be feasible.\n"
        "Passage board files (Mouse Maze 2) or --passages bench the passage walk instead; its\n"
        "signature counts the move in and the move out. Hex board files or --model hex bench\n"
        "the hexagonal walk.\n"
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
                                 "--boards needs at least one board file (cell boards, passage "
                                 "boards or hex boards, all of one kind)");
            const std::vector<InputFile> files = read_bench_files(paths);
            const ModelId kind = !files.empty()  ? files.front().kind
                                  : opts->passages ? ModelId::Passages
                                                   : file_model_named(opts->model)->kind;
            const BenchPlan plan = file_model(kind).bench(files, opts->seconds);
            opts->threads = WorkerTeam::resolve(opts->threads);  // 0: every core
            std::size_t rounds = 0;
            const std::vector<double> medians =
                rates(plan.walkers, opts->seconds, opts->threads, rounds);
            print_results(plan, medians, rounds, *opts);
            return kExitOk;
        }};
}

}  // namespace maze::experiments
