#!/usr/bin/env python3
"""Regenerates the paper "Building a Better Mouse Maze" (Enright and Faben, FUN 2016) with our
results: runs what is not recorded yet (evaluation budgets, so every machine gets the same
figures; finished run folders are reused, interrupted ones resumed) and writes results/paper/REPORT.md
with its figures (PNG and SVG) in figures/ beside it.

    make paper                                   # the usual way (installs matplotlib, builds)
    studies/paper/make_paper.py --bin build/mazesearch [--out DIR] [--runs DIR] [--tiny]
                                    [--only SECTION...]

A run folder is reused only when it was made with the settings the report asks for now (its
resolved config, budgets included); one made with others is moved aside and run again. The report
holds no date and no wall-clock time, so the same runs give the same REPORT.md bytes.

--tiny: small budgets and small boards, for the test that checks every figure is made. Its runs
go to runs/paper-tiny/ and its report to runs/paper-tiny/report/ (or --out DIR), never over the
committed results/paper/REPORT.md and figures.

--only SECTION...: a partial report of those sections (in the report's order). It goes to
RUNS/report-partial/ (runs/paper/report-partial/, or runs/paper-tiny/report-partial/ with --tiny;
or --out DIR), never over the committed report nor over a tiny run's whole report; naming every
section makes the whole report, written where it usually is.

Nothing is written into the report's folder until every section is made: the figures are drawn
into OUT/.making/ and moved into place with REPORT.md at the end, so a section that fails (or a
Ctrl-C) leaves the report that was there, figures included, as it was.
"""

import argparse
import importlib
import json
import os
import shutil
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
REPORT_DIR = ROOT / "results" / "paper"  # the committed report, apart from this source
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "studies"))

from paperlib import Context, PaperError  # noqa: E402

# The report's sections, in order: each a module of sections/ with build(ctx) -> Markdown.
SECTIONS = ["boards", "table", "neighbourhood", "exhaustive", "record", "archive", "kmod", "games",
            "notes"]


def report_paths(tiny, out=None, runs=None, partial=False):
    """(out, runs), resolved: the folder of REPORT.md and the folder of the run folders. By
    default results/paper and runs/paper; with tiny, runs/paper-tiny and its report/; a
    partial report (--only some sections) in RUNS/report-partial."""
    runs = Path(runs) if runs else ROOT / "runs" / ("paper-tiny" if tiny else "paper")
    if not out:
        out = runs / "report-partial" if partial else runs / "report" if tiny else REPORT_DIR
    return Path(out).resolve(), runs.resolve()


def over_committed(out):
    """True when `out` is the committed report's folder (results/paper) or inside it."""
    here = REPORT_DIR.resolve()
    return out == here or here in out.parents


def sections_asked(only):
    """The sections to build, in the report's order, and whether that is all of them."""
    names = [s for s in SECTIONS if s in only] if only else list(SECTIONS)
    return names, len(names) == len(SECTIONS)


def publish(stage, out):
    """Moves what was made in `stage` (REPORT.md, figures/) into `out`: the figures first,
    REPORT.md last, each by a rename (stage is inside out: the same file system)."""
    (out / "figures").mkdir(parents=True, exist_ok=True)
    for f in sorted((stage / "figures").iterdir()):
        os.replace(f, out / "figures" / f.name)
    os.replace(stage / "REPORT.md", out / "REPORT.md")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=str(ROOT / "build" / "mazesearch"),
                        help="the mazesearch command (default: build/mazesearch)")
    parser.add_argument("--out",
                        help="the folder of REPORT.md and figures/ (default: results/paper; "
                        "with --tiny: RUNS/report; with --only: RUNS/report-partial)")
    parser.add_argument("--runs",
                        help="the run folders the report makes and reuses (default: runs/paper; "
                        "with --tiny: runs/paper-tiny)")
    parser.add_argument("--tiny", action="store_true",
                        help="small budgets: every figure, in a minute or two (a test of the "
                        "pipeline; never written over results/paper)")
    parser.add_argument("--only", nargs="*", choices=SECTIONS,
                        help="build only these sections: a partial report, written to "
                        "RUNS/report-partial (never over results/paper)")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    names, whole = sections_asked(args.only)
    out, runs = report_paths(args.tiny, args.out, args.runs, partial=not whole)
    if (args.tiny or not whole) and over_committed(out):
        what = "--tiny" if args.tiny else "--only (a partial report)"
        default = report_paths(args.tiny, None, args.runs, partial=not whole)[0]
        print(f"make_paper.py: error: {what} does not write over the committed report in "
              f"{REPORT_DIR.resolve()} (leave --out out: this report goes to {default})",
              file=sys.stderr)
        return 2

    if not os.access(args.bin, os.X_OK):
        print(f"make_paper.py: error: {args.bin} is not an executable mazesearch "
              f"(build it first: make build)", file=sys.stderr)
        return 2
    stage = out / ".making"
    shutil.rmtree(stage, ignore_errors=True)  # left by a run that was killed
    try:
        return build(args, names, out, runs, stage)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def build(args, names, out, runs, stage):
    """Builds the sections `names` into `stage` and, when all of them are made, publishes the
    report into `out`."""
    ctx = Context(ROOT, args.bin, out, runs, tiny=args.tiny, quiet=args.quiet, stage=stage)
    # plot.py (which sections import) finds the mazesearch package beside the engine it is given.
    os.environ.setdefault("MAZESEARCH_BIN", str(Path(args.bin).resolve()))
    started = time.monotonic()
    parts = []
    for name in names:
        ctx.say(f"section {name}")
        t0 = time.monotonic()
        try:
            module = importlib.import_module(f"sections.{name}")
            parts.append(module.build(ctx).strip() + "\n")
        except PaperError as e:
            print(f"make_paper.py: error: section {name}: {e}", file=sys.stderr)
            print(f"make_paper.py: the finished runs are kept in {ctx.runs}; run again to go on "
                  f"({out / 'REPORT.md'} and its figures are left as they were)", file=sys.stderr)
            return 1
        ctx.say(f"section {name}: {time.monotonic() - t0:.1f} s")

    budget = "tiny budgets (a test of the pipeline, not results)" if ctx.tiny else "full budgets"
    head = (
        "# Building a Better Mouse Maze, regenerated\n\n"
        "Enright and Faben, \"Building a Better Mouse Maze\" (FUN 2016), redone with mazesearch: "
        "every figure and table below is drawn from files the engine wrote, by "
        f"`studies/paper/make_paper.py` (`make paper`), with {budget}. Moves are counted "
        "in the paper's "
        "convention (the Flash game's count is two more) unless a line says Flash.\n"
    )
    if len(names) < len(SECTIONS):
        head += (f"\nA partial report: only the sections {', '.join(names)} "
                 "(`make_paper.py --only`).\n")
    report = head + "\n" + "\n".join(parts)
    (stage / "REPORT.md").write_text(report)
    manifest = stage / "figures" / "figures.json"
    manifest.write_text(json.dumps({"figures": ctx.figures}, indent=1) + "\n")
    publish(stage, out)
    target = out / "REPORT.md"
    ctx.say(f"wrote {target} and {len(ctx.figures)} figures in {out / 'figures'} "
            f"({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
