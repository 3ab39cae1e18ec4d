#!/usr/bin/env python3
"""Regenerates the paper "Building a Better Mouse Maze" (Enright and Faben, FUN 2016) with our
results: runs what is not recorded yet (evaluation budgets, so every machine gets the same
figures; finished run folders are reused, interrupted ones resumed) and writes REPORT.md with its
figures (PNG and SVG) in figures/ beside it.

    make paper                                   # the usual way (installs matplotlib, builds)
    experiments/paper/make_paper.py --bin build/mazesearch [--out DIR] [--runs DIR] [--tiny]

A run folder is reused only when it was made with the settings the report asks for now (its
resolved config, budgets included); one made with others is moved aside and run again. The report
holds no date and no wall-clock time, so the same runs give the same REPORT.md bytes.

--tiny: small budgets and small boards, for the test that checks every figure is made. Its runs
go to runs/paper-tiny/ and its report to runs/paper-tiny/report/ (or --out DIR), never over the
committed experiments/paper/REPORT.md and figures.
"""

import argparse
import importlib
import json
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "experiments"))

from paperlib import Context, PaperError  # noqa: E402

# The report's sections, in order: each a module of sections/ with build(ctx) -> Markdown.
SECTIONS = ["boards", "table", "neighbourhood", "exhaustive", "record", "kmod", "games", "notes"]


def report_paths(tiny, out=None, runs=None):
    """(out, runs), resolved: the folder of REPORT.md and the folder of the run folders. By
    default experiments/paper and runs/paper; with tiny, runs/paper-tiny and its report/."""
    runs = Path(runs) if runs else ROOT / "runs" / ("paper-tiny" if tiny else "paper")
    out = Path(out) if out else (runs / "report" if tiny else HERE)
    return out.resolve(), runs.resolve()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=str(ROOT / "build" / "mazesearch"),
                        help="the mazesearch command (default: build/mazesearch)")
    parser.add_argument("--out",
                        help="the folder of REPORT.md and figures/ (default: experiments/paper; "
                        "with --tiny: RUNS/report)")
    parser.add_argument("--runs",
                        help="the run folders the report makes and reuses (default: runs/paper; "
                        "with --tiny: runs/paper-tiny)")
    parser.add_argument("--tiny", action="store_true",
                        help="small budgets: every figure, in a minute or two (a test of the "
                        "pipeline; never written over experiments/paper)")
    parser.add_argument("--only", nargs="*", choices=SECTIONS,
                        help="build only these sections (the report then has only them)")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    out, runs = report_paths(args.tiny, args.out, args.runs)
    if args.tiny and out == HERE.resolve():
        print(f"make_paper.py: error: --tiny does not write over the committed report in {out} "
              f"(leave --out out: the tiny report goes to {runs / 'report'})", file=sys.stderr)
        return 2

    if not os.access(args.bin, os.X_OK):
        print(f"make_paper.py: error: {args.bin} is not an executable mazesearch "
              f"(build it first: make build)", file=sys.stderr)
        return 2
    ctx = Context(ROOT, args.bin, out, runs, tiny=args.tiny, quiet=args.quiet)
    started = time.monotonic()
    parts = []
    for name in args.only or SECTIONS:
        ctx.say(f"section {name}")
        t0 = time.monotonic()
        try:
            module = importlib.import_module(f"sections.{name}")
            parts.append(module.build(ctx).strip() + "\n")
        except PaperError as e:
            print(f"make_paper.py: error: section {name}: {e}", file=sys.stderr)
            print(f"make_paper.py: the finished runs are kept in {ctx.runs}; run again to go on",
                  file=sys.stderr)
            return 1
        ctx.say(f"section {name}: {time.monotonic() - t0:.1f} s")

    budget = "tiny budgets (a test of the pipeline, not results)" if ctx.tiny else "full budgets"
    head = (
        "# Building a Better Mouse Maze, regenerated\n\n"
        "Enright and Faben, \"Building a Better Mouse Maze\" (FUN 2016), redone with mazesearch: "
        "every figure and table below is drawn from files the engine wrote, by "
        f"`experiments/paper/make_paper.py` (`make paper`), with {budget}. Moves are counted "
        "in the paper's "
        "convention (the Flash game's count is two more) unless a line says Flash.\n"
    )
    report = head + "\n" + "\n".join(parts)
    target = ctx.out / "REPORT.md"
    tmp = target.with_suffix(".md.tmp")
    tmp.write_text(report)
    os.replace(tmp, target)
    manifest = ctx.out / "figures" / "figures.json"
    manifest.write_text(json.dumps({"figures": ctx.figures}, indent=1) + "\n")
    ctx.say(f"wrote {target} and {len(ctx.figures)} figures in {ctx.out / 'figures'} "
            f"({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
