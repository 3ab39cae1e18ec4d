#!/usr/bin/env python3
"""`make paper` on tiny budgets: every figure of the report is made, as PNG and SVG, and shown
in REPORT.md; a second run reuses the finished runs and writes the same bytes; a third, from no
runs at all, writes the same bytes again (the report holds no date and no time); and the
committed results/paper/REPORT.md and figures are left as they were: a tiny report never goes
there, and asking for it (--tiny --out results/paper) is refused; a partial one (--only) goes
to RUNS/report-partial, not over the whole tiny report. (The ctest `paper_tiny`.)

    tests/paper/check_paper.py --bin build/mazesearch [--work DIR]

Everything is written under --work (default: a new temporary folder, removed afterwards), never
into the source tree.
"""

import argparse
import hashlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
COMMITTED = ROOT / "results" / "paper"

# Every figure the issue asks for, by name (figures/NAME.png and .svg).
REQUIRED = [
    "figure1", "optimum-5x5", "optimum-6x6", "optimum-7x7",  # Figures 1 and 2, and 7x7
    "convergence-6x6",  # Section 4.3's convergence curves
    "exhaustive-optima", "histogram-7x7", "theorem8-bound",  # the exhaustive results
    "record-13x13", "record-history",  # the 13x13 record and its search
    "archive-13x13",  # a MAP-Annealing archive of 13x13 mazes
    "figure4-neighbourhood",  # Figure 4: the Hamming neighbourhood, best and random board
    "figure5-kmod-traps", "figure5-kmod-traps-any-placement",  # Figure 5: k-mod traps
    "games-cat-trap", "games-cat-mouse-maze", "games-cat-mouse", "games-mousetrap",  # the games
]
SECTIONS = ["## Figures 1 and 2", "## Section 4.3", "## Figure 4", "## Every small grid",
            "## 13x13", "## Quality diversity", "## Figure 5", "## The games", "## Where we differ", "## What is new"]


def png_size(path):
    data = path.read_bytes()[:24]
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise AssertionError(f"{path}: not a PNG file")
    return struct.unpack(">II", data[16:24])


