#!/usr/bin/env bash
# Mouse Maze 2: every passage board of every R x C grid up to 6x6 that one machine finishes
# (all but 5x6, 6x5 and 6x6), entrance and exit columns free, enumerated exactly
# (`mazesearch enumerate --model passages`). Grids run from the smallest tree up; a grid whose
# result exists is skipped, an interrupted one resumes from its checkpoint, so the script can be
# stopped (Ctrl-C, kill) and started again at any time. Each result goes to results/RxC.json
# (with the histogram of moves), then table.md is rewritten from every result there.
# Usage: studies/exhaustive/passages/tabulate.sh [path/to/mazesearch] [threads]
#        studies/exhaustive/passages/tabulate.sh --table-only [path/to/mazesearch]
set -euo pipefail
cd "$(dirname "$0")/../../.."
table_only=0
if [[ "${1:-}" == "--table-only" ]]; then table_only=1; shift; fi
bin=${1:-build/mazesearch}
threads=${2:-0}
here=results/exhaustive/passages  # the results; this script stays in experiments/
mkdir -p "$here/results"

# Ordered by the estimated size of the tree (enumerate --estimate), smallest first, but for 5x5
# (the published optimum, 283) before 6x4 and 4x6.
grids="1x2 2x1 1x3 3x1 1x4 4x1 1x5 5x1 1x6 6x1 2x2 2x3 3x2 2x4 4x2 2x5 5x2 2x6 6x2 3x3
3x4 4x3 5x3 3x5 6x3 3x6 4x4 4x5 5x4 5x5 6x4 4x6"

write_table() {
    python3 - "$here" $grids > "$here/table.md" <<'PY'
import json, os, sys
here, grids = sys.argv[1], sys.argv[2:]
print("# Mouse Maze 2: every passage board up to 6x6, exactly")
print()
print("Every cell open, the passages between cells decided; the mouse comes in above the top row")
print("and leaves below the bottom row, entrance and exit columns free (the table gives the best")
print("over all of them). Moves count the move in and the move out. Regenerate with")
print("`studies/exhaustive/passages/tabulate.sh` (resumable; hours for the largest grids). The")
print("optimal boards (up to 8 per grid, in text order) and the histogram of moves over all")
print("feasible boards are in `results/RxC.json`.")
print()
print("| grid | optimum | optimal boards | feasible boards | of | leaves | seconds |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
missing = []
for g in grids:
    r, c = map(int, g.split("x"))
    path = f"{here}/results/{g}.json"
    if not os.path.exists(path):
        missing.append(g)
        continue
    j = json.load(open(path))
    slots = r * (c - 1) + (r - 1) * c
    total = c * c * 2 ** slots
    print(f"| {g} | {j['optimum']} | {j['optimal_boards']:,} | {j['feasible']:,} | {total:,} "
          f"| {j['leaves']:,} | {j['seconds']:.1f} |")
print()
print("\"of\": every board of the grid, columns * columns * 2^passages (infeasible ones included).")
if missing:
    print()
    print("Not finished yet: " + ", ".join(missing) + ".")
PY
}

if [[ $table_only == 0 ]]; then
    for g in $grids; do
        r=${g%x*}
        c=${g#*x}
        json="$here/results/$g.json"
        [[ -f "$json" && ! -f "$json.progress" && ! -f "$json.progress.prev" ]] && continue
        resume=()
        [[ -f "$json.progress" || -f "$json.progress.prev" ]] && resume=(--resume)
        echo "== $g"
        "$bin" enumerate --model passages --rows "$r" --cols "$c" --threads "$threads" \
            --out "$json" "${resume[@]}" --checkpoint-seconds 300 > /dev/null
        write_table
    done
fi
write_table
echo "table: $here/table.md"
