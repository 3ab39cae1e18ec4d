// Run directories end to end: files, determinism across thread counts, interrupt and resume.
#include "mazesearch/experiments/runner.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/run/checkpoint.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "run_files.hpp"

namespace fs = std::filesystem;
using namespace maze::experiments;
using maze::testing_support::fresh_dir;
using maze::testing_support::logbook_without_timing;
using maze::testing_support::slurp;

namespace {

nlohmann::json summary_without_timing(const fs::path& dir) {
    nlohmann::json j = nlohmann::json::parse(slurp(dir / "summary.json"));
    j.erase("seconds");
    if (j.contains("runs"))
        for (auto& r : j["runs"]) r.erase("seconds");
    return j;
}

std::string config_file(const std::string& optimizer) {
    const fs::path p =
        fs::path(maze::testing_support::test_dir()) / ("runner_" + optimizer + ".yaml");
    std::ofstream(p) << "name: t\nseed: 11\ntarget: {kind: mouse-maze, rows: 5, cols: 5}\n"
                        "optimizer: "
                     << optimizer << "\nbudget: {evaluations: 20000}\n";
    return p.string();
}

RunOptions quiet() {
    RunOptions o;
    o.quiet = true;
    return o;
}

}  // namespace

TEST(Runner, WritesEveryFileOfARunDirectory) {
    const fs::path d = fresh_dir("run_files");
    const RunConfig c = load_config(config_file("{kind: genetic}"), {"output=" + d.string()});
    ASSERT_EQ(run_experiment(c, quiet()), 0);
    for (const char* f : {"config.yaml", "config.json", "overrides.txt", "log.txt", "logbook.csv",
                          "best.txt", "best.svg", "status", "summary.json", "checkpoint.json"})
        EXPECT_TRUE(fs::exists(d / f)) << f;
    EXPECT_EQ(slurp(d / "status"), "finished\n");
    const auto s = nlohmann::json::parse(slurp(d / "summary.json"));
    for (const char* k : {"best_score", "evaluations", "rejected", "seed", "seconds", "convention"})
        EXPECT_TRUE(s.contains(k)) << k;
    EXPECT_EQ(s["evaluations"], 20000);
    EXPECT_EQ(slurp(d / "logbook.csv").substr(0, 48),
              "gen,evals,rejected,best,mean,std,min,max,seconds");
    // best.txt is a board whose score is the summary's best.
    EXPECT_EQ(slurp(d / "best.txt"), s["best_board"].get<std::string>());
    // A second run into the same folder is refused, not merged.
    EXPECT_THROW(run_experiment(c, quiet()), ConfigError);
}

TEST(Runner, RepeatsGoInNumberedFoldersBesideOneSummary) {
    const fs::path d = fresh_dir("run_repeats");
    const RunConfig c =
        load_config(config_file("{kind: random}"), {"output=" + d.string(), "repeats=3"});
    ASSERT_EQ(run_experiment(c, quiet()), 0);
    const auto s = nlohmann::json::parse(slurp(d / "summary.json"));
    EXPECT_EQ(s["repeats"], 3);
    EXPECT_EQ(s["runs"].size(), 3u);
    for (const char* r : {"repeat-000", "repeat-001", "repeat-002"})
        EXPECT_TRUE(fs::exists(d / r / "summary.json")) << r;
    // Each repeat has its own derived seed.
    EXPECT_NE(s["runs"][0]["seed"], s["runs"][1]["seed"]);
}

