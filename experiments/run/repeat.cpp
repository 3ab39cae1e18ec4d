#include "mazesearch/experiments/run/repeat.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <set>

#include "mazesearch/engine/rng.hpp"
#include "mazesearch/experiments/cluster/world.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/interrupt.hpp"
#include "mazesearch/experiments/run/checkpoint.hpp"
#include "mazesearch/experiments/run/logbook.hpp"
#include "mazesearch/experiments/run/report.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"

namespace fs = std::filesystem;

namespace maze::cli {

namespace {

std::string archive_file_name(std::size_t k) {
    char name[64];
    std::snprintf(name, sizeof name, "%02zu.txt", k + 1);
    return name;
}

}  // namespace

std::string archive_index(const std::vector<Archived>& archive) {
    std::string index = "rank,value,evaluation,distance_to_best,file\n";
    for (std::size_t k = 0; k < archive.size(); ++k) {
        const Archived& a = archive[k];
        index += std::to_string(k + 1) + "," + format_score(a.value) + "," +
                 std::to_string(a.evaluation) + "," +
                 std::to_string(a.genome.distance(archive.front().genome)) + "," +
                 archive_file_name(k) + "\n";
    }
    return index;
}

void write_archive(const fs::path& folder, const BoardView& view,
                   const std::vector<Archived>& archive) {
    if (archive.empty()) return;
    make_folder(folder);
    std::set<std::string> current;
    for (std::size_t k = 0; k < archive.size(); ++k) {
        write_file_atomically(folder / archive_file_name(k), view.text(archive[k].genome),
                              Sync::No);
        current.insert(archive_file_name(k));
    }
    // Boards of an earlier, fuller archive that no longer exist.
    for (const auto& entry : fs::directory_iterator(folder)) {
        const std::string f = entry.path().filename().string();
        if (f.size() == 6 && f.ends_with(".txt") && !current.count(f)) fs::remove(entry.path());
    }
    write_file_atomically(folder / "index.csv", archive_index(archive), Sync::No);
}

namespace {

// Under mpirun (docs/cluster.md, "Islands under mpirun") every rank runs the repeat on the same
// state: rank 0 reads and writes the files and hands what it read to the others, the evaluator
// spreads each generation's islands over the ranks, and the ranks agree after every step on
// whether to go on.
RepeatOutcome run_repeat_here(const RepeatContext& ctx, int r, const fs::path& dir, int threads,
                              bool& stepped) {
    const RunConfig& config = ctx.config;
    const bool several = config.repeats > 1;
    World& w = world();
    const bool spread = distributed();
    const bool writer = w.rank() == 0;
    // What rank 0 read, on every rank.
    auto from_rank0 = [&](const std::string& text) { return spread ? w.broadcast(text) : text; };
    RepeatOutcome out;
    const std::string finished_summary = from_rank0(
        writer && fs::exists(dir / "summary.json") && RunFolder::status(dir) == "finished"
            ? read_json_file(dir / "summary.json").dump()
            : std::string());
    if (!finished_summary.empty()) {
        out.finished = true;
        out.summary = nlohmann::json::parse(finished_summary);
        return out;
    }
    if (writer) {
        make_folder(dir);
        remove_stale_temporaries(dir);
    }
    const std::uint64_t seed =
        derive_seed(config.seed, {config.first_repeat + static_cast<std::uint64_t>(r)});
    std::unique_ptr<Optimizer> opt;
    std::optional<Evaluator> evaluator;
    auto start_fresh = [&] {
        opt = make_optimizer(config.optimizer);
        evaluator.emplace(ctx.target, config.budget, threads, config.archive);
        if (spread) evaluator->set_collective(&w);
        opt->start(ctx.target, seed, ctx.initial);
    };
    start_fresh();
    const fs::path checkpoint_path = dir / "checkpoint.json";
    auto restore = [&](const Checkpoint& c) {
        start_fresh();  // a checkpoint that failed half-way leaves nothing behind
        opt->restore(c.optimizer);
        evaluator->restore(c.evaluator);
    };
    std::optional<Checkpoint> cp;
    if (writer)
        cp = load_checkpoint(checkpoint_path, restore, [&](const std::string& warning) {
            ctx.log.warn("repeat {}: {}", r, warning);
        });
    if (spread) {
        const std::string text = from_rank0(cp ? nlohmann::json(*cp).dump() : std::string());
        if (!writer && !text.empty()) {
            cp = parse_checkpoint(text, "rank 0's checkpoint");
            restore(*cp);
        }
    }
    Evaluator& ev = *evaluator;
    std::uint64_t step = 0;
    std::optional<Logbook> book;  // rank 0's
    if (cp) {
        step = cp->step;
        if (writer) book.emplace(Logbook::resume(dir / "logbook.csv", cp->logbook_rows));
        ctx.log.info("repeat {}: resumed at step {} ({} evaluations)", r, step, ev.evaluations());
    } else if (writer) {
        if (fs::exists(dir / "logbook.csv"))
            ctx.log.info(
                "repeat {}: no checkpoint yet (it stopped before writing its first); starting it "
                "from the beginning",
                r);
        book.emplace(Logbook::create(dir / "logbook.csv"));
    }
    if (several && writer) RunFolder::set_status(dir, "running");

    // The best board and the archive are written with every checkpoint, so that a long run's
    // results are on disk long before it ends; each when it changed (the archive also changes
    // while the best does not: boards far enough from it join it).
    std::optional<double> written_best;
    std::string written_archive;  // its index.csv as last written
    auto write_boards = [&] {
        if (!writer || !ev.has_best()) return;
        if (!written_best || *written_best != ev.best_score()) {
            written_best = ev.best_score();
            write_file_atomically(dir / "best.txt", ctx.view.text(ev.best()), Sync::No);
            if (ctx.view.has_picture())
                write_file_atomically(dir / "best.svg",
                                      ctx.view.svg(ev.best(), config.name + ": best " +
                                                                  format_score(ev.best_score()) +
                                                                  " " + ctx.view.unit()),
                                      Sync::No);
        }
        if (std::string index = archive_index(ev.archive()); index != written_archive) {
            write_archive(dir / "archive", ctx.view, ev.archive());
            written_archive = std::move(index);
        }
    };
    auto checkpoint = [&] {
        if (!writer) return;
        book->sync();
        write_boards();
        save_checkpoint(checkpoint_path, Checkpoint{1, step, book->rows(), opt->save(), ev.save()});
    };
    auto last_checkpoint = std::chrono::steady_clock::now();
    std::string reason;
    bool interrupted = false;
    for (;;) {
        reason = ev.stop_reason();
        if (reason.empty() && opt->done()) reason = "optimizer finished";
        bool halt =
            ctx.stop.load() || InterruptGuard::requested().load() ||
            (ctx.interrupt_after_steps && ctx.session_steps.load() >= ctx.interrupt_after_steps);
        if (spread) {
            // The ranks agree: the budget's end as the first rank saw it (ranks differ only on
            // the clock), else an interruption if any rank has one.
            const std::vector<std::string> all =
                w.all_gather(reason.empty() && halt ? "\x01" : reason);
            reason.clear();
            halt = false;
            for (const std::string& a : all) {
                if (a == "\x01")
                    halt = true;
                else if (!a.empty() && reason.empty())
                    reason = a;
            }
        }
        if (!reason.empty()) break;
        if (halt) {
            interrupted = true;
            break;
        }
        ++ctx.session_steps;
        stepped = true;
        const std::uint64_t before = ev.evaluations() + ev.rejected();
        opt->step(ev);
        ++step;
        if (book && step % config.logbook_every == 0) book->write_row(step, ev);
        if (ev.evaluations() + ev.rejected() == before && !opt->done()) {
            reason = "stalled (a step proposed nothing)";
            break;
        }
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - last_checkpoint).count() >=
            config.checkpoint_seconds) {
            checkpoint();
            last_checkpoint = now;
        }
        ctx.progress.update(r, ev);
    }
    if (book && !interrupted && step % config.logbook_every != 0)
        book->write_row(step, ev);  // the last, partial interval
    checkpoint();
    ctx.progress.repeat_ended(r);
    if (interrupted) {
        if (several && writer) RunFolder::set_status(dir, "interrupted");
        out.summary = repeat_summary(config, ctx.view, ev, seed, step, "interrupted", r);
        return out;
    }
    out.finished = true;
    out.summary = repeat_summary(config, ctx.view, ev, seed, step, reason, r);
    if (spread) out.summary["ranks"] = w.size();
    write_boards();
    if (writer) write_file_atomically(dir / "summary.json", out.summary.dump(2) + "\n");
    if (several && writer) RunFolder::set_status(dir, "finished");
    ctx.log.info("repeat {}: {} after {} evaluations ({} rejected), best {} {}", r, reason,
                 ev.evaluations(), ev.rejected(),
                 ev.has_best() ? format_score(ev.best_score()) : "none", ctx.view.unit());
    return out;
}

}  // namespace

RepeatOutcome run_repeat(const RepeatContext& ctx, int r, const fs::path& dir, int threads) {
    const bool writer = ctx.config.repeats > 1 && world().rank() == 0;
    const std::string before = writer ? RunFolder::status(dir) : "";
    bool stepped = false;
    try {
        return run_repeat_here(ctx, r, dir, threads, stepped);
    } catch (...) {
        // The run says why in its log; the repeat's own status says that it failed, unless it
        // failed before a step of this session (a resume that could not go on changed nothing:
        // the status goes back to what it was).
        if (writer) {
            try {
                RunFolder::set_status(
                    dir, stepped || before.empty() ? "failed" : RunFolder::at_rest(before));
            } catch (const std::exception&) {
            }
        }
        throw;
    }
}

}  // namespace maze::cli
