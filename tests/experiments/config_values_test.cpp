// The values a config reads, from a file or an override: numbers exactly or refused (hex, octal,
// decimals past 2^53, numbers no double holds), YAML's tags, and override values YAML would drop.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "config_support.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/search/params.hpp"

using maze::testing_support::config_support::kGood;
using maze::testing_support::config_support::text_error;

// Hex was read by strtod as a double: seed=0x20000000000001 ran with the seed 9007199254740992,
// seed=0x10 was written to config.json as 16.0, and 0o17 was "a string". Whole decimals past 2^53
// (9007199254740993.0, 1e17) were rounded the same way. Each is now the integer it says, exactly,
// on the command line and in a file, or refused by name.
TEST(Config, HexOctalAndLongDecimalsAreExactIntegers) {
    using maze::experiments::load_config_text;
    for (const auto& [given, want] : std::vector<std::pair<std::string, std::uint64_t>>{
             {"0x20000000000001", 9007199254740993u},
             {"0x10", 16u},
             {"0o17", 15u},
             {"017", 17u},
             {"9007199254740993.0", 9007199254740993u},
             {"90071992547409930e-1", 9007199254740993u},
             {"1e17", 100000000000000000u},
             {"1.0000000000000001e17", 100000000000000010u}}) {
        const auto c = load_config_text(kGood, "c", {"budget.evaluations=" + given});
        EXPECT_EQ(c.budget.evaluations, want) << given;
        EXPECT_EQ(c.resolved["budget"]["evaluations"].dump(), std::to_string(want)) << given;
        std::string text = kGood;
        text.replace(text.find("seed: 7"), 7, "seed: " + given);
        EXPECT_EQ(load_config_text(text, "c", {}).seed, want) << given;
    }
    EXPECT_EQ(load_config_text(kGood, "c", {"seed=0x20000000000001"}).seed, 9007199254740993u);
    EXPECT_EQ(text_error(kGood, {"seed=0xFFFFFFFFFFFFFFFF"}),
              "command line override 'seed=0xFFFFFFFFFFFFFFFF': seed: expected an integer in [0, "
              "18000000000000000000], got 18446744073709551615");
    EXPECT_EQ(text_error(kGood, {"seed=0x10000000000000000"}),
              "override 'seed=0x10000000000000000': 0x10000000000000000: an integer past 2^64 - 1 "
              "(18446744073709551615)");
    EXPECT_EQ(text_error(kGood, {"seed=9007199254740993.5"}),
              "override 'seed=9007199254740993.5': 9007199254740993.5: a fraction past 2^53 "
              "(9007199254740992), where a double holds no fractions");
    std::string text = kGood;
    text.replace(text.find("seed: 7"), 7, "seed: 0o18");
    EXPECT_EQ(text_error(text), "cfg.yaml:2: seed: expected a number, got a string \"0o18\"");
    EXPECT_EQ(text_error(kGood, {"seed=0x1p3"}),
              "command line override 'seed=0x1p3': seed: expected a number, got a string "
              "\"0x1p3\"");
}

