#!/bin/bash
# The Slurm recipes without Slurm (this machine has none): runs the body of
# studies/slurm/enumerate-array.sbatch once per task with SLURM_ARRAY_TASK_ID set, as the
# array's tasks would run, stops one task half-way (SIGTERM, as Slurm does at the time limit)
# and runs it again, then merges the shards with merge-shards.sh and checks the answer against
# a single-process enumeration of the same grid. The MPI recipe's body runs too, under mpirun,
# when MPI was built in.
#
#   tests/slurm/array_locally.sh BUILD_DIR SOURCE_DIR [ROWS COLS SHARDS]
set -euo pipefail
build=$(cd "${1:?usage: array_locally.sh BUILD_DIR SOURCE_DIR}" && pwd)
src=$(cd "${2:?usage: array_locally.sh BUILD_DIR SOURCE_DIR}" && pwd)
rows=${3:-6} cols=${4:-6} shards=${5:-4}
bin="$build/mazesearch"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# The answer without the recipes, every field but the time (the command writes JSON with its
# keys in order, so the text compares).
answer() { sed -E 's/"seconds":[0-9.eE+-]+,?//'; }
"$bin" enumerate --rows "$rows" --cols "$cols" --json --quiet | answer > plain.txt

export ROWS=$rows COLS=$cols SHARDS=$shards OUT_DIR=$work/shards MAZESEARCH=$bin
export SLURM_CPUS_PER_TASK=1
# Task 1 is stopped once it has written progress (Slurm's TERM before the time limit): its first
# checkpoint comes after 0.01 s of work, and the task has about half a second of work on one
# core here (6x6, 4 shards), so the TERM lands while it works. The stop must happen: a task
# that ends in any other way fails the test.
SLURM_ARRAY_TASK_ID=1 EXTRA="--checkpoint-seconds 0.01" \
  bash "$src/studies/slurm/enumerate-array.sbatch" > task1.out 2>&1 &
job=$!
# Waits for the progress with a deadline sized for a machine under heavy load (120 s).
deadline=$((SECONDS + 120))
until [ -e shards/shard-1.json.progress ]; do
  if ! kill -0 "$job" 2>/dev/null; then
    echo "FAIL: task 1 ended before its first checkpoint (too little work to stop it)" >&2
    cat task1.out >&2; exit 1
  fi
  if [ "$SECONDS" -ge "$deadline" ]; then
    echo "FAIL: task 1 wrote no progress in 120 s" >&2; cat task1.out >&2; exit 1
  fi
  sleep 0.01
done
kill -TERM "$job"
status=0
wait "$job" || status=$?
if [ "$status" -ne 130 ]; then
  echo "FAIL: task 1, stopped while it worked, ended with status $status, not 130" >&2
  cat task1.out >&2; exit 1
fi
[ -e shards/shard-1.json.progress ] || { echo "FAIL: no progress after the stop" >&2; exit 1; }
if [ -e shards/shard-1.json ]; then echo "FAIL: a stopped task wrote a result" >&2; exit 1; fi
echo "task 1 stopped with its progress written (status 130)"
# The merge refuses while a shard is missing or unfinished.
if bash "$src/studies/slurm/merge-shards.sh" shards > /dev/null 2>&1; then
  echo "FAIL: merge-shards.sh merged an incomplete set" >&2; exit 1
fi
# Every task, as the array (task 1 again: it resumes).
for task in $(seq 0 $((shards - 1))); do
  SLURM_ARRAY_TASK_ID=$task bash "$src/studies/slurm/enumerate-array.sbatch" > "task$task.out" 2>&1
done
# Task 1 went on from its progress rather than starting over.
if grep -q "no progress written yet" task1.out; then
  echo "FAIL: task 1 started over instead of resuming" >&2; cat task1.out >&2; exit 1
