#!/usr/bin/env python3
"""Squeezes a board one column too wide down to its width, a cell at a time.

Cutting a column out of a board at once breaks the walk (results/records/
population-methods-13x13.md: the 116,362-move 13x14 board carved to 13 columns keeps at most
85,972). This script walls the open cells of the last column one by one instead, and after
each wall searches the whole board again from where it stands (configs/records/13x13-region.yaml
with `initial`, every cell but the last column's free), so that the walk has room to move left
before the next cell goes. When the last column is all wall, the board without it walks exactly
as the wide board does (a wall is never entered), and that narrower board is written.

    PYTHONPATH=build/python python3 studies/records/squeeze_column.py BOARD OUT \
        [--order R,R,...] [--evaluations N] [--seed S] [overrides...]

BOARD is a cell board whose start and exit are not in its last column (which is to go); --order
lists the rows of the last column's open cells in the order they are walled (default: bottom up).
OUT/step-K is step K's run, OUT/step-K-keep.txt and OUT/step-K-map.txt its inputs,
OUT/steps.csv a row per step, and OUT/squeezed.txt the narrower board at the end. OUT/squeeze.json
records what the folder is for (the board, the order, the evaluations, the seed, the config and
the overrides), and OUT/config.yaml holds the config's bytes as they were read when OUT was made:
every step runs that copy, so an edit of the config file while the script runs changes no step.
Run the script again with the same arguments to go on after an interruption: a finished step is
skipped, a stopped one resumed. Other arguments on the same OUT are refused, naming the one that
differs, and so is a config file whose bytes changed since OUT was made (naming the first line
that differs). --config and --binary default to the checkout's own, wherever the script is run
from; a relative path given is taken from the current folder.

Every argument and every file of OUT the script reads is checked before anything is written (the
first step's run with `run --dry-run`; each finished step's inputs, best board and row of
steps.csv against each other); an error that running again would only repeat says what to mend,
not that a rerun resumes. A folder made before configs were pinned goes on once each step's
config.yaml there is what the config gives now.
"""
import argparse
import json
import os
import subprocess
import tempfile

import mazesearch
from squeeze_folder import (PINNED, STEPS_HEADER, check_best, check_out_path, fail,
                            first_difference, load_board, moves_of, pin_record, read_bytes,
                            read_spec, read_steps, write_file)

CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_COUNT = 18_000_000_000_000_000_000  # the largest seed and evaluation budget a config takes


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
    # Read once: these bytes are checked, pinned in OUT and run by every step.
    args.config_bytes = read_bytes(args.config)
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
    """`board` with the last column's cell in `row` walled."""
    a = board.to_array()
    a[row, board.cols - 1] = False
    return mazesearch.Board.from_array(a, start=board.start, exit=board.exit)


def walled_step(current, r, k):
    """The board step k searches from: `current` with row r walled, or an error that names the
    step when the wall cuts the exit off (no search can mend that; another --order may not)."""
    walled = walled_board(current, r)
    if not mazesearch.walk(walled).feasible:
        fail(f"step {k}: walling row {r} of column {current.cols - 1} cuts the exit off from the "
             f"start on step {k - 1}'s best board; wall the rows in another --order (in a new OUT)")
    return walled


def map_text(walled):
    """'?' on every cell but the last column's (kept as it is), S and E."""
    a = walled.to_array()
    last = walled.cols - 1
    return "".join("".join(
        "S" if (i, j) == walled.start else "E" if (i, j) == walled.exit
        else ("." if a[i, j] else "#") if j == last else "?"
        for j in range(walled.cols)) + "\n" for i in range(walled.rows))


def step_paths(out, k):
    """Step k's kept board, map and run folder, as absolute paths."""
    base = os.path.abspath(os.path.join(out, f"step-{k:03d}"))
    return base + "-keep.txt", base + "-map.txt", base


