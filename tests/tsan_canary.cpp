// Built only in the ThreadSanitizer tree (MAZESEARCH_TSAN): a deliberate data race between the
// items of a WorkerTeam. `make test-tsan` runs it and requires ThreadSanitizer to report it, so
// that neither tests/tsan.supp nor the happens-before edges of engine/tsan_edges.hpp can hide a
// race in the project's own code without the pass failing.
#include <chrono>
#include <cstdio>
#include <thread>

#include "mazesearch/engine/worker_team.hpp"

namespace {

long g_counter = 0;  // plain, not atomic: every item writes it

void add_one(std::size_t, int) {
    // Long enough for the second worker to take items too.
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    ++g_counter;
}

}  // namespace

int main() {
    maze::WorkerTeam team(2);
    team.run(64, add_one);
    std::printf("%ld\n", g_counter);
    return 0;
}
