// The fixed board set of `mazesearch bench` and the benchmark target. The total of their moves is
// the bench signature: it changes only when the walk's behaviour changes.
#pragma once

#include <vector>

#include "mazesearch/engine/board.hpp"

namespace maze {

std::vector<Board> bench_boards();

}  // namespace maze
