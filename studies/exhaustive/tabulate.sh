#!/usr/bin/env bash
# Every R x C grid with 2 <= R, C <= 6 (start top left, exit bottom left), enumerated exactly:
# optimum, number of optimal boards, feasible boards. Writes results/exhaustive/table.md and
# results/exhaustive/results/RxC.json (the facts: each holds its optimal boards, up to 8); the
# optimal boards as text and SVG, drawn from those files, go to BOARDS/RxC-N.{txt,svg}
# (runs/exhaustive-boards unless BOARDS says otherwise: pictures anyone can redraw, not facts).
# Usage: studies/exhaustive/tabulate.sh [path/to/mazesearch]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/mazesearch}
here=results/exhaustive  # the results; this script stays in studies/exhaustive
boards=${BOARDS:-runs/exhaustive-boards}
mkdir -p "$here/results" "$boards"
rm -f "$boards"/*.txt "$boards"/*.svg
{
    echo "# Every grid up to 6x6, exactly"
    echo
    echo "Start top left, exit bottom left; moves in the paper's convention. Regenerate with"
    echo "\`studies/exhaustive/tabulate.sh\` (about 5 s on 2 cores). The full results are in"
    echo "\`results/\`: the optimal boards (up to 8 per grid, in text order) and the histogram of"
    echo "moves over all feasible boards; the script draws the boards into \`runs/exhaustive-boards/\`."
    echo
    echo "| grid | optimum | optimal boards | feasible boards | of | leaves | seconds |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
} > "$here/table.md"
for r in 2 3 4 5 6; do
    for c in 2 3 4 5 6; do
        json="$here/results/${r}x${c}.json"
        rm -f "$json"
        "$bin" enumerate --rows "$r" --cols "$c" --quiet --out "$json" > /dev/null
        python3 - "$json" "$r" "$c" "$boards" "$bin" >> "$here/table.md" <<'PY'
import json, subprocess, sys
path, r, c, boards, bin_ = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
j = json.load(open(path))
for k, b in enumerate(j["boards"]):
    txt = f"{boards}/{r}x{c}-{k + 1}.txt"
    open(txt, "w").write(b)
    subprocess.run([bin_, "render", txt, "-o", txt[:-4] + ".svg",
                    "--title", f"{r}x{c} optimum {j['optimum']} moves, board {k + 1} of {j['optimal_boards']}"],
                   check=True, stdout=subprocess.DEVNULL)
total = 2 ** (r * c - 2)
print(f"| {r}x{c} | {j['optimum']} | {j['optimal_boards']:,} | {j['feasible']:,} | {total:,} | {j['leaves']:,} | {j['seconds']:.2f} |")
PY
    done
done
echo "table: $here/table.md; boards drawn in $boards/"
cat "$here/table.md"
