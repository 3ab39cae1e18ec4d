#!/usr/bin/env bash
# Large-neighbourhood search of a 13x13 board: each step searches one rectangle of the current
# board from scratch (configs/records/13x13-region.yaml: population annealing with every other
# cell kept, target.keep) and takes the result when it walks longer. The rectangles come in a
# fixed order (five-row bands, five-column bands, 7x7 squares; REGIONS to choose others) and
# the steps go round them until a whole round in a row gains nothing, or MAX_STEPS steps.
#
#   studies/records/regions_13x13.sh BOARD OUT [overrides...]    # e.g. threads=2
#
# OUT/current.txt is the board so far (a copy of BOARD at first). Step n runs in OUT/step-NNN
# with seed n, keeping OUT/step-NNN/../step-NNN-keep.txt (a copy of the current board then, so
# that the run's pinned input never changes); OUT/steps.csv has a row per finished step. Stop it
# with Ctrl-C; running the same command again resumes the step under way and skips finished
# ones. A board that beats every board in results/records/13x13/ is not published by this script:
# check it (`mazesearch eval --check`) and publish it as the hunt does.
set -euo pipefail
cd "$(dirname "$0")/../.."
board=${1:?usage: regions_13x13.sh BOARD OUT [overrides...]}
out=${2:?usage: regions_13x13.sh BOARD OUT [overrides...]}
shift 2
bin=${MAZESEARCH:-build/mazesearch}
cfg=${REGION_CONFIG:-configs/records/13x13-region.yaml}
max_steps=${MAX_STEPS:-1000}
# rows r0-r1, cols c0-c1 (inclusive)
regions=${REGIONS:-"0-4,0-12 2-6,0-12 4-8,0-12 6-10,0-12 8-12,0-12
0-12,0-4 0-12,2-6 0-12,4-8 0-12,6-10 0-12,8-12
0-6,0-6 0-6,3-9 0-6,6-12 3-9,0-6 3-9,3-9 3-9,6-12 6-12,0-6 6-12,3-9 6-12,6-12"}
read -r -a list <<< "$(echo $regions)"
[ -x "$bin" ] || { echo "regions_13x13.sh: $bin not built (run make first)" >&2; exit 2; }

moves_of() {
  "$bin" eval "$1" | sed -n 's/^.*: \([0-9]*\) moves (paper convention).*$/\1/p' | head -1
}

mkdir -p "$out"
[ -f "$out/current.txt" ] || cp "$board" "$out/current.txt"
[ -f "$out/steps.csv" ] || echo "step,rows,cols,kept,found,taken,seconds" > "$out/steps.csv"
since_gain=0
step=0
while [ "$step" -lt "$max_steps" ] && [ "$since_gain" -lt "${#list[@]}" ]; do
  step=$((step + 1))
  region=${list[$(((step - 1) % ${#list[@]}))]}
  rows=${region%,*}
  cols=${region#*,}
  name=$(printf 'step-%03d' "$step")
  row=$(awk -F, -v s="$step" '$1 == s' "$out/steps.csv")
  if [ -n "$row" ]; then  # finished before: replay its outcome
    [ "$(echo "$row" | cut -d, -f6)" = yes ] && since_gain=0 || since_gain=$((since_gain + 1))
    continue
  fi
  keep="$out/$name-keep.txt"
  [ -f "$keep" ] || cp "$out/current.txt" "$keep"
  if [ -f "$out/$name/status" ]; then
    [ "$(cat "$out/$name/status")" = finished ] || "$bin" resume "$out/$name" -q
  else
    "$bin" run "$cfg" "target.keep=$keep" "target.free_rows=[${rows%-*},${rows#*-}]" \
      "target.free_cols=[${cols%-*},${cols#*-}]" "seed=$step" "output=$out/$name" -q "$@"
  fi
  kept=$(moves_of "$keep")
  found=$(moves_of "$out/$name/best.txt")
  taken=no
  if [ "$found" -gt "$kept" ]; then
    taken=yes
    cp "$out/$name/best.txt" "$out/current.txt.tmp" && mv "$out/current.txt.tmp" "$out/current.txt"
    since_gain=0
  else
    since_gain=$((since_gain + 1))
  fi
  seconds=$(sed -n 's/^ *"seconds": \([0-9]*\).*$/\1/p' "$out/$name/summary.json")
  echo "$step,$rows,$cols,$kept,$found,$taken,$seconds" >> "$out/steps.csv"
  echo "regions_13x13.sh: step $step (rows $rows, cols $cols): kept $kept, found $found, taken $taken"
done
echo "regions_13x13.sh: $out/current.txt: $(moves_of "$out/current.txt") moves after $step steps"
