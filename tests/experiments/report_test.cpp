// What a run reports: scores as text, and summaries that keep infinite scores as checkpoints do.
#include "mazesearch/experiments/run/report.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/search/state_json.hpp"

namespace {

using maze::experiments::format_score;

constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(Report, FormatsScoresWithoutUndefinedCasts) {
    EXPECT_EQ(format_score(180), "180");
    EXPECT_EQ(format_score(-1), "-1");
    EXPECT_EQ(format_score(2.5), "2.5");
    EXPECT_EQ(format_score(1e6 - 7), "999993");
    EXPECT_EQ(format_score(1e300), "1e+300");  // far beyond long long
    EXPECT_EQ(format_score(kInf), "inf");
    EXPECT_EQ(format_score(-kInf), "-inf");
    EXPECT_EQ(format_score(std::numeric_limits<double>::quiet_NaN()), "nan");
}

// Rates every board -inf, as the cat-trap target rates boards the trapper cannot win.
class Hopeless : public maze::Target {
  public:
    std::string name() const override { return "hopeless"; }
    std::size_t genes() const override { return 3; }
    const maze::Topology& topology() const override { return topo_; }
    void feasibility(std::span<const maze::Genome> g, std::span<bool> f) const override {
        for (std::size_t i = 0; i < g.size(); ++i) f[i] = true;
    }
    void score(std::span<const maze::Genome> g, std::span<double> v) const override {
        for (std::size_t i = 0; i < g.size(); ++i) v[i] = -kInf;
    }

  private:
    maze::Topology topo_;
};

class TextView : public maze::experiments::BoardView {
  public:
    std::string unit() const override { return "hope"; }
    std::string text(const maze::Genome& g) const override { return g.to_string(); }
    std::string svg(const maze::Genome&, const std::string&) const override { return "<svg/>"; }
};

TEST(Report, SummariesWriteInfiniteScoresAsCheckpointsDo) {
    const Hopeless target;
    const TextView view;
    maze::Evaluator ev(target, maze::Budget{}, 1);
    evaluate_one(ev, maze::Genome(3));
    ASSERT_EQ(ev.ledger().best_score(), -kInf);
    maze::experiments::RunConfig config;
    config.name = "hopeless";
    const nlohmann::json one = maze::experiments::repeat_summary(config, view, ev, 1, 1, "evaluations", 0);
    EXPECT_EQ(one["best_score"], "-inf");  // not null: null means "no board evaluated"
    EXPECT_EQ(one["best_board"], "000");
    const nlohmann::json all = maze::experiments::aggregate_summary(
        config, view, {nlohmann::json::parse(one.dump()), nlohmann::json::parse(one.dump())});
    EXPECT_EQ(all["best_score"], "-inf");
    EXPECT_EQ(all["median_score"], "-inf");
    EXPECT_EQ(all["best_score"].get<maze::Real>(), -kInf);
}

}  // namespace
