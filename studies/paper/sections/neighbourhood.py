"""Figure 4 redrawn: the scores of every feasible board within a small Hamming distance of our best
13x13 maze, beside the same for a random feasible board with as many blocked cells
(`mazesearch neighbourhood FILE --radius R --json`), as weighted violins on a log scale."""

import math

import matplotlib.pyplot as plt
import numpy as np

from paperlib import PaperError, XorShift64Star, paper_numbers, parse_board, thousands

SEED = 0x9E3779B97F4A7C15  # the random board's generator seed (any fixed value)
MAX_TRIES = 100_000  # random boards drawn until one is feasible


def record_board(ctx):
    """The largest-numbered results/records/13x13/<moves>.txt, checked with `eval`."""
    folder = ctx.root / "results" / "records" / "13x13"
    boards = [p for p in folder.glob("*.txt") if p.stem.isdigit()]
    if not boards:
        raise PaperError(f"no record board <moves>.txt in {folder}")
    best = max(boards, key=lambda p: int(p.stem))
    walk = ctx.ms_json("eval", best)
    if not walk["feasible"] or walk["moves"] != int(best.stem):
        raise PaperError(f"{best}: eval says {walk['moves']} moves, the name says {best.stem}")
    return best, walk


def random_board(ctx, centre_rows, name):
    """A random feasible board of the centre's size with as many blocked cells, chosen uniformly
    among the cells other than S and E; redrawn until `eval` says feasible. Written to
    runs/NAME.txt (reused when there)."""
    path = ctx.runs / f"{name}.txt"
    if path.exists():
        return path, ctx.ms_json("eval", path)
    n_rows, n_cols = len(centre_rows), len(centre_rows[0])
    blocked = sum(row.count("#") for row in centre_rows)
    free = [(r, c) for r in range(n_rows) for c in range(n_cols) if centre_rows[r][c] not in "SE"]
    rng = XorShift64Star(SEED)
    tmp = ctx.runs / f"{name}.try.txt"
    for attempt in range(1, MAX_TRIES + 1):
        cells = list(free)
        for i in range(blocked):  # the first `blocked` places of a Fisher-Yates shuffle
            j = i + rng.below(len(cells) - i)
            cells[i], cells[j] = cells[j], cells[i]
        grid = [list(row.replace("#", ".")) for row in centre_rows]
        for r, c in cells[:blocked]:
            grid[r][c] = "#"
        tmp.write_text("".join("".join(row) + "\n" for row in grid))
        walk = ctx.ms_json("eval", tmp)
        if walk["feasible"]:
            tmp.replace(path)
            ctx.say(f"{name}: feasible after {attempt} draws")
            (ctx.runs / f"{name}.draws").write_text(f"{attempt}\n")
            return path, walk
    raise PaperError(f"no feasible random board in {MAX_TRIES} draws")


def hist_arrays(hist):
    values = np.array([float(v) for v in hist], dtype=float)
    counts = np.array(list(hist.values()), dtype=float)
    order = np.argsort(values)
    return values[order], counts[order]


def weighted_median(hist):
    values, counts = hist_arrays(hist)
    cum = np.cumsum(counts)
    return values[np.searchsorted(cum, cum[-1] / 2.0)]


def weighted_violin(ax, x, hist, colour, half_width=0.38):
    """A violin at x from a histogram value -> count: a Gaussian kernel density of log10(value)
    with the counts as weights (Scott's bandwidth on the effective sample size), cut at the
    smallest and largest value, drawn on a log y axis. Returns the median."""
    values, counts = hist_arrays(hist)
    logs = np.log10(np.maximum(values, 1.0))
    total = counts.sum()
    mean = (counts * logs).sum() / total
    sd = math.sqrt(max((counts * (logs - mean) ** 2).sum() / total, 0.0))
    n_eff = total ** 2 / (counts ** 2).sum()
    bw = max(sd * n_eff ** (-0.2), 0.02)
    lo, hi = logs.min(), logs.max()
    if hi - lo < 1e-9:
        lo, hi = lo - 0.02, hi + 0.02
    grid = np.linspace(lo, hi, 300)
    density = np.zeros_like(grid)
    for start in range(0, len(logs), 4096):  # in chunks: at most 4096 x 300 at once
        d = (grid[None, :] - logs[start:start + 4096, None]) / bw
        density += (counts[start:start + 4096, None] * np.exp(-0.5 * d * d)).sum(axis=0)
    density *= half_width / density.max()
    ax.fill_betweenx(10 ** grid, x - density, x + density, color=colour, alpha=0.55,
                     linewidth=0.8, edgecolor=colour)
    med = weighted_median(hist)
    ax.hlines([values[0], values[-1]], x - 0.08, x + 0.08, color="black", linewidth=0.8)
    ax.vlines(x, values[0], values[-1], color="black", linewidth=0.6)
    ax.plot([x], [med], marker="o", markersize=6, markerfacecolor="white",
            markeredgecolor="black", zorder=5)
    return med


