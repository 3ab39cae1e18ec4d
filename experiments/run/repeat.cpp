#include "mazesearch/experiments/run/repeat.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <set>

#include "mazesearch/engine/rng.hpp"
#include "mazesearch/experiments/cluster/file_rank.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/interrupt.hpp"
#include "mazesearch/experiments/run/checkpoint.hpp"
#include "mazesearch/experiments/run/logbook.hpp"
#include "mazesearch/experiments/run/report.hpp"
#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/experiments/run/step_gate.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

// A repeat's stop reason (summary.json's, Ledger::stop_reason) as its log line says it.
std::string why_ended(const std::string& reason) {
    if (reason == "evaluations") return "its evaluation budget";
    if (reason == "seconds") return "its time budget";
    if (reason == "target") return "its target reached";
    if (reason == "stagnation") return "its stagnation budget";
    return reason;
}

}  // namespace

namespace {

// One repeat from its start or checkpoint to its end, step by step. Under mpirun (docs/cluster.md,
// "Islands under mpirun") every rank runs the repeat on the same state: rank 0 reads and writes
// the files and hands what it read to the others, the evaluator spreads each generation's islands
// over the ranks, and the ranks agree after every step on whether to go on.
class RepeatSession {
  public:
    RepeatSession(const RepeatContext& ctx, int r, const fs::path& dir, int threads)
        : ctx_(ctx),
          config_(ctx.config),
          r_(r),
          dir_(dir),
          threads_(threads),
          checkpoint_path_(dir / "checkpoint.json") {
        // A target that is not thread-safe is an outside function (a Python objective), whose
        // batches may be slow: Ctrl-C and the seconds budget are looked at before each one.
        // Under mpirun the ranks stop together at step ends instead.
        if (!ctx.target.thread_safe() && !files_.spread())
            gated_ = std::make_unique<GatedTarget>(ctx.target, [this] { before_batch(); });
    }

    RepeatOutcome run(bool& stepped) {
        RepeatOutcome out;
        if (const std::string done = finished_summary(); !done.empty()) {
            out.finished = true;
            out.summary = nlohmann::json::parse(done);
            return out;
        }
        if (files_.here()) {
            make_folder(dir_);
            remove_stale_temporaries(dir_);
        }
        seed_ = derive_seed(config_.seed, {config_.first_repeat + static_cast<std::uint64_t>(r_)});
        start_fresh();
        resume_or_begin();
        if (several() && files_.here()) RunFolder::set_status(dir_, "running");
        bool interrupted = false;
        const std::string reason = take_steps(stepped, interrupted);
        return finish(reason, interrupted);
    }

  private:
    bool several() const { return config_.repeats > 1; }

    // The summary of a repeat finished before (read by rank 0), or empty.
    std::string finished_summary() const {
        return files_.from_here([&] {
            return fs::exists(dir_ / "summary.json") && RunFolder::status(dir_) == "finished"
                       ? read_json_file(dir_ / "summary.json").dump()
                       : std::string();
        });
    }

    const Target& target() const { return gated_ ? *gated_ : ctx_.target; }

    void start_fresh() {
        opt_ = ctx_.optimizer.make();
        evaluator_.emplace(target(), config_.budget, threads_, config_.archive);
        if (files_.spread()) evaluator_->set_collective(&world());
        opt_->start(target(), seed_, ctx_.initial);
    }

    // True when the run is to stop at the next step (or, gated, the next batch).
    bool halt_requested() const {
        return ctx_.stop.load() || InterruptGuard::requested().load() ||
               (ctx_.cancel && ctx_.cancel->load());
    }

    // The gate before a batch of a gated step: the step is abandoned when the run is to stop or
    // the seconds budget is spent. Outside a step (a checkpoint's boards scored again) it is open.
    void before_batch() const {
        if (!in_step_) return;
        if (halt_requested()) throw StepAbandoned(StepAbandoned::Why::Interrupted);
        const double seconds = config_.budget.seconds;
        if (seconds > 0 && evaluator_->ledger().seconds() >= seconds)
            throw StepAbandoned(StepAbandoned::Why::OutOfTime);
    }

