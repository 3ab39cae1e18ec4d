#!/usr/bin/env python3
"""Convergence plots of mazesearch run and sweep folders: best score so far against evaluations.

    studies/plot.py RUN_DIR|SWEEP... [-o OUT] [--x evaluations|seconds] [--label TEXT]...
                        [--title TEXT] [--ylabel TEXT] [--linear-x] [--optimum VALUE]
    studies/plot.py --elites RUN_DIR... [-o OUT] [--title TEXT]

With --elites, each RUN_DIR (a map-elites run) is drawn as studies/plot_elites.py draws it: its
archive as a heat map, a panel a repeat.

A RUN_DIR is a folder written by `mazesearch run CONFIG output=DIR`: one run (DIR/logbook.csv)
or several repeats (DIR/repeat-000/logbook.csv, DIR/repeat-001/logbook.csv, ...). Each RUN_DIR
becomes one line: for repeats, the median over them of the best score so far, a shaded band
between the 25% and 75% quantiles and dotted lines for the lowest and the highest.

A SWEEP is a folder written by `mazesearch sweep`: a folder holding sweep.json (the spec) and
one run folder per point (point-000/, point-001/, ...). It becomes one line per combination of
the values of its "group_keys" (the swept keys other than the seed), in the order the combinations
first appear in the spec's "points", labelled `key=value, key=value` (the sweep folder's name
when "group_keys" is empty). The repeats of a combination are the logbooks of all its points
(each point's logbook.csv, or each of its repeat-NNN/logbook.csv): the line is the median over
the seeds, the band and the dotted lines their quartiles and extremes.
With more than one SWEEP on the command line each label starts with `SWEEP_NAME: `.

Run folders, sweep folders and logbooks are read by the mazesearch Python package (open_run,
open_sweep, mazesearch.runs.read_logbook: the readers `mazesearch serve` and summarize use), so
plot.py needs the package built (cmake --build build builds it into build/python; plot.py looks
on PYTHONPATH, then beside $MAZESEARCH_BIN, then in the checkout's build/python).

A run still in progress can be drawn: a logbook's last line that is still being written (no
newline at its end) is left out with a warning. A RUN_DIR with
nothing to draw yet (no row with a best score) is left out with a warning; if nothing at all is
left to draw, the command writes nothing and exits with status 2 (see --help). In a SWEEP,
a point with nothing to draw yet (no folder or no logbook yet, as while it is pending, or no
logbook row with a best score, as after it failed at its start) is left out with a warning
naming its folder, and a combination none of whose points has anything to draw is left out
with a warning naming it.

Other scripts can use the pieces:

    sys.path.insert(0, "studies"); import plot
    run = plot.load_run("runs/hc")                  # Run(label, path, repeats, sources)
    runs = plot.load_sweep("runs/t-sweep")          # one Run per combination that has points
                                                    # to draw; run.sources: its logbooks
    sweep = plot.read_sweep("runs/t-sweep")         # the spec only: Sweep(path, group_keys,
                                                    # combinations), each Combination(label,
                                                    # values, points); PlotError if malformed
    xs, median, q25, q75, lo, hi = plot.aggregate(run)
    plot.draw_convergence(ax, [run], optimum=115)   # on a matplotlib Axes of your own
    plot.draw_convergence(ax, [run], legend="lower right")  # legend inside (default: below)

Needs matplotlib (and numpy, which it brings) and the built mazesearch package.
"""

import argparse
import importlib
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.transforms import offset_copy  # noqa: E402

PROG = "plot.py"
ROOT = Path(__file__).resolve().parents[1]


def import_mazesearch():
    """The mazesearch package, the engine's Python module (python/, built into BUILD/python):
    from the path (PYTHONPATH) if it is there, else beside $MAZESEARCH_BIN (BUILD/mazesearch),
    else from this checkout's build/python. ImportError saying how to build it otherwise."""
    try:
        return importlib.import_module("mazesearch")
    except ImportError:
        pass
    places = [Path(os.environ["MAZESEARCH_BIN"]).parent / "python"] if os.environ.get(
        "MAZESEARCH_BIN") else []
    places.append(ROOT / "build" / "python")
    for place in places:
        if (place / "mazesearch" / "__init__.py").is_file():
            sys.path.insert(0, str(place))
            return importlib.import_module("mazesearch")
    raise ImportError(
        f"{PROG}: the mazesearch Python module is not built: not on PYTHONPATH nor in "
        f"{' or '.join(map(str, places))} (build it: cmake --build build; it needs pybind11 and "
        f"NumPy, see docs/python.md)")


