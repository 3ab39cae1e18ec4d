#!/usr/bin/env python3
"""The archives of MAP-Elites runs, compared: for each folder given (a run, or a sweep of runs,
as studies/records/compare_13x13.sh makes them), the coverage (the share of the archive's cells
held), the QD-score (the sum of the elites' values) and the best, over the runs inside it (best,
median and worst), and how many elites of a run lie above each threshold. With --near V, how far
the best run's elites above V lie from its best board (the fewest and most genes that differ):
many elites close to the best are one basin seen from many cells.

Read from each run's last checkpoint (checkpoint.json: the optimizer's archive), so it reads a run
still going as far as its last checkpoint. A checkpoint of another optimizer is left out, said on
stderr.

    studies/records/qd_archive.py DIR... [--above 20000,30000] [--near 80000]
"""
import argparse
import json
import statistics
import sys
from pathlib import Path


def archives(folder):
    """The map-elites states of the checkpoints below folder, by run folder."""
    for cp in sorted(Path(folder).rglob("checkpoint.json")):
        try:
            state = json.loads(cp.read_text())["optimizer"]
        except (OSError, ValueError, KeyError) as e:
            print(f"qd_archive: {cp}: not a checkpoint ({e})", file=sys.stderr)
            continue
        if state.get("kind") != "map-elites":
            print(f"qd_archive: {cp}: a {state.get('kind')} run, left out", file=sys.stderr)
            continue
        yield cp.parent, state


def cells(state):
    n = 1
    for axis in state["axes"]:
        n *= axis["bins"]
    return n


def figures(state, above, near):
    values = [e["value"] for e in state["elites"]]
    out = {
        "coverage": len(values) / cells(state),
        "qd": sum(values),
        "best": max(values, default=0),
        "above": [sum(v > a for v in values) for a in above],
    }
    if near is not None and values:
        best = max(state["elites"], key=lambda e: e["value"])["genome"]
        out["near"] = [sum(a != b for a, b in zip(e["genome"], best))
                       for e in state["elites"] if e["value"] > near and e["genome"] != best]
    return out


def spread(xs, fmt):
    xs = sorted(xs)
    return f"{fmt(xs[-1])} / {fmt(statistics.median(xs))} / {fmt(xs[0])}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--above", default="20000,30000",
                    help="thresholds: elites of a run above each (comma-separated)")
    ap.add_argument("--near", type=float,
                    help="the genes between the best run's best board and its other elites above this")
    args = ap.parse_args()
    above = [float(a) for a in args.above.split(",") if a]
    head = ["folder", "runs", "coverage", "QD-score (M)", "best"] + [
        f"elites > {a:,.0f}" for a in above]
    if args.near is not None:
        head.append(f"best run: genes from its best, elites > {args.near:,.0f}")
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head))
    for folder in args.folders:
        runs = [figures(s, above, args.near) for _, s in archives(folder)]
        if not runs:
            print(f"qd_archive: {folder}: no map-elites checkpoint", file=sys.stderr)
            continue
        row = [Path(folder).name, str(len(runs)),
               spread([r["coverage"] for r in runs], lambda x: f"{x:.3f}"),
               spread([r["qd"] / 1e6 for r in runs], lambda x: f"{x:.1f}"),
               spread([r["best"] for r in runs], lambda x: f"{x:,.0f}")]
        row += [spread([r["above"][k] for r in runs], lambda x: f"{x:g}")
                for k in range(len(above))]
        if args.near is not None:
            near = max(runs, key=lambda r: r["best"]).get("near") or []
            row.append(f"{min(near)} to {max(near)} ({len(near)} elites)" if near else "none")
        print("| " + " | ".join(row) + " |")
    print("\n(best / median / worst over the runs of each folder)")


if __name__ == "__main__":
    main()
