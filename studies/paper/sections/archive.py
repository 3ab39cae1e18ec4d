"""Quality diversity past the paper: a MAP-Annealing archive of 13x13 mazes, drawn as a heat map,
and where the measured comparison with population annealing leaves it."""

import csv
import json
import statistics

import matplotlib.pyplot as plt

import plot
import plot_elites
from paperlib import PaperError, thousands

CONFIG = "configs/records/13x13-map-annealing.yaml"
STUDY = "results/records/map-annealing-13x13.csv"  # 10 seeds a method, issue 48's comparison
PAGE = "results/records/map-elites.md"
BUDGET = 4000000
LONG = "results/records/runs-40m.csv"  # population annealing at LONG_BUDGET, 10 seeds
LONG_BUDGET = 40000000
# The study's sweeps at BUDGET (their folder names in the CSV's run column) and what they are.
METHODS = [("population-annealing", "population annealing, 8 chains"),
           ("anneal-8", "MAP-Annealing, 8 chains"),
           ("mutation", "MAP-Elites, mutation and crossover")]


def study_rows(ctx):
    """{sweep folder name: [best of each run]} of the committed study, every run finished."""
    rows = {}
    with open(ctx.root / STUDY) as f:
        for row in csv.DictReader(f):
            if row["status"] != "finished":
                raise PaperError(f"{STUDY}: {row['run']} is {row['status']}, not finished")
            rows.setdefault(row["run"].split("/")[0], []).append(int(row["best"]))
    for name, _ in METHODS:
        if len(rows.get(f"{name}-{BUDGET}", [])) < 10:
            raise PaperError(f"{STUDY}: fewer than 10 runs of {name}-{BUDGET}")
    return rows


def verdict(ctx, rows):
    """What the medians say, at BUDGET and at 40 M (the 40 M population annealing rows are in
    LONG), in words chosen by the numbers."""
    median = {name: statistics.median(rows[f"{name}-{BUDGET}"]) for name, _ in METHODS}
    with open(ctx.root / LONG) as f:
        long_pa = [int(r["best"]) for r in csv.DictReader(f)
                   if r["run"].startswith(f"pa32-tend-{LONG_BUDGET}/")]
    long_qd = rows.get(f"anneal-8-{LONG_BUDGET}", [])
    if len(long_pa) < 10 or len(long_qd) < 10:
        raise PaperError(f"{LONG} or {STUDY}: fewer than 10 runs at {thousands(LONG_BUDGET)}")
    pa, qd = statistics.median(long_pa), statistics.median(long_qd)
    text = (f"Annealing children {'beat' if median['anneal-8'] > median['mutation'] else 'do not beat'}"
            f" plain mutation (medians {thousands(median['anneal-8'])} and "
            f"{thousands(median['mutation'])}), and population annealing "
            f"{'beats' if median['population-annealing'] > median['anneal-8'] else 'does not beat'}"
            f" both ({thousands(median['population-annealing'])}). At "
            f"{thousands(LONG_BUDGET)} evaluations MAP-Annealing's median is {thousands(qd)} "
            f"against {thousands(pa)} for population annealing of 32 chains "
            f"([{LONG.split('/')[-1]}]({ctx.link(LONG)})), and its best archive's best board "
            f"walks {thousands(max(long_qd))} moves. ")
    if pa > qd and max(long_qd) < 60000:
        text += ("Population annealing's resampling moves the effort to the chains that do well, "
                 "and MAP-Annealing's chains never meet: the archive is a map of where long walks "
                 "can be built, not yet a route to the record.")
    else:
        text += f"The archive is worth a longer hunt ({PAGE})."
    return text + "\n"


def build(ctx):
    budget = 100000 if ctx.tiny else BUDGET
    # Repeat 0 of seed 1: the study's first anneal-8 run, made again.
    folder = ctx.run(CONFIG, "archive-13x13", "repeats=1", "threads=1",
                     f"budget.evaluations={budget}", "checkpoint_seconds=60")
    summary = json.loads((folder / "summary.json").read_text())
    measures = summary["measures"]
    run = plot.open_run(folder)
    [(_, grid, axes)] = plot_elites.archive_grids(run)

    fig, ax = plt.subplots(figsize=(6.2, 5.0))
    image = plot_elites.draw_archive(ax, grid, axes)
    fig.colorbar(image, ax=ax, label="moves of the cell's board (paper convention)")
    ax.set_title(f"MAP-Annealing on 13x13, {thousands(budget)} evaluations: "
                 f"{ax.get_title()}", fontsize=9)
    picture = ctx.save(fig, "archive-13x13",
                       "the archive as a heat map: for each cell of the board, the longest walk "
                       "found whose most-visited cell is there")

    rows = study_rows(ctx)
    again = rows[f"anneal-8-{BUDGET}"][0]
    best = int(summary["best_score"])
    out = ["## Quality diversity: an archive of 13x13 mazes\n",
           "Every search above climbs one score, and on 13x13 they all end in the same few "
           "basins. MAP-Elites (Mouret and Clune, 2015) keeps instead the best board for each "
           "cell of a grid of behaviours; here the behaviour is where the walk's most-visited "
           "cell sits, so the archive holds, for each of the 169 cells of the board, the longest "
           "walk found that piles its visits up there. MAP-Annealing makes the archive's children "
           "by annealing chains that start on its elites "
           f"(`{CONFIG}`, `budget.evaluations={budget}`, repeat 0 of seed 1).\n",
           picture, "",
           f"The run holds {int(measures['elites'])} of 169 cells "
           f"(coverage {measures['coverage']:.3f}), {thousands(int(measures['qd_score']))} moves "
           f"in all (the QD-score), and its best board walks {thousands(best)} moves "
           "(the star). "]
    if ctx.tiny:
        out[-1] += f"In this tiny run only to {thousands(budget)} evaluations.\n"
    elif best == again:
        out[-1] += (f"That is the study's first run to the move ({thousands(again)}): the archive "
                    "repeats from its seed on any machine.\n")
    else:
        out[-1] += (f"The study's first run ended at {thousands(again)}, not {thousands(best)}: "
                    "the run does not repeat (a bug to look into).\n")

    out += [f"At {thousands(BUDGET)} evaluations, over 10 seeds ([{PAGE}]({ctx.link(PAGE)}), rows in "
            f"[{STUDY.split('/')[-1]}]({ctx.link(STUDY)})):\n",
            "| method | best | median | worst |", "| --- | ---: | ---: | ---: |"]
    for name, label in METHODS:
        values = rows[f"{name}-{BUDGET}"]
        out.append(f"| {label} | {thousands(max(values))} | "
                   f"{thousands(statistics.median(values))} | {thousands(min(values))} |")
    out.append("\n" + verdict(ctx, rows))
    return "\n".join(out) + "\n"
