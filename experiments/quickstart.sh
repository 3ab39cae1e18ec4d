#!/usr/bin/env bash
# The main job: a one-minute population annealing search for a 13x13 maze
# (configs/quickstart.yaml), after a one-line check of the engine against the paper's reference
# boards.
# Usage: experiments/quickstart.sh [path/to/mazesearch] [key.sub=value overrides...]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/mazesearch}
shift || true

echo "== The paper's reference boards (moves in the paper's convention; Flash = moves + 2)"
"$bin" eval configs/boards/figure1-13x13.txt configs/boards/optimum-5x5.txt configs/boards/optimum-6x6.txt
echo
echo "== Population annealing on the 13x13 board for about a minute (configs/quickstart.yaml)"
"$bin" run configs/quickstart.yaml "$@"
