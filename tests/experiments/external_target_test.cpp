// Targets scored by an outside function (`kind: python`, the Python module's objective), run the
// way the module runs them: the run's hooks (on_step, cancel), the board model's genes and
// feasibility, every optimizer that can take any target, exhaustive's every-genome mode with its
// checkpoints, and the mistakes a function can make. The Python side is python/tests/test_run.py.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/runner.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"
#include "mazesearch/search/optimizers/exhaustive_search.hpp"
#include "run_files.hpp"

namespace fs = std::filesystem;
using namespace maze;
using namespace maze::experiments;
using maze::testing_support::fresh_dir;
using maze::testing_support::logbook_without_timing;
using maze::testing_support::slurp;

namespace {

// Open cells in the top half, minus half those of the bottom half, of the model's boards.
ExternalObjective top_minus_bottom(std::atomic<std::uint64_t>* scored = nullptr) {
    return [scored](const Target& model) -> BatchScore {
        const auto* cells = dynamic_cast<const MouseMazeTarget*>(&model);
        EXPECT_NE(cells, nullptr);
        return [cells, scored](std::span<const Genome> genomes, std::span<double> values) {
            for (std::size_t i = 0; i < genomes.size(); ++i) {
                const Board b = cells->to_board(genomes[i]);
                double v = 0;
                for (int r = 0; r < b.rows(); ++r)
                    for (int c = 0; c < b.cols(); ++c)
                        if (b.open(r, c)) v += 2 * r < b.rows() ? 1.0 : -0.5;
                values[i] = v;
            }
            if (scored) *scored += genomes.size();
        };
    };
}

RunConfig config(const std::string& optimizer, const fs::path& out,
                 const std::string& target = "{kind: python, rows: 4, cols: 4}",
                 std::uint64_t evaluations = 3000) {
    return load_config_text("name: ext\nseed: 3\ntarget: " + target + "\noptimizer: " + optimizer +
                                "\nbudget: {evaluations: " + std::to_string(evaluations) + "}\n",
                            "<test>", {"output=" + out.string()});
}

RunOptions with(const ExternalObjective& f) {
    RunOptions o;
    o.quiet = true;
    o.catch_signals = false;
    o.objective = &f;
    return o;
}

double best_of(const fs::path& dir) {
    return nlohmann::json::parse(slurp(dir / "summary.json")).at("best_score").get<double>();
}

}  // namespace

TEST(ExternalTarget, EveryOptimizerThatTakesAnyTargetSearchesIt) {
    for (const std::string opt :
         {"{kind: random}", "{kind: hill-climbing}", "{kind: annealing}",
          "{kind: population-annealing, population: 8}", "{kind: replica-exchange}",
          "{kind: evolutionary}", "{kind: genetic}", "{kind: hamming}", "{kind: exhaustive}",
          "{kind: map-elites, x: open-genes, y: none}"}) {
        std::atomic<std::uint64_t> scored{0};
        const ExternalObjective f = top_minus_bottom(&scored);
        const fs::path one = fresh_dir("ext-one"), two = fresh_dir("ext-two");
        ASSERT_EQ(run_experiment(config(opt, one), with(f)), 0) << opt;
        const nlohmann::json s = nlohmann::json::parse(slurp(one / "summary.json"));
        EXPECT_EQ(s.at("evaluations").get<std::uint64_t>(), scored.load()) << opt;
        EXPECT_GT(best_of(one), 5.0) << opt;  // the optimum is 7 on 4x4
        RunConfig c2 = config(opt, two);
        c2.threads = 2;  // a target that is not thread-safe: the same run on any thread count
        ASSERT_EQ(run_experiment(c2, with(f)), 0) << opt;
        EXPECT_EQ(logbook_without_timing(one), logbook_without_timing(two)) << opt;
    }
}

TEST(ExternalTarget, OnStepIsToldAndCancelStopsARunThatResumesToTheWholeRun) {
    const ExternalObjective f = top_minus_bottom();
    const fs::path whole = fresh_dir("ext-whole"), part = fresh_dir("ext-part");
    const std::string opt = "{kind: annealing}";
    ASSERT_EQ(
        run_experiment(config(opt, whole, "{kind: python, rows: 6, cols: 6}", 20000), with(f)), 0);
    std::atomic<bool> cancel{false};
    std::vector<StepReport> told;
    RunOptions o = with(f);
    o.cancel = &cancel;
    o.on_step = [&](const StepReport& s) {
        told.push_back(s);
        if (s.evaluations >= 5000) cancel = true;
    };
    ASSERT_EQ(run_experiment(config(opt, part, "{kind: python, rows: 6, cols: 6}", 20000), o), 130);
    ASSERT_GE(told.size(), 2u);
    EXPECT_TRUE(told.back().ended);
    EXPECT_LT(told.back().evaluations, 20000u);
    EXPECT_EQ(slurp(part / "status"), "interrupted\n");
    ASSERT_EQ(resume_experiment(part.string(), with(f)), 0);
    EXPECT_EQ(best_of(part), best_of(whole));
    EXPECT_EQ(logbook_without_timing(part), logbook_without_timing(whole));
}

