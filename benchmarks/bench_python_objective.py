#!/usr/bin/env python3
"""What an objective written in Python costs a search, against the engine's own target.

    PYTHONPATH=build/python /usr/bin/python3 benchmarks/bench_python_objective.py
        [--evaluations 200000] [--rounds 5] [--optimizers annealing genetic population-annealing]

For each optimizer it runs the same 13x13 search (configs/records/13x13-*.yaml's board, one
thread, an evaluation budget) three ways, in turns, `rounds` times:

- built-in: `target: {kind: mouse-maze}`, the engine walking each board itself;
- python, same value: `target: {kind: python}` with the objective
  `lambda boards: mazesearch.score_batch(boards, threads=1)`, Squeaky's moves computed by the
  engine again but handed through Python: the boards become a NumPy array, the function is called
  with the GIL, its array of values comes back. The run must be the same run (same best board,
  same logbook): the script checks that, so the difference in time is the cost of the path
  through Python alone;
- python, no work: the objective `lambda boards: np.zeros(len(boards))`, a function that costs
  nothing itself, so its time is the search's own work plus the path through Python.

It prints the median seconds of each way and the microseconds per board they add, and how many
boards the optimizer hands over per call. A benchmark, not a test: the figures depend on the
machine and what else runs on it.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

SOURCE = Path(__file__).resolve().parents[1]
if "PYTHONPATH" not in os.environ:
    sys.path.insert(0, str(SOURCE / "build" / "python"))

import mazesearch  # noqa: E402 (found through the path above)

OPTIMIZERS = {
    "annealing": {"kind": "annealing", "acceptance": "relative", "t_start": 0.2,
                  "t_end": 0.002},
    "genetic": {"kind": "genetic"},
    "population-annealing": {"kind": "population-annealing", "population": 32,
                             "acceptance": "relative", "t_start": 0.2, "t_end": 0.002},
}


def config(optimizer, kind, evaluations, folder):
    return {"name": f"bench-{kind}", "seed": 1, "threads": 1, "output": str(folder),
            "target": {"kind": kind, "rows": 13, "cols": 13},
            "optimizer": OPTIMIZERS[optimizer],
            "budget": {"evaluations": evaluations}, "checkpoint_seconds": 3600}


def timed(optimizer, kind, evaluations, scratch, objective=None):
    folder = Path(tempfile.mkdtemp(dir=scratch))
    calls = []

    def counted(boards):
        calls.append(len(boards))
        return objective(boards)

    t0 = time.perf_counter()
    run = mazesearch.run(config(optimizer, kind, evaluations, folder / "run"),
                         objective=counted if objective else None)
    seconds = time.perf_counter() - t0
    return seconds, run, calls


def same_run(a, b):
    assert a.best_score == b.best_score, (a.best_score, b.best_score)
    for k in ("evals", "best", "mean"):
        np.testing.assert_array_equal(a.logbook[k], b.logbook[k], err_msg=k)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--evaluations", type=int, default=200_000)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--optimizers", nargs="+", default=list(OPTIMIZERS), choices=OPTIMIZERS)
    args = p.parse_args()
    moves = lambda boards: mazesearch.score_batch(boards, threads=1).astype(float)  # noqa: E731
    nothing = lambda boards: np.zeros(len(boards))  # noqa: E731
    print(f"{args.evaluations} evaluations a run, one thread, medians of {args.rounds} rounds")
    print("| optimizer | boards a call | built-in s | python (moves) s | python (no work) s "
          "| us a board added (moves) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as scratch:
        for optimizer in args.optimizers:
            times = {"builtin": [], "moves": [], "nothing": []}
            for _ in range(args.rounds):
                t, builtin, _ = timed(optimizer, "mouse-maze", args.evaluations, scratch)
                times["builtin"].append(t)
                t, python, calls = timed(optimizer, "python", args.evaluations, scratch, moves)
                times["moves"].append(t)
                same_run(builtin, python)
                t, _, _ = timed(optimizer, "python", args.evaluations, scratch, nothing)
                times["nothing"].append(t)
            med = {k: statistics.median(v) for k, v in times.items()}
            added = (med["moves"] - med["builtin"]) / args.evaluations * 1e6
            print(f"| {optimizer} | {statistics.mean(calls):.1f} | {med['builtin']:.2f} | "
                  f"{med['moves']:.2f} | {med['nothing']:.2f} | {added:.2f} |", flush=True)


if __name__ == "__main__":
    main()
