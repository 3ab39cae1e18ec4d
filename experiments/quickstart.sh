#!/usr/bin/env bash
# The main job for now: evaluate and draw the paper's reference boards.
# Usage: experiments/quickstart.sh [path/to/mazesearch] [output folder]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/mazesearch}
out=${2:-runs/quickstart}
mkdir -p "$out"
boards=(configs/boards/blank-13x13.txt configs/boards/figure1-13x13.txt
        configs/boards/optimum-5x5.txt configs/boards/optimum-6x6.txt)

echo "== The paper's reference boards (moves in the paper's convention; Flash = moves + 2)"
"$bin" eval "${boards[@]}"
echo
echo "== Visit counts of the one-block board (paper Figure 1)"
"$bin" eval --visits configs/boards/figure1-13x13.txt
echo
for b in "${boards[@]}"; do
    "$bin" render "$b" -o "$out/$(basename "${b%.txt}").svg" >/dev/null
done
"$bin" eval --json "${boards[@]}" > "$out/scores.jsonl"
echo "Pictures: $out/*.svg ($(ls "$out"/*.svg | wc -l) files); scores: $out/scores.jsonl"
