#include "mazesearch/experiments/config.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "mazesearch/experiments/target_factory.hpp"
#include "temp_dir.hpp"

using maze::cli::ConfigError;
using maze::cli::load_config;

namespace {

std::string write_config(const std::string& name, const std::string& text) {
    const std::string path = maze::testing_support::test_dir() + "/" + name;
    std::ofstream(path) << text;
    return path;
}

const char* kGood = R"(name: t
seed: 7
repeats: 3
target:
  kind: mouse-maze
  rows: 5
  cols: 6
  start: [0, 1]
  exit: [4, 2]
optimizer:
  kind: genetic
  mutation: 0.05
budget:
  evaluations: 1000
)";

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
    const auto target = maze::cli::make_target(c.target);
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
            maze::cli::make_target(c.target);
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
