#!/usr/bin/env python3
"""Heat maps of MAP-Elites archives: each cell of a map-elites run's archive coloured by the value
of the board it holds, empty cells left white, the best cell marked.

    studies/plot_elites.py RUN_DIR... [-o OUT] [--title TEXT]

A RUN_DIR is a folder written by `mazesearch run` with `optimizer.kind: map-elites` (its
elites/ folder and checkpoint.json, docs/formats.md); a run of several repeats draws one panel a
repeat. An archive of two axes is drawn with x down and y across (hot-row x hot-col draws the
board's own layout: where the walks pile their visits up); one axis is one row of cells; three
axes draw one panel for each bin of z. The archive is read by the mazesearch Python package
(open_run: Run.elites, Run.elite_axes), found as plot.py finds it.

Other scripts can use the pieces:

    sys.path.insert(0, "studies"); import plot_elites
    grids = plot_elites.archive_grids(run)   # one (title, 2-D array, NaN for an empty cell) per z bin
    plot_elites.draw_archive(ax, grid, axes) # on a matplotlib Axes of your own

Exit status 0 when the figure was written, 2 on bad input (one line `plot_elites.py: error: ...`).
"""

import argparse
import math
import sys
from pathlib import Path

import plot  # the package import, the output files and PlotError

plt = plot.plt
np = plot.np
PROG = "plot_elites.py"
PANEL = (4.2, 3.6)


def archive_grids(run):
    """The archive of one run (a repeat) as grids of values, x down and y across: a list of
    (title, array, axes), one for each bin of z (one in all for one or two axes); NaN where a
    cell holds no board. PlotError when the run has no archive."""
    elites = run.elites
    axes = run.elite_axes
    if elites is None or axes is None:
        raise plot.PlotError(f"{run.folder}: no archive (not a map-elites run, or no checkpoint "
                             f"yet)")
    bins = [b for _, b, _, _ in axes] + [1] * (3 - len(axes))
    grids = np.full((bins[2], bins[0], bins[1]), np.nan)
    for cell, value in zip(elites["cell"], elites["value"]):
        x, rest = int(cell) % bins[0], int(cell) // bins[0]
        y, z = rest % bins[1], rest // bins[1]
        if z >= bins[2]:
            raise plot.PlotError(f"{run.folder}: cell {cell} is outside the archive's "
                                 f"{bins[0] * bins[1] * bins[2]} cells")
        grids[z, x, y] = value
    if len(axes) < 3:
        return [("", grids[0], axes)]
    name, _, lo, hi = axes[2]
    width = (hi - lo) / bins[2]
    return [(f"{name} {plot.format_number(lo + k * width)} to "
             f"{plot.format_number(lo + (k + 1) * width)}", grids[k], axes) for k in range(bins[2])]


def draw_archive(ax, grid, axes, vmax=None):
    """One grid on `ax`: the cells coloured by value (white when empty), the best marked with a
    star and its value; returns the image (for a colour bar)."""
    masked = np.ma.masked_invalid(grid)
    cmap = plt.get_cmap("viridis").copy()
    cmap.set_bad("white")
    image = ax.imshow(masked, cmap=cmap, vmin=0, vmax=vmax, aspect="auto",
                      interpolation="nearest")
    names = [a[0] for a in axes] + ["", ""]
    ax.set_ylabel(names[0] if len(axes) >= 2 else "")
    ax.set_xlabel(names[1] if len(axes) >= 2 else names[0])
    for spine in ax.spines.values():
        spine.set_visible(True)
    if not masked.mask.all():
        best = np.unravel_index(np.nanargmax(grid), grid.shape)
        ax.plot(best[1], best[0], marker="*", color="red", markersize=12,
                markeredgecolor="white")
        held = int(np.count_nonzero(~np.isnan(grid)))
        ax.set_title(f"best {plot.format_number(grid[best])}, {held} of {grid.size} cells",
                     fontsize=9)
    if len(axes) >= 2:  # each axis's bins: ticks at a few bin starts
        for axis, (_, bins, lo, hi) in ((ax.yaxis, axes[0]), (ax.xaxis, axes[1])):
            step = max(1, math.ceil(bins / 8))
            ticks = list(range(0, bins, step))
            axis.set_ticks(ticks)
            axis.set_ticklabels([plot.format_number(lo + t * (hi - lo) / bins) for t in ticks])
    else:
        ax.set_yticks([])
    return image


def panels(folders):
    """(label, title, grid, axes) for each panel to draw: each run's repeats, each z bin."""
    out = []
    for folder in folders:
        run = plot.open_run(folder)
        label = plot.default_label(run)
        for r in run.repeats:
            tag = f" repeat {r.repeat}" if len(run.repeats) > 1 else ""
            for title, grid, axes in archive_grids(r):
                out.append((f"{label}{tag}" + (f", {title}" if title else ""), grid, axes))
    return out


def plot_from_args(args):
    drawn = panels(args.run_dirs)
    vmax = max((np.nanmax(g) for _, g, _ in drawn if not np.isnan(g).all()), default=1)
    cols = min(len(drawn), 3)
    rows = math.ceil(len(drawn) / cols)
    fig, axs = plt.subplots(rows, cols, figsize=(PANEL[0] * cols, PANEL[1] * rows + 0.4),
                            squeeze=False)
    try:
        image = None
        for ax, (label, grid, axes) in zip(axs.flat, drawn):
            image = draw_archive(ax, grid, axes, vmax)
            ax.set_title(f"{label}\n{ax.get_title()}", fontsize=9)
        for ax in list(axs.flat)[len(drawn):]:
            ax.set_visible(False)
        fig.colorbar(image, ax=axs, label="value of the cell's board (moves)", shrink=0.9)
        if args.title:
            fig.suptitle(args.title, y=1.0 + 0.06 / rows)  # above the panels' two-line titles
        paths = plot.output_paths(args.output)
        plot.save_figure(fig, paths)
    finally:
        plt.close(fig)
    return paths


def main(argv=None):
    ap = argparse.ArgumentParser(prog=PROG, description="Heat maps of map-elites archives: each "
                                 "cell coloured by the value of its board.")
    ap.add_argument("run_dirs", nargs="+", metavar="RUN_DIR",
                    help="a map-elites run folder (one panel a repeat, a z bin)")
    ap.add_argument("-o", "--output", default="elites", metavar="OUT",
                    help="OUT.png/.svg/.pdf writes that file; no such suffix writes OUT.png and "
                    "OUT.svg (default: elites)")
    ap.add_argument("--title", metavar="TEXT", help="title of the figure")
    args = ap.parse_args(argv)
    return plot.run_command(PROG, plot_from_args, args)


if __name__ == "__main__":
    sys.exit(main())
