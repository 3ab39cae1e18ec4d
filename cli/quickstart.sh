#!/usr/bin/env bash
# The main job: a population annealing search for a 13x13 maze of 10 million evaluations
# (configs/quickstart.yaml), after a one-line check of the engine against the paper's reference
# boards. The budget is in evaluations, so every machine finds the same board; the script says
# whether this one did (configs/boards/quickstart-26732.txt).
# Usage: cli/quickstart.sh [path/to/mazesearch] [key.sub=value overrides...]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/mazesearch}
shift || true
expected=configs/boards/quickstart-26732.txt

echo "== The paper's reference boards (moves in the paper's convention; Flash = moves + 2)"
"$bin" eval configs/boards/figure1-13x13.txt configs/boards/optimum-5x5.txt configs/boards/optimum-6x6.txt
echo
echo "== Population annealing on the 13x13 board, 10 million evaluations (configs/quickstart.yaml;"
echo "   about a minute on two idle cores, longer on a busy machine: the answer is the same)"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$bin" run configs/quickstart.yaml "$@" | tee "$out"
[ $# -eq 0 ] || exit 0
dir=$(sed -n 's/^run directory: //p' "$out")
echo
if [ -n "$dir" ] && cmp -s "$dir/best.txt" "$expected"; then
    echo "== The board every machine finds with this config: 26,732 moves, as $expected holds"
else
    echo "== This board is not the one every other machine finds ($expected, 26,732 moves):" >&2
    echo "   the engine or its build differs from the README's; please report it" >&2
    exit 1
fi
