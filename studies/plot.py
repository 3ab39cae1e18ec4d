#!/usr/bin/env python3
"""Convergence plots of mazesearch run and sweep folders: best score so far against evaluations.

    studies/plot.py RUN_DIR|SWEEP... [-o OUT] [--x evaluations|seconds] [--label TEXT]...
                        [--title TEXT] [--ylabel TEXT] [--linear-x] [--optimum VALUE]

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
the seeds, the band and the dotted lines their quartiles and extremes. index.csv is not read.
With more than one SWEEP on the command line each label starts with `SWEEP_NAME: `.

A run still in progress can be drawn: a logbook's last line that is still being written (no
newline at its end, or fewer fields than the header) is left out with a warning. A RUN_DIR with
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

Needs matplotlib (and numpy, which it brings); nothing else beyond the standard library.
"""

import argparse
import csv
import json
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

# The columns of logbook.csv (docs/formats.md, "logbook.csv"); their order in a file is free.
COLUMNS = ("gen", "evals", "rejected", "best", "mean", "std", "min", "max", "seconds")
# Columns that may be empty: `best` before the first feasible board, the step statistics when a
# step evaluated no feasible board. An empty cell becomes NaN ("no value").
MAY_BE_EMPTY = ("best", "mean", "std", "min", "max")

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
  A logbook's last line may still be being written: a last line without its newline, or with
  fewer fields than the header, is left out with a warning. A bad line anywhere else is an
  error naming the file and the line.

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
  best score) is left out with one warning naming its folder; a combination left with no point
  is left out with a warning. A point's logbook is drawn as far as it goes whatever its status
  (running, interrupted, failed), as a RUN_DIR's is; a bad line in it is an error as above. A
  sweep.json that is not valid JSON, lacks "points" or "group_keys", or has a point whose
  overrides lack a group key is an error naming the file.

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
# Reading


def parse_number(text, column, where):
    """The number in one CSV cell; NaN for an empty cell of a column that may be empty.

    `where` is "FILE:LINE", used in the error message.
    """
    cell = text.strip()
    if cell == "":
        if column in MAY_BE_EMPTY:
            return float("nan")
        raise PlotError(f"{where}: column '{column}' is empty")
    try:
        return float(cell)
    except ValueError:
        raise PlotError(f"{where}: column '{column}': '{cell}' is not a number") from None


def header_positions(header, path):
    """The position of each needed column in a logbook's header row (order free, extra ignored)."""
    names = [name.strip() for name in header]
    missing = [c for c in COLUMNS if c not in names]
    if missing:
        raise PlotError(
            f"{path}:1: not a logbook header (missing {', '.join(missing)}; "
            f"expected the columns {','.join(COLUMNS)}): {','.join(header)}"
        )
    doubled = sorted({n for n in names if n in COLUMNS and names.count(n) > 1})
    if doubled:
        raise PlotError(f"{path}:1: column {', '.join(doubled)} given twice")
    return {c: names.index(c) for c in COLUMNS}


def print_warning(text):
    """The command's warnings: one line `plot.py: warning: ...` on standard error."""
    print(f"{PROG}: warning: {text}", file=sys.stderr)


