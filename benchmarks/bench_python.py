#!/usr/bin/env python3
"""How fast mazesearch.score_batch walks boards from Python, beside `mazesearch bench`.

    PYTHONPATH=build/python /usr/bin/python3 benchmarks/bench_python.py [--bin build/mazesearch]
        [--seconds 2] [--threads 1 2] [--turns 3]

Both walk the same boards: the 13x13 boards of the command's built-in bench set
(mazesearch.bench_boards(), the long walks that dominate its timing). The command walks them with
`mazesearch bench --boards FILES --threads T`, each thread its own copies; Python scores copies
of them, stacked into one N x 13 x 13 NumPy array, with score_batch(threads=T), which turns the
array into boards and spreads chunks of it over T threads. For each thread count it prints the
moves a second of both and their ratio: medians of timed rounds, the command and Python taken in
turns so that a change in the machine's load falls on both alike. For reference it prints the
command's figure on its whole built-in set too (`mazesearch bench --json`). A benchmark, not a
test: the figures depend on the machine and on what else runs on it.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

SOURCE = Path(__file__).resolve().parents[1]
if "PYTHONPATH" not in os.environ:
    sys.path.insert(0, str(SOURCE / "build" / "python"))

import mazesearch  # noqa: E402 (found through the path above)

# Moves in one timed round, as the command's bench sizes its rounds (20 million at least).
ROUND_MOVES = 20_000_000


def command_bench(binary, args, seconds, threads):
    """The JSON of `mazesearch bench ARGS --json --seconds S --threads T`."""
    done = subprocess.run([binary, "bench", *args, "--json", "--seconds", str(seconds),
                           "--threads", str(threads)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def python_rate(batch, batch_moves, seconds, threads):
    """The median moves a second of score_batch over the batch, in rounds for `seconds`."""
    rates = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end or len(rates) < 3:
        t0 = time.perf_counter()
        scores = mazesearch.score_batch(batch, threads=threads)
        dt = time.perf_counter() - t0
        assert int(scores.sum()) == batch_moves, "score_batch disagrees with the walks"
        rates.append(batch_moves / dt)
    return statistics.median(rates)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=str(SOURCE / "build" / "mazesearch"))
    ap.add_argument("--seconds", type=float, default=2)
    ap.add_argument("--threads", type=int, nargs="+", default=[1, os.cpu_count() or 1])
    ap.add_argument("--turns", type=int, default=3,
                    help="turns of the command and of Python for each thread count")
    args = ap.parse_args()

    boards = [b for b in mazesearch.bench_boards() if b.rows == b.cols == 13]
    signature = sum(mazesearch.walk(b).moves for b in boards)
    copies = -(-ROUND_MOVES // signature)
    batch = np.array([b.to_array() for b in boards] * copies)
    print(f"boards: the {len(boards)} 13x13 boards of the bench set, {signature} moves "
          f"(paper convention); a round walks {copies} copies of them, {batch.shape[0]} boards, "
          f"{copies * signature} moves")
    whole = command_bench(args.bin, [], args.seconds, 1)
    print(f"mazesearch bench (its whole built-in set, 1 thread): "
          f"{whole['moves_per_second'] / 1e6:.1f} M moves/s")

    with tempfile.TemporaryDirectory() as scratch:
        files = []
        for i, b in enumerate(boards):
            files.append(str(Path(scratch) / f"bench-{i}.txt"))
            b.save(files[-1])
        print(f"{'threads':>7}  {'command M moves/s':>17}  {'score_batch M moves/s':>21}  ratio")
        for threads in args.threads:
            # Taken in turns, so that a change in the machine's load falls on both alike.
            command_rates, python_rates = [], []
            for _ in range(args.turns):
                cmd = command_bench(args.bin, ["--boards", *files], args.seconds, threads)
                assert cmd["signature"] == signature, cmd
                command_rates.append(cmd["moves_per_second"])
                python_rates.append(python_rate(batch, copies * signature, args.seconds, threads))
            command = statistics.median(command_rates)
            python = statistics.median(python_rates)
            print(f"{threads:>7}  {command / 1e6:>17.1f}  {python / 1e6:>21.1f}  "
                  f"{python / command:.2f}")

if __name__ == "__main__":
    main()
