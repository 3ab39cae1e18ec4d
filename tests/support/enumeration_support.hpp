// What the enumeration tests share: one comparison of two enumeration results.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze::testing_support {

// The lazy enumeration of a grid, listing at most 8 optimal boards.
inline EnumerationResult enumerate_capped(int rows, int cols, Cell start, Cell exit,
                                          EnumerationOptions o = {}) {
    o.board_cap = 8;
    return enumerate_boards(rows, cols, start, exit, o);
}

// Two results agree on everything they count: objective, optimum, optimal boards (number and
// the listed ones), feasible boards and the histogram.
inline void expect_same_result(const EnumerationResult& a, const EnumerationResult& b,
                               const std::string& what) {
    EXPECT_EQ(a.objective, b.objective) << what;
    EXPECT_EQ(a.optimum, b.optimum) << what;
    EXPECT_EQ(a.optimal_boards, b.optimal_boards) << what;
    EXPECT_EQ(a.feasible, b.feasible) << what;
    EXPECT_EQ(a.histogram, b.histogram) << what;
    EXPECT_EQ(a.boards, b.boards) << what;
}

}  // namespace maze::testing_support
