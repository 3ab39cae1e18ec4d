#!/usr/bin/env bash
# The 13x13 record hunt: runs configs/records/13x13-hunt.yaml in a run folder (runs/13x13-hunt
# unless HUNT_DIR says otherwise), or resumes it when the folder holds a checkpoint, and every
# PUBLISH_SECONDS (300) publishes the run's best board when it beats every board in
# experiments/records/13x13/: <moves>.txt, <moves>.svg and <moves>.md (the command, the
# evaluations that found it, the reference walk's check). Stop it with Ctrl-C or
# `kill -INT <pid of mazesearch>`: the run writes its checkpoint and the next call resumes.
#
#   experiments/records/hunt_13x13.sh [overrides...]     # e.g. threads=2
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${MAZESEARCH:-build/mazesearch}
dir=${HUNT_DIR:-runs/13x13-hunt}
every=${PUBLISH_SECONDS:-300}
boards=experiments/records/13x13
cfg=configs/records/13x13-hunt.yaml
[ -x "$bin" ] || { echo "hunt_13x13.sh: $bin not built (run make first)" >&2; exit 2; }
mkdir -p "$boards"

best_published() {
  local best=0 f m
  for f in "$boards"/*.txt; do
    [ -e "$f" ] || continue
    m=$(basename "$f" .txt)
    [[ $m =~ ^[0-9]+$ ]] && [ "$m" -gt "$best" ] && best=$m
  done
  echo "$best"
}

publish() {
  local best="$dir/best.txt"
  [ -f "$best" ] || return 0
  local check moves
  # The reference walk (the paper's definition, plain) must agree with the fast walk.
  if ! check=$("$bin" eval --check "$best" 2>&1); then
    echo "hunt_13x13.sh: $best: $check" >&2
    return 1
  fi
  moves=$(sed -n 's/^.*: \([0-9]*\) moves (paper convention).*$/\1/p' <<< "$check" | head -1)
  [ -n "$moves" ] || return 0
  [ "$moves" -gt "$(best_published)" ] || return 0
  cp "$best" "$boards/$moves.txt"
  "$bin" render "$boards/$moves.txt" -o "$boards/$moves.svg" \
    --title "13x13, start top left, exit bottom left: $moves moves" > /dev/null
  # The evaluation that found it, from the run's archive (rank 1 is the best board).
  local found=""
  [ -f "$dir/archive/index.csv" ] && found=$(awk -F, 'NR == 2 { print $3 }' "$dir/archive/index.csv")
  {
    echo "# $moves moves on the 13x13 board (start top left, exit bottom left)"
    echo
    echo '```'
    cat "$boards/$moves.txt"
    echo '```'
    echo
    echo "- Found by \`experiments/records/hunt_13x13.sh\`, i.e. \`$bin run $cfg output=$dir\`"
    echo "  (resumed with \`$bin resume $dir\` across sessions), at feasible evaluation"
    echo "  ${found:-?} of that run; the overrides: \`$(tr '\n' ' ' < "$dir/overrides.txt" 2> /dev/null)\`."
    echo "- Checked: \`$bin eval --check $boards/$moves.txt\`:"
    echo
    echo '```'
    echo "$check"
    echo '```'
  } > "$boards/$moves.md"
  echo "hunt_13x13.sh: published $boards/$moves.txt ($moves moves)"
}

if [ -f "$dir/checkpoint.json" ]; then
  "$bin" resume "$dir" &
else
  "$bin" run "$cfg" "output=$dir" "$@" &
fi
pid=$!
trap 'kill -INT $pid 2> /dev/null || true' INT TERM
while kill -0 "$pid" 2> /dev/null; do
  for ((i = 0; i < every && $(kill -0 "$pid" 2> /dev/null && echo 1 || echo 0); i += 5)); do sleep 5; done
  publish || true
done
wait "$pid" || true
publish
