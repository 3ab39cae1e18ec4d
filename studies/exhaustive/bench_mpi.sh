#!/bin/bash
# The enumeration on one machine three ways, interleaved round by round so that a busy spell of
# a shared machine hits all three alike: one process with one thread, one process with two
# threads, and mpirun with two ranks of one thread each. For each way it prints the median of
# the enumeration's own time (the "seconds" of its JSON: from the start of the enumeration to
# its answer, the MPI hand-out's largest-first plan included) and of the wall time of the whole
# command (process and MPI start-up too: about a third of a second for mpirun here). Then two
# ratios: what a second rank gives (1 thread / 2 ranks; the goal is 1.8 or more) and what MPI
# costs against threads on the same two cores (2 ranks / 2 threads).
#
#   studies/exhaustive/bench_mpi.sh [BIN [ROWS COLS [ROUNDS]]]     (default: 6x6, 5 rounds)
set -euo pipefail
# shellcheck source=../bench_three_ways.sh
source "$(dirname "$0")/../bench_three_ways.sh"
bin=${1:-build/mazesearch}
rows=${2:-6} cols=${3:-6} rounds=${4:-5}
as_root=()
[ "$(id -u)" -eq 0 ] && as_root=(--allow-run-as-root)
grid=(enumerate --rows "$rows" --cols "$cols" --json --quiet)

declare -A own wall
measure() {  # measure NAME COMMAND...: appends the enumeration's seconds and the wall seconds
  local name=$1 t0 t1 out
  shift
  t0=$(date +%s.%N)
  out=$("$@")
  t1=$(date +%s.%N)
  own[$name]+="$(printf '%s' "$out" | sed -E 's/.*"seconds":([0-9.eE+-]+).*/\1/') "
  wall[$name]+="$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}') "
}
for round in $(seq 1 "$rounds"); do
  measure one "$bin" "${grid[@]}" --threads 1
  measure threads "$bin" "${grid[@]}" --threads 2
  measure ranks mpirun "${as_root[@]}" -n 2 "$bin" "${grid[@]}" --threads 1
  echo "round $round of $rounds done" >&2
done
three_way_medians
printf '%sx%s, medians of %s rounds, seconds: enumeration / whole command\n' "$rows" "$cols" "$rounds"
printf '  1 process, 1 thread    %7.3f / %7.3f\n' "${m_own[one]}" "${m_wall[one]}"
printf '  1 process, 2 threads   %7.3f / %7.3f\n' "${m_own[threads]}" "${m_wall[threads]}"
printf '  mpirun -n 2, 1 thread  %7.3f / %7.3f\n' "${m_own[ranks]}" "${m_wall[ranks]}"
three_way_ratios
