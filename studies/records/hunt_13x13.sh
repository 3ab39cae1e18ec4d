#!/usr/bin/env bash
# The 13x13 record hunt: runs configs/records/13x13-hunt.yaml (independent annealing chains on
# every core) in a run folder (runs/13x13-hunt unless HUNT_DIR says otherwise), or resumes it
# when the folder holds one, and every PUBLISH_SECONDS (300) climbs each chain's best board
# (radius-2 Hamming climb, in DIR-climbs/) and publishes it when it beats every board in
# results/records/13x13/: <moves>.txt, <moves>.svg and <moves>.md (the commands, the chain
# and the evaluation that found it, the reference walk's check). Stop it with Ctrl-C or
# `kill -INT <pid of mazesearch>`: the run writes its checkpoint and the next call resumes.
#
#   studies/records/hunt_13x13.sh [overrides...]     # e.g. threads=2
#
# HUNT_CONFIG chooses another config of chains, e.g. configs/records/13x13-hunt-pa.yaml (each
# "chain" a run of population annealing, 32 chains cooled together).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${MAZESEARCH:-build/mazesearch}
dir=${HUNT_DIR:-runs/13x13-hunt}
every=${PUBLISH_SECONDS:-300}
boards=${HUNT_BOARDS:-results/records/13x13}
cfg=${HUNT_CONFIG:-configs/records/13x13-hunt.yaml}
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

# A chain's best board is climbed (a Hamming climb of radius 2, under a second: annealing
# leaves boards that are not local optima) before it is compared with the published ones.
climb() {
  local rdir=$1 moves=$2 out
  out="$dir-climbs/$(basename "$rdir")-$moves"
  if [ ! -f "$out/summary.json" ]; then
    rm -rf "$out"
    mkdir -p "$dir-climbs"
    "$bin" run configs/records/13x13-hamming.yaml "initial=$rdir/best.txt" threads=1 \
      budget.seconds=null budget.evaluations=100000000 "output=$out" -q > /dev/null
  fi
  echo "$out"
}

# Moves of a board file, or nothing.
moves_of() {
  "$bin" eval "$1" 2> /dev/null | sed -n 's/^.*: \([0-9]*\) moves (paper convention).*$/\1/p' | head -1
}

# Publishes the best board of one chain (climbed) if it beats every published board.
publish_one() {
  local rdir=$1
  [ -f "$rdir/best.txt" ] || return 0
  local chain_moves climbed moves check
  chain_moves=$(moves_of "$rdir/best.txt")
  [ -n "$chain_moves" ] || return 0
  climbed=$(climb "$rdir" "$chain_moves")
  moves=$(moves_of "$climbed/best.txt")
  [ -n "$moves" ] || return 0
  [ "$moves" -gt "$(best_published)" ] || return 0
  cp "$climbed/best.txt" "$boards/$moves.txt"
  # The reference walk (the paper's definition, plain) must agree with the fast walk.
  check=$("$bin" eval --check "$boards/$moves.txt" 2>&1) || {
    echo "hunt_13x13.sh: $boards/$moves.txt: $check" >&2
    rm -f "$boards/$moves.txt"
    return 1
  }
  "$bin" render "$boards/$moves.txt" -o "$boards/$moves.svg" \
    --title "13x13, start top left, exit bottom left: $moves moves" > /dev/null
  # The evaluation of its chain that found the chain's best, from the chain's archive.
  local found="" chain climb_evals
  [ -f "$rdir/archive/index.csv" ] && found=$(awk -F, 'NR == 2 { print $3 }' "$rdir/archive/index.csv")
  climb_evals=$(sed -n 's/^ *"evaluations": \([0-9]*\).*$/\1/p' "$climbed/summary.json")
  chain=$(basename "$rdir")
  {
    echo "# $moves moves on the 13x13 board (start top left, exit bottom left)"
    echo
    echo '```'
    cat "$boards/$moves.txt"
    echo '```'
    echo
    echo "- Found by the record hunt, \`studies/records/hunt_13x13.sh\`: \`$bin run $cfg"
    echo "  $(grep -v '^output=' "$dir/overrides.txt" 2> /dev/null | tr '\n' ' ')output=$dir\` (resumed with"
    echo "  \`$bin resume $dir\` across sessions), chain \`$chain\`: its best board, $chain_moves moves at"
    echo "  feasible evaluation ${found:-?} of the chain, then climbed by \`$bin run"
    echo "  configs/records/13x13-hamming.yaml initial=$rdir/best.txt threads=1\` ($climb_evals"
    echo "  evaluations)."
    echo "- Checked: \`$bin eval --check $boards/$moves.txt\`:"
    echo
    echo '```'
    echo "$check"
    echo '```'
  } > "$boards/$moves.md"
  echo "hunt_13x13.sh: published $boards/$moves.txt ($moves moves, $chain)"
}