def table(label, data):
    rows = [f"**{label}** (centre: {thousands(int(data['centre']))} moves)\n",
            "| distance | boards | feasible | better | equal | worse | min | median | max |",
            "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for d in data["by_distance"]:
        med = weighted_median(d["histogram"]) if d["feasible"] else None
        rows.append(
            f"| {d['distance']} | {thousands(d['boards'])} | {thousands(d['feasible'])} | "
            f"{thousands(d['better'])} | {thousands(d['equal'])} | {thousands(d['worse'])} | "
            + (f"{thousands(d['min'])} | {thousands(int(med))} | {thousands(d['max'])} |"
               if d["feasible"] else "- | - | - |"))
    rows.append(
        f"| all | {thousands(data['boards'])} | {thousands(data['feasible'])} | "
        f"{thousands(data['better'])} | {thousands(data['equal'])} | {thousands(data['worse'])} | "
        f"{thousands(data['min'])} | {thousands(int(weighted_median(data['histogram'])))} | "
        f"{thousands(data['max'])} |")
    return "\n".join(rows) + "\n"


def build(ctx):
    paper = paper_numbers()
    if ctx.tiny:
        centre = ctx.root / "configs" / "boards" / "optimum-6x6.txt"
        centre_walk = ctx.ms_json("eval", centre)
        radius, label = 2, "the optimal 6x6 maze"
    else:
        centre, centre_walk = record_board(ctx)
        radius, label = 3, "our best 13x13 maze"
    rows = parse_board(centre.read_text())
    grid = f"{len(rows)}x{len(rows[0])}"
    blocked = sum(r.count("#") for r in rows)
    rand_path, rand_walk = random_board(ctx, rows, f"neighbourhood-random-{grid}-{blocked}")
    rand_rows = parse_board(rand_path.read_text())
    draws = (ctx.runs / f"{rand_path.stem}.draws")
    draws = int(draws.read_text()) if draws.exists() else None

    data = {
        "centre": ctx.cached_json(f"neighbourhood-{grid}-{centre_walk['moves']}-r{radius}",
                                  "neighbourhood", centre, "--radius", radius),
        "random": ctx.cached_json(f"{rand_path.stem}-r{radius}",
                                  "neighbourhood", rand_path, "--radius", radius),
    }
    for key, walk in (("centre", centre_walk), ("random", rand_walk)):
        if int(data[key]["centre"]) != walk["moves"]:
            raise PaperError(f"neighbourhood centre {data[key]['centre']} != eval {walk['moves']}")

    # The figure: two panels on one log axis, one violin per distance.
    fig, axes = plt.subplots(1, 2, figsize=(11, 5.2), sharey=True)
    panels = [(axes[0], data["centre"], f"{label} ({thousands(centre_walk['moves'])} moves)",
               "#c0392b"),
              (axes[1], data["random"], f"a random {grid} board, {blocked} blocked cells "
               f"({thousands(rand_walk['moves'])} moves)", "#2e6fb5")]
    for ax, d, title, colour in panels:
        ticks = []
        for entry in d["by_distance"]:
            if entry["feasible"]:
                weighted_violin(ax, entry["distance"], entry["histogram"], colour)
            ticks.append(f"{entry['distance']}\n({thousands(entry['feasible'])} feasible)")
        ax.axhline(d["centre"], color="black", linestyle="--", linewidth=1)
        ax.text(0.52, d["centre"], f" centre board: {thousands(int(d['centre']))}",
                va="bottom", ha="left", fontsize=8)
        ax.set_xticks([e["distance"] for e in d["by_distance"]])
        ax.set_xticklabels(ticks, fontsize=8)
        ax.set_xlim(0.5, len(d["by_distance"]) + 0.5)
        ax.set_yscale("log")
        ax.set_xlabel("Hamming distance from the board")
        ax.set_title(title, fontsize=10)
        ax.grid(axis="y", which="major", alpha=0.3)
    axes[0].set_ylabel("moves (paper convention)")
    low = min(data["centre"]["min"], data["random"]["min"])
    high = max(data["centre"]["max"], data["random"]["max"], data["centre"]["centre"])
    axes[0].set_ylim(low / 1.6, high * 2.2)
    handles = [
        plt.Line2D([], [], color="black", linestyle="--", label="the centre board's score"),
        plt.Line2D([], [], marker="o", linestyle="", markerfacecolor="white",
                   markeredgecolor="black", label="median"),
        plt.Line2D([], [], color="black", linewidth=0.8, label="min to max"),
    ]
    fig.legend(handles=handles, loc="lower center", ncol=3, fontsize=8, frameon=False,
               bbox_to_anchor=(0.5, -0.04))
    fig.suptitle(f"Every feasible board within Hamming distance {radius}: moves, by distance "
                 f"(violin width: share of boards, kernel density of log10 moves)", fontsize=10)
    md = ctx.save(fig, "figure4-neighbourhood",
                  f"violins of the moves of every feasible board within Hamming distance "
                  f"{radius} of {label} and of a random board")

    c, r = data["centre"], data["random"]
    d1 = c["by_distance"][0]
    rmax = r["max"]
    rbest = r["best"]
    ctx.facts["neighbourhood"] = {"radius": radius, "centre": c["centre"], "better": c["better"]}
    out = ["## Figure 4: local search is limited\n"]
    out.append(
        f"The paper takes its best maze, M_{paper['best_13x13']['value']}, and scores every "
        f"feasible maze within Hamming distance {paper['figure4_radius']['value']} of it (a "
        f"neighbour differs in one cell). Some neighbours keep a high score, but one adjacent maze "
        f"(the brick that stops Squeaky walking straight to the exit removed) scores "
        f"{paper['figure4_adjacent_min']['value']}, the least possible. Around a random feasible "
        f"maze with the same number of blocked cells, which scores "
        f"{paper['figure4_random_maze']['value']}, no neighbour exceeds "
        f"{paper['figure4_random_neighbours_max']['value']}.\n")
    if ctx.tiny:
        out.append("*Tiny run:* the optimal 6x6 maze and a random 6x6 board, radius 2.\n")
    where = (f"[`{centre.relative_to(ctx.root)}`]({ctx.link(centre.relative_to(ctx.root))})")
    out.append(
        f"We do the same around {label}, {where} ({thousands(centre_walk['moves'])} moves, "
        f"{blocked} blocked cells), out to distance {radius}: "
        f"`mazesearch neighbourhood FILE --radius {radius} --json` scores "
        f"{thousands(c['boards'])} boards, of which {thousands(c['feasible'])} are feasible "
        f"(the infeasible ones cut the exit off). **{thousands(c['better'])}** of them "
        f"{'is' if c['better'] == 1 else 'are'} better than the centre"
        + (", so it is a local optimum out to distance " + str(radius) if c["better"] == 0
           else f" (the best: {thousands(int(c['best']['moves']))} moves at distance "
                f"{c['best']['distance']})")
        + f"; {thousands(c['equal'])} score the same and "
        f"the rest are worse. Flipping one cell already spreads the scores from "
        f"{thousands(d1['min'])} to {thousands(d1['max'])} moves, median "
        f"{thousands(int(weighted_median(d1['histogram'])))}; over the whole ball the median is "
        f"{thousands(int(weighted_median(c['histogram'])))} and the least is "
        f"{thousands(c['min'])} (paper convention; the paper's "
        f"{paper['figure4_adjacent_min']['value']} is the same walk counted as the Flash game "
        f"does, two more).\n")
    text_board = "\n".join(rand_rows)
    out.append(
        f"The random board: {blocked} cells blocked uniformly among those other than S and E by "
        f"a seeded xorshift64* generator (seed `{SEED:#x}`), drawn again until `eval` says "
        f"feasible{f' ({draws} draws)' if draws else ''}; it scores "
        f"{thousands(rand_walk['moves'])} moves:\n\n```\n{text_board}\n```\n")
    out.append(
        f"Of its {thousands(r['feasible'])} feasible neighbours within distance {radius}, "
        f"{thousands(r['better'])} are better, {thousands(r['equal'])} equal and "
        f"{thousands(r['worse'])} worse; the best scores {thousands(rmax)} moves "
        f"(at distance {rbest['distance']}), the median "
        f"{thousands(int(weighted_median(r['histogram'])))}. A local search from it has room to "
        f"climb, but only to boards that are still short walks"
        + (f"; around the centre board no change of up to {radius} cells gains anything.\n"
           if c["better"] == 0 else ".\n"))
    out.append(md + "\n")
    out.append("The violins are drawn from the engine's histograms (value -> number of boards) "
               "as kernel densities of log10(moves) weighted by the counts, cut at the least and "
               "the greatest value; the white dot is the median, the dashed line the centre "
               "board's score. The tables, from the same JSON (median from its histogram):\n")
    out.append(table(label, c))
    out.append(table(f"the random {grid} board", r))
    return "\n".join(out)
