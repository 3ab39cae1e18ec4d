#!/usr/bin/env bash
# Compares search variants on the 13x13 board at equal evaluation budgets: each variant is
# configs/records/13x13-ga.yaml (or another config) with the overrides of its line in VARIANTS,
# run as a sweep of SEEDS points (point r is repeat r: first_repeat=r, its seed derived from
# seed 1 and r, as repeat r of one run of SEEDS repeats) of EVALS feasible evaluations each, two
# points side by side (one thread each). Then one table of every variant (`mazesearch summarize`
# of the sweeps): best, median and worst of the repeats' best boards, and how many of them beat
# the paper's best maze (36,314 moves). The scores depend only on the budget, not on the machine;
# `summarize ... --compare` adds whether the leader beats each other variant over the seeds.
#
#   studies/records/compare_13x13.sh VARIANTS [EVALS [SEEDS [OUT]]]
#
# VARIANTS: one variant per line, "name: override override ..." ("#" starts a comment); an
# override @PATH runs the config PATH instead of configs/records/13x13-ga.yaml. Each variant's
# sweep is OUT/NAME-EVALS; running the script again runs only what is missing (finished points
# kept, interrupted ones resumed).
#
# Environment: JOBS, points side by side (2); FIRST, the first repeat (0): repeats FIRST to
# SEEDS-1 are run, so that a repeat already run on its own is not run twice; PAST, the score the
# table counts runs past (36,314, the paper's best 13x13 maze; 0 leaves that column out, for
# targets the paper never measured).
set -euo pipefail
variants=${1:?usage: compare_13x13.sh VARIANTS [EVALS [SEEDS [OUT]]]}
evals=${2:-5000000}
seeds=${3:-10}
out=${4:-runs/compare-13x13}
bin=${MAZESEARCH:-build/mazesearch}
jobs=${JOBS:-2}
first=${FIRST:-0}
past=${PAST:-36314}
[ -x "$bin" ] || { echo "compare_13x13.sh: $bin not built (run make first)" >&2; exit 2; }
mkdir -p "$out"
dirs=()
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
  "$bin" sweep "$cfg" "budget.evaluations=$evals" budget.seconds=null \
    "first_repeat=range($first,$seeds)" repeats=1 threads=1 --jobs "$jobs" "output=$dir" -q \
    "${overrides[@]+"${overrides[@]}"}"
  dirs+=("$dir")
done < "$variants"
past_option=()
[ "$past" = 0 ] || past_option=(--past "$past")
"$bin" summarize "${dirs[@]}" --by '' "${past_option[@]+"${past_option[@]}"}"
