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
OUT/steps.csv a row per step, and OUT/squeezed.txt the narrower board at the end. OUT/squeeze.json
records what the folder is for (the board, the order, the evaluations, the seed, the config and
the overrides); run the script again with the same arguments to go on after an interruption: a
finished step is skipped, a stopped one resumed. Other arguments on the same OUT are refused,
naming the one that differs. --config and --binary default to the checkout's own, wherever the
script is run from; a relative path given is taken from the current folder.

Every argument is checked before anything is written (the first step's run with `run --dry-run`);
an error that running again would only repeat says what to mend, not that a rerun resumes.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile

import mazesearch

CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STEPS_HEADER = ["step", "walled_row", "moves_walled", "moves_found"]
MAX_COUNT = 18_000_000_000_000_000_000  # the largest seed and evaluation budget a config takes


def fail(message):
    print(f"squeeze_column.py: {message}", file=sys.stderr)
    sys.exit(2)


def moves_of(board):
    walk = mazesearch.walk(board)
    return walk.moves if walk.feasible else 0


def load_board(path, what):
    try:
        return mazesearch.Board.load(path)
    except (ValueError, OSError) as error:
        fail(f"{what}: {error}")


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("board")
    parser.add_argument("out")
    parser.add_argument("--order", help="rows of the last column, walled in this order")
    parser.add_argument("--evaluations", type=int, default=30_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary",
                        default=os.environ.get("MAZESEARCH",
                                               os.path.join(CHECKOUT, "build", "mazesearch")))
    parser.add_argument("--config",
                        default=os.path.join(CHECKOUT, "configs/records/13x13-region.yaml"))
    parser.add_argument("overrides", nargs="*", help="more key=value overrides of the config")
    args = parser.parse_intermixed_args()  # overrides may come after the options
    if not 1 <= args.evaluations <= MAX_COUNT:
        fail(f"--evaluations {args.evaluations}: expected 1 to {MAX_COUNT}")
    if not os.access(args.binary, os.X_OK):
        fail(f"{args.binary}: not built (run make first), or give --binary")
    if not os.path.isfile(args.config):
        fail(f"--config {args.config}: no such file (a relative path is taken from the current "
             f"folder, {os.getcwd()})")
    args.config = os.path.abspath(args.config)
    for o in args.overrides:
        if "=" not in o:
            fail(f"override '{o}': expected key=value")
    return args


def order_of(args, board):
    """The rows of the last column's open cells, in the order they are walled."""
    last = board.cols - 1
    if board.start[1] == last or board.exit[1] == last:
        fail(f"{args.board}: the start or exit is in the last column, which is to go")
    cells = board.to_array()
    open_rows = [r for r in range(board.rows) if cells[r, last]]
    if not args.order:
        order = sorted(open_rows, reverse=True)
    else:
        try:
            order = [int(x) for x in args.order.split(",")]
        except ValueError:
            fail(f"--order {args.order}: expected rows separated by commas")
        if sorted(order) != open_rows:
            fail(f"--order {args.order}: expected each open row of column {last} once: "
                 f"{','.join(map(str, open_rows))}")
    # Each step's seed is --seed + step - 1.
    if not 0 <= args.seed <= MAX_COUNT - max(len(order) - 1, 0):
        fail(f"--seed {args.seed}: expected 0 to {MAX_COUNT - max(len(order) - 1, 0)}")
    return order


def walled_board(board, row):
    """`board` with the last column's cell in `row` walled, or an error that names the step when
    the wall cuts the exit off (no search can mend that; another --order may not)."""
    a = board.to_array()
    a[row, board.cols - 1] = False
    return mazesearch.Board.from_array(a, start=board.start, exit=board.exit)


def map_text(walled):
    """'?' on every cell but the last column's (kept as it is), S and E."""
    a = walled.to_array()
    last = walled.cols - 1
    return "".join("".join(
        "S" if (i, j) == walled.start else "E" if (i, j) == walled.exit
        else ("." if a[i, j] else "#") if j == last else "?"
        for j in range(walled.cols)) + "\n" for i in range(walled.rows))


def step_command(args, k, keep_path, map_path, run_dir, rows, cols):
    return [args.binary, "run", args.config, f"target.rows={rows}", f"target.cols={cols}",
            f"target.keep={keep_path}", f"target.free={map_path}", "target.free_rows=null",
            "target.free_cols=null", f"initial={keep_path}", "optimizer.t_start=0.06",
            "optimizer.t_end=0.02", "optimizer.population=32",
            f"budget.evaluations={args.evaluations}", "threads=1", f"seed={args.seed + k - 1}",
            f"output={run_dir}", "-q", *args.overrides]


def identity(args, board, order):
    """What OUT is for: whatever would make another run of a step differ."""
    return {"board": board.to_text(), "order": order, "evaluations": args.evaluations,
            "seed": args.seed, "config": args.config, "overrides": args.overrides}


def check_first_step(args, board, order):
    """The first step's run checked by `run --dry-run` on its inputs (in a scratch folder), before
    OUT is touched: a bad override or config fails here, not half-way."""
    walled = walled_board(board, order[0])
    if not mazesearch.walk(walled).feasible:
        fail(f"step 1: walling row {order[0]} of column {board.cols - 1} cuts the exit off from "
             "the start; wall the rows in another --order")
    with tempfile.TemporaryDirectory() as scratch:
        keep, free = os.path.join(scratch, "keep.txt"), os.path.join(scratch, "map.txt")
        walled.save(keep)
        with open(free, "w") as f:
            f.write(map_text(walled))
        command = step_command(args, 1, keep, free, os.path.join(scratch, "run"), board.rows,
                               board.cols)
        done = subprocess.run(command[:2] + ["--dry-run"] + command[2:], capture_output=True,
                              text=True)
    if done.returncode != 0:
        fail("the first step's run is refused, so every step's would be: " +
             done.stderr.strip().replace(scratch, "<step>"))


def open_out(args, board, order):
    """OUT made or taken up again: refused when it is a file, or holds another squeeze (another
    board, order, budget, seed, config or overrides, as squeeze.json says). Returns the steps
    finished before, {step: walled row}, from steps.csv."""
    out = args.out
    if os.path.exists(out) and not os.path.isdir(out):
        fail(f"{out}: not a folder; OUT is the folder the steps are written to")
    spec_path = os.path.join(out, "squeeze.json")
    want = identity(args, board, order)
    if os.path.exists(spec_path):
        try:
            with open(spec_path) as f:
                had = json.load(f)
        except (OSError, ValueError) as error:
            fail(f"{spec_path}: unreadable ({error}); it says what OUT is for")
        if not isinstance(had, dict):
            fail(f"{spec_path}: expected a JSON object")
        for key, value in want.items():
            if had.get(key) != value:
                said = "BOARD" if key == "board" else f"--{key}" if key != "overrides" else key
                fail(f"{out} holds a squeeze with another {said} ({spec_path}: "
                     f"{json.dumps(had.get(key))[:80]}; given: {json.dumps(value)[:80]}); "
                     "use another OUT, or the same arguments to go on")
    elif os.path.isdir(out) and os.listdir(out) and not os.path.exists(
            os.path.join(out, "steps.csv")):
        fail(f"{out}: a folder that holds no squeeze (no steps.csv); use a new or empty OUT")
    # A folder of an earlier version of this script has no squeeze.json: its steps' inputs are
    # checked against this board and order as they are taken up (step_inputs).
    os.makedirs(out, exist_ok=True)
    if not os.path.exists(spec_path):
        with open(spec_path + ".tmp", "w") as f:
            json.dump(want, f, indent=1)
        os.replace(spec_path + ".tmp", spec_path)
    return read_steps(os.path.join(out, "steps.csv"), order)


def read_steps(path, order):
    """The finished steps of steps.csv, checked: its header, whole numbers, steps 1, 2, ... in
    turn, each with the row this --order walls there."""
    if not os.path.exists(path):
        with open(path, "w") as f:
            f.write(",".join(STEPS_HEADER) + "\n")
        return {}
    done = {}
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows or rows[0] != STEPS_HEADER:
        fail(f"{path}:1: expected the header {','.join(STEPS_HEADER)}, got "
             f"{','.join(rows[0]) if rows else 'an empty file'}")
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != len(STEPS_HEADER) or not all(x.strip().isdigit() for x in row):
            fail(f"{path}:{line}: expected {len(STEPS_HEADER)} whole numbers, got {','.join(row)}")
        k, r = int(row[0]), int(row[1])
        if k != len(done) + 1:
            fail(f"{path}:{line}: step {k}; expected step {len(done) + 1}")
        if k > len(order) or order[k - 1] != r:
            fail(f"{path}:{line}: step {k} walled row {r}; this --order walls "
                 f"{order[k - 1] if k <= len(order) else 'no row'} there")
        done[k] = r
    return done


def step_inputs(out, k, r, current):
    """Step k's kept board and map: written from `current` with row r walled, or, when a step
    stopped before, checked to be exactly those (another board's inputs are refused)."""
    keep_path = os.path.abspath(os.path.join(out, f"step-{k:03d}-keep.txt"))
    map_path = os.path.abspath(os.path.join(out, f"step-{k:03d}-map.txt"))
    walled = walled_board(current, r)
    if not mazesearch.walk(walled).feasible:
        fail(f"step {k}: walling row {r} of column {current.cols - 1} cuts the exit off from the "
             f"start on step {k - 1}'s best board; wall the rows in another --order (in a new OUT)")
    if os.path.exists(keep_path) or os.path.exists(map_path):
        have_keep = open(keep_path).read() if os.path.exists(keep_path) else None
        have_map = open(map_path).read() if os.path.exists(map_path) else None
        if have_keep not in (None, walled.to_text()) or have_map not in (None, map_text(walled)):
            fail(f"{keep_path if have_keep != walled.to_text() else map_path}: not the board "
                 f"before step {k} with row {r} walled; OUT holds another squeeze's step")
    if not os.path.exists(keep_path):
        walled.save(keep_path)
    if not os.path.exists(map_path):
        with open(map_path + ".tmp", "w") as f:
            f.write(map_text(walled))
        os.replace(map_path + ".tmp", map_path)
    return walled, keep_path, map_path


def run_step(args, k, keep_path, map_path, run_dir, board):
    """Runs (or resumes) step k's search; an error says whether running again goes on."""
    if os.path.exists(os.path.join(run_dir, "config.json")):
        command = [args.binary, "resume", run_dir, "-q"]
    else:
        command = step_command(args, k, keep_path, map_path, run_dir, board.rows, board.cols)
    run = subprocess.Popen(command)
    try:
        status = run.wait()
    except KeyboardInterrupt:  # Ctrl-C reached the run too: it writes its checkpoint and stops
        status = run.wait()
    if status == 0 and os.path.exists(os.path.join(run_dir, "summary.json")):
        return load_board(os.path.join(run_dir, "best.txt"), f"step {k}")
    if status == 130:
        fail(f"step {k}: the run was interrupted (status 130); run this again to resume it")
    if status == 2:
        fail(f"step {k}: mazesearch refused the run (status 2, its message above); running this "
             "again repeats it until that is mended")
    fail(f"step {k}: the run failed (status {status}); {os.path.join(run_dir, 'log.txt')} says "
         "why; running this again tries the step again")


def main():
    args = parse_arguments()
    board = load_board(args.board, args.board)
    order = order_of(args, board)
    if order:
        check_first_step(args, board, order)
    done = open_out(args, board, order)
    rows, last = board.rows, board.cols - 1

    current = board
    print(f"{args.board}: {moves_of(current)} moves; walling column {last}, rows {order}")
    for k, r in enumerate(order, start=1):
        run_dir = os.path.abspath(os.path.join(args.out, f"step-{k:03d}"))
        walled, keep_path, map_path = step_inputs(args.out, k, r, current)
        if k in done:
            current = load_board(os.path.join(run_dir, "best.txt"), f"step {k}")
            print(f"step {k}: done before, {moves_of(current)} moves")
            continue
        moves_walled = moves_of(walled)
        print(f"step {k}: row {r} of column {last} walled: {moves_walled} moves; searching",
              flush=True)
        current = run_step(args, k, keep_path, map_path, run_dir, board)
        found = moves_of(current)
        with open(os.path.join(args.out, "steps.csv"), "a") as f:
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