try:
    mazesearch = import_mazesearch()
except ImportError as e:
    if __name__ == "__main__":
        print(f"{PROG}: error: {str(e).removeprefix(PROG + ': ')}", file=sys.stderr)
        sys.exit(2)
    raise
runs_reader = importlib.import_module("mazesearch.runs")

# The columns of logbook.csv (docs/formats.md, "logbook.csv"); their order in a file is free.
COLUMNS = ("gen", "evals", "rejected", "best", "mean", "std", "min", "max", "seconds")

# --x choices, and the logbook column and axis label of each.
X_AXES = {
    "evaluations": ("evals", "feasible evaluations"),
    "evals": ("evals", "feasible evaluations"),
    "seconds": ("seconds", "elapsed time (s)"),
}
DEFAULT_YLABEL = "best score (moves)"
FIGSIZE = (7.0, 4.5)
PNG_DPI = 150
SUFFIXES = (".png", ".svg", ".pdf")
LEGEND_DROP_POINTS = 36  # from the bottom of the axes to the top of a legend placed below


EPILOG = """\
runs in progress:
  A logbook's last line may still be being written: a last line without its newline is left
  out with a warning. A bad line (a line of the wrong width, a cell that is not a number) is an
  error naming the file and the line (the package's logbook reader's message).

nothing to draw:
  A RUN_DIR with no logbook row holding a best score yet (a logbook with only its header) is
  left out with a warning when another RUN_DIR or a SWEEP has something to draw; when none has,
  nothing is written and the exit status is 2 (the same for a SWEEP none of whose points has
  anything to draw yet; see below).

sweeps:
  A SWEEP (a folder holding sweep.json, from `mazesearch sweep`) gives one line per combination
  of its group keys, in the order of first appearance in sweep.json's "points", labelled
  `key=value, ...` (the sweep folder's name when there are no group keys; `SWEEP_NAME: ` in
  front when more than one SWEEP is given). Its median, band and extremes are over the
  logbooks of all the points of the combination (the seeds, and their repeats if any). A point
  with nothing to draw yet (pending: no folder or no logbook.csv yet; or no logbook row with a
  best score) is left out with one warning naming its folder (and its status as the sweep gives
  it, unless pending); a combination left with no point is left out with a warning. A point's logbook is drawn as far as it goes whatever its status
  (running, interrupted, failed), as a RUN_DIR's is; a bad line in it is an error as above. A
  sweep folder is opened by mazesearch.open_sweep: a sweep.json the command would refuse (not
  valid JSON, not a sweep spec, points that are not its axes' combinations), a group key that
  is not swept, or a point folder holding another run is an error naming the file.

labels:
  --label gives the legend text of the lines in order: a RUN_DIR is one line, a SWEEP one line
  per combination (in the order above, counting the combinations left out for having nothing
  to draw, so a label stays with its combination). Lines without a --label keep their default
  label; more --label than lines is an error.

exit status: 0 when the figure was written, 2 on bad input (one line `plot.py: error: ...`).
"""


class PlotError(Exception):
    """A run folder or a logbook that cannot be plotted; the message names the file and why."""


@dataclass
class Run:
    """One line of the plot: its label, its folder, and one logbook per repeat.

    A RUN_DIR's Run has the logbook of each of its repeats (a single run has one); a sweep
    combination's Run has the sweep folder as its path and the logbooks of all its points.
    Each logbook is a dict from column name (COLUMNS) to a numpy float array, one entry a row;
    `sources` holds the path of each logbook, in the same order.
    """

    label: str
    path: Path
    repeats: list = field(default_factory=list)
    sources: list = field(default_factory=list)


# ---------------------------------------------------------------------------------------------
# Reading: through the mazesearch package (python/mazesearch/runs.py), whose readers are the ones
# `mazesearch serve` and summarize use. Nothing here parses a logbook or a sweep.json itself.


def print_warning(text):
    """The command's warnings: one line `plot.py: warning: ...` on standard error."""
    print(f"{PROG}: warning: {text}", file=sys.stderr)


