#!/bin/bash
# An island run under mpirun against one process, beside BUSY processes that keep the cores busy
# (a user's machine at work), interleaved round by round: one process with one thread; RANKS
# ranks of one thread as mazesearch starts them (Open MPI's mpi_yield_when_idle at 0: a rank that
# waits for a collective step sleeps between polls); and RANKS ranks with mpi_yield_when_idle=1
# (every poll that finds nothing calls sched_yield). Prints each way's median wall time of the
# whole command and its ratio to one process, and checks that all found the same best board.
#
#   studies/records/bench_ranks.sh [BIN [RANKS [BUSY [EVALUATIONS [ROUNDS [OVERRIDE...]]]]]]
#   (default: 3 ranks, 2 busy processes, configs/records/13x13-islands.yaml cut to 300,000
#   evaluations, 5 rounds; OVERRIDEs are key=value settings of the config, e.g. the small
#   generations of an island run that meets often:
#   optimizer.population=40 optimizer.parents=8 optimizer.islands=6 optimizer.migration_interval=5)
set -euo pipefail
# shellcheck source=../bench_three_ways.sh
source "$(dirname "$0")/../bench_three_ways.sh"
bin=${1:-build/mazesearch}
ranks=${2:-3}
busy=${3:-2}
evaluations=${4:-300000}
rounds=${5:-5}
overrides=("${@:6}")
config=configs/records/13x13-islands.yaml
as_root=()
[ "$(id -u)" -eq 0 ] && as_root=(--allow-run-as-root)
work=$(mktemp -d)
hogs=()
trap 'kill "${hogs[@]}" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 "$busy"); do
  (while :; do :; done) &
  hogs+=($!)
done

declare -A wall
measure() {  # measure NAME LAUNCHER...: one run, its wall time appended, its best board kept
  local name=$1 t0 t1 dir="$work/$1-$RANDOM"
  shift
  t0=$(date +%s.%N)
  "$@" "$bin" run "$config" -q "output=$dir" threads=1 "budget.evaluations=$evaluations" \
    budget.seconds=null "${overrides[@]}"
  t1=$(date +%s.%N)
  wall[$name]+="$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}') "
  cat "$dir/best.txt" > "$work/$name.best"
  rm -rf "$dir"
}
for round in $(seq 1 "$rounds"); do
  measure one env
  measure sleep env OMPI_MCA_mpi_yield_when_idle=0 mpirun "${as_root[@]}" --oversubscribe -n "$ranks"
  measure yield env OMPI_MCA_mpi_yield_when_idle=1 mpirun "${as_root[@]}" --oversubscribe -n "$ranks"
  echo "round $round of $rounds done" >&2
done
one=$(echo "${wall[one]}" | median)
sleep=$(echo "${wall[sleep]}" | median)
yield=$(echo "${wall[yield]}" | median)
printf '%s %s, %s evaluations, %s ranks beside %s busy processes, medians of %s rounds:\n' \
  "$config" "${overrides[*]}" "$evaluations" "$ranks" "$busy" "$rounds"
printf '  one process                             %7.3f s   (%s)\n' "$one" "${wall[one]}"
printf '  %s ranks, waits sleep (the default)      %7.3f s   %sx one process   (%s)\n' "$ranks" \
  "$sleep" "$(ratio "$sleep" "$one")" "${wall[sleep]}"
printf '  %s ranks, mpi_yield_when_idle=1          %7.3f s   %sx one process   (%s)\n' "$ranks" \
  "$yield" "$(ratio "$yield" "$one")" "${wall[yield]}"
if cmp -s "$work/one.best" "$work/sleep.best" && cmp -s "$work/one.best" "$work/yield.best"; then
  echo "  the same best board all three ways"
else
  echo "  DIFFERENT best boards (a bug: the run must not depend on ranks)"
  exit 1
fi