def step_command(args, config, k, keep_path, map_path, run_dir, rows, cols):
    return [args.binary, "run", config, f"target.rows={rows}", f"target.cols={cols}",
            f"target.keep={keep_path}", f"target.free={map_path}", "target.free_rows=null",
            "target.free_cols=null", f"initial={keep_path}", "optimizer.t_start=0.06",
            "optimizer.t_end=0.02", "optimizer.population=32",
            f"budget.evaluations={args.evaluations}", "threads=1", f"seed={args.seed + k - 1}",
            f"output={run_dir}", "-q", *args.overrides]


def dry_run(args, k, keep, free, run_dir, board):
    """`run --dry-run` of step k with the config's bytes as read (in a scratch copy): the exit
    status and the resolved config, or the error with the scratch copy named as --config."""
    with tempfile.TemporaryDirectory() as scratch:
        config = os.path.join(scratch, PINNED)
        with open(config, "wb") as f:
            f.write(args.config_bytes)
        command = step_command(args, config, k, keep, free, run_dir, board.rows, board.cols)
        done = subprocess.run(command[:2] + ["--dry-run"] + command[2:], capture_output=True)
        stderr = done.stderr.decode("utf-8", "replace").replace(config, args.config)
        return done.returncode, done.stdout, stderr.replace(scratch, "<step>")


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
        status, _, stderr = dry_run(args, 1, keep, free, os.path.join(scratch, "run"), board)
    if status != 0:
        fail("the first step's run is refused, so every step's would be: " +
             stderr.strip().replace(scratch, "<step>"))


def check_inputs(out, k, r, walled):
    """Step k's kept board and map, where they exist, are `walled` and its map: another board's
    inputs are refused."""
    keep_path, map_path, _ = step_paths(out, k)
    for path, text in [(keep_path, walled.to_text()), (map_path, map_text(walled))]:
        have = read_bytes(path)
        if have is not None and have != text.encode():
            fail(f"{path}: not the board before step {k} with row {r} walled; OUT holds another "
                 "squeeze's step")


def check_steps_ran_config(args, board, order):
    """An OUT made before configs were pinned: each step's run there ran what the config gives now
    (its config.yaml is what `run --dry-run` resolves), else the config changed since."""
    for k in range(1, len(order) + 1):
        keep, free, run_dir = step_paths(args.out, k)
        ran = read_bytes(os.path.join(run_dir, "config.yaml"))
        if ran is None:
            continue
        status, now, stderr = dry_run(args, k, keep, free, run_dir, board)
        if status != 0:
            fail(f"{run_dir}/config.yaml: cannot be checked against --config {args.config} "
                 f"({stderr.strip()}); use a new OUT")
        if ran != now:
            fail(f"{args.out} holds a squeeze with another --config: step {k} ran another config "
                 f"than {args.config} gives now ({run_dir}/config.yaml, "
                 f"{first_difference(ran, now)}); restore it, or use another OUT")


def open_out(args, board, order):
    """OUT read and checked whole, writing nothing: its spec, its pinned config, steps.csv, and
    each finished step (inputs, best board, row of steps.csv) and the next step's inputs.
    Returns whether the config is pinned, and the finished steps."""
    check_out_path(args.out)
    pinned = read_spec(args.out, identity(args, board, order), args.config,
                       args.config_bytes)
    done = read_steps(os.path.join(args.out, "steps.csv"), order)
    if not pinned:
        check_steps_ran_config(args, board, order)
    current = board
    for k, r in enumerate(order, start=1):
        walled = walled_step(current, r, k)
        check_inputs(args.out, k, r, walled)
        if k not in done:
            break
        _, moves_walled, moves_found = done[k]
        if moves_of(walled) != moves_walled:
            fail(f"{os.path.join(args.out, 'steps.csv')}:{k + 1}: moves_walled {moves_walled}; "
                 f"the board before step {k} with row {r} walled walks {moves_of(walled)} moves; "
                 "restore OUT's step, or use a new OUT")
        current = check_best(os.path.join(step_paths(args.out, k)[2], "best.txt"), k, board,
                             walled, moves_found)
    return pinned, done