def read_logbook(path, warn=print_warning):
    """One logbook.csv as a dict of numpy float arrays by column name (COLUMNS; an empty cell is
    NaN); PlotError if malformed.

    Read by the package's logbook reader (mazesearch.runs.read_logbook): a bad line is an error
    naming the file and the line (`FILE: line N: ...`). A run in progress may be writing its last
    line: a last line without its newline is left out (as the reader does) and `warn(text)` is
    called with FILE:LINE. A logbook with only its header gives empty arrays.
    """
    path = Path(path)
    try:
        text = path.read_bytes()
    except OSError as e:
        raise PlotError(f"{path}: cannot read: {e.strerror or e}") from None
    try:
        book = runs_reader.read_logbook(path)
    except mazesearch.RunFolderError as e:
        raise PlotError(str(e)) from None
    if text and not text.endswith(b"\n"):
        line = text.count(b"\n") + 1
        warn(f"{path}:{line}: the last line is cut short (no newline at its end; still being "
             f"written?): left out")
    missing = [c for c in COLUMNS if c not in book]
    if missing:
        raise PlotError(
            f"{path}:1: not a logbook header (missing {', '.join(missing)}; "
            f"expected the columns {','.join(COLUMNS)}): {','.join(book)}"
        )
    return {c: np.asarray(book[c], dtype=float) for c in COLUMNS}


def open_run(path):
    """mazesearch.open_run, its RunFolderError a PlotError."""
    try:
        return mazesearch.open_run(path)
    except mazesearch.RunFolderError as e:
        raise PlotError(str(e)) from None


def default_label(run):
    """A run's label: `label` of its config.json, else `name`, else the folder's name."""
    for key in ("label", "name"):
        if isinstance(run.config.get(key), str) and run.config[key].strip():
            return run.config[key]
    return Path(run.folder).resolve().name


def load_run(path, label=None, warn=print_warning):
    """Read a run folder (one run or its repeats) into a Run; PlotError if it cannot be read.

    The folder is opened by mazesearch.open_run (config.json needed); each repeat's logbook.csv
    must be there. label: the legend text; None takes it from config.json (see default_label).
    warn: called with the text of each warning (a cut-short last line left out, see
    read_logbook).
    """
    path = Path(path)
    run = open_run(path)
    paths = [Path(r.folder) / "logbook.csv" for r in run.repeats]
    if not paths:
        raise PlotError(f"{path}: no logbook.csv in it nor in repeat-*/ folders (no repeat "
                        f"started yet?)")
    for p in paths:
        if not p.is_file():
            raise PlotError(f"{p}: no such file")
    books = [read_logbook(p, warn) for p in paths]
    return Run(label=label if label is not None else default_label(run), path=path,
               repeats=books, sources=paths)


def book_has_points(book):
    """Whether a logbook has a row with a best score."""
    return bool(np.any(~np.isnan(book["best"])))


def has_points(run):
    """Whether some repeat of the run has a logbook row with a best score: something to draw."""
    return any(book_has_points(book) for book in run.repeats)


# ---------------------------------------------------------------------------------------------
# Sweep folders

SWEEP_SPEC = "sweep.json"


@dataclass
class Combination:
    """One combination of a sweep's group keys: its default label (`key=value, ...`), the
    values (a dict from group key to its value as text), and its points in the order of
    sweep.json, each as (point id, point folder)."""

    label: str
    values: dict
    points: list = field(default_factory=list)


@dataclass
class Sweep:
    """A sweep folder as plot.py uses it: the folder, the group keys, the combinations in the
    order of their first point in sweep.json, and the status of each point folder (as
    mazesearch.open_sweep gives it: pending, running, interrupted, finished or failed)."""

    path: Path
    group_keys: list
    combinations: list = field(default_factory=list)
    statuses: dict = field(default_factory=dict)


def is_sweep(path):
    """Whether a folder is a sweep folder (one that holds sweep.json)."""
    return (Path(path) / SWEEP_SPEC).is_file()


