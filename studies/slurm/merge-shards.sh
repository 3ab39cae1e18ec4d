#!/bin/bash
# Adds up the shard results of enumerate-array.sbatch (OUT_DIR/shard-*.json) into the whole
# answer, as JSON on standard output. Refuses (exit 2) while a shard is missing or unfinished.
#
#   studies/slurm/merge-shards.sh runs/7x7 > runs/7x7/result.json
set -euo pipefail
dir=${1:?usage: merge-shards.sh OUT_DIR}
bin=${MAZESEARCH:-build/mazesearch}
shopt -s nullglob
files=("$dir"/shard-*.json)
if [ ${#files[@]} -eq 0 ]; then
  echo "merge-shards.sh: no shard results in $dir" >&2
  exit 2
fi
unfinished=("$dir"/shard-*.json.progress)
if [ ${#unfinished[@]} -gt 0 ]; then
  echo "merge-shards.sh: ${#unfinished[@]} shard(s) unfinished (e.g. ${unfinished[0]}); run the array again" >&2
  exit 2
fi
# merge warns and exits 0 on a partial set; a missing shard is an error here.
err=$(mktemp)
trap 'rm -f "$err"' EXIT
result=$("$bin" merge --json "${files[@]}" 2>"$err")
cat "$err" >&2
if grep -q "missing" "$err"; then
  exit 2
fi
printf '%s\n' "$result"