    // One step of the optimizer. Gated, a step abandoned before a batch goes back to where it
    // began: interrupted, the optimizer and the ledger both (a checkpoint there resumes to the
    // result of an uninterrupted run); out of time, the optimizer only, so that the batches
    // scored before the budget ran out still count (the run ends: nothing goes on from its
    // state). The time the step took stays spent. Returns why it was abandoned, or nothing.
    std::optional<StepAbandoned::Why> take_step() {
        using Clock = std::chrono::steady_clock;
        Evaluator& ev = *evaluator_;
        // Keeping where a step began costs the optimizer's save() (170 us a generation of the
        // genetic search, 80% of a run with an objective that does nothing): kept only when the
        // last step took 20 times as long, so that it adds at most 5%. A step not kept is short
        // and runs to its end.
        const bool keep = gated_ && (step_seconds_ < 0 || step_seconds_ >= 20 * keep_seconds_);
        const auto t0 = Clock::now();
        if (!keep) {
            opt_->step(ev);
            step_seconds_ = std::chrono::duration<double>(Clock::now() - t0).count();
            return std::nullopt;
        }
        const nlohmann::json optimizer = opt_->save();
        const Ledger::Mark ledger = ev.mark();
        const auto t1 = Clock::now();
        keep_seconds_ = std::chrono::duration<double>(t1 - t0).count();
        in_step_ = true;
        try {
            opt_->step(ev);
            in_step_ = false;
            step_seconds_ = std::chrono::duration<double>(Clock::now() - t1).count();
            return std::nullopt;
        } catch (const StepAbandoned& e) {
            in_step_ = false;
            opt_ = ctx_.optimizer.make();
            opt_->start(target(), seed_, ctx_.initial);
            opt_->restore(optimizer);
            if (e.why() == StepAbandoned::Why::Interrupted) ev.rewind(ledger);
            return e.why();
        } catch (...) {
            in_step_ = false;
            throw;
        }
    }

    void restore(const Checkpoint& c) {
        start_fresh();  // a checkpoint that failed half-way leaves nothing behind
        opt_->restore(c.optimizer);
        evaluator_->restore(c.evaluator);
    }

    // The checkpoint, if there is one: read by rank 0, restored on every rank; rank 0's logbook.
    void resume_or_begin() {
        std::optional<Checkpoint> cp;
        if (files_.here())
            cp = load_checkpoint(
                checkpoint_path_, [&](const Checkpoint& c) { restore(c); },
                [&](const std::string& warning) { ctx_.log.warn("repeat {}: {}", r_, warning); });
        if (files_.spread()) {
            const std::string text =
                files_.from_here([&] { return cp ? nlohmann::json(*cp).dump() : std::string(); });
            if (!files_.here() && !text.empty()) {
                cp = parse_checkpoint(text, "rank 0's checkpoint");
                restore(*cp);
            }
        }
        if (cp) {
            step_ = cp->step;
            if (files_.here())
                book_.emplace(
                    Logbook::resume(dir_ / "logbook.csv", cp->logbook_rows, measure_names()));
            ctx_.log.info("repeat {}: resumed at step {} ({} evaluations)", r_, step_,
                          evaluator_->ledger().evaluations());
        } else if (files_.here()) {
            if (fs::exists(dir_ / "logbook.csv"))
                ctx_.log.info(
                    "repeat {}: no checkpoint yet (it stopped before writing its first); starting "
                    "it from the beginning",
                    r_);
            book_.emplace(Logbook::create(dir_ / "logbook.csv", measure_names()));
        }
    }

