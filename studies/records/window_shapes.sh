#!/usr/bin/env bash
# What windows of which shape find on given boards: one window search (configs/records/
# 13x13-window.yaml: every window of the shape re-set exactly, passes until none improves) per
# board and shape, one thread each, one after the other. Prints a Markdown table: the board, the
# shape, its moves before and after, the feasible settings covered and the seconds.
#
#   studies/records/window_shapes.sh BOARD... [-- SHAPE...]
#
# SHAPE is ROWSxCOLS (default: 1x13 13x1 2x8 8x2, a whole row, a whole column and the two 16-cell
# strips); each run folder is runs/window-shapes/<board's folder and name>-<shape> (kept, so a
# second call prints from them without searching again).
set -euo pipefail
bin=${MAZESEARCH:-build/mazesearch}
out=${OUT:-runs/window-shapes}
[ -x "$bin" ] || { echo "window_shapes.sh: $bin not built (run make first)" >&2; exit 2; }
boards=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do boards+=("$1"); shift; done
[ $# -gt 0 ] && shift
shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(1x13 13x1 2x8 8x2)
[ ${#boards[@]} -gt 0 ] || { echo "usage: window_shapes.sh BOARD... [-- ROWSxCOLS...]" >&2; exit 2; }
for s in "${shapes[@]}"; do
  [[ $s =~ ^[0-9]+x[0-9]+$ ]] || { echo "window_shapes.sh: shape '$s': expected ROWSxCOLS, e.g. 2x8" >&2; exit 2; }
done
for b in "${boards[@]}"; do
  [ -f "$b" ] || { echo "window_shapes.sh: $b: no such board" >&2; exit 2; }
done

field() { sed -n "s/^ *\"$1\": \([0-9.]*\).*$/\1/p" "$2" | head -1; }

echo "| board | window | moves before | after | settings covered (feasible) | seconds |"
echo "| --- | --- | ---: | ---: | ---: | ---: |"
for b in "${boards[@]}"; do
  before=$("$bin" eval "$b" | sed -n 's/^.*: \([0-9]*\) moves (paper convention).*$/\1/p' | head -1)
  name=$(echo "${b%.txt}" | tr '/' '_')
  for s in "${shapes[@]}"; do
    dir="$out/$name-$s"
    if [ "$(cat "$dir/status" 2> /dev/null)" != finished ]; then
      rm -rf "$dir"
      "$bin" run configs/records/13x13-window.yaml "initial=$b" optimizer.size=null \
        "optimizer.rows=${s%x*}" "optimizer.cols=${s#*x}" "output=$dir" -q > /dev/null
    fi
    after=$(field best_score "$dir/summary.json")
    printf '| %s | %s | %s | %s | %s | %.1f |\n' "$b" "${s/x/ x }" "$before" "${after%.0}" \
      "$(field evaluations "$dir/summary.json")" "$(field seconds "$dir/summary.json")"
  done
done