TEST(ExternalTarget, ExhaustiveScoresEveryGenomeAndResumesFromAnyStep) {
    const ExternalObjective f = top_minus_bottom();
    const std::string target = "{kind: python, rows: 3, cols: 4, feasible: any}";
    const fs::path whole = fresh_dir("ext-ex-whole"), part = fresh_dir("ext-ex-part");
    // chunk 1: 64 genomes a step, 16 steps for the 2^10 boards.
    const std::string opt = "{kind: exhaustive, chunk: 1}";
    ASSERT_EQ(run_experiment(config(opt, whole, target, 1u << 20), with(f)), 0);
    const nlohmann::json s = nlohmann::json::parse(slurp(whole / "summary.json"));
    EXPECT_EQ(s.at("evaluations").get<std::uint64_t>(), 1024u);
    EXPECT_EQ(s.at("steps").get<std::uint64_t>(), 16u);
    // The optimum: the top two rows open (8 cells; row 1 of 3 is in the top half), the bottom
    // row closed but for the exit, which is always open.
    EXPECT_EQ(best_of(whole), 8.0 - 0.5);
    RunOptions o = with(f);
    o.interrupt_after_steps = 5;
    ASSERT_EQ(run_experiment(config(opt, part, target, 1u << 20), o), 130);
    ASSERT_EQ(resume_experiment(part.string(), with(f)), 0);
    EXPECT_EQ(logbook_without_timing(part), logbook_without_timing(whole));
}

TEST(ExternalTarget, ExhaustiveRefusesTooManyGenesAndCheckpointsOfTheOtherMode) {
    const ExternalObjective f = top_minus_bottom();
    const fs::path d = fresh_dir("ext-ex-big");
    try {
        run_experiment(config("{kind: exhaustive}", d, "{kind: python, rows: 6, cols: 6}"),
                       with(f));
        FAIL() << "a 34-gene target was taken";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("takes at most 30 genes; this one has 34"),
                  std::string::npos)
            << e.what();
    }
    Params p;
    ExhaustiveSearch every(p);
    const RunConfig c = config("{kind: exhaustive}", fresh_dir("ext-ex-unused"));
    const TargetAndView made = make_target(c.target, &f);
    every.start(*made.target, 1, {});
    EXPECT_THROW(
        every.restore({{"kind", "exhaustive"}, {"next_genome", 5000000}, {"finished", false}}),
        std::invalid_argument);
    EXPECT_THROW(every.restore({{"kind", "exhaustive"}, {"next_genome", 3}, {"finished", true}}),
                 std::invalid_argument);
    EXPECT_NO_THROW(
        every.restore({{"kind", "exhaustive"}, {"next_genome", 3}, {"finished", false}}));
}

TEST(ExternalTarget, MistakesAreSaidAndTheCommandRefusesTheKind) {
    const fs::path d = fresh_dir("ext-nan");
    const ExternalObjective nan = [](const Target&) -> BatchScore {
        return [](std::span<const Genome>, std::span<double> values) {
            for (double& v : values) v = std::nan("");
        };
    };
    try {
        run_experiment(config("{kind: random}", d), with(nan));
        FAIL() << "NaN was taken";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("gave NaN for board 0"), std::string::npos);
    }
    EXPECT_EQ(slurp(d / "status"), "failed\n");
    // Without a function (the command): refused before anything is written.
    const fs::path none = fresh_dir("ext-none");
    RunOptions quiet;
    quiet.quiet = true;
    try {
        run_experiment(config("{kind: random}", none), quiet);
        FAIL() << "a python target ran without its function";
    } catch (const ParamError& e) {
        EXPECT_NE(std::string(e.what()).find("a python target is scored by a Python function"),
                  std::string::npos);
    }
    EXPECT_FALSE(fs::exists(none));
    const ExternalObjective f = top_minus_bottom();
    EXPECT_THROW(make_target(config("{kind: random}", none,
                                    "{kind: python, rows: 4, cols: 4, objective: moves}")
                                 .target,
                             &f),
                 ParamError);
}

// Repeats side by side (a built-in target, one thread each): on_step is called from several
// threads, one call at a time, and every repeat says when it has ended; cancel stops them all,
// and the resumed run is the whole run.
TEST(RunHooks, OnStepFromRepeatsSideBySideIsOneCallAtATimeAndCancelStopsThemAll) {
    const fs::path whole = fresh_dir("hooks-whole"), part = fresh_dir("hooks-part");
    const auto cfg = [](const fs::path& out) {
        RunConfig c = load_config_text(
            "name: hooks\nseed: 2\nthreads: 2\nrepeats: 4\n"
            "target: {kind: mouse-maze, rows: 6, cols: 6}\n"
            "optimizer: {kind: genetic}\nbudget: {evaluations: 40000}\n",
            "<test>", {"output=" + out.string()});
        return c;
    };
    RunOptions quiet;
    quiet.quiet = true;
    quiet.catch_signals = false;
    std::atomic<int> inside{0}, most_inside{0};
    std::vector<int> ended;
    quiet.on_step = [&](const StepReport& s) {
        const int now = ++inside;
        int seen = most_inside.load();
        while (now > seen && !most_inside.compare_exchange_weak(seen, now)) {
        }
        if (s.ended) ended.push_back(s.repeat);
        --inside;
    };
    ASSERT_EQ(run_experiment(cfg(whole), quiet), 0);
    EXPECT_EQ(most_inside.load(), 1);
    std::sort(ended.begin(), ended.end());
    EXPECT_EQ(ended, (std::vector<int>{0, 1, 2, 3}));

    std::atomic<bool> cancel{false};
    RunOptions o = quiet;
    o.cancel = &cancel;
    o.on_step = [&](const StepReport& s) {
        if (s.evaluations >= 10000) cancel = true;
    };
    ASSERT_EQ(run_experiment(cfg(part), o), 130);
    ASSERT_EQ(resume_experiment(part.string(), quiet), 0);
    for (int r = 0; r < 4; ++r) {
        const std::string rep = "repeat-00" + std::to_string(r);
        EXPECT_EQ(logbook_without_timing(part / rep), logbook_without_timing(whole / rep)) << rep;
    }
}