// first_repeat: F runs repeats F, F+1, ... of the same master seed alone: one chain of a long
// series (a record hunt's) again, board for board, without the chains before it.
TEST(Runner, FirstRepeatRunsOneRepeatOfALongerRunAlone) {
    const std::string cfg = config_file("{kind: annealing}");
    const fs::path all = fresh_dir("first_repeat_all");
    const fs::path alone = fresh_dir("first_repeat_alone");
    ASSERT_EQ(run_experiment(load_config(cfg, {"output=" + all.string(), "repeats=3",
                                               "budget.evaluations=4000"}),
                             quiet()),
              0);
    ASSERT_EQ(run_experiment(load_config(cfg, {"output=" + alone.string(), "first_repeat=2",
                                               "budget.evaluations=4000"}),
                             quiet()),
              0);
    const auto three = nlohmann::json::parse(slurp(all / "summary.json"));
    const auto one = nlohmann::json::parse(slurp(alone / "summary.json"));
    EXPECT_EQ(one["seed"], three["runs"][2]["seed"]);
    EXPECT_NE(one["seed"], three["runs"][0]["seed"]);
    EXPECT_EQ(one["best_board"], three["runs"][2]["best_board"]);
    EXPECT_EQ(logbook_without_timing(alone), logbook_without_timing(all / "repeat-002"));
    EXPECT_THROW(load_config(cfg, {"first_repeat=-1"}), ConfigError);
}

// Four repeats on two threads run side by side, one thread each; on one thread one after the
// other. Each repeat's result is the same either way, and an interrupted side-by-side run
// resumes to it too.
TEST(Runner, RepeatsSideBySideGiveTheResultsOfOneByOne) {
    const std::string cfg = config_file("{kind: genetic, population: 50, parents: 10}");
    const fs::path one = fresh_dir("repeats_one");
    const fs::path two = fresh_dir("repeats_two");
    const fs::path parts = fresh_dir("repeats_parts");
    auto with = [&](const fs::path& d, const std::string& threads) {
        return load_config(cfg, {"output=" + d.string(), "repeats=4", "threads=" + threads,
                                 "budget.evaluations=3000"});
    };
    ASSERT_EQ(run_experiment(with(one, "1"), quiet()), 0);
    ASSERT_EQ(run_experiment(with(two, "2"), quiet()), 0);
    EXPECT_EQ(summary_without_timing(one), summary_without_timing(two));
    for (const char* r : {"repeat-000", "repeat-001", "repeat-002", "repeat-003"})
        EXPECT_EQ(logbook_without_timing(one / r), logbook_without_timing(two / r)) << r;

    RunOptions stop = quiet();
    stop.interrupt_after_steps = 7;  // counted over the repeats running side by side
    int status = run_experiment(with(parts, "2"), stop);
    EXPECT_EQ(status, 130);
    EXPECT_EQ(slurp(parts / "status"), "interrupted\n");
    int sessions = 1;
    while (status == 130 && sessions < 100) {
        status = resume_experiment(parts.string(), stop);
        ++sessions;
    }
    ASSERT_EQ(status, 0);
    EXPECT_EQ(summary_without_timing(one), summary_without_timing(parts));
    for (const char* r : {"repeat-000", "repeat-001", "repeat-002", "repeat-003"})
        EXPECT_EQ(logbook_without_timing(one / r), logbook_without_timing(parts / r)) << r;
}

TEST(Runner, SameSeedSameSummaryWithOneOrTwoThreads) {
    for (const std::string opt :
         {"{kind: random, batch: 2000}", "{kind: genetic, population: 400, parents: 40}",
          "{kind: annealing}", "{kind: hill-climbing, mode: best}"}) {
        const fs::path d1 = fresh_dir("threads1");
        const fs::path d2 = fresh_dir("threads2");
        ASSERT_EQ(
            run_experiment(load_config(config_file(opt), {"output=" + d1.string(), "threads=1"}),
                           quiet()),
            0);
        ASSERT_EQ(
            run_experiment(load_config(config_file(opt), {"output=" + d2.string(), "threads=2"}),
                           quiet()),
            0);
        EXPECT_EQ(summary_without_timing(d1), summary_without_timing(d2)) << opt;
        EXPECT_EQ(logbook_without_timing(d1), logbook_without_timing(d2)) << opt;
    }
}

