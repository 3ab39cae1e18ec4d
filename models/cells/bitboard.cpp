#include "mazesearch/models/cells/bitboard.hpp"

#include <cassert>

namespace maze {

RowSet component(const Board& b, Cell from, const Cell* stop_at) {
    assert(b.in_bounds(from.r, from.c) && b.open(from));
    const int rows = b.rows();
    const RowSet& open = b.rows_open();
    RowSet open_rev{};
    for (int r = 0; r < rows; ++r) open_rev[r] = reverse16(open[r]);

    RowSet reach{};
    reach[from.r] = fill_runs(static_cast<RowMask>(1u << from.c), open[from.r], open_rev[from.r]);
    // Sweep down then up, growing each row from its neighbours and filling its runs, until a
    // full pass changes nothing. Gauss-Seidel order lets one pass cross many rows.
    const int stop_row = stop_at ? stop_at->r : -1;
    const RowMask stop_bit = stop_at ? static_cast<RowMask>(1u << stop_at->c) : RowMask{0};
    if (stop_at && (reach[stop_row] & stop_bit)) return reach;
    bool changed = true;
    // Returns true when the stop cell has been reached.
    auto grow = [&](int r) {
        RowMask seed = reach[r];
        if (r > 0) seed = static_cast<RowMask>(seed | reach[r - 1]);
        if (r + 1 < rows) seed = static_cast<RowMask>(seed | reach[r + 1]);
        seed = static_cast<RowMask>(seed & open[r]);
        if (seed == reach[r]) return false;
        reach[r] = fill_runs(seed, open[r], open_rev[r]);
        changed = true;
        return r == stop_row && (reach[r] & stop_bit);
    };
    while (changed) {
        changed = false;
        for (int r = 0; r < rows; ++r)
            if (grow(r)) return reach;
        for (int r = rows - 1; r >= 0; --r)
            if (grow(r)) return reach;
    }
    return reach;
}

bool feasible(const Board& b) {
    const Cell exit = b.exit();
    return contains(component(b, b.start(), &exit), exit);
}

}  // namespace maze
