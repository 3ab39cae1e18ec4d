#!/usr/bin/env bash
# Compares search variants on the 13x13 board at equal evaluation budgets: each variant is
# configs/records/13x13-ga.yaml (or another config) with the overrides of its line in VARIANTS,
# run for SEEDS repeats
# (repeat r has its own seed, derived from seed 1 and r) of EVALS feasible evaluations each, two
# repeats side by side (threads=2). Prints one markdown row per variant: best, median and worst
# of the repeats' best boards, and how many of them beat the paper's best maze (36,314 moves).
# The scores depend only on the budget, not on the machine.
#
#   experiments/records/compare_13x13.sh VARIANTS [EVALS [SEEDS [OUT]]]
#
# VARIANTS: one variant per line, "name: override override ..." ("#" starts a comment); an
# override @PATH runs the config PATH instead of configs/records/13x13-ga.yaml.
set -euo pipefail
variants=${1:?usage: compare_13x13.sh VARIANTS [EVALS [SEEDS [OUT]]]}
evals=${2:-5000000}
seeds=${3:-10}
out=${4:-runs/compare-13x13}
bin=${MAZESEARCH:-build/mazesearch}
[ -x "$bin" ] || { echo "compare_13x13.sh: $bin not built (run make first)" >&2; exit 2; }
mkdir -p "$out"
echo "| variant | best | median | worst | past 36,314 | s per run |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
while IFS= read -r line; do
  line=${line%%#*}
  [ -n "${line// }" ] || continue
  name=${line%%:*}
  name=${name// }
  read -r -a words <<< "${line#*:}"
  cfg=configs/records/13x13-ga.yaml
  overrides=()
  for w in "${words[@]}"; do
    if [[ $w == @* ]]; then cfg=${w#@}; else overrides+=("$w"); fi
  done
  dir="$out/$name-$evals"
  # A finished folder is reused and an interrupted one resumed: rerunning the script only runs
  # what is missing.
  if [ -f "$dir/summary.json" ] && [ "$(cat "$dir/status")" = finished ]; then
    :
  elif [ -f "$dir/config.json" ]; then
    "$bin" resume "$dir" -q > /dev/null
  else
    "$bin" run "$cfg" "budget.evaluations=$evals" budget.seconds=null "repeats=$seeds" threads=2 \
      "output=$dir" -q "${overrides[@]+"${overrides[@]}"}" > /dev/null
  fi
  python3 - "$dir" "$name" <<'PY'
import glob, json, statistics, sys
d, name = sys.argv[1], sys.argv[2]
runs = [json.load(open(f)) for f in sorted(glob.glob(d + "/repeat-*/summary.json"))]
v = [r["best_score"] for r in runs]
s = statistics.mean(r["seconds"] for r in runs)
past = sum(x > 36314 for x in v)
print(f"| {name} | {max(v):,.0f} | {statistics.median(v):,.0f} | {min(v):,.0f} | {past} of {len(v)} "
      f"| {s:.1f} |")
PY
done < "$variants"
