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
#   experiments/exhaustive/bench_mpi.sh [BIN [ROWS COLS [ROUNDS]]]     (default: 6x6, 5 rounds)
set -euo pipefail
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
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
declare -A m_own m_wall
for k in one threads ranks; do
  m_own[$k]=$(echo "${own[$k]}" | median)
  m_wall[$k]=$(echo "${wall[$k]}" | median)
done
printf '%sx%s, medians of %s rounds, seconds: enumeration / whole command\n' "$rows" "$cols" "$rounds"
printf '  1 process, 1 thread    %7.3f / %7.3f\n' "${m_own[one]}" "${m_wall[one]}"
printf '  1 process, 2 threads   %7.3f / %7.3f\n' "${m_own[threads]}" "${m_wall[threads]}"
printf '  mpirun -n 2, 1 thread  %7.3f / %7.3f\n' "${m_own[ranks]}" "${m_wall[ranks]}"
printf '  2 ranks over 1 thread: %sx / %sx faster\n' "$(ratio "${m_own[one]}" "${m_own[ranks]}")" \
  "$(ratio "${m_wall[one]}" "${m_wall[ranks]}")"
printf '  2 ranks against 2 threads: %sx / %sx the time\n' \
  "$(ratio "${m_own[ranks]}" "${m_own[threads]}")" "$(ratio "${m_wall[ranks]}" "${m_wall[threads]}")"