    // The optimizer's measures (Optimizer::measures): their names, the logbook's last columns, and
    // a row with their values now.
    std::vector<std::string> measure_names() const {
        std::vector<std::string> names;
        for (const Optimizer::Measure& m : opt_->measures()) names.push_back(m.name);
        return names;
    }
    void add_measures(nlohmann::json& summary) const {
        const std::vector<Optimizer::Measure> measures = opt_->measures();
        if (measures.empty()) return;
        nlohmann::json& j = summary["measures"];
        for (const Optimizer::Measure& m : measures) j[m.name] = Real(m.value);
    }
    void write_row() {
        std::vector<double> values;
        for (const Optimizer::Measure& m : opt_->measures()) values.push_back(m.value);
        book_->write_row(step_, *evaluator_, values);
    }

    // The best board, the archive and the optimizer's elites are written with every checkpoint,
    // so that a long run's results are on disk long before it ends; each when it changed (the
    // archive also changes while the best does not: boards far enough from it join it).
    void write_boards() {
        const Evaluator& ev = *evaluator_;
        if (!files_.here() || !ev.ledger().has_best()) return;
        if (!written_best_ || *written_best_ != ev.ledger().best_score()) {
            written_best_ = ev.ledger().best_score();
            write_file_atomically(dir_ / "best.txt", ctx_.view.text(ev.ledger().best()), Sync::No);
            if (ctx_.view.has_picture())
                write_file_atomically(
                    dir_ / "best.svg",
                    ctx_.view.svg(ev.ledger().best(), config_.name + ": best " +
                                                          format_score(ev.ledger().best_score()) +
                                                          " " + ctx_.view.unit()),
                    Sync::No);
        }
        if (std::string index = archive_index(ev.ledger().archive()); index != written_archive_) {
            write_archive(dir_ / "archive", ctx_.view, ev.ledger().archive());
            written_archive_ = std::move(index);
        }
        if (const Optimizer::Elites elites = opt_->elites(); !elites.cells.empty()) {
            if (std::string index = elites_index(elites); index != written_elites_index_) {
                write_elites(dir_ / "elites", ctx_.view, elites, written_elites_);
                written_elites_index_ = std::move(index);
            }
        }
    }

    void checkpoint() {
        if (!files_.here()) return;
        book_->sync();
        write_boards();
        save_checkpoint(checkpoint_path_,
                        Checkpoint{1, step_, book_->rows(), opt_->save(), evaluator_->save()});
    }

    // Under mpirun the ranks agree: the budget's end as the first rank saw it (ranks differ only
    // on the clock), else an interruption if any rank has one.
    void agree(std::string& reason, bool& halt) {
        const std::vector<std::string> all =
            world().all_gather(reason.empty() && halt ? "\x01" : reason);
        reason.clear();
        halt = false;
        for (const std::string& a : all) {
            if (a == "\x01")
                halt = true;
            else if (!a.empty() && reason.empty())
                reason = a;
        }
    }

    // The optimizer's steps until the budget, the optimizer or an interruption ends them: why
    // they ended (empty when interrupted).
    std::string take_steps(bool& stepped, bool& interrupted) {
        Evaluator& ev = *evaluator_;
        auto last_checkpoint = std::chrono::steady_clock::now();
        for (;;) {
            std::string reason = ev.ledger().stop_reason();
            if (reason.empty() && opt_->done()) reason = "optimizer finished";
            bool halt =
                halt_requested() || (ctx_.interrupt_after_steps &&
                                     ctx_.session_steps.load() >= ctx_.interrupt_after_steps);
            if (files_.spread()) agree(reason, halt);
            if (!reason.empty()) return reason;
            if (halt) {
                interrupted = true;
                return reason;
            }
            ++ctx_.session_steps;
            stepped = true;
            const std::uint64_t before = ev.ledger().evaluations() + ev.ledger().rejected();
            if (const auto abandoned = take_step()) {
                if (*abandoned == StepAbandoned::Why::OutOfTime) return ev.ledger().stop_reason();
                interrupted = true;
                return "";
            }
            ++step_;
            if (book_ && step_ % config_.logbook_every == 0) write_row();
            if (ev.ledger().evaluations() + ev.ledger().rejected() == before && !opt_->done())
                return "stalled (a step proposed nothing)";
            const auto now = std::chrono::steady_clock::now();
            if (std::chrono::duration<double>(now - last_checkpoint).count() >=
                config_.checkpoint_seconds) {
                checkpoint();
                last_checkpoint = now;
            }
            ctx_.progress.update(r_, ev);
            if (ctx_.on_step) (*ctx_.on_step)(step_report(config_, r_, step_, ev, false));
        }
    }

