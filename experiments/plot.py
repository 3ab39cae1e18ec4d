#!/usr/bin/env python3
"""Convergence plots of mazesearch run folders: the best score so far against evaluations.

    experiments/plot.py RUN_DIR... [-o OUT] [--x evaluations|seconds] [--label TEXT]...
                        [--title TEXT] [--ylabel TEXT] [--linear-x] [--optimum VALUE]

A RUN_DIR is a folder written by `mazesearch run CONFIG output=DIR`: one run (DIR/logbook.csv)
or several repeats (DIR/repeat-000/logbook.csv, DIR/repeat-001/logbook.csv, ...). Each RUN_DIR
becomes one line: for repeats, the median over them of the best score so far, a shaded band
between the 25% and 75% quantiles and dotted lines for the lowest and the highest.

A run still in progress can be drawn: a logbook's last line that is still being written (no
newline at its end, or fewer fields than the header) is left out with a warning. A RUN_DIR with
nothing to draw yet (no row with a best score) is left out with a warning; if no RUN_DIR has
anything to draw, the command writes nothing and exits with status 2 (see --help).

Other scripts can use the pieces:

    sys.path.insert(0, "experiments"); import plot
    run = plot.load_run("runs/hc")                  # Run(label, path, repeats)
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
  left out with a warning when another RUN_DIR has something to draw; when none has, nothing is
  written and the exit status is 2.

exit status: 0 when the figure was written, 2 on bad input (one line `plot.py: error: ...`).
"""


class PlotError(Exception):
    """A run folder or a logbook that cannot be plotted; the message names the file and why."""


@dataclass
class Run:
    """One RUN_DIR: its label, its folder, and one logbook per repeat (a single run has one).

    Each logbook is a dict from column name (COLUMNS) to a numpy float array, one entry a row.
    """

    label: str
    path: Path
    repeats: list = field(default_factory=list)


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
    books = [read_logbook(p, warn) for p in logbook_paths(path)]
    return Run(label=label if label is not None else default_label(path), path=path, repeats=books)


def has_points(run):
    """Whether some repeat of the run has a logbook row with a best score: something to draw."""
    return any(np.any(~np.isnan(book["best"])) for book in run.repeats)


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
        description="Plot the best score so far of mazesearch run folders against evaluations "
        "(median of the repeats, 25%%-75%% band, min and max).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("run_dirs", nargs="+", metavar="RUN_DIR",
                    help="a run folder: DIR/logbook.csv or DIR/repeat-*/logbook.csv")
    ap.add_argument("-o", "--output", default="convergence", metavar="OUT",
                    help="OUT.png/.svg/.pdf writes that file; no such suffix writes OUT.png and "
                    "OUT.svg (default: convergence)")
    ap.add_argument("--x", choices=["evaluations", "seconds"], default="evaluations",
                    help="x axis: feasible evaluations (default) or elapsed seconds")
    ap.add_argument("--label", action="append", default=[], metavar="TEXT",
                    help="legend text of a RUN_DIR, once per RUN_DIR in order (default: label or "
                    "name in its config.json)")
    ap.add_argument("--title", metavar="TEXT", help="title of the figure")
    ap.add_argument("--ylabel", default=DEFAULT_YLABEL, metavar="TEXT",
                    help=f"y axis label (default: {DEFAULT_YLABEL!r})")
    ap.add_argument("--linear-x", action="store_true", help="linear x axis instead of log")
    ap.add_argument("--optimum", type=float, metavar="VALUE",
                    help="draw a dashed line at this score, labelled 'optimum VALUE'")
    args = ap.parse_args(argv)
    if len(args.label) > len(args.run_dirs):
        ap.error(f"{len(args.label)} --label given for {len(args.run_dirs)} RUN_DIR")
    return args


def plot_from_args(args):
    """Load the runs named on the command line, draw them and save; the paths written."""
    labels = args.label + [None] * (len(args.run_dirs) - len(args.label))
    runs = [load_run(d, label) for d, label in zip(args.run_dirs, labels)]
    empty = [run for run in runs if not has_points(run)]
    if len(empty) == len(runs):
        raise PlotError("nothing to draw: " + "; ".join(
            f"{run.path}: no logbook row with a best score yet" for run in empty))
    for run in empty:
        print_warning(f"{run.path}: nothing to draw yet (no logbook row with a best score): "
                      f"left out")
    runs = [run for run in runs if has_points(run)]
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
