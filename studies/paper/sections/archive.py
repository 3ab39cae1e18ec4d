"""Quality diversity past the paper: a MAP-Annealing archive of 13x13 mazes, drawn as a heat map,
and where the measured comparison with population annealing leaves it."""

import json
import statistics

import matplotlib.pyplot as plt
from scipy.stats import mannwhitneyu

import plot
import plot_elites
from records import compare_rows
from paperlib import PaperError, thousands

CONFIG = "configs/records/13x13-map-annealing.yaml"
STUDY = "results/records/map-annealing-13x13.csv"  # 10 seeds a method, issue 48's comparison
PAGE = "results/records/map-elites.md"
BUDGET = 4000000
LONG = "results/records/runs-40m.csv"  # population annealing at LONG_BUDGET, 10 seeds
LONG_BUDGET = 40000000
# The study's sweeps at BUDGET (their folder names in the CSV's run column) and what they are.
METHODS = [("population-annealing", "population annealing, 8 chains"),
           ("anneal-8-resampled-100", "MAP-Annealing, 8 chains resampled every 100 moves"),
           ("anneal-8", "MAP-Annealing, 8 chains never resampled"),
           ("mutation", "MAP-Elites, mutation and crossover")]
# The other boards' comparisons: (board, its page, (CSV, sweep) of the resampled MAP-Annealing and
# of population annealing at the same budget).
OTHER_BOARDS = [
    ("Mouse Maze 2's 9x9 board", "results/records/passages-9x9.md",
     ("results/records/map-annealing-mm2.csv", "anneal-8-resampled-100-4000000"),
     ("results/records/map-annealing-mm2.csv", "population-annealing-4000000")),
    ("the hexagonal 13x13 board", "results/records/hex-13x13.md",
     ("results/records/map-elites-hex-13x13.csv", "hex-map-annealing-resampled-100-20000000"),
     ("results/records/runs-hex-13x13.csv", "hex-pa32-20000000"))]
# The best board of each 40 M run of the last LONG_METHODS row taken into population annealing.
REHEAT = "results/records/archive-reheat-13x13.csv"
REHEAT_BUDGET = 20000000
# At LONG_BUDGET: (CSV, sweep, what it is); the first is the method to beat.
LONG_METHODS = [
    (LONG, "pa32-tend", "population annealing, 32 chains, T to 0.015"),
    (LONG, "pa8", "population annealing, 8 chains"),
    (STUDY, "anneal-8-resampled-100", "MAP-Annealing, 8 chains resampled every 100 moves"),
    (STUDY, "anneal-8", "MAP-Annealing, 8 chains never resampled"),
    (STUDY, "anneal-32-tend-resampled-100",
     "MAP-Annealing, 32 chains, T to 0.015, resampled every 100 moves")]


def runs(ctx, path, sweep, n=10):
    """The best of each run of one sweep of a committed study's CSV (compare_rows.group: every
    run finished), at least n of them."""
    try:
        _, values = compare_rows.group(f"{ctx.root / path}:{sweep}")
    except ValueError as e:
        raise PaperError(str(e)) from None
    if len(values) < n:
        raise PaperError(f"{path}: fewer than {n} runs of {sweep}")
    return values


def table(head, lines):
    out = [f"| {head} | best | median | worst |", "| --- | ---: | ---: | ---: |"]
    for label, values in lines:
        out.append(f"| {label} | {thousands(max(values))} | "
                   f"{thousands(statistics.median(values))} | {thousands(min(values))} |")
    return out