    // The last checkpoint, and for a repeat that ended its summary and its boards.
    RepeatOutcome finish(const std::string& reason, bool interrupted) {
        Evaluator& ev = *evaluator_;
        if (book_ && !interrupted && step_ % config_.logbook_every != 0)
            write_row();  // the last, partial interval
        checkpoint();
        ctx_.progress.repeat_ended(r_);
        if (ctx_.on_step) (*ctx_.on_step)(step_report(config_, r_, step_, ev, true));
        RepeatOutcome out;
        if (interrupted) {
            if (several() && files_.here()) RunFolder::set_status(dir_, "interrupted");
            out.summary = repeat_summary(config_, ctx_.view, ev, seed_, step_, "interrupted", r_);
            add_measures(out.summary);
            return out;
        }
        out.finished = true;
        out.summary = repeat_summary(config_, ctx_.view, ev, seed_, step_, reason, r_);
        add_measures(out.summary);
        if (files_.spread()) out.summary["ranks"] = world().size();
        write_boards();
        if (files_.here()) write_file_atomically(dir_ / "summary.json", out.summary.dump(2) + "\n");
        if (several() && files_.here()) RunFolder::set_status(dir_, "finished");
        ctx_.log.info("repeat {} ended ({}) after {} evaluations ({} rejected), best {} {}", r_,
                      why_ended(reason), ev.ledger().evaluations(), ev.ledger().rejected(),
                      ev.ledger().has_best() ? format_score(ev.ledger().best_score()) : "none",
                      ctx_.view.unit());
        return out;
    }

    const RepeatContext& ctx_;
    const RunConfig& config_;
    const int r_;
    const fs::path& dir_;
    const int threads_;
    const fs::path checkpoint_path_;
    const FileRank files_;
    std::unique_ptr<GatedTarget> gated_;  // the target, gated (outside functions only)
    bool in_step_ = false;                // a gated step is under way, its start kept
    double step_seconds_ = -1;            // how long the last step took (-1: none yet)
    double keep_seconds_ = 0;             // what keeping a step's start last cost
    std::uint64_t seed_ = 0;
    std::unique_ptr<Optimizer> opt_;
    std::optional<Evaluator> evaluator_;
    std::uint64_t step_ = 0;
    std::optional<Logbook> book_;  // rank 0's
    std::optional<double> written_best_;
    std::string written_archive_;                     // its index.csv as last written
    std::map<std::uint64_t, double> written_elites_;  // the elites' files: cell -> value
    std::string written_elites_index_;                // their index.csv as last written
};

}  // namespace

RepeatOutcome run_repeat(const RepeatContext& ctx, int r, const fs::path& dir, int threads) {
    // A repeat of several has a status of its own.
    const bool writer = ctx.config.repeats > 1 && FileRank().here();
    const std::string before = writer ? RunFolder::status(dir) : "";
    bool stepped = false;
    try {
        return RepeatSession(ctx, r, dir, threads).run(stepped);
    } catch (...) {
        // The run says why in its log; the repeat's own status says that it failed, unless it
        // failed before a step of this session (a resume that could not go on changed nothing:
        // the status goes back to what it was).
        if (writer) RunFolder::record_failure(dir, before, stepped);
        throw;
    }
}

}  // namespace maze::experiments