def read_sweep(path):
    """Read a sweep folder with mazesearch.open_sweep (which checks sweep.json as the command
    does) into a Sweep; PlotError naming the file if it is malformed, or if a group key is not
    one of the swept keys."""
    path = Path(path)
    try:
        sweep = mazesearch.open_sweep(path)
    except mazesearch.RunFolderError as e:
        raise PlotError(str(e)) from None
    keys = list(sweep.spec["group_keys"])
    swept = [k for axis in sweep.spec["axes"] for k in axis["keys"]]
    missing = [k for k in keys if k not in swept]
    if missing:
        raise PlotError(f"{path / SWEEP_SPEC}: the group key{'s' if len(missing) > 1 else ''} "
                        f"{', '.join(missing)} not swept (swept: {', '.join(swept) or 'none'})")
    combinations = {}  # values (a tuple, in the order of keys) -> Combination; insertion order
    for point in sweep.points:
        values = tuple(point.values[k] for k in keys)
        if values not in combinations:
            label = (", ".join(f"{k}={v}" for k, v in zip(keys, values)) if keys
                     else path.resolve().name)
            combinations[values] = Combination(label=label, values=dict(zip(keys, values)))
        combinations[values].points.append((point.id, path / point.name))
    return Sweep(path=path, group_keys=keys, combinations=list(combinations.values()),
                 statuses={path / p.name: p.status for p in sweep.points})


def point_logbook_paths(folder):
    """The logbooks a sweep point's run folder should hold, whether they exist yet or not: one
    per repeat of the run mazesearch.open_run finds there; [] while the folder holds no run yet
    (no config.json)."""
    folder = Path(folder)
    if not (folder / "config.json").exists():
        return []
    return [Path(r.folder) / "logbook.csv" for r in open_run(folder).repeats]


def load_point(folder, warn=print_warning, status=""):
    """A sweep point's logbooks that have something to draw, and their paths: (books, paths).

    A point with none (no folder or no logbook yet, or no row with a best score) gives ([], [])
    and one warning naming its folder (and its status, unless pending); a point with repeats of
    which only some have something to draw gives those, and one warning naming the others.
    """
    folder = Path(folder)
    expected = point_logbook_paths(folder)
    books, paths, empty = [], [], []
    for p in expected:
        if not p.is_file():
            empty.append(p)
            continue
        book = read_logbook(p, warn)
        if book_has_points(book):
            books.append(book)
            paths.append(p)
        else:
            empty.append(p)
    if not books:
        why = ("no folder yet" if not folder.exists()
               else "no logbook.csv yet" if not any(p.is_file() for p in expected)
               else "no logbook row with a best score yet")
        said = f"; status: {status}" if status and status != "pending" else ""
        warn(f"{folder}: nothing to draw yet ({why}{said}): left out")
    elif empty:
        names = ", ".join(p.parent.name for p in empty)
        warn(f"{folder}: {names}: nothing to draw yet (no logbook or no row with a best score): "
             f"left out, {len(books)} of {len(expected)} repeats drawn")
    return books, paths


def sweep_runs(sweep, labels=None, warn=print_warning, prefix=""):
    """One Run per combination of a Sweep (read_sweep) that has something to draw.

    labels: the legend text of each combination in order (all of them, including those left
    out); None or a missing entry gives prefix + the combination's label. A combination none of
    whose points has anything to draw is left out with a warning (see load_point for points).
    """
    labels = list(labels or [])
    runs = []
    for i, combo in enumerate(sweep.combinations):
        label = labels[i] if i < len(labels) and labels[i] is not None else prefix + combo.label
        books, paths = [], []
        for _, folder in combo.points:
            b, p = load_point(folder, warn, sweep.statuses.get(folder, ""))
            books += b
            paths += p
        if not books:
            n = len(combo.points)
            warn(f"{sweep.path}: {label}: no point with anything to draw yet "
                 f"({n} point{'s' if n != 1 else ''}): left out")
            continue
        runs.append(Run(label=label, path=sweep.path, repeats=books, sources=paths))
    return runs


def load_sweep(path, labels=None, warn=print_warning, prefix=""):
    """Read a sweep folder into one Run per combination with something to draw (see read_sweep
    and sweep_runs); PlotError if sweep.json or a logbook is malformed."""
    return sweep_runs(read_sweep(path), labels, warn, prefix)


# ---------------------------------------------------------------------------------------------
# Aggregating


def x_column(x):
    """The logbook column for an x axis name: "evals"/"evaluations" or "seconds"."""
    if x not in X_AXES:
        raise ValueError(f"x must be one of {', '.join(X_AXES)}, not {x!r}")
    return X_AXES[x][0]


def best_at(book, column, grid):
    """One repeat's best score so far at each grid point, as a step function.

    At x it is the `best` of the last row whose `column` is <= x; NaN before the first row (and
    where that row has no best yet).
    """
    order = np.argsort(book[column], kind="stable")
    xs = book[column][order]
    best = book["best"][order]
    index = np.searchsorted(xs, grid, side="right") - 1
    out = np.full(len(grid), np.nan)
    have = index >= 0
    out[have] = best[index[have]]
    return out


