#!/usr/bin/env bash
# The 13x13 record hunt: runs configs/records/13x13-hunt.yaml (independent annealing chains on
# every core) in a run folder (runs/13x13-hunt unless HUNT_DIR says otherwise), or resumes it
# when the folder holds one, and every PUBLISH_SECONDS (300) publishes the best board of any
# chain that beats every board in experiments/records/13x13/: <moves>.txt, <moves>.svg and
# <moves>.md (the command, the chain and the evaluation that found it, the reference walk's
# check). Stop it with Ctrl-C or
# `kill -INT <pid of mazesearch>`: the run writes its checkpoint and the next call resumes.
#
#   experiments/records/hunt_13x13.sh [overrides...]     # e.g. threads=2
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${MAZESEARCH:-build/mazesearch}
dir=${HUNT_DIR:-runs/13x13-hunt}
every=${PUBLISH_SECONDS:-300}
boards=${HUNT_BOARDS:-experiments/records/13x13}
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

# Publishes the best board of one chain (repeat folder) if it beats every published board.
publish_one() {
  local rdir=$1 best="$1/best.txt"
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
  check=$("$bin" eval --check "$boards/$moves.txt" 2>&1) || {
    echo "hunt_13x13.sh: $boards/$moves.txt: $check" >&2
    rm -f "$boards/$moves.txt"
    return 1
  }
  "$bin" render "$boards/$moves.txt" -o "$boards/$moves.svg" \
    --title "13x13, start top left, exit bottom left: $moves moves" > /dev/null
  # The evaluation of its chain that found it, from the chain's archive (rank 1 is the best).
  local found="" chain
  [ -f "$rdir/archive/index.csv" ] && found=$(awk -F, 'NR == 2 { print $3 }' "$rdir/archive/index.csv")
  chain=$(basename "$rdir")
  {
    echo "# $moves moves on the 13x13 board (start top left, exit bottom left)"
    echo
    echo '```'
    cat "$boards/$moves.txt"
    echo '```'
    echo
    echo "- Found by the record hunt, \`experiments/records/hunt_13x13.sh\`: \`$bin run $cfg"
    echo "  $(grep -v '^output=' "$dir/overrides.txt" 2> /dev/null | tr '\n' ' ')output=$dir\` (resumed with"
    echo "  \`$bin resume $dir\` across sessions), chain \`$chain\`, at feasible"
    echo "  evaluation ${found:-?} of that chain."
    echo "- Checked: \`$bin eval --check $boards/$moves.txt\`:"
    echo
    echo '```'
    echo "$check"
    echo '```'
  } > "$boards/$moves.md"
  echo "hunt_13x13.sh: published $boards/$moves.txt ($moves moves, $chain)"
}

publish() {
  local r
  for r in "$dir"/repeat-*; do
    [ -d "$r" ] && publish_one "$r" || true
  done
  [ -f "$dir/best.txt" ] && publish_one "$dir" || true
}

if [ -f "$dir/config.json" ]; then
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
