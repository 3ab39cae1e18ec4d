#!/usr/bin/env bash
# The exact 7x7 enumeration, in 64 deterministic shards that can be run across sessions and
# machines. Each finished shard is a JSON file in results/exhaustive/7x7/; an interrupted one
# leaves FILE.progress and is resumed. When all 64 are in, merge them:
#   build/mazesearch merge results/exhaustive/7x7/shard-*-of-64.json
# Usage: studies/exhaustive/run_7x7.sh [path/to/mazesearch] [threads] [first shard] [last shard]
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/mazesearch}
threads=${2:-0}
first=${3:-0}
last=${4:-63}
dir=results/exhaustive/7x7
mkdir -p "$dir"
for i in $(seq "$first" "$last"); do
    out=$(printf "%s/shard-%02d-of-64.json" "$dir" "$i")
    [ -f "$out" ] && [ ! -f "$out.progress" ] && continue
    resume=()
    [ -f "$out.progress" ] && resume=(--resume)
    echo "== shard $i/64 -> $out $(date -u +%H:%M:%S)"
    "$bin" enumerate --rows 7 --cols 7 --shard "$i/64" --threads "$threads" --out "$out" \
        --checkpoint-seconds 60 "${resume[@]}"
    status=$?
    if [ "$status" -ne 0 ]; then
        echo "shard $i stopped (status $status); run this script again to resume" >&2
        exit "$status"
    fi
done
echo "all shards in $dir; merge with: $bin merge $dir/shard-*-of-64.json"
