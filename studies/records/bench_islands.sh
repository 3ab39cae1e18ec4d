#!/bin/bash
# An island run on one machine three ways, interleaved round by round (a busy spell of a shared
# machine hits all three alike): one process with one thread, one process with two threads, and
# mpirun with two ranks of one thread each. Prints each way's median of the run's own time (the
# "seconds" of summary.json) and of the whole command's wall time (process and MPI start-up
# too), the ratios, and whether the three runs found the same best board (they must: the run
# does not depend on threads or ranks).
#
#   studies/records/bench_islands.sh [BIN [CONFIG [EVALUATIONS [ROUNDS]]]]
#   (default: configs/records/13x13-islands.yaml cut to 4,000,000 evaluations, 3 rounds)
set -euo pipefail
# shellcheck source=../bench_three_ways.sh
source "$(dirname "$0")/../bench_three_ways.sh"
bin=${1:-build/mazesearch}
config=${2:-configs/records/13x13-islands.yaml}
evaluations=${3:-4000000}
rounds=${4:-3}
as_root=()
[ "$(id -u)" -eq 0 ] && as_root=(--allow-run-as-root)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

declare -A own wall best
measure() {  # measure NAME THREADS LAUNCHER...: one run, its times appended
  local name=$1 threads=$2 t0 t1 dir
  shift 2
  dir="$work/$name-$RANDOM"
  t0=$(date +%s.%N)
  "$@" "$bin" run "$config" -q "output=$dir" "threads=$threads" \
    "budget.evaluations=$evaluations" budget.seconds=null
  t1=$(date +%s.%N)
  own[$name]+="$(sed -nE 's/^ *"seconds": ([0-9.eE+-]+).*/\1/p' "$dir/summary.json") "
  wall[$name]+="$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}') "
  best[$name]=$(sed -nE 's/^ *"best_score": ([0-9.eE+-]+).*/\1/p' "$dir/summary.json")
  cat "$dir/best.txt" > "$work/$name.best"
  rm -rf "$dir"
}
for round in $(seq 1 "$rounds"); do
  measure one 1 env
  measure threads 2 env
  measure ranks 1 mpirun "${as_root[@]}" -n 2
  echo "round $round of $rounds done" >&2
done
three_way_medians
printf '%s, %s evaluations, medians of %s rounds, seconds: run / whole command\n' "$config" \
  "$evaluations" "$rounds"
printf '  1 process, 1 thread    %7.3f / %7.3f   best %s\n' "${m_own[one]}" "${m_wall[one]}" "${best[one]}"
printf '  1 process, 2 threads   %7.3f / %7.3f   best %s\n' "${m_own[threads]}" "${m_wall[threads]}" "${best[threads]}"
printf '  mpirun -n 2, 1 thread  %7.3f / %7.3f   best %s\n' "${m_own[ranks]}" "${m_wall[ranks]}" "${best[ranks]}"
three_way_ratios
if cmp -s "$work/one.best" "$work/threads.best" && cmp -s "$work/one.best" "$work/ranks.best"; then
  echo "  the same best board all three ways"
else
  echo "  DIFFERENT best boards (a bug: the run must not depend on threads or ranks)"
  exit 1
fi