# One line per finished chain in $boards/chains-seed<master seed>.csv: what each chain found
# (its best board, the evaluation that found it, the board after the climb). A chain is named by
# its number in the series, first_repeat + its folder's number (repeat-1003 is chain 1003 of the
# master seed, run as repeat-003 of a run with first_repeat=1000). The lines of chains this run
# does not hold stay: runs of one series in different folders (first_repeat=0, 1000, ...) and
# earlier series (another master seed, another file) all stay on record.
# A series of another config (HUNT_CONFIG) has a file of its own, chains-<name>-seed<seed>.csv:
# its chains are another method's, numbered from 0 as well.
tabulate() {
  local seed first r out tmp name
  seed=$(sed -n 's/^seed: *\([0-9]*\).*$/\1/p' "$dir/config.yaml" | head -1)
  first=$(sed -n 's/^ *"first_repeat": \([0-9]*\).*$/\1/p' "$dir/config.json" | head -1)
  name=$(sed -n 's/^name: *\([^ ]*\).*$/\1/p' "$dir/config.yaml" | head -1)
  out="$boards/chains-seed${seed:-1}.csv"
  [ "${name:-13x13-hunt}" = 13x13-hunt ] || out="$boards/chains-$name-seed${seed:-1}.csv"
  tmp="$out.tmp"
  : > "$tmp.new"
  for r in "$dir"/repeat-*; do
    [ -f "$r/summary.json" ] && [ "$(cat "$r/status" 2> /dev/null)" = finished ] || continue
    local m found evals climbed="" chain
    m=$(moves_of "$r/best.txt")
    found=$(awk -F, 'NR == 2 { print $3 }' "$r/archive/index.csv" 2> /dev/null)
    evals=$(sed -n 's/^ *"evaluations": \([0-9]*\).*$/\1/p' "$r/summary.json" | head -1)
    [ -f "$dir-climbs/$(basename "$r")-$m/best.txt" ] &&
      climbed=$(moves_of "$dir-climbs/$(basename "$r")-$m/best.txt")
    chain=$(printf 'repeat-%03d' $((${first:-0} + 10#${r##*repeat-})))
    echo "$chain,$m,$found,$evals,$climbed" >> "$tmp.new"
  done
  {
    echo "chain,best,found_at_evaluation,evaluations,climbed"
    {
      # By file name, not NR == FNR: with no finished chain yet the first file is empty, and
      # every line of the second would be taken for this run's (and dropped).
      [ -f "$out" ] && awk -F, 'FILENAME == ARGV[1] { mine[$1] = 1; next }
        FNR > 1 && !($1 in mine)' "$tmp.new" "$out"
      cat "$tmp.new"
    } | sort -t- -k2,2n
  } > "$tmp"
  rm -f "$tmp.new"
  mv "$tmp" "$out"
}

publish() {
  local r
  for r in "$dir"/repeat-*; do
    [ -d "$r" ] && publish_one "$r" || true
  done
  [ -f "$dir/best.txt" ] && publish_one "$dir" || true
  tabulate || true
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
