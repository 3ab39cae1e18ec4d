"""Every small grid, exactly: the optimum of every R x C grid up to 7x7, the histogram of moves
over every feasible 7x7 board, and Theorem 8's bound beside each optimum.

Every grid but 7x7 is enumerated by the engine (cached with the report's runs) and checked
against its committed result; 7x7 (2 hours) is read from its committed result, which is checked
against the merge of its committed shards."""

import glob
import json
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

from paperlib import PaperError, paper_numbers, thousands

SIDES = range(2, 8)
RECORDED = Path("results/exhaustive/results")
SHARDS_7X7 = "results/exhaustive/7x7/shard-*-of-64.json"
# The fields that make an enumeration's answer (its counters and timing aside); ours must equal
# the recorded file's in each of them that the file has.
ANSWER = ("rows", "cols", "start", "exit", "convention", "optimum", "optimal_boards", "boards",
          "feasible", "histogram")
TINY_CELLS = 36  # a tiny run enumerates the grids of at most this many cells (6x6: seconds)


def differences(ours, theirs):
    """The ANSWER fields on which two enumeration results differ (those `theirs` has)."""
    return [k for k in ANSWER if k in theirs and ours.get(k) != theirs[k]]


def recorded(ctx, rows, cols):
    """The committed results/exhaustive/results/RxC.json, or None."""
    path = ctx.root / RECORDED / f"{rows}x{cols}.json"
    return json.loads(path.read_text()) if path.exists() else None


def merged_7x7(ctx):
    """7x7 takes about 2 hours to enumerate, so it is not run: its committed result is read and
    checked to equal the merge of its committed shards (`mazesearch merge ... --json`)."""
    shards = sorted(glob.glob(str(ctx.root / SHARDS_7X7)))
    if len(shards) != 64:
        raise PaperError(f"{SHARDS_7X7}: {len(shards)} shard files, not 64")
    merged = ctx.ms_json("merge", *shards)
    res = recorded(ctx, 7, 7)
    if res is None:
        raise PaperError(f"no {RECORDED / '7x7.json'}")
    differ = differences(merged, res)
    if differ or set(ANSWER) - set(res):
        raise PaperError(f"{RECORDED / '7x7.json'} is not the merge of {SHARDS_7X7} "
                         f"(differ: {', '.join(differ) or 'fields missing'})")
    return res


def result(ctx, rows, cols):
    """(the enumeration of rows x cols, where it comes from), or (None, None) for a grid too
    large for a tiny run.

    Every grid but 7x7 is enumerated here (`mazesearch enumerate --rows R --cols C --json`,
    kept in RUNS/exhaustive/enumerate-RxC.json) and compared with the committed
    results/exhaustive/results/RxC.json when there is one: a difference is an error."""
    if (rows, cols) == (7, 7):
        return merged_7x7(ctx), (f"`{RECORDED / '7x7.json'}` (not run here: about 2 hours), "
                                 f"equal to `mazesearch merge {SHARDS_7X7}`")
    if ctx.tiny and rows * cols > TINY_CELLS:
        return None, None
    ours = ctx.cached_json(f"exhaustive/enumerate-{rows}x{cols}", "enumerate", "--rows", rows,
                           "--cols", cols)
    command = f"`mazesearch enumerate --rows {rows} --cols {cols}`"
    theirs = recorded(ctx, rows, cols)
    if theirs is None:
        return ours, command
    differ = differences(ours, theirs)
    if differ:
        raise PaperError(f"{command} differs from {RECORDED / f'{rows}x{cols}.json'} in "
                         f"{', '.join(differ)} (ours: optimum {ours.get('optimum')}, "
                         f"feasible {ours.get('feasible')}; recorded: optimum "
                         f"{theirs.get('optimum')}, feasible {theirs.get('feasible')})")
    return ours, f"{command}, equal to `{RECORDED / f'{rows}x{cols}.json'}`"