def read_logbook(path, warn=print_warning):
    """One logbook.csv as a dict of numpy float arrays by column name; PlotError if malformed.

    A run in progress may be writing its last line: a last line without its newline, or with
    fewer fields than the header, is left out and `warn(text)` is called with FILE:LINE and why.
    A bad line anywhere else is an error naming the file and the line. A logbook with only its
    header gives empty arrays.
    """
    path = Path(path)
    try:
        with open(path, newline="", encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise PlotError(f"{path}: cannot read: {e}") from None
    lines = text.splitlines()
    if not lines:
        raise PlotError(f"{path}: empty file (no header)")
    try:
        rows = [next(csv.reader([line])) if line.strip() else [] for line in lines]
    except csv.Error as e:
        raise PlotError(f"{path}: cannot read: {e}") from None
    header = rows[0]
    pos = header_positions(header, path)
    # The last line that holds anything (blank lines are skipped), and whether it was finished.
    last = max((i for i, r in enumerate(rows) if r), default=0)
    finished = last < len(lines) - 1 or text.endswith(("\n", "\r"))
    values = {c: [] for c in COLUMNS}
    for line, row in enumerate(rows[1:], start=2):
        if not row:  # a blank line
            continue
        if line - 1 == last and (not finished or len(row) < len(header)):
            why = ("no newline at its end" if not finished
                   else f"{len(row)} fields, the header has {len(header)}")
            warn(f"{path}:{line}: the last line is cut short ({why}; still being written?): "
                 f"left out")
            break
        if len(row) != len(header):
            raise PlotError(f"{path}:{line}: {len(row)} fields, the header has {len(header)}")
        for c in COLUMNS:
            values[c].append(parse_number(row[pos[c]], c, f"{path}:{line}"))
    return {c: np.array(v, dtype=float) for c, v in values.items()}


def logbook_paths(path):
    """The logbook of each repeat of a run folder: DIR/logbook.csv, or DIR/repeat-*/logbook.csv."""
    path = Path(path)
    if not path.exists():
        raise PlotError(f"{path}: no such folder")
    if not path.is_dir():
        raise PlotError(f"{path}: not a folder")
    if (path / "logbook.csv").is_file():
        return [path / "logbook.csv"]
    repeats = sorted(p for p in path.glob("repeat-*") if p.is_dir())
    if not repeats:
        raise PlotError(f"{path}: no logbook.csv in it nor in repeat-*/ folders (not a run folder?)")
    missing = [p for p in repeats if not (p / "logbook.csv").is_file()]
    if missing:
        raise PlotError(f"{missing[0] / 'logbook.csv'}: no such file")
    return [p / "logbook.csv" for p in repeats]


def default_label(path):
    """A run folder's label: `label` of its config.json, else `name`, else the folder's name."""
    path = Path(path)
    config = path / "config.json"
    if not config.is_file():
        return path.resolve().name
    try:
        data = json.loads(config.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise PlotError(f"{config}: cannot read: {e}") from None
    if isinstance(data, dict):
        for key in ("label", "name"):
            if isinstance(data.get(key), str) and data[key].strip():
                return data[key]
    return path.resolve().name


def load_run(path, label=None, warn=print_warning):
    """Read a run folder (one run or its repeats) into a Run; PlotError if it cannot be read.

    label: the legend text; None takes it from config.json (see default_label). warn: called
    with the text of each warning (a cut-short last line left out, see read_logbook).
    """
    path = Path(path)
    paths = logbook_paths(path)
    books = [read_logbook(p, warn) for p in paths]
    return Run(label=label if label is not None else default_label(path), path=path, repeats=books,
               sources=paths)


def book_has_points(book):
    """Whether a logbook has a row with a best score."""
    return bool(np.any(~np.isnan(book["best"])))


def has_points(run):
    """Whether some repeat of the run has a logbook row with a best score: something to draw."""
    return any(book_has_points(book) for book in run.repeats)


# ---------------------------------------------------------------------------------------------
# Sweep folders

SWEEP_SPEC = "sweep.json"
SWEEP_FORMAT = "mazesearch sweep"


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
    """A sweep folder's spec as plot.py uses it: the folder, the group keys and the
    combinations in the order of their first point in sweep.json."""

    path: Path
    group_keys: list
    combinations: list = field(default_factory=list)


def is_sweep(path):
    """Whether a folder is a sweep folder (one that holds sweep.json)."""
    return (Path(path) / SWEEP_SPEC).is_file()


def value_text(value):
    """An override's value as label text: a string as it is, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value)


def read_sweep(path):
    """Read SWEEP/sweep.json into a Sweep; PlotError naming the file if it is malformed.

    The spec must be a JSON object with "group_keys" (a list of key names) and "points" (a list
    of objects, each with "folder", a folder name relative to SWEEP, and "overrides", an object
    holding a value for every group key; "id" is used in messages). "format", when given, must
    be "mazesearch sweep"; everything else in the spec is ignored.
    """
    path = Path(path)
    spec = path / SWEEP_SPEC
    try:
        data = json.loads(spec.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise PlotError(f"{spec}: cannot read: {e}") from None
    except ValueError as e:
        raise PlotError(f"{spec}: not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise PlotError(f"{spec}: not a sweep spec (a JSON object expected, found "
                        f"{type(data).__name__})")
    if "format" in data and data["format"] != SWEEP_FORMAT:
        raise PlotError(f"{spec}: format {data['format']!r}, expected {SWEEP_FORMAT!r}")
    for key in ("group_keys", "points"):
        if key not in data:
            raise PlotError(f"{spec}: no \"{key}\" (not the sweep.json of `mazesearch sweep`?)")
    keys = data["group_keys"]
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        raise PlotError(f"{spec}: \"group_keys\" is not a list of key names: "
                        f"{json.dumps(keys)}")
    if not isinstance(data["points"], list):
        raise PlotError(f"{spec}: \"points\" is not a list")
    combinations = {}  # values (a tuple, in the order of keys) -> Combination; insertion order
    for index, point in enumerate(data["points"]):
        if not isinstance(point, dict):
            raise PlotError(f"{spec}: points[{index}] is not an object")
        pid = point.get("id", index)
        folder = point.get("folder")
        if not isinstance(folder, str) or not folder.strip():
            raise PlotError(f"{spec}: point {pid}: no \"folder\"")
        overrides = point.get("overrides")
        if not isinstance(overrides, dict):
            raise PlotError(f"{spec}: point {pid} ({folder}): no \"overrides\" object")
        missing = [k for k in keys if k not in overrides]
        if missing:
            raise PlotError(f"{spec}: point {pid} ({folder}): its overrides lack the group "
                            f"key{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
        values = tuple(value_text(overrides[k]) for k in keys)
        if values not in combinations:
            label = (", ".join(f"{k}={v}" for k, v in zip(keys, values)) if keys
                     else path.resolve().name)
            combinations[values] = Combination(label=label, values=dict(zip(keys, values)))
        combinations[values].points.append((pid, path / folder))
    return Sweep(path=path, group_keys=list(keys), combinations=list(combinations.values()))


def point_logbook_paths(folder):
    """The logbooks a sweep point's run folder should hold, whether they exist yet or not:
    [FOLDER/logbook.csv], or FOLDER/repeat-*/logbook.csv; [] when the folder or every logbook
    is still missing. PlotError if FOLDER is something other than a folder."""
    folder = Path(folder)
    if not folder.exists():
        return []
    if not folder.is_dir():
        raise PlotError(f"{folder}: not a folder")
    if (folder / "logbook.csv").is_file():
        return [folder / "logbook.csv"]
    return [p / "logbook.csv" for p in sorted(folder.glob("repeat-*")) if p.is_dir()]


def run_status(folder):
    """The text of a run folder's `status` file, or "" when it has none."""
    try:
        return (Path(folder) / "status").read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return ""


def load_point(folder, warn=print_warning):
    """A sweep point's logbooks that have something to draw, and their paths: (books, paths).

    A point with none (no folder or no logbook yet, or no row with a best score) gives ([], [])
    and one warning naming its folder; a point with repeats of which only some have something to
    draw gives those, and one warning naming the others.
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
        status = run_status(folder)
        warn(f"{folder}: nothing to draw yet ({why}{'; status: ' + status if status else ''}): "
             f"left out")
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
            b, p = load_point(folder, warn)
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
    ap.add_argument("-o", "--output", default="convergence", metavar="OUT",
                    help="OUT.png/.svg/.pdf writes that file; no such suffix writes OUT.png and "
                    "OUT.svg (default: convergence)")
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
    args = ap.parse_args(argv)
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


def main(argv=None):
    """The command: plot, print the paths written; exit status 0, or 2 with a one-line error."""
    args = parse_args(argv)
    try:
        paths = plot_from_args(args)
    except PlotError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    for p in paths:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
