#!/usr/bin/env python3
"""`make paper` on tiny budgets: every figure of the report is made, as PNG and SVG, and shown
in REPORT.md; a second run reuses the finished runs. (The ctest `paper_tiny`.)

    tests/paper/check_paper.py --bin build/mazesearch --work DIR
"""

import argparse
import re
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

# Every figure the issue asks for, by name (figures/NAME.png and .svg).
REQUIRED = [
    "figure1", "optimum-5x5", "optimum-6x6", "optimum-7x7",  # Figures 1 and 2, and 7x7
    "convergence-6x6",  # Section 4.3's convergence curves
    "exhaustive-optima", "histogram-7x7", "theorem8-bound",  # the exhaustive results
    "record-13x13", "record-history",  # the 13x13 record and its search
    "figure4-neighbourhood",  # Figure 4: the Hamming neighbourhood, best and random board
    "figure5-kmod-traps", "figure5-kmod-traps-any-placement",  # Figure 5: k-mod traps
    "games-cat-trap", "games-cat-mouse", "games-mousetrap",  # the games
]
SECTIONS = ["## Figures 1 and 2", "## Section 4.3", "## Figure 4", "## Every small grid",
            "## 13x13", "## Figure 5", "## The games", "## Where we differ", "## What is new"]


def png_size(path):
    data = path.read_bytes()[:24]
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise AssertionError(f"{path}: not a PNG file")
    return struct.unpack(">II", data[16:24])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    work = Path(args.work)
    shutil.rmtree(work, ignore_errors=True)
    cmd = [args.python, str(ROOT / "experiments/paper/make_paper.py"), "--bin", args.bin,
           "--out", str(work / "out"), "--runs", str(work / "runs"), "--tiny"]
    t0 = time.monotonic()
    first = subprocess.run(cmd, capture_output=True, text=True)
    took = time.monotonic() - t0
    if first.returncode != 0:
        print(first.stderr[-4000:], file=sys.stderr)
        raise AssertionError(f"make_paper.py --tiny failed with status {first.returncode}")
    report = (work / "out" / "REPORT.md").read_text()
    failures = []
    for name in REQUIRED:
        png = work / "out" / "figures" / f"{name}.png"
        svg = work / "out" / "figures" / f"{name}.svg"
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
    # A second run makes nothing again: every run folder is reused.
    t0 = time.monotonic()
    second = subprocess.run(cmd, capture_output=True, text=True)
    if second.returncode != 0:
        failures.append(f"the second run failed: {second.stderr[-2000:]}")
    elif "running" in second.stderr:
        failures.append("the second run ran again what the first finished:\n" + second.stderr)
    if (work / "out" / "REPORT.md").read_text().split("\n", 4)[4:] != report.split("\n", 4)[4:]:
        failures.append("the second run wrote another report")
    print(f"check_paper: first run {took:.1f} s, second {time.monotonic() - t0:.1f} s, "
          f"{len(REQUIRED)} figures checked")
    if failures:
        print("check_paper: FAILED\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    print("check_paper: every figure made and shown")
    return 0


if __name__ == "__main__":
    sys.exit(main())