def paper_says(paper, rows, cols, optimum):
    """The paper's figure for a grid beside our optimum: the number and how it relates."""
    key = {(5, 5): "optimum_5x5", (6, 6): "optimum_6x6"}.get((rows, cols))
    if (rows, cols) == (7, 7):
        return "not solved (\"prohibitive\")"
    if key is None:
        return "-"
    theirs = paper[key]["value"]
    if theirs == optimum:
        return f"{theirs}, the same"
    if theirs == optimum + 2:
        return f"{theirs}, a Flash count (= {optimum} moves)"
    return f"{theirs}, **not ours**"


def optimum_board(ctx, res):
    """A file holding the first optimal board of an enumeration (for eval)."""
    path = ctx.runs / "exhaustive" / "boards" / f"{res['rows']}x{res['cols']}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(res["boards"][0])
    return path


def optima_figure(ctx, grid):
    fig, ax = plt.subplots(figsize=(6.2, 5))
    values = np.array([[grid.get((r, c), {}).get("optimum", np.nan) for c in SIDES]
                       for r in SIDES], dtype=float)
    image = ax.imshow(np.log10(np.maximum(values, 1)), cmap="YlGnBu", origin="upper")
    for i, r in enumerate(SIDES):
        for j, c in enumerate(SIDES):
            v = values[i, j]
            ax.text(j, i, "?" if np.isnan(v) else f"{int(v)}", ha="center", va="center",
                    fontsize=10, color="white" if not np.isnan(v) and v > 60 else "black")
    ax.set_xticks(range(len(SIDES)), [str(c) for c in SIDES])
    ax.set_yticks(range(len(SIDES)), [str(r) for r in SIDES])
    ax.set_xlabel("columns")
    ax.set_ylabel("rows")
    ax.set_title("The optimum of every grid (moves), start top left, exit bottom left",
                 fontsize=10)
    bar = fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    bar.set_label("log10 of the optimum (moves)")
    return ctx.save(fig, "exhaustive-optima", "the optimum of every grid up to 7x7")