def verdict(short, long, qd_best):
    """What the medians say, at BUDGET (short: label -> runs) and at LONG_BUDGET (long, the
    method to beat first), in words chosen by the numbers."""
    med = {label: statistics.median(v) for label, v in short.items()}
    pa, resampled, never, mutation = (label for _, label in METHODS)
    text = (f"Annealing children {'beat' if med[never] > med[mutation] else 'do not beat'} plain "
            f"mutation (medians {thousands(med[never])} and {thousands(med[mutation])}). Chains "
            f"that never meet {'lose to' if med[pa] > med[never] else 'match'} population "
            f"annealing ({thousands(med[pa])}); resampled by their Boltzmann weights as population "
            "annealing resamples its chains, while every board they try still goes to the "
            f"archive, they reach a median of {thousands(med[resampled])}. ")
    lmed = {label: statistics.median(v) for label, v in long.items()}
    pa32, pa8, resampled8, _, resampled32 = long

    def against(a, b):
        """(a's place against b: 'level with' unless Mann-Whitney, two-sided, says otherwise at
        5%; the words with the medians and p)."""
        p = mannwhitneyu(long[a], long[b], alternative="two-sided").pvalue
        word = "level with" if p >= 0.05 else ("ahead of" if lmed[a] > lmed[b] else "behind")
        return word, (f"{word} {b} (medians {thousands(lmed[a])} and {thousands(lmed[b])}, "
                      f"Mann-Whitney p = {p:.2g})")

    place, words = against(resampled32, pa32)
    text += (f"At {thousands(LONG_BUDGET)} evaluations the 8 resampled chains are "
             f"{against(resampled8, pa8)[1]}, and with population annealing's strongest settings "
             f"({resampled32}) MAP-Annealing is {words}; the best board of any archive walks "
             f"{thousands(qd_best)} moves. ")
    if qd_best < 60000:
        text += ("No archive holds a board above 60,000 moves: the archive "
                 f"{'costs population annealing nothing and ' if place != 'behind' else ''}"
                 "holds many basins side by side, but none of them deep. It is a map of where long "
                 "walks can be built, not a route to the record.")
    else:
        text += f"The archive is worth a longer hunt ({PAGE})."
    return text + "\n"


def other_boards(ctx):
    """What the resampled chains found on the other boards: the best of ten runs and the medians
    against population annealing's, from the studies' CSVs."""
    parts = []
    for board, page, (qd_csv, qd_sweep), (pa_csv, pa_sweep) in OTHER_BOARDS:
        qd, pa = runs(ctx, qd_csv, qd_sweep), runs(ctx, pa_csv, pa_sweep)
        than = "longer" if max(qd) > max(pa) else "no longer"
        parts.append(f"on {board} a board of {thousands(max(qd))} moves in one run of ten, {than} "
                     f"than population annealing's best ({thousands(max(pa))}), with a median of "
                     f"{thousands(statistics.median(qd))} against population annealing's "
                     f"{thousands(statistics.median(pa))} "
                     f"([{page.split('/')[-1]}]({ctx.link(page)}))")
    return ("\nThe same resampled chains found " + "; and ".join(parts) +
            ". A long board found once is a board, not a better method.\n")


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

    short = {label: runs(ctx, STUDY, f"{name}-{BUDGET}") for name, label in METHODS}
    # The study's first run of the figure's config.
    again = runs(ctx, STUDY, f"anneal-8-{BUDGET}")[0]
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
            f"[{STUDY.split('/')[-1]}]({ctx.link(STUDY)})):\n"]
    out += table("method", short.items())
    long = {label: runs(ctx, path, f"{sweep}-{LONG_BUDGET}")
            for path, sweep, label in LONG_METHODS}
    out += [f"\nAt {thousands(LONG_BUDGET)} evaluations, 10 seeds (population annealing's rows in "
            f"[{LONG.split('/')[-1]}]({ctx.link(LONG)})):\n"]
    out += table("method", long.items())
    qd_best = max(max(v) for (path, _, _), v in zip(LONG_METHODS, long.values()) if path == STUDY)
    out.append("\n" + verdict(short, long, qd_best))
    reheat = [runs(ctx, REHEAT, f"from-repeat-{r}-{REHEAT_BUDGET}", n=1)[0]
              for r in range(10)]
    out.append(f"\nTaken into population annealing for {thousands(REHEAT_BUDGET)} evaluations "
               "more (`initial=` each 40 M run's best board, "
               "`configs/records/13x13-reheat-pa.yaml`), the ten archives' "
               f"best basins reached {thousands(min(reheat))} to {thousands(max(reheat))} moves "
               f"([{REHEAT.split('/')[-1]}]({ctx.link(REHEAT)})): "
               f"{sum(v > 60000 for v in reheat)} above 60,000, "
               f"{sum(v > 80000 for v in reheat)} above 80,000.")
    out.append(other_boards(ctx))
    return "\n".join(out) + "\n"
