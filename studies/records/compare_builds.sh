#!/usr/bin/env bash
# Two builds of mazesearch timed against each other, interleaved round by round so that a change
# in the machine's load favours neither: `mazesearch bench` (cells and passages), the 6x6 cell and
# 4x4 passage enumerations on one thread, and the walk benchmarks; then the medians, and each walk
# benchmark's new/old ratio. For a change that must keep the speed ("before and after, within
# noise"). Run it on an idle machine; the builds need the benchmarks (MAZESEARCH_BENCHMARKS=ON).
# Usage: studies/records/compare_builds.sh OLD_BUILD_DIR NEW_BUILD_DIR [ROUNDS (5)]
set -euo pipefail
old=$1
new=$2
rounds=${3:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for r in $(seq 1 "$rounds"); do
  for v in old new; do
    b=$old
    [ "$v" = new ] && b=$new
    "$b/mazesearch" bench --seconds 2 --json >> "$out/bench-cells-$v.jsonl"
    "$b/mazesearch" bench --passages --seconds 2 --json >> "$out/bench-passages-$v.jsonl"
    /usr/bin/time -f %e -a -o "$out/enum6-$v.txt" \
      "$b/mazesearch" enumerate --rows 6 --cols 6 --threads 1 --quiet > /dev/null
    /usr/bin/time -f %e -a -o "$out/enum44p-$v.txt" \
      "$b/mazesearch" enumerate --model passages --rows 4 --cols 4 --threads 1 --quiet > /dev/null
    "$b/benchmarks/walk_benchmark" --benchmark_format=json --benchmark_min_time=0.3 \
      2> /dev/null > "$out/walk-$v-$r.json"
  done
done
python3 - "$out" <<'PY'
import glob, json, statistics, sys
out = sys.argv[1]
med = statistics.median
for kind in ["cells", "passages"]:
    for v in ["old", "new"]:
        rows = [json.loads(line) for line in open(f"{out}/bench-{kind}-{v}.jsonl")]
        print(f"bench {kind} {v}: interleaved {med(r['moves_per_second'] for r in rows) / 1e6:.1f}"
              f" M moves/s, serial {med(r['serial_moves_per_second'] for r in rows) / 1e6:.1f}"
              f" M moves/s, signature {rows[0]['signature']}")
for job in ["enum6", "enum44p"]:
    for v in ["old", "new"]:
        times = [float(x) for x in open(f"{out}/{job}-{v}.txt")]
        print(f"{job} {v}: median {med(times):.3f} s of {times}")
times = {}
for v in ["old", "new"]:
    for f in glob.glob(f"{out}/walk-{v}-*.json"):
        for b in json.load(open(f))["benchmarks"]:
            times.setdefault(b["name"], {}).setdefault(v, []).append(b["real_time"])
for name, t in sorted(times.items()):
    if "old" in t and "new" in t:
        print(f"walk {name}: new/old {med(t['new']) / med(t['old']):.3f}")
PY
