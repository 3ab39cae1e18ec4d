# Shared by studies/exhaustive/bench_mpi.sh and studies/records/bench_islands.sh, which
# time one job three ways (one process with one thread, one with two threads, mpirun with two
# ranks of one thread) into the arrays own[one|threads|ranks] (the job's own seconds) and
# wall[...] (the whole command's), one value per round. Sourced, not run.

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }

# m_own[...] and m_wall[...]: the medians over the rounds.
declare -A m_own m_wall
three_way_medians() {
  local k
  for k in one threads ranks; do
    m_own[$k]=$(echo "${own[$k]}" | median)
    m_wall[$k]=$(echo "${wall[$k]}" | median)
  done
}

# The two ratios: what a second rank gives, and what MPI costs against threads.
three_way_ratios() {
  printf '  2 ranks over 1 thread: %sx / %sx faster\n' "$(ratio "${m_own[one]}" "${m_own[ranks]}")" \
    "$(ratio "${m_wall[one]}" "${m_wall[ranks]}")"
  printf '  2 ranks against 2 threads: %sx / %sx the time\n' \
    "$(ratio "${m_own[ranks]}" "${m_own[threads]}")" "$(ratio "${m_wall[ranks]}" "${m_wall[threads]}")"
}