fi
# A task that runs again after it finished says so and changes nothing.
SLURM_ARRAY_TASK_ID=0 bash "$src/studies/slurm/enumerate-array.sbatch" > again.out 2>&1
grep -q "already finished" again.out || { echo "FAIL: a finished task ran again" >&2; cat again.out >&2; exit 1; }
bash "$src/studies/slurm/merge-shards.sh" shards | answer > merged.txt
grep -q '"optimum"' plain.txt && grep -q '"optimum"' merged.txt ||
  { echo "FAIL: no answer to compare" >&2; exit 1; }
if ! cmp -s plain.txt merged.txt; then
  echo "FAIL: the merged shards differ from the single-process answer" >&2
  diff plain.txt merged.txt >&2 || true
  exit 1
fi
echo "array of $shards tasks on ${rows}x${cols}: merged answer equals the single-process one"

# The sweep recipe: one task a point, into one sweep folder; each point equals the same point of
# a sweep run by one process, and the task that finished the last point wrote the summary.
sweep_args="$src/configs/paper/annealing.yaml optimizer.t_start=1,5 seed=1,2 budget.evaluations=30000 repeats=1"
"$bin" sweep $sweep_args "output=$work/sweep-one" -q
points=$("$bin" sweep $sweep_args "output=$work/sweep-array" --dry-run | wc -l)
[ "$points" -eq 4 ] || { echo "FAIL: --dry-run listed $points points, not 4" >&2; exit 1; }
for task in $(seq 0 $((points - 1))); do
  SLURM_ARRAY_TASK_ID=$task SWEEP="$sweep_args output=$work/sweep-array" MAZESEARCH=$bin \
    bash "$src/studies/slurm/sweep-array.sbatch" > "sweep$task.out" 2>&1 ||
    { echo "FAIL: sweep task $task" >&2; cat "sweep$task.out" >&2; exit 1; }
done
best() { sed -nE 's/.*"best_score": ([0-9.]+).*/\1/p' "$1/summary.json"; }
# same_points SWEEP HOW: each of the 4 points of SWEEP scored as in sweep-one, and the summary
# written; HOW says how SWEEP ran, for the message.
same_points() {
  local p a b
  for p in 0 1 2 3; do
    a=$(best "$work/sweep-one/point-00$p") b=$(best "$1/point-00$p")
    [ -n "$a" ] && [ "$a" = "$b" ] ||
      { echo "FAIL: point $p: $b $2, $a in one process" >&2; exit 1; }
  done
  [ -s "$1/summary.md" ] || { echo "FAIL: the sweep $2 wrote no summary" >&2; exit 1; }
}
same_points "$work/sweep-array" "in the array"
echo "sweep-array.sbatch: 4 tasks, each point equal to the single-process sweep's, summary written"

# The MPI recipe's body under mpirun (3 ranks on this machine).
if [ "${MPI:-0}" = 1 ]; then
  as_root=()
  [ "$(id -u)" -eq 0 ] && as_root=(--allow-run-as-root)
  mkdir -p bin
  # The recipe calls plain `mpirun` with Slurm's mapping; here: three ranks, oversubscribed.
  cat > bin/mpirun <<SH
#!/bin/bash
while [ \$# -gt 0 ] && [ "\$1" = --map-by ]; do shift 2; done
exec "$(command -v mpirun)" ${as_root[*]} --oversubscribe -n 3 "\$@"
SH
  chmod +x bin/mpirun
  PATH="$work/bin:$PATH" OUT="$work/mpi.json" EXTRA="--json --quiet" \
    bash "$src/studies/slurm/mpi-enumerate.sbatch" | answer > mpi.txt
  if ! cmp -s plain.txt mpi.txt; then
    echo "FAIL: the mpirun recipe's answer differs from the single-process one" >&2
    diff plain.txt mpi.txt >&2 || true
    exit 1
  fi
  echo "mpi-enumerate.sbatch under mpirun (3 ranks): the same answer"
  # A sweep under mpirun: point i on rank i mod 3, the same points as one process.
  PATH="$work/bin:$PATH" mpirun "$bin" sweep $sweep_args "output=$work/sweep-mpi" -q
  same_points "$work/sweep-mpi" "under mpirun"
  echo "a sweep under mpirun (3 ranks): every point equal to one process's"
fi
