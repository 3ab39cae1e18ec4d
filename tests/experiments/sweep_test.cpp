// The points of a sweep: value lists, ranges, zips, and the errors of malformed sweeps.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/serve/served_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_compare.hpp"
#include "mazesearch/experiments/sweep/sweep_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_opening.hpp"
#include "mazesearch/experiments/sweep/sweep_spec.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"
#include "temp_dir.hpp"

namespace maze::experiments {
namespace {

using Values = std::vector<std::string>;

namespace fs = std::filesystem;

// A config file in this process's scratch folder.
std::string config_file() {
    const std::string path = (fs::path(testing_support::test_dir()) / "c.yaml").string();
    std::ofstream(path) << "name: c\ntarget: {kind: mouse-maze, rows: 4, cols: 4}\n";
    return path;
}

// The override text of every point, one string a point ("k=v k2=v2").
std::vector<std::string> point_texts(const SweepSpec& s) {
    std::vector<std::string> out;
    for (const SweepPoint& p : s.points) {
        std::string t;
        for (const auto& [k, v] : p.overrides) t += (t.empty() ? "" : " ") + k + "=" + v;
        out.push_back(t);
    }
    return out;
}

TEST(SweepValues, ListsRangesAndSingleValues) {
    EXPECT_EQ(sweep_values("0.1,0.2,0.4", "x"), (Values{"0.1", "0.2", "0.4"}));
    EXPECT_EQ(sweep_values("a, b", "x"), (Values{"a", "b"}));
    EXPECT_EQ(sweep_values("range(1,4)", "x"), (Values{"1", "2", "3"}));
    EXPECT_EQ(sweep_values("range(3)", "x"), (Values{"0", "1", "2"}));
    EXPECT_EQ(sweep_values("range(10, 0, -4)", "x"), (Values{"10", "6", "2"}));
    // Floats: as many decimals as the bounds have (0.1 + 2 * 0.1 is 0.30000000000000004 in
    // binary), and the stop, 0.4 as written, left out though 0.1 + 3 * 0.1 falls below it.
    EXPECT_EQ(sweep_values("range(0.1,0.4,0.1)", "x"), (Values{"0.1", "0.2", "0.3"}));
    EXPECT_EQ(sweep_values("range(0.5,2)", "x"), (Values{"0.5", "1.5"}));
    EXPECT_EQ(sweep_values("range(1,0,-0.25)", "x"), (Values{"1.00", "0.75", "0.50", "0.25"}));
    EXPECT_EQ(sweep_values("range(1e-3,3e-3,1e-3)", "x"), (Values{"0.001", "0.002"}));
    // A flow list, a mapping and a quoted comma are one value.
    EXPECT_EQ(sweep_values("[1, 2]", "x"), (Values{"[1, 2]"}));
    EXPECT_EQ(sweep_values("[1, 2],[3]", "x"), (Values{"[1, 2]", "[3]"}));
    EXPECT_EQ(sweep_values("{a: 1, b: 2}", "x"), (Values{"{a: 1, b: 2}"}));
    EXPECT_EQ(sweep_values("'a, b'", "x"), (Values{"'a, b'"}));
    EXPECT_EQ(sweep_values("plain", "x"), (Values{"plain"}));
}

TEST(SweepValues, MalformedListsAndRangesAreErrorsNamingTheOverride) {
    const auto message = [](const std::string& text) {
        try {
            sweep_values(text, "override 'k=" + text + "'");
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(message("1,,2"),
              "override 'k=1,,2': an empty value in the list (two commas, or "
              "one at an end)");
    EXPECT_NE(message("1,").find("an empty value"), std::string::npos);
    EXPECT_NE(message("range(1,x)").find("'x' is not a number"), std::string::npos);
    EXPECT_NE(message("range()").find("expected range(stop)"), std::string::npos);
    EXPECT_NE(message("range(1,2,3,4)").find("expected range(stop)"), std::string::npos);
    EXPECT_NE(message("range(1,5,0)").find("the step of a range cannot be 0"), std::string::npos);
    EXPECT_NE(message("range(5,1)").find("the range is empty"), std::string::npos);
    EXPECT_NE(message("range(1e9)").find("a sweep holds at most 100000"), std::string::npos);
    EXPECT_NE(message("range(1,3),4").find("a range cannot be one item"), std::string::npos);
    EXPECT_NE(message("[1,2").find("a bracket is not closed"), std::string::npos);
    EXPECT_NE(message("'a,b").find("a quote is not closed"), std::string::npos);
    EXPECT_NE(message("[a},b").find("'}' does not close '['"), std::string::npos);
    EXPECT_NE(message("{a: [1, 2},b").find("'}' does not close '['"), std::string::npos);
}

// `sweep` refused values that `run` takes: the apostrophe of description=don't was an open quote,
// the lone parenthesis of label=a(b an open bracket. As in YAML, a quote or a bracket opens only
// at the start of a value, and parentheses group only when they pair up.
TEST(SweepValues, EveryValueRunTakesWithoutACommaIsOneValue) {
    for (const std::string v :
         {"don't", "a(b", "a)b", "((a)", "f(a, b)", "a[b", "a]b", "a{b}", "x'y'z", "it''s", "\"q\"",
          "'a, b'", "[1, [2, 3]]", "{a: [1, 2]}", "a: b", "say \"hi\""})
        EXPECT_EQ(sweep_values(v, "x"), Values{v}) << v;
    EXPECT_EQ(sweep_values("don't,won't", "x"), (Values{"don't", "won't"}));
    EXPECT_EQ(sweep_values("a(b,c", "x"), (Values{"a(b", "c"}));
    EXPECT_EQ(sweep_values("f(a, b),g(c)", "x"), (Values{"f(a, b)", "g(c)"}));
    EXPECT_EQ(sweep_values("'it''s, ok',b", "x"), (Values{"'it''s, ok'", "b"}));
    EXPECT_EQ(sweep_values("\"a\\\", b\",c", "x"), (Values{"\"a\\\", b\"", "c"}));
    EXPECT_EQ(sweep_values("[a, 'b]', c],d", "x"), (Values{"[a, 'b]', c]", "d"}));
}

// The message of sweep_values on `text`, named x.
std::string range_error(const std::string& text) {
    try {
        sweep_values(text, "x");
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "no error";
}

// Found by tests/fuzz/fuzz_sweep.cpp: a value written out with more than 63 characters was cut to
// another number (1e70 became 1.00000000000000007e62). Ranges were counted in doubles: past 2^53
// their values were rounded (range(9007199254740993, 9007199254741003, 3) gave 992, 996, 998,
// 1000), a step of 1 gave the same value twice, and a range past 2^64 was called empty. Integer
// ranges are now exact at any size a key takes, as Python's range; a decimal range stops at
// 2^53, and a number past 2^100 is refused.
TEST(SweepValues, LongNumbersAreExactOrRefused) {
    EXPECT_EQ(
        sweep_values("range(9007199254740993, 9007199254741003, 3)", "x"),
        (Values{"9007199254740993", "9007199254740996", "9007199254740999", "9007199254741002"}));
    EXPECT_EQ(sweep_values("range(9007199254740992, 9007199254740995)", "x"),
              (Values{"9007199254740992", "9007199254740993", "9007199254740994"}));
    EXPECT_EQ(sweep_values("range(0, 18446744073709551615, 9223372036854775807)", "x"),
              (Values{"0", "9223372036854775807", "18446744073709551614"}));
    EXPECT_EQ(sweep_values("range(10000000000000000001, 10000000000000000100, 50)", "x"),
              (Values{"10000000000000000001", "10000000000000000051"}));
    EXPECT_EQ(sweep_values("range(-18446744073709551615, -18446744073709551617, -1)", "x"),
              (Values{"-18446744073709551615", "-18446744073709551616"}));
    EXPECT_EQ(sweep_values("range(+2, 4)", "x"), (Values{"2", "3"}));
    const std::string e70 = "1" + std::string(70, '0');
    EXPECT_EQ(range_error("range(" + e70 + ", 3" + std::string(70, '0') + ", " + e70 + ")"),
              "x: '" + e70 + "' is past 2^100; no key takes such a number");
    EXPECT_EQ(range_error("range(1e70, 3e70, 1e70)"),
              "x: a value of the range, 1e+70, reaches 2^53 (9007199254740992), from where "
              "decimals are not exact; give integer bounds");
    EXPECT_EQ(range_error("range(9007199254740991.0, 9007199254740994.0)"),
              "x: a value of the range, 9007199254740992.0, reaches 2^53 (9007199254740992), "
              "from where decimals are not exact; give integer bounds");
    EXPECT_EQ(range_error("range(0, 18446744073709551615000, 1)"),
              "x: the range has 18446744073709551615000 values; a sweep holds at most 100000");
    // Below 2^53 a step under a double's precision still gives one value twice.
    EXPECT_EQ(range_error("range(1, 1.0000000000000002, 1e-17)"),
              "x: the step is too small for the values: 1.0 comes twice (a double holds about "
              "16 digits)");
}

TEST(PlanSweep, ProductWithTheLastAxisFastestAndFixedOverridesApart) {
    const std::string cfg = config_file();
    const SweepSpec s = plan_sweep(
        cfg,
        {"budget.evaluations=100", "optimizer.kind=hill,anneal", "seed=range(1,4)", "output=out"},
        {});
    EXPECT_EQ(s.fixed, (Values{"budget.evaluations=100"}));
    EXPECT_EQ(s.output, "out");
    EXPECT_EQ(s.group_keys, (Values{"optimizer.kind"}));
    EXPECT_EQ(point_texts(s),
              (Values{"optimizer.kind=hill seed=1", "optimizer.kind=hill seed=2",
                      "optimizer.kind=hill seed=3", "optimizer.kind=anneal seed=1",
                      "optimizer.kind=anneal seed=2", "optimizer.kind=anneal seed=3"}));
    EXPECT_EQ(s.points[4].folder, "point-004");
    EXPECT_EQ(s.overrides_of(s.points[4]),
              (Values{"budget.evaluations=100", "optimizer.kind=anneal", "seed=2"}));
}

TEST(PlanSweep, AZipPairsItsListsInsteadOfMultiplyingThem) {
    const SweepSpec s = plan_sweep(
        config_file(), {"optimizer.t_start=0.1,0.2", "seed=1,2", "optimizer.t_end=0.01,0.02"},
        {"optimizer.t_start,optimizer.t_end"});
    ASSERT_EQ(s.axes.size(), 2u);
    EXPECT_EQ(s.axes[0].keys, (Values{"optimizer.t_start", "optimizer.t_end"}));
    EXPECT_EQ(point_texts(s), (Values{"optimizer.t_start=0.1 optimizer.t_end=0.01 seed=1",
                                      "optimizer.t_start=0.1 optimizer.t_end=0.01 seed=2",
                                      "optimizer.t_start=0.2 optimizer.t_end=0.02 seed=1",
                                      "optimizer.t_start=0.2 optimizer.t_end=0.02 seed=2"}));
    EXPECT_EQ(s.group_keys, (Values{"optimizer.t_start", "optimizer.t_end"}));
}

TEST(PlanSweep, NoSweptKeyIsOnePoint) {
    const SweepSpec s = plan_sweep(config_file(), {"seed=3"}, {});
    ASSERT_EQ(s.points.size(), 1u);
    EXPECT_TRUE(s.points[0].overrides.empty());
    EXPECT_EQ(s.overrides_of(s.points[0]), (Values{"seed=3"}));
}

TEST(PlanSweep, MalformedSweepsAreRefused) {
    const std::string cfg = config_file();
    const auto message = [&](const Values& args, const Values& zips) {
        try {
            plan_sweep(cfg, args, zips);
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(message({"seed=1,2", "seed=3"}, {}), "override 'seed=3': seed is given twice");
    // `config` names no key of a config: the files come first (it said "given twice").
    EXPECT_EQ(message({"config=x.yaml"}, {}),
              "override 'config=x.yaml': config is not a key of a config; the config files are "
              "the first arguments (several, `mazesearch sweep A.yaml B.yaml ...`, are swept)");
    EXPECT_EQ(message({"output=a,b"}, {}),
              "override 'output=a,b': output (the sweep folder) cannot be swept");
    EXPECT_EQ(message({"noequals"}, {}),
              "override 'noequals': expected key.sub=value or key=a,b,c");
    EXPECT_EQ(message({"a=1,2", "b=1,2,3"}, {"a,b"}), "--zip a,b: a has 2 values and b has 3");
    EXPECT_EQ(message({"a=1,2", "b=4"}, {"a,b"}),
              "--zip a,b: b is not swept (give it a list of values)");
    EXPECT_EQ(message({"a=1,2", "b=3,4"}, {"a,b", "b"}), "--zip b: b is in a zip already");
    EXPECT_NE(message({"a=range(1000)", "b=range(1000)"}, {}).find("1000000 points"),
              std::string::npos);
    EXPECT_THROW(plan_sweep(testing_support::test_dir() + "/missing.yaml", {}, {}), std::exception);
}

TEST(PlanSweep, SeveralConfigsAreTheFirstAxis) {
    const std::string a = config_file();
    const std::string b = (fs::path(testing_support::test_dir()) / "d.yaml").string();
    std::ofstream(b) << "name: d\ntarget: {kind: mouse-maze, rows: 5, cols: 5}\n";
    const SweepSpec s = plan_sweep(a, {b, "seed=1,2", "budget.seconds=1"}, {});
    EXPECT_EQ(s.group_keys, (Values{"config"}));
    ASSERT_EQ(s.points.size(), 4u);
    EXPECT_EQ(s.config_of(s.points[0]), a);
    EXPECT_EQ(s.config_of(s.points[3]), b);
    // `config` is not an override of the run.
    EXPECT_EQ(s.overrides_of(s.points[3]), (Values{"budget.seconds=1", "seed=2"}));
    // Editing either config changes the hash a rerun checks.
    const std::string before = s.hash_configs();
    std::ofstream(b, std::ios::app) << "seed: 4\n";
    EXPECT_NE(s.hash_configs(), before);
    EXPECT_EQ(plan_sweep(a, {"seed=1,2"}, {}).points[1].overrides,
              (std::vector<std::pair<std::string, std::string>>{{"seed", "2"}}));
}

TEST(SweepSpecJson, RoundTripsAndRefusesAnEditedSpec) {
    const SweepSpec s =
        plan_sweep(config_file(), {"a=1,2", "seed=range(1,3)", "budget.seconds=5"}, {});
    const SweepSpec back = SweepSpec::from_json(s.to_json(), "sweep.json");
    EXPECT_TRUE(back.same_sweep(s));
    EXPECT_EQ(point_texts(back), point_texts(s));
    nlohmann::json edited = s.to_json();
    edited["points"][1]["overrides"]["seed"] = "7";
    EXPECT_THROW(SweepSpec::from_json(edited, "sweep.json"), ConfigError);
    nlohmann::json other = s.to_json();
    other["version"] = 2;
    EXPECT_THROW(SweepSpec::from_json(other, "sweep.json"), ConfigError);
    EXPECT_FALSE(plan_sweep(config_file(), {"a=1,2", "seed=range(1,4)"}, {}).same_sweep(s));
}

// A sweep.json whose axes cannot be a sweep's is refused, never walked: a row shorter than its
// axis's keys was read past its end (found by tests/fuzz/fuzz_sweep.cpp, under ASan).
TEST(SweepSpecJson, RefusesAxesNoSweepHas) {
    const SweepSpec s = plan_sweep(config_file(), {"a=1,2", "b=3,4", "c=5,6"}, {"a,b"});
    const auto error = [](const nlohmann::json& j) {
        try {
            SweepSpec::from_json(j, "sweep.json");
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(error(s.to_json()), "no error");
    nlohmann::json ragged = s.to_json();
    ragged["axes"][0]["values"][1] = {"2"};
    EXPECT_EQ(error(ragged),
              "sweep.json: not a sweep spec: a row of 1 values for the keys of an axis of 2");
    nlohmann::json twice = s.to_json();
    twice["axes"][1]["keys"][0] = "a";
    EXPECT_EQ(error(twice), "sweep.json: not a sweep spec: the key a is swept twice");
    nlohmann::json empty = s.to_json();
    empty["axes"][1]["values"] = nlohmann::json::array();
    empty["points"] = nlohmann::json::array();
    EXPECT_EQ(error(empty), "sweep.json: not a sweep spec: an axis without keys or without values");
}

TEST(SweepTable, CsvFieldsAndMedians) {
    EXPECT_EQ(csv_field("plain"), "plain");
    EXPECT_EQ(csv_field("[1, 2]"), "\"[1, 2]\"");
    EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    EXPECT_EQ(median_of_sorted({1, 2, 10}), 2);
    EXPECT_EQ(median_of_sorted({1, 2, 4, 10}), 3);
    EXPECT_TRUE(std::isnan(median_of_sorted({})));
}

// With 2 runs against 2 the comparison's column said "95% interval -458 to 458" beside the verdict
// "too few runs for a 95% interval": that interval (the whole range of differences) is a 66.7%
// one, and the column now says so.
TEST(SweepCompare, AnIntervalBelow95PercentSaysItsConfidence) {
    GroupTable t;
    t.keys = {"k"};
    t.groups.push_back(SweepGroup{{"a"}, {0, 1}, 2, {500, 600}, 2, 0, 0, {}, std::nullopt, {}});
    t.groups.push_back(SweepGroup{{"b"}, {2, 3}, 2, {142, 400}, 2, 0, 0, {}, std::nullopt, {}});
    const std::string md = compare_groups_markdown(t);
    EXPECT_NE(md.find("| k=b | 2 | 271 | 279 | 100 to 458 (66.6%, not 95%) | "), std::string::npos)
        << md;
    EXPECT_NE(md.find("too few runs for a 95% interval"), std::string::npos) << md;
    // Enough runs: the interval is a 95% one and says nothing more (6 against 6: the 6th smallest
    // and largest of the differences 400 + 10 (i - j), as P(U <= 5) = 0.041 two-sided).
    t.groups[0].scores = {500, 510, 520, 530, 540, 550};
    t.groups[1].scores = {100, 110, 120, 130, 140, 150};
    const std::string enough = compare_groups_markdown(t);
    EXPECT_NE(enough.find("| 400 | 370 to 430 | "), std::string::npos) << enough;
    EXPECT_EQ(enough.find("not 95%"), std::string::npos) << enough;
}

// Scores and thresholds in tables were rounded: a median of 1234567.5 was "1.23457e+06" in CSV and
// "--past 0.04" was "past 0.0" in Markdown's head. Each is now written as it reads back.
TEST(SweepTable, ScoresAndThresholdsAreWrittenExactly) {
    GroupTable t;
    t.keys = {"k"};
    t.groups.push_back(SweepGroup{{"a"}, {0, 1}, 2, {1234567, 1234568}, 2, 300, 2.5, {}, 0.25, {}});
    t.past = 0.04;
    t.reached = 1e20;
    const std::string md = group_table_markdown(t);
    EXPECT_NE(md.find("| past 0.04 | reached 1e+20 |"), std::string::npos) << md;
    EXPECT_NE(md.find("| a | 2 of 2 | 2 | 1234568 | 1234567.5 | 1234567 | 2 of 2 | 0 of 2 | 150 | "
                      "1.2 |"),
              std::string::npos)
        << md;
    EXPECT_EQ(group_table_csv(t),
              "k,label,reference,points,finished,runs,best,median,worst,past,runs_past,reached,"
              "runs_reached,evaluations_per_run,seconds_per_run\n"
              "a,,0.25,2,2,2,1234568,1234567.5,1234567,0.04,2,1e+20,0,150,1.25\n");
    EXPECT_EQ(score_text(9007199254740993.0), "9007199254740992");
    EXPECT_EQ(score_text(1e300), "1e+300");
}

}  // namespace
}  // namespace maze::experiments