def default_grid(run, column):
    """Every x value at which some repeat of the run has a row, sorted, without repeats."""
    parts = [book[column] for book in run.repeats]
    xs = np.concatenate(parts) if parts else np.array([])
    return np.unique(xs[np.isfinite(xs)])


def aggregate(run, x="evals", grid=None):
    """The run's best score so far over its repeats at each point of an x grid.

    Returns (xs, median, q25, q75, lo, hi), numpy arrays as long as the grid. xs is `grid`, or
    by default every x at which some repeat has a logbook row. At each x only the repeats that
    have a value there count (see best_at). The median and the 25% and 75% quantiles (numpy's
    linear interpolation: the median of an even count is the mean of the middle two) are NaN
    where fewer than half of the repeats have a value; lo and hi (the lowest and the highest)
    are NaN only where none has one.
    """
    column = x_column(x)
    xs = default_grid(run, column) if grid is None else np.asarray(grid, dtype=float)
    n = len(run.repeats)
    median, q25, q75, lo, hi = (np.full(len(xs), np.nan) for _ in range(5))
    if n == 0 or len(xs) == 0:
        return xs, median, q25, q75, lo, hi
    table = np.vstack([best_at(book, column, xs) for book in run.repeats])  # repeats x grid
    for j in range(len(xs)):
        values = table[:, j][~np.isnan(table[:, j])]
        if len(values) == 0:
            continue
        lo[j], hi[j] = values.min(), values.max()
        if 2 * len(values) >= n:
            q25[j], median[j], q75[j] = np.percentile(values, [25, 50, 75])
    return xs, median, q25, q75, lo, hi


# ---------------------------------------------------------------------------------------------
# Drawing


