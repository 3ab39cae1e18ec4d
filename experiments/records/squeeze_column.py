#!/usr/bin/env python3
"""Squeezes a board one column too wide down to its width, a cell at a time.

Cutting a column out of a board at once breaks the walk (results/records/
population-methods-13x13.md: the 116,362-move 13x14 board carved to 13 columns keeps at most
85,972). This script walls the open cells of the last column one by one instead, and after
each wall searches the whole board again from where it stands (configs/records/13x13-region.yaml
with `initial`, every cell but the last column's free), so that the walk has room to move left
before the next cell goes. When the last column is all wall, the board without it walks exactly
as the wide board does (a wall is never entered), and that narrower board is written.

    PYTHONPATH=build/python python3 experiments/records/squeeze_column.py BOARD OUT \
        [--order R,R,...] [--evaluations N] [--seed S] [overrides...]

BOARD is a cell board whose start and exit are not in its last column (which is to go); --order lists the
rows of the last column's open cells in the order they are walled (default: bottom up).
OUT/step-K is step K's run, OUT/step-K-keep.txt and OUT/step-K-map.txt its inputs,
OUT/steps.csv a row per step, and OUT/squeezed.txt the narrower board at the end. Run it again
to go on after an interruption: a finished step is skipped, a stopped one resumed.
"""
import argparse
import csv
import os
import subprocess
import sys

import mazesearch


def fail(message):
    print(f"squeeze_column.py: {message}", file=sys.stderr)
    sys.exit(2)


def moves_of(board):
    walk = mazesearch.walk(board)
    return walk.moves if walk.feasible else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("board")
    parser.add_argument("out")
    parser.add_argument("--order", help="rows of the last column, walled in this order")
    parser.add_argument("--evaluations", type=int, default=30_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", default=os.environ.get("MAZESEARCH", "build/mazesearch"))
    parser.add_argument("--config", default="configs/records/13x13-region.yaml")
    parser.add_argument("overrides", nargs="*", help="more key=value overrides of the config")
    args = parser.parse_args()

    try:
        board = mazesearch.Board.load(args.board)
    except (ValueError, OSError) as error:
        fail(str(error))
    rows, cols = board.rows, board.cols
    last = cols - 1
    if board.start[1] == last or board.exit[1] == last:
        fail(f"{args.board}: the start or exit is in the last column, which is to go")
    cells = board.to_array()
    open_rows = [r for r in range(rows) if cells[r, last]]
    if args.order:
        try:
            order = [int(x) for x in args.order.split(",")]
        except ValueError:
            fail(f"--order {args.order}: expected rows separated by commas")
        if sorted(order) != open_rows:
            fail(f"--order {args.order}: expected each open row of column {last} once: "
                 f"{','.join(map(str, open_rows))}")
    else:
        order = sorted(open_rows, reverse=True)
    if args.evaluations < 1:
        fail("--evaluations must be at least 1")
    if not os.access(args.binary, os.X_OK):
        fail(f"{args.binary}: not built (run make first), or give --binary")

    os.makedirs(args.out, exist_ok=True)
    steps_csv = os.path.join(args.out, "steps.csv")
    done = set()
    if os.path.exists(steps_csv):
        with open(steps_csv) as f:
            for row in csv.DictReader(f):
                k, r = int(row["step"]), int(row["walled_row"])
                if k > len(order) or order[k - 1] != r:
                    fail(f"{steps_csv}: step {k} walled row {r}; this --order walls "
                         f"{order[k - 1] if k <= len(order) else 'no row'} there")
                done.add(k)
    else:
        with open(steps_csv, "w") as f:
            f.write("step,walled_row,moves_walled,moves_found\n")

    current = board
    print(f"{args.board}: {moves_of(current)} moves; walling column {last}, rows {order}")
    for k, r in enumerate(order, start=1):
        run_dir = os.path.join(args.out, f"step-{k:03d}")
        keep_path = os.path.join(args.out, f"step-{k:03d}-keep.txt")
        map_path = os.path.join(args.out, f"step-{k:03d}-map.txt")
        if k in done:
            current = mazesearch.Board.load(os.path.join(run_dir, "best.txt"))
            print(f"step {k}: done before, {moves_of(current)} moves")
            continue
        if not (os.path.exists(keep_path) and os.path.exists(map_path)):
            a = current.to_array()
            a[r, last] = False
            walled = mazesearch.Board.from_array(a, start=current.start, exit=current.exit)
            # The map: '?' on every cell but the last column's (kept as it is), S and E.
            with open(map_path, "w") as f:
                for i in range(rows):
                    f.write("".join(
                        "S" if (i, j) == walled.start else "E" if (i, j) == walled.exit
                        else ("." if a[i, j] else "#") if j == last else "?"
                        for j in range(cols)) + "\n")
            walled.save(keep_path)
        walled = mazesearch.Board.load(keep_path)
        moves_walled = moves_of(walled)
        print(f"step {k}: row {r} of column {last} walled: {moves_walled} moves; searching",
              flush=True)
        if os.path.exists(os.path.join(run_dir, "config.json")):
            command = [args.binary, "resume", run_dir, "-q"]
        else:
            command = [args.binary, "run", args.config, f"target.rows={rows}",
                       f"target.cols={cols}", f"target.keep={keep_path}",
                       f"target.free={map_path}", "target.free_rows=null",
                       "target.free_cols=null", f"initial={keep_path}",
                       "optimizer.t_start=0.06", "optimizer.t_end=0.02",
                       "optimizer.population=32", f"budget.evaluations={args.evaluations}",
                       "threads=1", f"seed={args.seed + k - 1}", f"output={run_dir}", "-q",
                       *args.overrides]
        status = subprocess.call(command)
        if status != 0 or not os.path.exists(os.path.join(run_dir, "summary.json")):
            fail(f"step {k}: the run stopped (status {status}); run this again to resume it")
        current = mazesearch.Board.load(os.path.join(run_dir, "best.txt"))
        found = moves_of(current)
        with open(steps_csv, "a") as f:
            f.write(f"{k},{r},{moves_walled},{found}\n")
        print(f"step {k}: {found} moves", flush=True)

    a = current.to_array()
    if a[:, last].any():
        fail("the last column still has open cells")
    narrow = mazesearch.Board.from_array(a[:, :last], start=current.start, exit=current.exit)
    if moves_of(narrow) != moves_of(current):
        fail("the narrower board walks otherwise than the wide one")
    out_board = os.path.join(args.out, "squeezed.txt")
    narrow.save(out_board)
    print(f"{out_board}: {moves_of(narrow)} moves on {rows}x{last}")


if __name__ == "__main__":
    main()