TEST(Runner, ResumeAfterAnInterruptionGivesTheUninterruptedResult) {
    for (const std::string opt :
         {"{kind: genetic}", "{kind: evolutionary}", "{kind: annealing}", "{kind: hill-climbing}",
          "{kind: random}", "{kind: hamming, radius: 2}", "{kind: exhaustive, chunk: 512}",
          "{kind: map-elites, report_every: 300}",
          "{kind: map-elites, emitter: anneal, batch: 8, report_every: 400, t_start: 1}"}) {
        const fs::path whole = fresh_dir("whole");
        const fs::path parts = fresh_dir("parts");
        // The enumeration covers millions of boards a step: it ends by itself, not by budget.
        const bool exact = opt.find("exhaustive") != std::string::npos;
        auto with = [&](const fs::path& out) {
            std::vector<std::string> o = {"output=" + out.string()};
            if (exact) o.insert(o.end(), {"budget.evaluations=0", "budget.seconds=600"});
            return o;
        };
        ASSERT_EQ(run_experiment(load_config(config_file(opt), with(whole)), quiet()), 0);
        RunOptions stop = quiet();
        stop.interrupt_after_steps = 3;
        ASSERT_EQ(run_experiment(load_config(config_file(opt), with(parts)), stop), 130) << opt;
        EXPECT_EQ(slurp(parts / "status"), "interrupted\n");
        EXPECT_TRUE(fs::exists(parts / "checkpoint.json"));
        // Resumed and interrupted again every three steps until it ends.
        int status = 130;
        int sessions = 1;
        while (status == 130 && sessions < 1000) {
            status = resume_experiment(parts.string(), stop);
            ++sessions;
        }
        ASSERT_EQ(status, 0) << opt;
        EXPECT_GE(sessions, 2) << opt;
        EXPECT_EQ(slurp(parts / "status"), "finished\n");
        EXPECT_EQ(summary_without_timing(whole), summary_without_timing(parts)) << opt;
        EXPECT_EQ(logbook_without_timing(whole), logbook_without_timing(parts)) << opt;
        // Resuming a finished run changes nothing.
        EXPECT_EQ(resume_experiment(parts.string(), quiet()), 0);
    }
}

