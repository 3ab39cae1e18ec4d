"""Section 4.3: every method on 6x6 for a million feasible evaluations, 20 seeds, beside the
paper's table; and how each method's best improves with evaluations."""

import json

import matplotlib.pyplot as plt

import plot
from sections import exhaustive
from paperlib import drop_columns, paper_numbers, thousands

# The paper's rows in its order, each with the paper's parameters and then our tuned ones.
METHODS = ["random", "hill-climbing", "annealing", "evolutionary", "genetic"]


def runs_of(ctx):
    """Runs (or reuses) the twenty seeds of every row; returns [(name, folder)]."""
    extra = ["repeats=3", "budget.evaluations=3000"] if ctx.tiny else []
    out = []
    for method in METHODS:
        for name in (method, f"{method}-tuned"):
            folder = ctx.run(f"configs/paper/{name}.yaml", f"table/{name}", *extra)
            out.append((name, folder))
    return out


def build(ctx):
    paper = paper_numbers()
    theirs = paper["optimum_6x6"]["value"]
    enumerated, _ = exhaustive.result(ctx, 6, 6)  # every 6x6 board walked, checked
    optimum = enumerated["optimum"]
    runs = runs_of(ctx)
    summaries = {name: json.loads((folder / "summary.json").read_text()) for name, folder in runs}
    first = summaries[runs[0][0]]
    # Without its wall-clock column: the report holds no time of this machine.
    table = drop_columns(ctx.ms("summarize", "--optimum", optimum,
                                *[folder for _, folder in runs]), {"seconds per run"})
    out = [
        "## Section 4.3: the search methods on 6x6\n",
        f"Each method searched the 6x6 grid until {thousands(first['evaluations'] // first['repeats'])} "
        f"feasible boards were evaluated (rejected boards not counted, as in the paper), "
        f"{first['repeats']} seeds a row: the paper's parameters (`configs/paper/METHOD.yaml`), "
        f"then ours, tuned on other seeds (`METHOD-tuned.yaml`). \"reference\" is the paper's "
        f"figure. The optimum: the paper gives {theirs} (Figure 2 and Section 4.3); our "
        f"enumeration of every 6x6 board (`mazesearch enumerate --rows 6 --cols 6`, checked "
        f"against `results/exhaustive/results/6x6.json`; \"Every small grid, exactly\" "
        f"below) gives **{optimum}**"
        + (", the same" if optimum == theirs else f", **not {theirs}**")
        + f"; \"reached {optimum}\" counts the runs that found it. The table is "
        f"`mazesearch summarize --optimum {optimum}` over the run folders.\n",
        table.strip() + "\n",
    ]
    # Convergence: the paper's parameters on the left, tuned on the right, same axes.
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.6), sharey=True)
    for ax, tuned in zip(axes, (False, True)):
        chosen = [(n, f) for n, f in runs if n.endswith("-tuned") == tuned]
        # The panel's title says which parameters: the method's name is label enough.
        loaded = [plot.load_run(f, label=summaries[n]["label"].split(",")[0]) for n, f in chosen]
        plot.draw_convergence(ax, loaded, x="evals", optimum=optimum,
                              ylabel="best moves so far (paper convention)")
        ax.set_title("tuned parameters" if tuned else "the paper's parameters")
    axes[1].set_ylabel("")
    fig.suptitle(f"6x6: the best board found against feasible evaluations "
                 f"(median of {first['repeats']} seeds, band: 25% to 75%, dotted: min and max)",
                 fontsize=10)
    out.append("How the best board improves: for each row, the median over the seeds of the best "
               "score found so far, with the middle half of the seeds shaded, from each run's "
               "`logbook.csv` (`studies/plot.py RUN_DIR...` draws the same for any runs).\n")
    out.append(ctx.save(fig, "convergence-6x6", "best score against evaluations, every method"))
    best = {n: s for n, s in summaries.items()}
    reached = [s["label"] for s in best.values() if s["best_score"] >= optimum]
    ctx.facts["table_reached_optimum"] = reached
    ctx.facts["table_summaries"] = best
    return "\n".join(out) + "\n"
