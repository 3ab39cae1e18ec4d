#!/bin/bash
# What an idle MPI rank's yield is worth: an island run under mpirun with more ranks than cores,
# with Open MPI's mpi_yield_when_idle at 1 (what mazesearch sets unless told otherwise) and at 0
# (ranks that wait in a collective spin on their core), interleaved round by round, beside BUSY
# processes that keep cores busy (a user's machine at work). Prints each way's median wall time
# and the ratio.
#
#   experiments/records/bench_yield.sh [BIN [RANKS [BUSY [EVALUATIONS [ROUNDS]]]]]
#   (default: 3 ranks, 2 busy processes, configs/records/13x13-islands.yaml cut to 300,000
#   evaluations, one thread a rank, 5 rounds)
set -euo pipefail
# shellcheck source=../bench_three_ways.sh
source "$(dirname "$0")/../bench_three_ways.sh"
bin=${1:-build/mazesearch}
ranks=${2:-3}
busy=${3:-2}
evaluations=${4:-300000}
rounds=${5:-5}
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
for round in $(seq 1 "$rounds"); do
  for yield in 1 0; do
    t0=$(date +%s.%N)
    OMPI_MCA_mpi_yield_when_idle=$yield mpirun "${as_root[@]}" --oversubscribe -n "$ranks" \
      "$bin" run "$config" -q "output=$work/run-$yield-$round" threads=1 \
      "budget.evaluations=$evaluations" budget.seconds=null
    t1=$(date +%s.%N)
    wall[$yield]+="$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}') "
  done
  echo "round $round of $rounds done" >&2
done
y=$(echo "${wall[1]}" | median)
n=$(echo "${wall[0]}" | median)
printf '%s ranks beside %s busy processes, %s, %s evaluations, medians of %s rounds:\n' \
  "$ranks" "$busy" "$config" "$evaluations" "$rounds"
printf '  idle ranks yield (mpi_yield_when_idle=1)  %7.3f s   (%s)\n' "$y" "${wall[1]}"
printf '  idle ranks spin  (mpi_yield_when_idle=0)  %7.3f s   (%s)\n' "$n" "${wall[0]}"
printf '  spinning takes %sx the time\n' "$(ratio "$n" "$y")"
