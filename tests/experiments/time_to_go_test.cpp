// The time to go of a run's progress lines: the rate of the last half minute, not of the whole run.
#include <gtest/gtest.h>

#include "mazesearch/experiments/run/time_to_go.hpp"

using maze::experiments::duration_text;
using maze::experiments::TimeToGo;

TEST(TimeToGo, NoEstimateBeforeThereIsARate) {
    TimeToGo t;
    EXPECT_FALSE(t.seconds_left());
    EXPECT_EQ(t.text(), "");
    t.add(0, 0.1);
    EXPECT_FALSE(t.seconds_left());
    t.add(10, 0.1);  // nothing spent: no rate
    EXPECT_FALSE(t.seconds_left());
}

TEST(TimeToGo, TheRateOfTheLastHalfMinute) {
    TimeToGo t;
    t.add(0, 0);
    t.add(10, 0.25);  // a quarter in 10 s: 30 s left
    EXPECT_DOUBLE_EQ(*t.seconds_left(), 30);
    EXPECT_EQ(t.text(), "about 30s to go");
    // The run slows to 1% every 10 s: after the window has passed, only the slow rate counts.
    for (int s = 20; s <= 60; s += 10) t.add(s, 0.25 + 0.01 * (s - 10) / 10);
    // At 60 s: 0.30 spent, 1% per 10 s over the last 30 s (and more) -> 700 s left.
    EXPECT_NEAR(*t.seconds_left(), 700, 1e-6);
    EXPECT_EQ(t.text(), "about 11.7min to go");
}

TEST(TimeToGo, SamplesCloserThanASecondAreOneAndTheEndIsZero) {
    TimeToGo t;
    t.add(0, 0);
    t.add(0.5, 0.4);  // left out: less than a second after the first
    EXPECT_FALSE(t.seconds_left());
    t.add(2, 0.5);
    EXPECT_DOUBLE_EQ(*t.seconds_left(), 2);
    t.add(4, 1.0);
    EXPECT_DOUBLE_EQ(*t.seconds_left(), 0);
}

TEST(TimeToGo, DurationText) {
    EXPECT_EQ(duration_text(45), "45s");
    EXPECT_EQ(duration_text(192), "3.2min");
    EXPECT_EQ(duration_text(27000), "7.5h");
}