def start_out(args, board, order, pinned):
    """OUT made (or taken up) once everything is checked: the config pinned, squeeze.json and the
    header of steps.csv written when missing."""
    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as error:
        fail(f"{args.out}: cannot be made ({error.strerror})")
    steps = os.path.join(args.out, "steps.csv")
    if not pinned:
        if os.path.exists(os.path.join(args.out, "squeeze.json")) or os.path.exists(steps):
            print(f"{args.out}: made before configs were pinned; its steps ran {args.config} as "
                  f"it is now, pinned in {os.path.join(args.out, PINNED)} from here on")
        write_file(os.path.join(args.out, PINNED), args.config_bytes)
        spec = dict(identity(args, board, order), pinned_config=pin_record(args.config_bytes))
        write_file(os.path.join(args.out, "squeeze.json"), json.dumps(spec, indent=1) + "\n")
    if not os.path.exists(steps):
        write_file(steps, ",".join(STEPS_HEADER) + "\n")


def step_inputs(out, k, r, current):
    """Step k's kept board and map: `current` with row r walled, written where missing and
    checked where present (a stopped step's, or a stale one's)."""
    keep_path, map_path, _ = step_paths(out, k)
    walled = walled_step(current, r, k)
    check_inputs(out, k, r, walled)
    for path, text in [(keep_path, walled.to_text()), (map_path, map_text(walled))]:
        if not os.path.exists(path):
            write_file(path, text)
    return walled, keep_path, map_path


def run_step(args, k, keep_path, map_path, run_dir, board, walled):
    """Runs (or resumes) step k's search on OUT's pinned config; an error says whether running
    again goes on."""
    if os.path.exists(os.path.join(run_dir, "config.json")):
        command = [args.binary, "resume", run_dir, "-q"]
    else:
        config = os.path.abspath(os.path.join(args.out, PINNED))
        command = step_command(args, config, k, keep_path, map_path, run_dir, board.rows,
                               board.cols)
    run = subprocess.Popen(command)
    try:
        status = run.wait()
    except KeyboardInterrupt:  # Ctrl-C reached the run too: it writes its checkpoint and stops
        status = run.wait()
    if status == 0 and os.path.exists(os.path.join(run_dir, "summary.json")):
        return check_best(os.path.join(run_dir, "best.txt"), k, board, walled)
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
    pinned, done = open_out(args, board, order)
    start_out(args, board, order, pinned)
    rows, last = board.rows, board.cols - 1

    current = board
    print(f"{args.board}: {moves_of(current)} moves; walling column {last}, rows {order}")
    for k, r in enumerate(order, start=1):
        walled, keep_path, map_path = step_inputs(args.out, k, r, current)
        run_dir = step_paths(args.out, k)[2]
        if k in done:
            current = check_best(os.path.join(run_dir, "best.txt"), k, board, walled, done[k][2])
            print(f"step {k}: done before, {moves_of(current)} moves")
            continue
        moves_walled = moves_of(walled)
        print(f"step {k}: row {r} of column {last} walled: {moves_walled} moves; searching",
              flush=True)
        current = run_step(args, k, keep_path, map_path, run_dir, board, walled)
        found = moves_of(current)
        steps = os.path.join(args.out, "steps.csv")
        try:
            with open(steps, "a", encoding="utf-8") as f:
                f.write(f"{k},{r},{moves_walled},{found}\n")
        except OSError as error:
            fail(f"{steps}: cannot be written ({error.strerror}); step {k} is done in {run_dir}")
        print(f"step {k}: {found} moves", flush=True)

    a = current.to_array()
    if a[:, last].any():
        fail("the last column still has open cells")
    narrow = mazesearch.Board.from_array(a[:, :last], start=current.start, exit=current.exit)
    if moves_of(narrow) != moves_of(current):
        fail("the narrower board walks otherwise than the wide one")
    out_board = os.path.join(args.out, "squeezed.txt")
    write_file(out_board, narrow.to_text())
    print(f"{out_board}: {moves_of(narrow)} moves on {rows}x{last}")


if __name__ == "__main__":
    main()