// label=%x, label=!x, label=&a and label=#y removed the label: YAML reads a directive, a tag, an
// anchor or a comment with nothing after it as no value. A comment after a value was dropped, and
// !!str 5 was read as the number 5 while '5' was refused.
TEST(Config, OverridesYamlWouldDropAreRefused) {
    using maze::experiments::load_config_text;
    for (const std::string v : {"%x", "!x", "&a", "#y"})
        EXPECT_EQ(text_error(kGood, {"label=" + v}),
                  "override 'label=" + v + "': " + v +
                      " is no value in YAML (a comment, a directive, a tag or an anchor with "
                      "nothing after it); quote it for text (label='" +
                      v + "'), or give null to remove the key")
            << v;
    EXPECT_NE(text_error(kGood, {"budget.evaluations=%5"}).find("%5 is no value in YAML"),
              std::string::npos);
    EXPECT_EQ(text_error(kGood, {"label=a #b"}),
              "override 'label=a #b': YAML reads a comment there (a '#' after a space), which it "
              "would drop; quote the value to keep the '#'");
    EXPECT_NE(text_error(kGood, {"optimizer.mutation=0.5 #x"}).find("a comment there"),
              std::string::npos);
    EXPECT_EQ(load_config_text(kGood, "c", {"label=a#b"}).label, "a#b");
    EXPECT_EQ(load_config_text(kGood, "c", {"label='a #b'"}).label, "a #b");
    EXPECT_EQ(text_error(kGood, {"label=[a, '#b']"}),
              "command line override 'label=[a, '#b']': label: expected a string, got a list "
              "[\"a\",\"#b\"]");
    EXPECT_EQ(load_config_text(kGood, "c", {"label=&a x"}).label, "x");
    EXPECT_EQ(load_config_text(kGood, "c", {"label=!!str 5"}).label, "5");
    // Only null, ~ and nothing remove a key.
    for (const std::string v : {"null", "~", ""})
        EXPECT_EQ(load_config_text(kGood, "c", {"label=" + v}).label, "t") << v;
    const std::string want_string = "budget.evaluations: expected a number, got a string \"5\"";
    EXPECT_NE(text_error(kGood, {"budget.evaluations=!!str 5"}).find(want_string),
              std::string::npos);
    EXPECT_NE(text_error(kGood, {"budget.evaluations='5'"}).find(want_string), std::string::npos);
    EXPECT_EQ(text_error(kGood, {"label=!!binary aGk="}),
              "override 'label=!!binary aGk=': !!binary aGk=: a tag a config does not read "
              "(!!binary); quote the value for text");
    EXPECT_EQ(text_error(kGood, {"seed=!!int 5.5"}),
              "override 'seed=!!int 5.5': !!int 5.5: not of the form of its tag");
    EXPECT_EQ(load_config_text(kGood, "c", {"seed=!!float 5"}).resolved["seed"].dump(), "5.0");
    std::string text = kGood;
    text.replace(text.find("name: t"), 7, "name: !x t");
    EXPECT_EQ(text_error(text),
              "cfg.yaml:1: name: !x t: a tag a config does not read (!x); quote the value for "
              "text");
}

// t_start=1e-400 and 4.9e-324 said "expected a number, got a string"; .inf said `got ".inf"` for
// one key and "got a string" for another. Each now says what the value is.
TEST(Config, NumbersNoDoubleHoldsSayWhatTheyAre) {
    const std::string where = "override 'optimizer.t_start=";
    EXPECT_EQ(text_error(kGood, {"optimizer.t_start=1e-400"}),
              where +
                  "1e-400': 1e-400: a number too close to 0 for a double (not 0, but below "
                  "5e-324)");
    EXPECT_EQ(text_error(kGood, {"optimizer.t_start=-1e400"}),
              where +
                  "-1e400': -1e400: a number past a double's range "
                  "(1.7976931348623157e+308)");
    for (const std::string key : {"optimizer.t_start", "budget.seconds"})
        EXPECT_EQ(text_error(kGood, {key + "=.inf"}),
                  "override '" + key +
                      "=.inf': .inf: infinity in YAML, which no key takes (quote it for text: "
                      "'.inf')");
    EXPECT_NE(text_error(kGood, {"label=-.Inf"}).find("-.Inf: infinity in YAML"),
              std::string::npos);
    EXPECT_NE(text_error(kGood, {"label=.nan"}).find(".nan: not a number in YAML"),
              std::string::npos);
    std::string text = kGood;
    text.replace(text.find("  mutation: 0.05"), 16, "  mutation: 1e-400");
    EXPECT_EQ(text_error(text),
              "cfg.yaml:12: optimizer.mutation: 1e-400: a number too close to 0 for a double "
              "(not 0, but below 5e-324)");
    // The smallest double is a number: a key's range says it is out of it.
    const auto c =
        maze::experiments::load_config_text(kGood, "cfg.yaml", {"optimizer.mutation=4.9e-324"});
    EXPECT_EQ(c.optimizer.get_double("mutation", 0, 0, 1), 4.9e-324);
    // A value of the wrong type says its type and what it is.
    try {
        (void)maze::experiments::load_config_text(kGood, "cfg.yaml", {"target.start=x"})
            .target.get_pair("start");
        ADD_FAILURE() << "no error";
    } catch (const maze::ParamError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "command line override 'target.start=x': target.start: expected a pair [a, b], "
                  "got a string \"x\"");
    }
    EXPECT_EQ(text_error(kGood, {"name=[1, 2]"}),
              "command line override 'name=[1, 2]': name: expected a string, got a list [1,2]");
}
