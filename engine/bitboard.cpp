#include "bitboard.hpp"

namespace maze {

RowSet component(const Board& b, Cell from, const Cell* stop_at) {
    const int rows = b.rows();
    const RowSet& open = b.rows_open();
    RowSet open_rev{};
    for (int r = 0; r < rows; ++r) open_rev[r] = reverse16(open[r]);

    RowSet reach{};
    reach[from.r] = fill_runs(static_cast<RowMask>(1u << from.c), open[from.r], open_rev[from.r]);
    // Sweep down then up, growing each row from its neighbours and filling its runs, until a
    // full pass changes nothing. Gauss-Seidel order lets one pass cross many rows.
    for (;;) {
        bool changed = false;
        auto grow = [&](int r) {
            RowMask seed = reach[r];
            if (r > 0) seed = static_cast<RowMask>(seed | reach[r - 1]);
            if (r + 1 < rows) seed = static_cast<RowMask>(seed | reach[r + 1]);
            seed = static_cast<RowMask>(seed & open[r]);
            if (seed == reach[r]) return;
            const RowMask next = fill_runs(seed, open[r], open_rev[r]);
            if (next != reach[r]) {
                reach[r] = next;
                changed = true;
            }
        };
        for (int r = 0; r < rows; ++r) grow(r);
        for (int r = rows - 1; r >= 0; --r) grow(r);
        if (!changed) break;
        if (stop_at && contains(reach, *stop_at)) break;
    }
    return reach;
}

bool feasible(const Board& b) {
    const Cell exit = b.exit();
    return contains(component(b, b.start(), &exit), exit);
}

}  // namespace maze
