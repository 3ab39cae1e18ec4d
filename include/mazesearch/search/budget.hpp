// What ends a search, and what it keeps besides its best board: the parts of a run's config
// that the evaluator enforces, apart from the evaluator itself (a config needs these, not the
// evaluator's threads and batches).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace maze {

// Whichever limit is reached first ends the run; 0 (or empty) means no limit of that kind.
struct Budget {
    std::uint64_t evaluations = 0;  // feasible evaluations
    double seconds = 0;             // wall time, over all sessions of a resumed run
    std::optional<double> target;   // stop once the best score reaches this
    std::uint64_t stagnation = 0;   // feasible evaluations without a new best
};

// The archive of a run: the best boards it evaluated that differ from each other in at least
// `distance` genes (1: distinct boards), at most `size` of them (0: no archive). A board enters
// when it beats the worst kept board (or there is room) and no kept board within `distance` of
// it is as good; the kept boards within `distance` of it that it beats leave.
struct ArchiveSpec {
    std::size_t size = 0;
    std::size_t distance = 1;
};

}  // namespace maze