// The optimizer's measures are the logbook's last columns; a logbook with other columns (a run
// of another version) is refused at resume, naming the file and both headers, not appended to.
TEST(Runner, ALogbookOfOtherColumnsIsRefusedAtResume) {
    const std::string cfg = config_file("{kind: map-elites, report_every: 300}");
    const fs::path parts = fresh_dir("measures_parts");
    RunOptions stop = quiet();
    stop.interrupt_after_steps = 3;
    ASSERT_EQ(run_experiment(load_config(cfg, {"output=" + parts.string()}), stop), 130);
    std::string book = slurp(parts / "logbook.csv");
    const std::string head = "gen,evals,rejected,best,mean,std,min,max,seconds";
    ASSERT_EQ(book.substr(0, book.find('\n')), head + ",coverage,qd_score,elites");
    book.replace(0, book.find('\n'), head);
    std::ofstream(parts / "logbook.csv") << book;
    try {
        resume_experiment(parts.string(), quiet());
        ADD_FAILURE() << "resumed onto a logbook of other columns";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("logbook.csv: cannot resume the logbook: its columns "
                                             "are " +
                                             head + ", this run writes " + head +
                                             ",coverage,qd_score,elites"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_EQ(slurp(parts / "logbook.csv"), book);
}

TEST(Runner, ResumeRefusesAFolderThatIsNotARun) {
    const fs::path d = fresh_dir("not_a_run");
    fs::create_directories(d);
    EXPECT_THROW(resume_experiment(d.string(), quiet()), ConfigError);
}

TEST(Runner, SparseLogbookRowsSurviveInterruptions) {
    const fs::path whole = fresh_dir("sparse_whole");
    const fs::path parts = fresh_dir("sparse_parts");
    const std::string cfg = config_file("{kind: genetic}");
    ASSERT_EQ(
        run_experiment(load_config(cfg, {"output=" + whole.string(), "logbook_every=7"}), quiet()),
        0);
    RunOptions stop = quiet();
    stop.interrupt_after_steps = 5;  // interruptions fall inside logbook intervals
    int status =
        run_experiment(load_config(cfg, {"output=" + parts.string(), "logbook_every=7"}), stop);
    while (status == 130) status = resume_experiment(parts.string(), stop);
    ASSERT_EQ(status, 0);
    EXPECT_EQ(logbook_without_timing(whole), logbook_without_timing(parts));
    EXPECT_EQ(summary_without_timing(whole), summary_without_timing(parts));
    // 200 generations, a row every 7th and one for the last partial interval.
    std::istringstream rows(slurp(whole / "logbook.csv"));
    std::string line;
    int n = -1;  // header
    while (std::getline(rows, line)) ++n;
    EXPECT_EQ(n, 200 / 7 + 1);
}

TEST(Runner, ExhaustiveOptimizerGivesTheExactAnswerInARunDirectory) {
    const fs::path d = fresh_dir("exhaustive_run");
    ASSERT_EQ(run_experiment(load_config(config_file("{kind: exhaustive}"),
                                         {"output=" + d.string(), "budget.evaluations=0",
                                          "budget.seconds=600"}),
                             quiet()),
              0);
    const auto s = nlohmann::json::parse(slurp(d / "summary.json"));
    EXPECT_EQ(s["best_score"], 52.0);
    EXPECT_EQ(s["evaluations"], 1913846);           // every feasible 5x5 board
    EXPECT_EQ(s["rejected"], (1 << 23) - 1913846);  // and every infeasible one
    EXPECT_EQ(s["stop_reason"], "optimizer finished");
    const auto cp = nlohmann::json::parse(slurp(d / "checkpoint.json"));
    EXPECT_EQ(cp["optimizer"]["result"]["optimal_boards"], 2);
    // Not a mouse-maze-sized target: a clear error, naming the config, before anything runs.
    const fs::path big = fresh_dir("ex_big");
    fs::remove_all(big);
    try {
        run_experiment(load_config(config_file("{kind: exhaustive}"),
                                   {"output=" + big.string(), "target.rows=13", "target.cols=13"}),
                       quiet());
        ADD_FAILURE() << "exhaustive ran on 13x13";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find(
                      "optimizer.kind: exhaustive: enumeration handles grids of at most 64 cells"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_FALSE(fs::exists(big));
}

// A config is checked once, before anything is written, and without an optimizer: the checks
// are the settings' (check_optimizer), and the only optimizers a run makes are its repeats'.
TEST(Runner, AConfigIsCheckedBeforeAnythingIsWrittenWithoutAnOptimizer) {
    struct Bad {
        std::string optimizer;
        std::vector<std::string> overrides;
        std::string said;
    };
    const std::vector<Bad> bad = {
        // a parameter, an unknown key, what the budget lacks, what the target lacks
        {"{kind: population-annealing, population: 1}", {}, ":4: optimizer.population: expected"},
        {"{kind: annealing, popsize: 3}", {}, ":4: optimizer.popsize: unknown key"},
        {"{kind: annealing}",
         {"budget.evaluations=0", "budget.stagnation=100"},
         "optimizer.length: needs length"},
        {"{kind: exhaustive}",
         {"target.rows=13", "target.cols=13"},
         "optimizer.kind: exhaustive: enumeration handles grids of at most 64 cells"},
    };
    for (const Bad& b : bad) {
        const fs::path d = fresh_dir("checked_once");
        fs::remove_all(d);
        std::vector<std::string> overrides = b.overrides;
        overrides.push_back("output=" + d.string());
        const RunConfig c = load_config(config_file(b.optimizer), overrides);
        const std::uint64_t made = maze::Optimizer::made();
        try {
            check_experiment(c);
            ADD_FAILURE() << b.optimizer << " passed the check";
        } catch (const std::exception& e) {
            EXPECT_NE(std::string(e.what()).find(b.said), std::string::npos) << e.what();
        }
        EXPECT_THROW(run_experiment(c, quiet()), std::exception) << b.optimizer;
        EXPECT_FALSE(fs::exists(d)) << b.optimizer;
        EXPECT_EQ(maze::Optimizer::made(), made) << b.optimizer;
    }
    // A good config: the check makes no optimizer, a run of two repeats two, and the run checks
    // the settings once, whatever the repeats (each repeat's optimizer is made checked).
    for (const std::string kind : {"annealing", "exhaustive"}) {
        const fs::path d = fresh_dir("checked_once_good");
        const RunConfig c =
            load_config(config_file("{kind: " + kind + "}"),
                        {"output=" + d.string(), "repeats=2", "budget.evaluations=2000"});
        const std::uint64_t made = maze::Optimizer::made();
        check_experiment(c);
        EXPECT_EQ(maze::Optimizer::made(), made) << kind;
        const std::uint64_t checks = maze::Optimizer::settings_checks();
        ASSERT_EQ(run_experiment(c, quiet()), 0) << kind;
        EXPECT_EQ(maze::Optimizer::made(), made + 2) << kind;
        EXPECT_EQ(maze::Optimizer::settings_checks(), checks + 1) << kind;
    }
}

// The run of `config_file(opt)` in `parts`, interrupted twice (three steps each), so that its
// folder holds a checkpoint and the one before it.
static void run_with_two_checkpoints(const std::string& cfg, const fs::path& parts) {
    RunOptions stop = quiet();
    stop.interrupt_after_steps = 3;
    ASSERT_EQ(run_experiment(load_config(cfg, {"output=" + parts.string()}), stop), 130);
    ASSERT_EQ(resume_experiment(parts.string(), stop), 130);
    ASSERT_TRUE(fs::exists(parts / "checkpoint.json"));
    ASSERT_TRUE(fs::exists(parts / "checkpoint.prev.json"));
}

TEST(Runner, ACorruptCheckpointFallsBackToThePreviousOneAndEndsTheSame) {
    const std::string cfg = config_file("{kind: genetic}");
    const fs::path whole = fresh_dir("fallback_whole");
    ASSERT_EQ(run_experiment(load_config(cfg, {"output=" + whole.string()}), quiet()), 0);
    // Truncated (a power loss mid-write on a file system without the rename guarantee), emptied,
    // and valid JSON with a state of another optimizer.
    for (const std::string& corrupt :
         {std::string("truncated"), std::string(""), std::string("other-kind")}) {
        const fs::path parts = fresh_dir("fallback_parts");
        run_with_two_checkpoints(cfg, parts);
        std::string text = slurp(parts / "checkpoint.json");
        if (corrupt == "truncated") {
            text.resize(text.size() / 2);
        } else if (corrupt == "other-kind") {
            nlohmann::json j = nlohmann::json::parse(text);
            j["optimizer"] = {{"kind", "annealing"}};
            text = j.dump();
        } else {
            text.clear();
        }
        std::ofstream(parts / "checkpoint.json", std::ios::trunc) << text;
        ASSERT_EQ(resume_experiment(parts.string(), quiet()), 0) << corrupt;
        EXPECT_EQ(summary_without_timing(whole), summary_without_timing(parts)) << corrupt;
        EXPECT_EQ(logbook_without_timing(whole), logbook_without_timing(parts)) << corrupt;
        const std::string log = slurp(parts / "log.txt");
        EXPECT_NE(log.find("checkpoint.json"), std::string::npos) << log;
        EXPECT_NE(log.find("(unusable; skipped)"), std::string::npos) << log;
        EXPECT_NE(log.find("checkpoint.prev.json: resuming from this previous checkpoint"),
                  std::string::npos)
            << log;
    }
}

TEST(Runner, TwoCorruptCheckpointsStopTheResumeWithWhatToDo) {
    const fs::path parts = fresh_dir("both_corrupt");
    run_with_two_checkpoints(config_file("{kind: genetic}"), parts);
    std::ofstream(parts / "checkpoint.json", std::ios::trunc) << "{\"version\": 1";
    std::ofstream(parts / "checkpoint.prev.json", std::ios::trunc) << "[]";
    try {
        resume_experiment(parts.string(), quiet());
        FAIL() << "resumed from two corrupt checkpoints";
    } catch (const ConfigError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find((parts / "checkpoint.json").string()), std::string::npos) << what;
        EXPECT_NE(what.find((parts / "checkpoint.prev.json").string()), std::string::npos) << what;
        EXPECT_NE(what.find("remove"), std::string::npos) << what;
    }
    // Nothing ran, nothing changed: the run is as interrupted as it was.
    EXPECT_EQ(slurp(parts / "status"), "interrupted\n");
    EXPECT_NE(slurp(parts / "log.txt").find("[error] failed: no usable checkpoint"),
              std::string::npos);
    // Doing what it says starts the run over, to the uninterrupted result.
    fs::remove(parts / "checkpoint.json");
    fs::remove(parts / "checkpoint.prev.json");
    ASSERT_EQ(resume_experiment(parts.string(), quiet()), 0);
    const fs::path whole = fresh_dir("both_corrupt_whole");
    ASSERT_EQ(
        run_experiment(load_config(config_file("{kind: genetic}"), {"output=" + whole.string()}),
                       quiet()),
        0);
    EXPECT_EQ(summary_without_timing(whole), summary_without_timing(parts));
    EXPECT_NE(slurp(parts / "log.txt").find("no checkpoint yet"), std::string::npos);
}

TEST(Runner, AFolderOwnedByAnotherProcessIsRefused) {
    const fs::path parts = fresh_dir("owned");
    RunOptions stop = quiet();
    stop.interrupt_after_steps = 3;
    ASSERT_EQ(run_experiment(
                  load_config(config_file("{kind: genetic}"), {"output=" + parts.string()}), stop),
              130);
    {
        // flock locks belong to an open file description: this one stands for another process.
        const FolderLock other(parts, "a test");
        EXPECT_THROW(resume_experiment(parts.string(), quiet()), ConfigError);
        EXPECT_THROW(
            run_experiment(
                load_config(config_file("{kind: genetic}"), {"output=" + parts.string()}), quiet()),
            ConfigError);
        EXPECT_EQ(slurp(parts / "status"), "interrupted\n");  // untouched
    }
    // Released with its owner (the run's own lock too, when the run returns).
    EXPECT_EQ(resume_experiment(parts.string(), quiet()), 0);
    EXPECT_NO_THROW(FolderLock(parts, "a test"));
}

TEST(Runner, TemporariesOfADeadProcessAreRemovedOnResume) {
    const fs::path parts = fresh_dir("stale_tmp");
    RunOptions stop = quiet();
    stop.interrupt_after_steps = 3;
    ASSERT_EQ(run_experiment(
                  load_config(config_file("{kind: genetic}"), {"output=" + parts.string()}), stop),
              130);
    std::ofstream(parts / "checkpoint.json.tmp-99999-0") << "half a check";
    ASSERT_EQ(resume_experiment(parts.string(), quiet()), 0);
    EXPECT_FALSE(fs::exists(parts / "checkpoint.json.tmp-99999-0"));
}

TEST(Checkpoint, FieldsAreReadStrictly) {
    const std::string good =
        R"({"version":1,"step":7,"logbook_rows":3,"optimizer":{},"evaluator":{}})";
    const Checkpoint c = parse_checkpoint(good, "cp.json");
    EXPECT_EQ(c.step, 7u);
    EXPECT_EQ(c.logbook_rows, 3u);
    // A float, a negative number or a number past the range of an integer field was converted by
    // nlohmann (undefined behaviour for 1e30); now each is refused, naming the file and field.
    for (const std::string& bad :
         {std::string("1.5"), std::string("1e30"), std::string("-1"), std::string("\"7\"")}) {
        std::string text = good;
        text.replace(text.find("\"step\":7"), 8, "\"step\":" + bad);
        try {
            parse_checkpoint(text, "cp.json");
            ADD_FAILURE() << "accepted step " << bad;
        } catch (const ConfigError& e) {
            EXPECT_NE(std::string(e.what()).find("cp.json: not a checkpoint: step"),
                      std::string::npos)
                << e.what();
        }
    }
}
