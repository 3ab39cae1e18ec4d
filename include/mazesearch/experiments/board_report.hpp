// What the commands say about one board: feasibility, moves, visit counts, k-mod trapping.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/engine/board.hpp"

namespace maze::cli {

struct BoardReport {
    bool feasible = false;
    bool trapped = false;                 // k-mod walks only
    std::optional<std::uint64_t> moves;   // paper convention; empty if infeasible or trapped
    std::uint64_t moves_before_trap = 0;  // k-mod: moves walked when the repeated state was seen
    std::vector<std::uint64_t> visits;    // rows*cols, row-major; empty if infeasible
};

// modulus 0: the ordinary mouse on the fast walk; k >= 2: a k-mod mouse on the reference walk.
BoardReport report_board(const Board& b, int modulus);

// The visit counts as a text grid: counts right-aligned, '#' blocked, 'E' the exit.
std::string visits_text(const Board& b, const std::vector<std::uint64_t>& visits);
// Row-major visit counts (rows * cols) as a JSON list of rows, as `eval --json --visits` prints
// them for cell and passage boards alike.
nlohmann::json visits_json(int rows, int cols, const std::vector<std::uint64_t>& visits);

}  // namespace maze::cli