def format_number(value):
    """A number as short text: 115 rather than 115.0."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def changes_only(xs, *series):
    """The points where some series changes, and the last one: the same step functions drawn
    from far fewer points (a million-evaluation run's logbook has thousands of rows, and the
    SVG one path vertex for each)."""
    if len(xs) < 3:
        return (xs, *series)
    same = np.ones(len(xs), dtype=bool)
    for a in series:
        prev = a[:-1]
        both_nan = np.isnan(prev) & np.isnan(a[1:])
        same[1:] &= (prev == a[1:]) | both_nan
    same[0] = False
    same[-1] = False
    keep = ~same
    return (xs[keep], *(a[keep] for a in series))


def draw_run(ax, run, color, x="evals", positive_only=False):
    """Draw one run on ax: its median line, and for repeats the quartile band and min/max lines."""
    xs, median, q25, q75, lo, hi = aggregate(run, x)
    if positive_only:  # a log axis cannot show x <= 0
        keep = xs > 0
        xs, median, q25, q75, lo, hi = (a[keep] for a in (xs, median, q25, q75, lo, hi))
    xs, median, q25, q75, lo, hi = changes_only(xs, median, q25, q75, lo, hi)
    n = len(run.repeats)
    label = run.label if n == 1 else f"{run.label} (median of {n})"
    ax.plot(xs, median, drawstyle="steps-post", color=color, linewidth=1.8, label=label, zorder=3)
    final = np.flatnonzero(~np.isnan(median))
    if len(final):  # a step function's last value has no width: a dot shows where it ends
        ax.plot(xs[final[-1]], median[final[-1]], "o", color=color, markersize=4, zorder=4)
    if n > 1:
        ax.fill_between(xs, q25, q75, step="post", color=color, alpha=0.22, linewidth=0, zorder=2)
        for edge in (lo, hi):
            ax.plot(xs, edge, drawstyle="steps-post", color=color, linewidth=0.8, linestyle=":",
                    zorder=2)


def spread_legend_entries(runs):
    """Grey legend keys for the band and the min/max lines, when some run has repeats."""
    if not any(len(r.repeats) > 1 for r in runs):
        return []
    return [
        Patch(facecolor="0.5", alpha=0.3, label="25%–75% of the repeats"),
        Line2D([], [], color="0.4", linewidth=0.8, linestyle=":", label="lowest / highest repeat"),
    ]


def place_legend(ax, handles, where):
    """The legend: "below" puts it under the x axis label, where it hides nothing; any other
    value is a matplotlib `loc` inside the axes ("lower right", "best", ...); None: no legend."""
    if where is None:
        return
    if where != "below":
        ax.legend(handles=handles, loc=where, fontsize=8, framealpha=0.9)
        return
    # Anchored a fixed distance under the axes, past the tick labels and the axis label.
    under = offset_copy(ax.transAxes, fig=ax.figure, y=-LEGEND_DROP_POINTS, units="points")
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0),
              bbox_transform=under, ncol=2, fontsize=8, frameon=False)


def draw_convergence(ax, runs, x="evals", optimum=None, ylabel=DEFAULT_YLABEL, linear_x=False,
                     legend="below"):
    """Draw the convergence of each run (one colour each) on a matplotlib Axes, with labels.

    x: "evals" (or "evaluations") or "seconds"; log scale unless linear_x. optimum: a value drawn
    as a dashed horizontal line, or None. legend: see place_legend. Returns ax.
    """
    x_column(x)  # checks the name
    colors = plt.rcParams["axes.prop_cycle"].by_key().get("color", ["C0"])
    for i, run in enumerate(runs):
        draw_run(ax, run, colors[i % len(colors)], x, positive_only=not linear_x)
    if optimum is not None:
        ax.axhline(optimum, color="black", linestyle="--", linewidth=1.0,
                   label=f"optimum {format_number(optimum)}", zorder=1)
    if not linear_x:
        ax.set_xscale("log")
    ax.set_xlabel(X_AXES[x][1])
    ax.set_ylabel(ylabel)
    ax.grid(True, which="major", alpha=0.4)
    ax.grid(True, which="minor", axis="x", alpha=0.12)
    handles, _ = ax.get_legend_handles_labels()
    place_legend(ax, handles + spread_legend_entries(runs), legend)
    return ax


def output_paths(out):
    """The files to write for -o OUT: OUT itself if it ends in .png/.svg/.pdf, else OUT.png and
    OUT.svg."""
    out = Path(out)
    if out.suffix.lower() in SUFFIXES:
        return [out]
    return [out.with_name(out.name + ".png"), out.with_name(out.name + ".svg")]


def save_figure(fig, paths):
    """Write the figure to each path (PNG at PNG_DPI dots per inch); PlotError if one fails."""
    for p in paths:
        try:
            fig.savefig(p, dpi=PNG_DPI if p.suffix.lower() == ".png" else "figure",
                        bbox_inches="tight")
        except OSError as e:
            raise PlotError(f"{p}: cannot write: {e.strerror or e}") from None


# ---------------------------------------------------------------------------------------------
# Command line


def parse_args(argv):
    """The command line, parsed (argparse exits with status 2 on a usage error)."""
    ap = argparse.ArgumentParser(
        prog=PROG,
        description="Plot the best score so far of mazesearch run folders and sweep folders "
        "against evaluations (median of the repeats, or of a sweep combination's seeds, "
        "25%-75% band, min and max).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("run_dirs", nargs="+", metavar="RUN_DIR|SWEEP",
                    help="a run folder (DIR/logbook.csv or DIR/repeat-*/logbook.csv): one line; "
                    "or a sweep folder (SWEEP/sweep.json and its point folders): one line per "
                    "combination of its group keys (see 'sweeps' below)")
    ap.add_argument("-o", "--output", metavar="OUT",
                    help="OUT.png/.svg/.pdf writes that file; no such suffix writes OUT.png and "
                    "OUT.svg (default: convergence, or elites with --elites)")
    ap.add_argument("--x", choices=["evaluations", "seconds"], default="evaluations",
                    help="x axis: feasible evaluations (default) or elapsed seconds")
    ap.add_argument("--label", action="append", default=[], metavar="TEXT",
                    help="legend text of a line, once per line in order: a RUN_DIR is one line, "
                    "a SWEEP one per combination (default: label or name in a RUN_DIR's "
                    "config.json; key=value for a combination; see 'labels' below)")
    ap.add_argument("--title", metavar="TEXT", help="title of the figure")
    ap.add_argument("--ylabel", default=DEFAULT_YLABEL, metavar="TEXT",
                    help=f"y axis label (default: {DEFAULT_YLABEL!r})")
    ap.add_argument("--linear-x", action="store_true", help="linear x axis instead of log")
    ap.add_argument("--optimum", type=float, metavar="VALUE",
                    help="draw a dashed line at this score, labelled 'optimum VALUE'")
    ap.add_argument("--elites", action="store_true",
                    help="draw each map-elites RUN_DIR's archive instead, as a heat map of its "
                    "cells' values, a panel a repeat (studies/plot_elites.py; --title applies)")
    args = ap.parse_args(argv)
    if args.elites:
        curve_only = [name for name, given in (
            ("--x", args.x != "evaluations"), ("--label", args.label),
            ("--ylabel", args.ylabel != DEFAULT_YLABEL), ("--linear-x", args.linear_x),
            ("--optimum", args.optimum is not None)) if given]
        if curve_only:
            ap.error(f"--elites draws archives, not curves: {', '.join(curve_only)} does not "
                     f"apply")
    if args.output is None:
        args.output = "elites" if args.elites else "convergence"
    # With a SWEEP the number of lines is known only from its sweep.json: see load_runs.
    if len(args.label) > len(args.run_dirs) and not any(map(is_sweep, args.run_dirs)):
        ap.error(f"{len(args.label)} --label given for {len(args.run_dirs)} RUN_DIR")
    return args


def load_runs(folders, labels=(), warn=print_warning):
    """The Runs to draw for the command line's RUN_DIR and SWEEP folders, in order.

    labels: --label, applied to the lines in order (a RUN_DIR one line, a SWEEP one a
    combination, including the combinations left out). A RUN_DIR or a sweep point with nothing
    to draw is left out with a warning; PlotError when nothing at all is left to draw (nothing is
    warned about plain RUN_DIRs then: the error names them), or for more labels than lines.
    """
    sweeps = {i: read_sweep(d) for i, d in enumerate(folders) if is_sweep(d)}
    counts = [len(sweeps[i].combinations) if i in sweeps else 1 for i in range(len(folders))]
    if len(labels) > sum(counts):
        raise PlotError(f"{len(labels)} --label given for {sum(counts)} lines (a RUN_DIR is one "
                        f"line, a SWEEP one per combination: "
                        + ", ".join(f"{d}: {n}" for d, n in zip(folders, counts)) + ")")
    labels = list(labels) + [None] * (sum(counts) - len(labels))
    runs, empty, start = [], [], 0
    for i, d in enumerate(folders):
        mine, start = labels[start:start + counts[i]], start + counts[i]
        if i in sweeps:
            prefix = f"{Path(d).resolve().name}: " if len(sweeps) > 1 else ""
            got = sweep_runs(sweeps[i], mine, warn, prefix)
            if not got:
                empty.append((None, f"{d}: no point of the sweep with a logbook row with a best "
                                    f"score yet"))
            runs += got
            continue
        run = load_run(d, mine[0], warn)
        if has_points(run):
            runs.append(run)
        else:
            empty.append((run, f"{run.path}: no logbook row with a best score yet"))
    if not runs:
        raise PlotError("nothing to draw: " + "; ".join(why for _, why in empty))
    for run, _ in empty:
        if run is not None:  # a sweep's points and combinations were warned about already
            warn(f"{run.path}: nothing to draw yet (no logbook row with a best score): left out")
    return runs


def plot_from_args(args):
    """Load the runs named on the command line, draw them and save; the paths written."""
    runs = load_runs(args.run_dirs, args.label)
    fig, ax = plt.subplots(figsize=FIGSIZE)
    try:
        draw_convergence(ax, runs, x=args.x, optimum=args.optimum, ylabel=args.ylabel,
                         linear_x=args.linear_x)
        if args.title:
            ax.set_title(args.title)
        fig.tight_layout()
        paths = output_paths(args.output)
        save_figure(fig, paths)
    finally:
        plt.close(fig)
    return paths


def run_command(prog, draw, args):
    """A plotting command's end: draw(args), print the paths written; exit status 0, or 2 with
    a one-line error `PROG: error: ...` (plot_elites.py ends the same way)."""
    try:
        paths = draw(args)
    except PlotError as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 2
    for p in paths:
        print(p)
    return 0


def main(argv=None):
    """The command: plot, print the paths written; exit status 0, or 2 with a one-line error."""
    args = parse_args(argv)
    if args.elites:
        # plot_elites imports this file as the module `plot`, which, run as a script, it is not:
        # its own run_command catches the PlotError it raises.
        import plot_elites
        return plot_elites.plot.run_command(PROG, plot_elites.plot_from_args, args)
    return run_command(PROG, plot_from_args, args)


if __name__ == "__main__":
    sys.exit(main())
