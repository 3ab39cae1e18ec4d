#!/usr/bin/env bash
# The max-visits objective (the visits of the most-visited cell) on every R x C grid with
# 1 <= R, C <= 6 (at least 2 cells; start top left, exit bottom left), enumerated exactly on one
# thread: optimum, number of optimal boards, one optimal board, and how it compares with the
# moves optimum (table.md). Writes results/exhaustive/max-visits.md and
# results/max-visits/RxC.json (up to 8 optimal boards each, the histogram of max visits).
# Both objectives are enumerated again with every optimal board listed (--cap 4096, into a
# scratch folder), so that the comparison covers all of them.
# Usage: studies/exhaustive/tabulate_max_visits.sh [path/to/mazesearch]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/mazesearch}
here=results/exhaustive  # the results; this script stays in studies/exhaustive
out="$here/results/max-visits"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$out"
rows=()
for r in 1 2 3 4 5 6; do
    for c in 1 2 3 4 5 6; do
        [ $((r * c)) -ge 2 ] || continue
        json="$out/${r}x${c}.json"
        rm -f "$json"
        exit_cell=()  # the default, bottom left; a single row has its exit top right
        [ "$r" -gt 1 ] || exit_cell=(--exit "0,$((c - 1))")
        "$bin" enumerate --rows "$r" --cols "$c" "${exit_cell[@]}" --objective max-visits \
            --threads 1 --quiet --out "$json" > /dev/null
        "$bin" enumerate --rows "$r" --cols "$c" "${exit_cell[@]}" --objective max-visits \
            --threads 1 --cap 4096 --quiet --out "$scratch/visits-${r}x${c}.json" > /dev/null
        "$bin" enumerate --rows "$r" --cols "$c" "${exit_cell[@]}" --threads 1 --cap 4096 \
            --quiet --out "$scratch/moves-${r}x${c}.json" > /dev/null
        rows+=("${r}x${c}")
    done
done
python3 - "$bin" "$here" "$scratch" "${rows[@]}" > "$here/max-visits.md" <<'PY'
import json, os, subprocess, sys, textwrap
bin_, here, scratch, grids = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]

def eval_boards(texts):
    """(moves, max visits) of each board text, from `mazesearch eval --json`."""
    files = []
    for i, t in enumerate(texts):
        path = os.path.join(scratch, f"board-{i}.txt")
        open(path, "w").write(t)
        files.append(path)
    out = subprocess.run([bin_, "eval", "--json", *files], check=True, capture_output=True,
                         text=True).stdout
    return [(j["moves"], j["max_visits"]) for j in map(json.loads, out.splitlines())]

print("""# Max visits: every grid up to 6x6, exactly

The paper's Section 6 suggests another objective: the maze whose most-visited cell is visited
most often. This table is that optimum for every R x C grid with 1 <= R, C <= 6: start top left,
exit bottom left (on a 1 x C grid: top right), a cell's visits counted as in `eval` and
docs/rules.md ("Objectives": the moves that leave it; the start counts the first move, the exit 0).

Regenerate with `studies/exhaustive/tabulate_max_visits.sh` (one thread; under a minute),
which runs for each grid

    build/mazesearch enumerate --rows R --cols C --objective max-visits --threads 1 --out results/max-visits/RxC.json
    build/mazesearch enumerate --rows R --cols C --objective max-visits --threads 1 --cap 4096 --out SCRATCH/visits-RxC.json
    build/mazesearch enumerate --rows R --cols C --threads 1 --cap 4096 --out SCRATCH/moves-RxC.json

(with `--exit 0,C-1` on a single row). The first gives the max-visits optimum, its optimal
boards (up to 8, in `results/max-visits/`) and the histogram of max visits over all feasible
boards; the second and third list every max-visits-optimal and every moves-optimal board (the
moves optima of [table.md](table.md)), which `build/mazesearch eval --json` then walks. All grids are listed, not only R <= C: the table is
not symmetric, since the exit is bottom left and the tie order (down, right, left, up) does not
turn into itself when the board is transposed (3x4 and 4x3 differ, for example).

Columns: *max visits*, the optimum, with the number of boards that reach it; *their moves*, the
moves of those boards (least to most); *moves optimum* (as in table.md); *max visits of the
moves optima*, over every moves-optimal board; *both*, how many boards are optimal for both
objectives. *Seconds*: the first enumeration, one thread.
""")
print("| grid | max visits | optimal boards | feasible boards | their moves | moves optimum | max visits of the moves optima | both | seconds |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
def span(xs):
    return str(min(xs)) if min(xs) == max(xs) else f"{min(xs)}-{max(xs)}"

drawings = []
shared, apart = [], []
for g in grids:
    v = json.load(open(os.path.join(here, "results", "max-visits", g + ".json")))
    va = json.load(open(os.path.join(scratch, f"visits-{g}.json")))
    m = json.load(open(os.path.join(scratch, f"moves-{g}.json")))
    assert v["objective"] == va["objective"] == "max-visits" and m["objective"] == "moves"
    assert v["feasible"] == m["feasible"] and v["optimum"] == va["optimum"]
    assert va["optimal_boards"] == len(va["boards"]), g  # every max-visits optimum listed
    assert m["optimal_boards"] == len(m["boards"]), g  # every moves optimum listed
    walked = eval_boards(va["boards"])
    assert all(mx == v["optimum"] for _, mx in walked), g
    their_moves = [mo for mo, _ in walked]
    mv = [mx for _, mx in eval_boards(m["boards"])]
    both = sorted(set(va["boards"]) & set(m["boards"]))
    assert len(both) == sum(1 for x in mv if x == v["optimum"]), g
    (shared if both else apart).append(g)
    print(f"| {g} | {v['optimum']} | {v['optimal_boards']:,} | {v['feasible']:,} "
          f"| {span(their_moves)} | {m['optimum']} | {span(mv)} | {len(both):,} "
          f"| {v['seconds']:.2f} |")
    drawings.append((g, v, walked[0][0]))

print()
print(textwrap.fill(
    f"A max-visits-optimal board is also moves-optimal on {len(shared)} of the {len(grids)} "
    f"grids ({', '.join(shared)}) and on none of the other {len(apart)} ({', '.join(apart)}).",
    96))
print()

print("""
## One optimal board per grid

The first max-visits-optimal board in text order (`S` start, `E` exit, `#` blocked), with its
max visits and moves (`build/mazesearch eval FILE` prints both).
""")
for g, v, moves in drawings:
    n = v["optimal_boards"]
    print(f"**{g}**: max visits {v['optimum']} ({n:,} optimal board{'' if n == 1 else 's'}), "
          f"{moves} move{'' if moves == 1 else 's'}\n")
    print("```")
    print(v["boards"][0], end="")
    print("```\n")
PY
echo "table: $here/max-visits.md"