def committed_files():
    """{path: sha256} of the committed report and every file of its figures/."""
    files = [COMMITTED / "REPORT.md"] + sorted((COMMITTED / "figures").glob("*"))
    return {str(p.relative_to(ROOT)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in files if p.is_file()}


def folder_bytes(folder):
    """{relative path: bytes} of every file under folder."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def check_report(report, figures, failures):
    """Every required figure is in figures/ as PNG and SVG and shown in the report."""
    for name in REQUIRED:
        png = figures / f"{name}.png"
        svg = figures / f"{name}.svg"
        if not png.exists() or not svg.exists():
            failures.append(f"{name}: figures/{name}.png or .svg missing")
            continue
        width, height = png_size(png)
        if width < 300 or height < 200:
            failures.append(f"{name}: the PNG is only {width}x{height}")
        if "<svg" not in svg.read_text(errors="replace")[:2000]:
            failures.append(f"{name}: figures/{name}.svg is not an SVG")
        if f"(figures/{name}.png)" not in report:
            failures.append(f"{name}: REPORT.md does not show it")
    for heading in SECTIONS:
        if heading not in report:
            failures.append(f"REPORT.md has no section '{heading}'")
    for bad in (r"\bnan\b", r"\bNone\b", r"Traceback", r"\{[a-z_]+\}"):
        if re.search(bad, report):
            failures.append(f"REPORT.md holds {bad!r}: a number that was not filled in")
    # Where each optimum comes from: the engine's enumeration beside the paper's figure, and
    # 7x7 read from its committed result, checked against the merge of its shards.
    for phrase in ("| 6x6 | 115 | 115, the same | 1 | 2,654,047,586 | 2^34 | "
                   "`mazesearch enumerate --rows 6 --cols 6`, equal to "
                   "`results/exhaustive/results/6x6.json` |",
                   "| 5x5 | 52 | 54, a Flash count (= 52 moves) |",
                   "equal to `mazesearch merge results/exhaustive/7x7/shard-*-of-64.json`",
                   "our enumeration of every 6x6 board (`mazesearch enumerate --rows 6 --cols 6`"):
        if phrase not in report:
            failures.append(f"REPORT.md does not say {phrase!r}")
    if "the whole grid enumerated" in report:
        failures.append("REPORT.md still calls the paper's figure the enumerated optimum")
    if "tiny budgets" not in report.split("\n", 3)[2]:
        failures.append("REPORT.md's header does not say it was made on tiny budgets")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", help="the folder to work in (default: a temporary one)")
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    if args.work:
        work = Path(args.work)
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
    else:
        work = Path(tempfile.mkdtemp(prefix="paper-tiny-"))
    try:
        return check(args, work)
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)


def check(args, work):
    before = committed_files()
    make_paper = [args.python, str(ROOT / "studies/paper/make_paper.py"), "--bin", args.bin]
    # No --out: the tiny report goes to RUNS/report by default, not over the committed one.
    cmd = make_paper + ["--runs", str(work / "runs"), "--tiny"]
    out = work / "runs" / "report"
    t0 = time.monotonic()
    first = subprocess.run(cmd, capture_output=True, text=True)
    took = time.monotonic() - t0
    if first.returncode != 0:
        print(first.stderr[-4000:], file=sys.stderr)
        raise AssertionError(f"make_paper.py --tiny failed with status {first.returncode}")
    failures = []
    if not (out / "REPORT.md").exists():
        raise AssertionError(f"make_paper.py --tiny wrote no {out / 'REPORT.md'}")
    report = (out / "REPORT.md").read_text()
    check_report(report, out / "figures", failures)
    made = folder_bytes(out)
    # A second run makes nothing again: every run folder is reused, and the bytes are the same.
    t0 = time.monotonic()
    second = subprocess.run(cmd, capture_output=True, text=True)
    if second.returncode != 0:
        failures.append(f"the second run failed: {second.stderr[-2000:]}")
    elif re.search(r"running|resuming|enumerating|: mazesearch ", second.stderr):
        failures.append("the second run ran again what the first finished:\n" + second.stderr)
    if folder_bytes(out) != made:
        failures.append("the second run wrote another report or other figures")
    took2 = time.monotonic() - t0
    # A third run from no runs at all: the same report, byte for byte (its links to the
    # repository are relative, so it is written as deep in the work folder as the first).
    third = subprocess.run(make_paper + ["--runs", str(work / "runs-again"), "--tiny", "-q"],
                           capture_output=True, text=True)
    if third.returncode != 0:
        failures.append(f"the run from nothing failed: {third.stderr[-2000:]}")
    else:
        again = folder_bytes(work / "runs-again" / "report")
        differ = sorted(k for k in set(made) | set(again) if made.get(k) != again.get(k))
        if differ:
            failures.append("a run from nothing wrote other bytes: " + ", ".join(differ))
    # A partial report (--only) goes to RUNS/report-partial: the whole tiny report stays.
    partial = subprocess.run(cmd + ["--only", "boards", "-q"], capture_output=True, text=True)
    if partial.returncode != 0:
        failures.append(f"the --only boards run failed: {partial.stderr[-2000:]}")
    else:
        if folder_bytes(out) != made:
            failures.append("--only boards wrote over the whole report in " + str(out))
        part = work / "runs" / "report-partial" / "REPORT.md"
        text = part.read_text() if part.exists() else ""
        if "## Figures 1 and 2" not in text or "## Section 4.3" in text:
            failures.append(f"--only boards did not write a report of that section in {part}")
    # --tiny over the committed report is refused, before anything is run or written.
    refused = subprocess.run(make_paper + ["--runs", str(work / "runs-refused"), "--out",
                                           str(COMMITTED), "--tiny"],
                             capture_output=True, text=True)
    if refused.returncode != 2 or "does not write over" not in refused.stderr:
        failures.append(f"--tiny --out results/paper was not refused (status "
                        f"{refused.returncode}): {refused.stderr[-1000:]}")
    if (work / "runs-refused").exists():
        failures.append("the refused run made its runs folder all the same")
    after = committed_files()
    changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    if changed:
        failures.append("the committed report was changed by a tiny run: " + ", ".join(changed))
    print(f"check_paper: first run {took:.1f} s, second {took2:.1f} s, "
          f"{len(REQUIRED)} figures checked")
    if failures:
        print("check_paper: FAILED\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    print("check_paper: every figure made and shown; reruns give the same bytes; the committed "
          "report untouched")
    return 0


if __name__ == "__main__":
    sys.exit(main())
