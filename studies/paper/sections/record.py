"""The 13x13 record: the board, and the search that found it, run again from its seed."""

import csv
import json
import re

import matplotlib.pyplot as plt

import plot
from paperlib import PaperError, board_figure, paper_numbers, resolved_config, thousands

RECORDS = "results/records/13x13"
SERIES_SEED = 1  # the hunt's master seed: its chains are in chains-seed<SEED>.csv


def record_chain(ctx):
    """The chains of the recorded hunt (chains-seed1.csv) and the one that found the record."""
    with open(ctx.root / RECORDS / f"chains-seed{SERIES_SEED}.csv") as f:
        chains = list(csv.DictReader(f))
    best = max(chains, key=lambda c: int(c["best"]))
    return chains, best


def published(ctx):
    """The published boards, by moves (their file names), best first."""
    return sorted((int(p.stem) for p in (ctx.root / RECORDS).glob("*.txt") if p.stem.isdigit()),
                  reverse=True)


def provenance(ctx, record):
    """How the record was found: the first config its page (<moves>.md) names, and that config's
    label. A page that names none is an error: a record must say where it came from."""
    page = ctx.root / RECORDS / f"{record}.md"
    text = page.read_text() if page.exists() else ""
    found = re.search(r"configs/records/[\w.-]+\.yaml", text)
    if not found:
        raise PaperError(f"{page}: names no configs/records/*.yaml, so the report cannot say "
                         f"how the record was found")
    config = found.group(0)
    return config, resolved_config((ctx.root / config).read_text()).get("label", config)


def build(ctx):
    paper = paper_numbers()
    chains, chain = record_chain(ctx)
    record = published(ctx)[0]
    index = int(chain["chain"].split("-")[1])
    # The record's chain again, alone, to the evaluation that found its best board.
    found_at = int(chain["found_at_evaluation"])
    budget = 200000 if ctx.tiny else found_at
    folder = ctx.run("configs/records/13x13-hunt.yaml", "record-chain", f"first_repeat={index}",
                     "repeats=1", "threads=1", f"budget.evaluations={budget}",
                     "checkpoint_seconds=60")
    summary = json.loads((folder / "summary.json").read_text())
    again = int(summary["best_score"])

    walk, board_md = board_figure(ctx, f"{RECORDS}/{record}.txt",
                                  "13x13 record: {moves:,} moves (Flash {flash:,})", "record-13x13",
                                  "the 13x13 record board as a heat map of visits, log scale")
    by_hunt = record == int(chain["best"])
    config, method = provenance(ctx, record)
    found = ("" if by_hunt else
             f" It was found by {method} (`{config}`); the record hunt's lone annealing chains, "
             f"below, reached {thousands(int(chain['best']))} at best.")
    out = ["## 13x13: past the paper's best maze\n",
           f"The paper's uniform-crossover GA found \"a large number of mazes with > "
           f"{thousands(paper['ga_13x13_claim']['value'])} visits\", and its best maze, "
           f"M_{paper['best_13x13']['value']} ({thousands(paper['best_13x13']['value'])}), came "
           f"from local search around Drizen's hand-made "
           f"{thousands(paper['drizen_13x13']['value'])}. Our record takes "
           f"**{thousands(walk['moves'])} moves** (Flash {thousands(walk['flash'])}), "
           f"{walk['moves'] / paper['best_13x13']['value']:.2f} times M_36314; its most visited "
           f"cell is stood on {thousands(walk['max_visits'])} times "
           f"([the board]({ctx.link(f'{RECORDS}/{record}.md')}), "
           f"[how it was found]({ctx.link('results/records/13x13.md')})).{found}\n",
           board_md, ""]

    fig, (left, right) = plt.subplots(1, 2, figsize=(12.5, 4.6),
                                      gridspec_kw={"width_ratios": [1.5, 1]})
    run = plot.load_run(folder, label=f"chain {index} of the hunt, run again")
    # Linear evaluations: an annealing chain finds its long walks late, as it cools.
    plot.draw_convergence(left, [run], x="evals", ylabel="best moves so far (paper convention)",
                          linear_x=True)
    for value, text, style in ((paper["best_13x13"]["value"],
                                f"the paper's best, M_{paper['best_13x13']['value']}", "--"),
                               (paper["ga_13x13_claim"]["value"], f"the paper's GA: > {thousands(paper['ga_13x13_claim']['value'])}",
                                ":")):
        left.axhline(value, color="grey", linestyle=style, linewidth=1)
        left.text(left.get_xlim()[0] + 0.02 * (left.get_xlim()[1] - left.get_xlim()[0]), value * 1.02, text, fontsize=8, color="dimgrey")
    left.set_title(("The record's chain" if by_hunt else "The lone chains' best")
                   + ": annealing with relative acceptance", fontsize=10)
    names = [c["chain"].replace("repeat-", "") for c in chains]
    right.bar(names, [int(c["best"]) for c in chains], color="#3a6ea5",
              label="the chain's best board")
    right.scatter(names, [int(c["climbed"]) for c in chains], color="#d95f02", zorder=3, s=18,
                  label="after a radius-2 climb")
    right.axhline(paper["best_13x13"]["value"], color="grey", linestyle="--", linewidth=1,
                  label=f"the paper's best ({thousands(paper['best_13x13']['value'])})")
    right.set_xlabel(f"chain (master seed {SERIES_SEED}, "
                     f"{thousands(int(chain['evaluations']))} evaluations each)")
    right.set_ylabel("moves (paper convention)")
    right.tick_params(axis="x", labelrotation=90, labelsize=8)  # chain numbers run to 4 digits
    right.set_title("Every chain of the first hunt", fontsize=10)
    right.legend(loc="upper left", fontsize=8)
    right.set_ylim(0, max(int(c["climbed"]) for c in chains) * 1.25)
    history = ctx.save(fig, "record-history", "the record chain's best against evaluations")

    over = sum(1 for c in chains if int(c["climbed"]) > paper["best_13x13"]["value"])
    out.append(
        f"**The search history.** The record hunt (`configs/records/13x13-hunt.yaml`) runs "
        f"independent annealing chains of {thousands(int(chain['evaluations']))} evaluations, "
        f"each from its own seed. Of its first {len(chains)} chains, {over} ended above "
        f"M_36314 (right; {RECORDS}/chains-seed{SERIES_SEED}.csv). Chain {index} found "
        f"{'the record' if by_hunt else 'its best board'} at "
        f"evaluation {thousands(found_at)}. This report runs that chain again alone "
        f"(`mazesearch run configs/records/13x13-hunt.yaml first_repeat={index} repeats=1 "
        f"budget.evaluations={budget}`), left: ")
    if ctx.tiny:
        out.append(f"in this tiny run only to {thousands(budget)} evaluations, where its best "
                   f"is {thousands(again)}.\n")
    elif again == int(chain["best"]):
        out.append(f"it ends on the chain's recorded best, {thousands(again)} moves: "
                   f"{'the record' if by_hunt else 'that board'} is reproducible from its seed "
                   f"on any machine.\n")
    else:
        out.append(f"it ends at {thousands(again)} moves, not {chain['best']}: the run "
                   f"does not repeat the record (a bug to look into).\n")
    out.append(history)
    ctx.facts["record"] = walk
    ctx.facts["record_method"] = None if by_hunt else method
    ctx.facts["record_again"] = again
    return "\n".join(out) + "\n"
