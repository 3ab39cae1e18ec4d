#!/usr/bin/env bash
# Every R x C grid with 2 <= R, C <= 6 (start top left, exit bottom left), enumerated exactly:
# optimum, number of optimal boards, feasible boards. Writes results/exhaustive/table.md and
# results/exhaustive/results/RxC.json (the facts: each holds its optimal boards, up to 8); the
# optimal boards as text and SVG, drawn from those files, go to BOARDS/RxC-N.{txt,svg}
# (runs/exhaustive-boards unless BOARDS says otherwise: pictures anyone can redraw, not facts).
# With MODEL=hex, the hexagonal boards instead (docs/rules.md, "Hexagonal boards"): into
# results/exhaustive/hex/, the grids up to 6x6 and then those of EXTRA ("7x6 6x7 8x5 5x8" by
# default; EXTRA= leaves them out); their results one a line in results.jsonl (each line what
# `enumerate --out` writes, as one line), the files of each grid in BOARDS.
# Usage: [MODEL=hex] studies/exhaustive/tabulate.sh [path/to/mazesearch]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/mazesearch}
model=${MODEL:-cells}
here=results/exhaustive  # the results; this script stays in studies/exhaustive
boards=${BOARDS:-runs/exhaustive-boards}
title="# Every grid up to 6x6, exactly"
took="about 5 s on 2 cores"
grids=()
for r in 2 3 4 5 6; do for c in 2 3 4 5 6; do grids+=("${r}x${c}"); done; done
if [ "$model" = hex ]; then
    here=results/exhaustive/hex
    boards=${BOARDS:-runs/exhaustive-hex-boards}
    title="# Every hexagonal grid up to 6x6 and a few beyond, exactly"
    took="about 20 minutes on 2 cores, most of it 6x7 and 7x6"
    read -r -a extra <<< "${EXTRA-7x6 6x7 8x5 5x8}"
    grids+=("${extra[@]+"${extra[@]}"}")
elif [ "$model" != cells ]; then
    echo "tabulate.sh: MODEL is cells or hex, not $model" >&2
    exit 2
fi
results="$here/results"
[ "$model" = hex ] && results=$boards && rm -f "$here/results.jsonl"
mkdir -p "$results" "$boards"
rm -f "$boards"/*.txt "$boards"/*.svg
{
    echo "$title"
    echo
    echo "Start top left, exit bottom left; moves in the paper's convention. Regenerate with"
    echo "\`${MODEL:+MODEL=$MODEL }studies/exhaustive/tabulate.sh\` ($took). The full results are in"
    echo "\`$([ "$model" = hex ] && echo results.jsonl || echo results/)\`: the optimal boards (up to 8 per grid, in text order) and the histogram of"
    echo "moves over all feasible boards; the script draws the boards into \`$boards/\`."
    echo
    echo "| grid | optimum | optimal boards | feasible boards | of | leaves | seconds |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
} > "$here/table.md"
for grid in "${grids[@]}"; do
    r=${grid%x*}
    c=${grid#*x}
    {
        json="$results/${r}x${c}.json"
        rm -f "$json"
        "$bin" enumerate --model "$model" --rows "$r" --cols "$c" --quiet --out "$json" > /dev/null
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
        if [ "$model" = hex ]; then
            python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1]))))' "$json" \
                >> "$here/results.jsonl"
        fi
    }
done
echo "table: $here/table.md; boards drawn in $boards/"
cat "$here/table.md"