def histogram_figure(ctx, res):
    hist = sorted((int(k), v) for k, v in res["histogram"].items())
    moves = np.array([k for k, _ in hist])
    counts = np.array([v for _, v in hist], dtype=float)
    fig, ax = plt.subplots(figsize=(8, 4.2))
    ax.bar(moves, counts, width=1.6, color="#3a6ea5")
    ax.set_yscale("log")
    ax.set_xlabel("moves to the exit (paper convention)")
    ax.set_ylabel("feasible boards (log scale)")
    best = res["optimum"]
    ax.annotate(f"optimum {best}: {res['optimal_boards']} board", xy=(best, 1),
                xytext=(best - 90, 1e3), arrowprops={"arrowstyle": "->"}, fontsize=9)
    ax.set_title(f"{res['rows']}x{res['cols']}: moves over all {thousands(res['feasible'])} "
                 f"feasible boards", fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    return ctx.save(fig, f"histogram-{res['rows']}x{res['cols']}",
                    "histogram of moves over every feasible board, log scale")


def bound_figure(ctx, squares):
    fig, ax = plt.subplots(figsize=(7, 4.2))
    sides = [n for n, _, _ in squares]
    ax.plot(sides, [b for _, _, b in squares], "s--", color="#b2182b",
            label="Theorem 8's bound for the optimal board")
    ax.plot(sides, [o for _, o, _ in squares], "o-", color="#2166ac", label="the optimum (moves)")
    ax.set_yscale("log")
    ax.set_xticks(sides, [f"{n}x{n}" for n in sides])
    ax.set_xlabel("grid")
    ax.set_ylabel("moves (log scale)")
    ax.legend(loc="upper left")
    ax.grid(alpha=0.3)
    ax.set_title("How far the optimum stays below Theorem 8's bound", fontsize=10)
    return ctx.save(fig, "theorem8-bound", "Theorem 8 bound against the optimum, n x n grids")


def build(ctx):
    paper = paper_numbers()
    grid, sources = {}, {}
    for r in SIDES:
        for c in SIDES:
            res, source = result(ctx, r, c)
            if res is not None:
                grid[(r, c)] = res
                sources[(r, c)] = source
    out = ["## Every small grid, exactly\n",
           "`mazesearch enumerate --rows R --cols C` walks every board of a grid by a decision "
           "tree that decides a cell only when Squeaky first looks at it, so one walk covers every "
           "board that agrees on the cells he saw. The optimum of every grid from 2x2 to 7x7: "
           "every grid but 7x7 is enumerated by this report (`mazesearch enumerate --rows R "
           "--cols C --json`, kept with its runs) and compared with the committed result "
           f"`{RECORDED}/RxC.json` where there is one (a difference stops the report). 7x7 takes "
           "about 2 hours on 2 cores, so the report does not run it: it reads the committed "
           f"`{RECORDED}/7x7.json` and checks that it equals the merge of the committed shards "
           f"(`mazesearch merge {SHARDS_7X7} --json`)."
           + (" \"?\": not enumerated in a tiny run.\n" if ctx.tiny else "\n"),
           optima_figure(ctx, grid), ""]
    rows = ["| grid | optimum | the paper | optimal boards | feasible boards | of | source |",
            "| --- | ---: | --- | ---: | ---: | ---: | --- |"]
    for (r, c), res in sorted(grid.items()):
        if r != c and max(r, c) < 7:
            continue
        cells = r * c - 2
        rows.append(f"| {r}x{c} | {thousands(res['optimum'])} | "
                    f"{paper_says(paper, r, c, res['optimum'])} | "
                    f"{thousands(res['optimal_boards'])} | {thousands(res['feasible'])} | "
                    f"2^{cells} | {sources[(r, c)]} |")
    out.append("The square grids and those with a side of 7 (the others are in "
               "`results/exhaustive/table.md`); \"the paper\" is its figure "
               "(`studies/paper/paper_numbers.json`, Figure 2 and Section 4.3):\n")
    out.append("\n".join(rows) + "\n")
    g66, g77 = grid.get((6, 6)), grid.get((7, 7))
    r66 = recorded(ctx, 6, 6)
    if g66 and g77 and r66:
        share = g66["feasible"] / 2 ** 34
        out.append(
            f"The paper solved 6x6 in about {paper['days_6x6']['value']} days of parallel "
            f"computation and called 7x7 prohibitive. The recorded runs took "
            f"{r66['seconds']:.1f} s for 6x6 and {g77['seconds'] / 3600:.1f} hours for 7x7 (the "
            f"`seconds` of `{RECORDED}/6x6.json` and `7x7.json`): optimum "
            f"**{g77['optimum']}**, {thousands(g77['optimal_boards'])} optimal board, "
            f"{thousands(g77['feasible'])} feasible boards "
            f"({g77['feasible'] / g66['feasible']:,.0f} times as many as 6x6). "
            f"{share:.1%} of the 2^34 6x6 boards with the start and exit open are feasible; "
            f"the paper says about {paper['feasible_share_6x6']['value']:.0%} (of all 2^36 "
            f"subsets it would be {g66['feasible'] / 2 ** 36:.1%}).\n")
        ctx.facts["optimum_7x7"] = g77
        ctx.facts["feasible_share_6x6"] = share
        out.append(histogram_figure(ctx, g77))
        out.append("")
    squares = []
    for n in SIDES:
        res = grid.get((n, n))
        if res is None:
            continue
        walk = ctx.ms_json("eval", optimum_board(ctx, res))
        squares.append((n, walk["moves"], walk["theorem8_bound"]))
    out.append("**Theorem 8** bounds the walk on a feasible maze: moves < |V| (D + D^2 + ... + "
               "D^d), with |V| the open cells reachable from the start, D the largest degree and "
               "d the diameter. For the optimal board of each square grid (`eval --json`, "
               "`theorem8_bound`):\n")
    out.append("| grid | optimum | Theorem 8 bound | bound / optimum |\n| --- | ---: | ---: | ---: |")
    for n, moves, bound in squares:
        out.append(f"| {n}x{n} | {moves} | {bound:.3g} | {bound / moves:.2g} |")
    out.append("")
    out.append(bound_figure(ctx, squares))
    return "\n".join(out) + "\n"
