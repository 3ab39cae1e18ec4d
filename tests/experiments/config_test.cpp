#include "mazesearch/experiments/config.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "config_support.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/target_factory.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "temp_dir.hpp"

using maze::experiments::ConfigError;
using maze::experiments::load_config;
using maze::testing_support::config_support::kGood;
using maze::testing_support::config_support::text_error;

namespace {

std::string write_config(const std::string& name, const std::string& text) {
    const std::string path = maze::testing_support::test_dir() + "/" + name;
    std::ofstream(path) << text;
    return path;
}

std::string error_of(const std::string& path, const std::vector<std::string>& overrides = {}) {
    try {
        load_config(path, overrides);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST(Config, ReadsEveryField) {
    const auto c = load_config(write_config("good.yaml", kGood), {});
    EXPECT_EQ(c.name, "t");
    EXPECT_EQ(c.seed, 7u);
    EXPECT_EQ(c.repeats, 3);
    EXPECT_EQ(c.budget.evaluations, 1000u);
    EXPECT_EQ(c.optimizer.get_string("kind"), "genetic");
    EXPECT_DOUBLE_EQ(c.optimizer.get_double("mutation", 0, 0, 1), 0.05);
    const auto target = maze::experiments::make_target(c.target);
    EXPECT_EQ(target.target->genes(), 28u);
    EXPECT_EQ(target.view->unit(), "moves (paper convention)");
}

TEST(Config, OverridesUseDottedKeys) {
    const auto c = load_config(write_config("good.yaml", kGood),
                               {"seed=9", "threads=2", "repeats=1", "budget.evaluations=50",
                                "budget.seconds=1.5", "output=/tmp/x", "optimizer.mutation=0.1"});
    EXPECT_EQ(c.seed, 9u);
    EXPECT_EQ(c.threads, 2);
    EXPECT_EQ(c.repeats, 1);
    EXPECT_EQ(c.budget.evaluations, 50u);
    EXPECT_DOUBLE_EQ(c.budget.seconds, 1.5);
    EXPECT_EQ(c.output, "/tmp/x");
    EXPECT_DOUBLE_EQ(c.optimizer.get_double("mutation", 0, 0, 1), 0.1);
    EXPECT_EQ(c.resolved["seed"], 9);
}

TEST(Config, UnknownKeysAndWrongTypesNameTheKeyAndTheFile) {
    const std::string bad_top = write_config("bad_top.yaml", std::string(kGood) + "colour: red\n");
    std::string e = error_of(bad_top);
    EXPECT_NE(e.find("bad_top.yaml:15"), std::string::npos) << e;
    EXPECT_NE(e.find("colour: unknown key"), std::string::npos) << e;

    std::string text = kGood;
    text.replace(text.find("seed: 7"), 7, "seed: many");
    e = error_of(write_config("bad_seed.yaml", text));
    EXPECT_NE(e.find("bad_seed.yaml:2"), std::string::npos) << e;
    EXPECT_NE(e.find("seed"), std::string::npos) << e;

    e = error_of(write_config("good.yaml", kGood), {"budget.evals=3"});
    EXPECT_NE(e.find("budget.evals"), std::string::npos) << e;
    EXPECT_NE(e.find("unknown key"), std::string::npos) << e;

    e = error_of(write_config("good.yaml", kGood), {"seed"});
    EXPECT_NE(e.find("key.sub=value"), std::string::npos) << e;

    e = error_of(
        write_config("nobudget.yaml", "target: {kind: mouse-maze}\noptimizer: {kind: random}\n"));
    EXPECT_NE(e.find("budget"), std::string::npos) << e;

    e = error_of(write_config("broken.yaml", "target: [1, 2\n"));
    EXPECT_NE(e.find("broken.yaml:"), std::string::npos) << e;
    EXPECT_NE(e.find("not valid YAML"), std::string::npos) << e;

    e = error_of(maze::testing_support::test_dir() + "/missing.yaml");
    EXPECT_NE(e.find("cannot open"), std::string::npos) << e;
}

TEST(Config, TargetParametersAreChecked) {
    auto target_error = [](const std::string& override_text) {
        try {
            const auto c = load_config(write_config("good.yaml", kGood), {override_text});
            maze::experiments::make_target(c.target);
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    std::string e = target_error("target.rows=17");
    EXPECT_NE(e.find("target.rows"), std::string::npos) << e;
    e = target_error("target.exit=[0, 1]");
    EXPECT_NE(e.find("different"), std::string::npos) << e;
    e = target_error("target.start=[9, 9]");
    EXPECT_NE(e.find("target.start"), std::string::npos) << e;
    e = target_error("target.size=3");
    EXPECT_NE(e.find("target.size"), std::string::npos) << e;
    EXPECT_NE(e.find("unknown key"), std::string::npos) << e;
    e = target_error("target.kind=chess");
    EXPECT_NE(e.find("target.kind"), std::string::npos) << e;
}

TEST(Config, NullOverrideRemovesAKey) {
    const auto c = load_config(write_config("good.yaml", kGood), {"optimizer.mutation=null"});
    EXPECT_FALSE(c.optimizer.has("mutation"));
    EXPECT_TRUE(c.optimizer.has("kind"));
}

TEST(Config, ADirectoryIsRefusedByName) {
    const std::string dir = maze::testing_support::test_dir();
    try {
        load_config(dir, {});
        FAIL() << "no error";
    } catch (const maze::InputError& e) {
        EXPECT_EQ(std::string(e.what()), dir + ": is a directory; expected a config file");
    }
}

TEST(Config, TextInMemoryIsNamedBySource) {
    const auto c = maze::experiments::load_config_text(kGood, "from-memory.yaml", {"seed=11"});
    EXPECT_EQ(c.seed, 11u);
    EXPECT_EQ(c.source, "from-memory.yaml");
    std::string e = text_error("name: t\ncolour: red\n");
    EXPECT_EQ(e, "cfg.yaml:2: colour: unknown key");
}

TEST(Config, DuplicateKeysNameBothLines) {
    std::string text = kGood;
    text += "seed: 8\n";  // line 15; the first seed is on line 2
    EXPECT_EQ(text_error(text), "cfg.yaml:15: seed: duplicate key (first set at cfg.yaml:2)");

    text = kGood;
    text.replace(text.find("  mutation: 0.05"), 16, "  kind: random");  // line 12; kind on 11
    EXPECT_EQ(text_error(text),
              "cfg.yaml:12: optimizer.kind: duplicate key (first set at cfg.yaml:11)");

    text = std::string(kGood) + "archive:\n  size: 3\n  size: 4\n";
    EXPECT_EQ(text_error(text),
              "cfg.yaml:17: archive.size: duplicate key (first set at cfg.yaml:16)");

    // Deeper, in a flow mapping, and in an override's value.
    EXPECT_NE(text_error("a:\n  b:\n    c: 1\n    c: 2\n").find("cfg.yaml:4: a.b.c: duplicate key"),
              std::string::npos);
    EXPECT_NE(text_error("target: {kind: x, kind: y}\n").find("target.kind: duplicate key"),
              std::string::npos);
    const std::string o = text_error(kGood, {"target={kind: a, kind: b}"});
    EXPECT_NE(o.find("override 'target={kind: a, kind: b}'"), std::string::npos) << o;
    EXPECT_NE(o.find("kind: duplicate key"), std::string::npos) << o;
    // The same key in two different mappings is fine.
    EXPECT_EQ(text_error(std::string(kGood) + "archive: {size: 3}\n"), "no error");
}

TEST(Config, KeysMustBeWords) {
    EXPECT_NE(text_error("[a, b]: 1\n").find("a key must be a plain word"), std::string::npos);
    EXPECT_NE(text_error("target:\n  {x: 1}: 2\n").find("cfg.yaml:2: target: a key must be"),
              std::string::npos);
}

TEST(Config, AliasesThatExpandTooFarAreRefused) {
    std::string text = "a0: &a0 [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\n";
    for (int i = 1; i < 8; ++i) {
        // a<i>: &a<i> [*a<i-1>, ... ten times]: 10^8 values once expanded.
        const std::string name = std::to_string(i), prev = std::to_string(i - 1);
        text.append("a").append(name).append(": &a").append(name).append(" [");
        for (int k = 0; k < 10; ++k) text.append(k ? ", *a" : "*a").append(prev);
        text.append("]\n");
    }
    EXPECT_NE(text_error(text).find("more than 100000 values"), std::string::npos);
    std::string deep = "a: ";
    for (int i = 0; i < 100; ++i) deep += "[";
    EXPECT_NE(text_error(deep + std::string(100, ']') + "\n").find("nested more than"),
              std::string::npos);
}

TEST(Config, IntegersInExponentForm) {
    auto with = [](const std::string& line) {
        std::string text = kGood;
        text.replace(text.find("  evaluations: 1000"), 19, line);
        return text;
    };
    EXPECT_EQ(
        maze::experiments::load_config_text(with("  evaluations: 1e6"), "c", {}).budget.evaluations,
        1000000u);
    EXPECT_EQ(maze::experiments::load_config_text(with("  evaluations: 2.5e3"), "c", {})
                  .budget.evaluations,
              2500u);
    EXPECT_EQ(
        maze::experiments::load_config_text(kGood, "c", {"budget.evaluations=1e6", "seed=1e3"})
            .budget.evaluations,
        1000000u);
    EXPECT_EQ(maze::experiments::load_config_text(kGood, "c", {"seed=1e3"}).seed, 1000u);
    EXPECT_EQ(maze::experiments::load_config_text(kGood, "c", {"repeats=2e1"}).repeats, 20);
    EXPECT_EQ(text_error(with("  evaluations: 1.5")),
              "cfg.yaml:14: budget.evaluations: expected an integer, got 1.5");
    EXPECT_EQ(text_error(with("  evaluations: 1e-3")),
              "cfg.yaml:14: budget.evaluations: expected an integer, got 0.001");
    EXPECT_EQ(text_error(with("  evaluations: 1e30")),
              "cfg.yaml:14: budget.evaluations: expected an integer in [0, "
              "18000000000000000000], got 1e+30");
    EXPECT_NE(text_error(kGood, {"seed=1e30"})
                  .find("seed: expected an integer in [0, 18000000000000000000], got 1e+30"),
              std::string::npos);
    EXPECT_NE(text_error(kGood, {"repeats=1e300"})
                  .find("repeats: expected an integer in [1, 100000], got 1e+300"),
              std::string::npos);
    EXPECT_NE(text_error(kGood, {"threads=-1e3"})
                  .find("threads: expected 0 (every core) or 1 to 1024 threads, got -1000"),
              std::string::npos);
    EXPECT_NE(text_error(kGood, {"seed=inf"}).find("seed: expected a number"), std::string::npos);
    // Words that strtod would read as numbers stay words.
    EXPECT_EQ(maze::experiments::load_config_text(kGood, "c", {"name=nan"}).name, "nan");
    EXPECT_EQ(maze::experiments::load_config_text(kGood, "c", {"name=inf"}).name, "inf");
}

TEST(Config, TheTopLevelMustBeAMapping) {
    const std::string want = "cfg.yaml: expected a YAML mapping of key: value lines";
    EXPECT_EQ(text_error("- a\n- b\n"), want);
    EXPECT_EQ(text_error("- a\n- b\n", {"output=x"}), want);
    EXPECT_EQ(text_error("just words\n", {"seed=3"}), want);
    EXPECT_EQ(text_error("42\n"), want);
}

// Bytes that are not UTF-8 were read into the config and made writing config.json fail with an
// internal error (nlohmann's type_error 316; found by tests/fuzz/fuzz_config.cpp).
TEST(Config, TextMustBeUtf8) {
    std::string text = kGood;
    text.replace(text.find("name: t"), 7, "name: t\nlabel: caf\xe9");  // Latin-1 e acute
    EXPECT_EQ(text_error(text), "cfg.yaml:2: not UTF-8 text (byte 0xE9)");
    EXPECT_EQ(text_error(kGood, {"label=caf\xe9"}),
              "override 'label=caf?': not UTF-8 text (byte 0xE9)");
    for (const char* bad : {"\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x82", "\xff"})
        EXPECT_NE(text_error(std::string("label: ") + bad + "\n").find("not UTF-8"),
                  std::string::npos)
            << bad;
    const auto c = maze::experiments::load_config_text(
        std::string(kGood) + "label: caf\xc3\xa9 \xf0\x9f\x90\xad\n", "c", {});
    EXPECT_EQ(c.label, "caf\xc3\xa9 \xf0\x9f\x90\xad");
    EXPECT_NO_THROW((void)c.resolved.dump());
}

// Control characters have no place in a config: NUL bytes made yaml-cpp take the text for UTF-32
// and decode it into code points that are no UTF-8, so that config.json could not be written
// (found by tests/fuzz/fuzz_config.cpp).
TEST(Config, ControlCharactersAndBadEscapesAreRefused) {
    EXPECT_EQ(text_error(std::string(kGood) + "label: a\x07z\n"),
              "cfg.yaml:15: a control character (byte 0x07)");
    EXPECT_EQ(text_error(std::string("x\0\0\0y: 1\n", 9)),
              "cfg.yaml:1: a control character (byte 0x00)");
    EXPECT_EQ(text_error(kGood, {std::string("optimizer.mutation=\x07\0\0\0", 23)}),
              "override 'optimizer.mutation=" + std::string(4, '?') +
                  "': a control character (byte 0x07)");
    // yaml-cpp itself refuses an escape for a lone surrogate.
    EXPECT_EQ(text_error(std::string(kGood) + "label: \"\\uD800\"\n"),
              "cfg.yaml:15: not valid YAML: invalid unicode: 55296");
    // Tabs, carriage returns and proper escapes are fine.
    const auto c = maze::experiments::load_config_text(
        std::string(kGood) + "label: \"a\\u00e9\\tb\"\r\n", "c", {});
    EXPECT_EQ(c.label, "a\xc3\xa9\tb");
}

// A carriage return belongs only before a line feed: yaml-cpp kept a lone one inside a value, and
// the value written to config.yaml lost it when loaded back (found by tests/fuzz/fuzz_config.cpp
// in CI, tests/fuzz/corpus/config/found-lone-cr.yaml). An escape may not make a control character
// the text itself may not hold either.
TEST(Config, ALoneCarriageReturnAndEscapedControlCharactersAreRefused) {
    EXPECT_EQ(text_error(std::string(kGood) + "label: 4   0\r\r  # x\n"),
              "cfg.yaml:15: a carriage return that does not end a line (byte 0x0D)");
    EXPECT_EQ(text_error(std::string(kGood) + "label: a\r"),
              "cfg.yaml:15: a carriage return that does not end a line (byte 0x0D)");
    EXPECT_EQ(text_error(kGood, {"label=a\rb"}),
              "override 'label=a?b': a carriage return that does not end a line (byte 0x0D)");
    EXPECT_EQ(text_error(std::string(kGood) + "label: \"a\\x01\"\n"),
              "cfg.yaml:15: an escape that makes a control character (byte 0x01)");
    EXPECT_EQ(text_error(std::string(kGood) + "description: \"\\x7f\"\n"),
              "cfg.yaml:15: an escape that makes a control character (byte 0x7F)");
}

// What config.yaml holds loads back to the same config, escapes of line ends and tabs included:
// yaml-cpp wrote a carriage return raw, and the reloaded value had lost it or was refused. A
// quoted string that reads as a number, true/false or null stays a string: "20.0" (written
// `! 20.0` in the fuzzer's input, tests/fuzz/corpus/config/found-tagged-number.yaml) came back as
// the number 20.
TEST(Config, ConfigYamlKeepsEscapedLineEndsAndTabsAndQuotedWords) {
    for (const std::string label :
         {"\\r", "a\\rb\\r", "a\\r\\nb", "\\n", "\\t x \\t", "  a  ", "20.0", "7", "yes", "False",
          "~", "null", "", "1e3", "inf", "-"}) {
        const auto c = maze::experiments::load_config_text(
            std::string(kGood) + "label: \"" + label + "\"\n", "c", {});
        const std::string yaml = maze::experiments::to_yaml(c.resolved);
        const auto again = maze::experiments::load_config_text(yaml, "config.yaml", {});
        EXPECT_EQ(again.label, c.label) << yaml;
        EXPECT_EQ(again.resolved, c.resolved) << yaml;
    }
}

// Integers past 2^63 were read as doubles: a seed of 10000000000000000001 became 1e19, written so
// into config.json, and ran with another seed than the one given.
TEST(Config, LargeIntegersAreKeptExactly) {
    const auto c = maze::experiments::load_config_text(kGood, "c", {"seed=10000000000000000001"});
    EXPECT_EQ(c.seed, 10000000000000000001u);
    EXPECT_EQ(c.resolved["seed"].dump(), "10000000000000000001");
    const auto again = maze::experiments::load_config_text(maze::experiments::to_yaml(c.resolved),
                                                           "config.yaml", {});
    EXPECT_EQ(again.seed, 10000000000000000001u);
    EXPECT_EQ(text_error(kGood, {"seed=18446744073709551615"}),
              "command line override 'seed=18446744073709551615': seed: expected an integer in "
              "[0, 18000000000000000000], got 18446744073709551615");
    // A target's integer past int64 is named, not wrapped to a negative number.
    const auto target_error = [](const std::string& override) {
        try {
            (void)maze::experiments::make_target(
                maze::experiments::load_config_text(kGood, "cfg.yaml", {override}).target);
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(target_error("target.rows=18446744073709551615"),
              "command line override 'target.rows=18446744073709551615': target.rows: expected "
              "an integer in [1, 16], got 18446744073709551615");
    EXPECT_EQ(target_error("target.start=[9223372036854775808,0]"),
              "command line override 'target.start=[9223372036854775808,0]': target.start: "
              "expected a pair [row, col] of integers from -9223372036854775808 to "
              "9223372036854775807, got [9223372036854775808,0]");
    EXPECT_EQ(target_error("target.start=[1099511627776,0]"),
              "command line override 'target.start=[1099511627776,0]': target.start: expected "
              "[row, col] inside the 5x6 board");
}

// The one rule for thread counts (thread_count.hpp): 0 to 1024, anything else named as given.
TEST(Config, ThreadsFollowTheOneRule) {
    EXPECT_EQ(maze::experiments::load_config_text(kGood, "c", {"threads=1024"}).threads, 1024);
    EXPECT_EQ(maze::experiments::load_config_text(kGood, "c", {"threads=0"}).threads, 0);
    for (const std::string v : {"1025", "100000", "-1", "1e7", "18446744073709551615"})
        EXPECT_EQ(text_error(kGood, {"threads=" + v}),
                  "command line override 'threads=" + v +
                      "': threads: expected 0 (every core) or 1 to 1024 threads, got " +
                      (v == "1e7" ? "1e+07" : v))
            << v;
    std::string text = kGood;
    text.replace(text.find("repeats: 3"), 10, "threads: 4097");
    EXPECT_EQ(text_error(text),
              "cfg.yaml:3: threads: expected 0 (every core) or 1 to 1024 threads, got 4097");
    EXPECT_EQ(text_error(kGood, {"threads=2.5"}),
              "command line override 'threads=2.5': threads: expected an integer, got 2.5");
}

// Ranges were printed with six decimals: t_start=0 said "expected a number in [0, 1e12], got 0"
// though the bound is 1e-9, and 1e-10 was shown as 0. Bounds and values now read back exactly.
TEST(Config, NumbersInMessagesAreTheRealOnes) {
    const auto optimizer_error = [](const std::string& override) {
        try {
            const auto c = maze::experiments::load_config_text(kGood, "cfg.yaml", {override});
            (void)maze::make_optimizer(c.optimizer);
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const std::string where = "command line override '";
    EXPECT_EQ(optimizer_error("optimizer.mutation=0.0000000001"), "no error");
    EXPECT_EQ(optimizer_error("optimizer.mutation=1.0000001"),
              where +
                  "optimizer.mutation=1.0000001': optimizer.mutation: expected a number in "
                  "[0, 1], got 1.0000001");
    for (const auto& [given, shown] : std::vector<std::pair<std::string, std::string>>{
             {"0", "0"}, {"1e-10", "1e-10"}, {"0.0000000001", "1e-10"}, {"2e12", "2e+12"}}) {
        const std::string o = "optimizer.t_start=" + given;
        const auto c = maze::experiments::load_config_text(
            kGood, "cfg.yaml", {"optimizer.kind=annealing", "optimizer.mutation=null", o});
        try {
            (void)maze::make_optimizer(c.optimizer);
            ADD_FAILURE() << given << " was taken";
        } catch (const maze::ParamError& e) {
            EXPECT_EQ(std::string(e.what()), where + o +
                                                 "': optimizer.t_start: expected a number in "
                                                 "[1e-09, 1e+12], got " +
                                                 shown);
        }
    }
    // An integer key given a fraction or a number no int64 holds names it as given.
    EXPECT_EQ(optimizer_error("optimizer.population=2.5"),
              where +
                  "optimizer.population=2.5': optimizer.population: expected an integer in "
                  "[1, 10000000], got 2.5");
    EXPECT_EQ(optimizer_error("optimizer.population=1e300"),
              where +
                  "optimizer.population=1e300': optimizer.population: expected an integer in "
                  "[1, 10000000], got 1e+300");
    // The config's own keys: the real bound and the value as written.
    EXPECT_EQ(text_error(kGood, {"checkpoint_seconds=0.001"}),
              where +
                  "checkpoint_seconds=0.001': checkpoint_seconds: expected a number in "
                  "[0.01, 1e+09], got 0.001");
    EXPECT_EQ(text_error(kGood, {"budget.seconds=-1e-10"}),
              where +
                  "budget.seconds=-1e-10': budget.seconds: expected a number in [0, 1e+12], "
                  "got -1e-10");
}
