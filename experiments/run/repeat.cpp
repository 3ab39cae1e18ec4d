#include "mazesearch/experiments/run/repeat.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/interrupt.hpp"
#include "mazesearch/experiments/run/checkpoint.hpp"
#include "mazesearch/experiments/run/logbook.hpp"
#include "mazesearch/experiments/run/report.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/rng.hpp"

namespace fs = std::filesystem;

namespace maze::cli {

RepeatOutcome run_repeat(const RepeatContext& ctx, int r, const fs::path& dir, int threads) {
    const RunConfig& config = ctx.config;
    const bool several = config.repeats > 1;
    RepeatOutcome out;
    if (fs::exists(dir / "summary.json") && RunFolder::status(dir) == "finished") {
        out.finished = true;
        out.summary = read_json_file(dir / "summary.json");
        return out;
    }
    fs::create_directories(dir);
    const std::uint64_t seed = derive_seed(config.seed, {static_cast<std::uint64_t>(r)});
    auto opt = make_optimizer(config.optimizer);
    Evaluator ev(ctx.target, config.budget, threads);
    opt->start(ctx.target, seed, ctx.initial);
    const fs::path checkpoint_path = dir / "checkpoint.json";
    std::uint64_t step = 0;
    std::optional<Logbook> book;
    if (const std::optional<Checkpoint> cp = load_checkpoint(checkpoint_path)) {
        opt->restore(cp->optimizer);
        ev.restore(cp->evaluator);
        step = cp->step;
        book.emplace(Logbook::resume(dir / "logbook.csv", cp->logbook_rows));
        ctx.log.info("repeat {}: resumed at step {} ({} evaluations)", r, step, ev.evaluations());
    } else {
        book.emplace(Logbook::create(dir / "logbook.csv"));
    }
    if (several) RunFolder::set_status(dir, "running");

    auto checkpoint = [&] {
        book->flush();
        save_checkpoint(checkpoint_path, Checkpoint{1, step, book->rows(), opt->save(), ev.save()});
    };
    auto last_checkpoint = std::chrono::steady_clock::now();
    std::string reason;
    bool interrupted = false;
    for (;;) {
        reason = ev.stop_reason();
        if (!reason.empty()) break;
        if (opt->done()) {
            reason = "optimizer finished";
            break;
        }
        if (ctx.stop.load() || InterruptGuard::requested().load() ||
            (ctx.interrupt_after_steps && ctx.session_steps.load() >= ctx.interrupt_after_steps)) {
            interrupted = true;
            break;
        }
        ++ctx.session_steps;
        const std::uint64_t before = ev.evaluations() + ev.rejected();
        opt->step(ev);
        ++step;
        if (step % config.logbook_every == 0) book->write_row(step, ev);
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
    if (!interrupted && step % config.logbook_every != 0)
        book->write_row(step, ev);  // the last, partial interval
    checkpoint();
    ctx.progress.repeat_ended(r);
    if (interrupted) {
        if (several) RunFolder::set_status(dir, "interrupted");
        out.summary = repeat_summary(config, ctx.view, ev, seed, step, "interrupted", r);
        return out;
    }
    out.finished = true;
    out.summary = repeat_summary(config, ctx.view, ev, seed, step, reason, r);
    if (ev.has_best()) {
        write_file_atomically(dir / "best.txt", ctx.view.text(ev.best()));
        write_file_atomically(
            dir / "best.svg",
            ctx.view.svg(ev.best(), config.name + ": best " + format_score(ev.best_score()) + " " +
                                        ctx.view.unit()));
    }
    write_file_atomically(dir / "summary.json", out.summary.dump(2) + "\n");
    if (several) RunFolder::set_status(dir, "finished");
    ctx.log.info("repeat {}: {} after {} evaluations ({} rejected), best {} {}", r, reason,
                 ev.evaluations(), ev.rejected(),
                 ev.has_best() ? format_score(ev.best_score()) : "none", ctx.view.unit());
    return out;
}

}  // namespace maze::cli
