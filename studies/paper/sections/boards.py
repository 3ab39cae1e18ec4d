"""Figures 1 and 2 redrawn, and the 7x7 optimum: boards walked by the engine, as heat maps."""


from paperlib import board_figure, paper_numbers, thousands

# (board file, where its reference comes from, the paper's figure or None)
BOARDS = [
    ("configs/boards/optimum-5x5.txt", "5x5", "optimum_5x5"),
    ("configs/boards/optimum-6x6.txt", "6x6", "optimum_6x6"),
    ("results/exhaustive/7x7/optimum.txt", "7x7", None),
]


def build(ctx):
    paper = paper_numbers()
    out = ["## Figures 1 and 2: one block, and the optimal small mazes\n"]
    walk, md = board_figure(
        ctx, "configs/boards/figure1-13x13.txt",
        "Figure 1: one blocked square, {moves} moves (Flash {flash})", "figure1",
        "Figure 1 redrawn: the 13x13 board with one blocked square")
    out.append(
        f"On the blank 13x13 board Squeaky walks straight to the exit; block the one square below "
        f"the start and he takes **{walk['moves']} moves** (Flash {walk['flash']}). The paper "
        f"gives {paper['figure1_moves']['value']} and, for the Flash game, "
        f"{paper['figure1_flash']['value']}.\n\n{md}\n")
    out.append(
        "The optimal mazes of the 5x5, 6x6 and 7x7 grids (start top left, exit bottom left), "
        "found by enumerating every board (below, \"Every small grid, exactly\"). Each open cell "
        "says how often Squeaky stood on it; the start and the exit are outlined.\n")
    out.append("| grid | moves | Flash | the paper |\n| --- | ---: | ---: | --- |")
    figures = []
    for path, grid, key in BOARDS:
        walk, md = board_figure(ctx, path, f"{grid}: {{moves}} moves", f"optimum-{grid}",
                                f"the optimal {grid} maze as a heat map of visits")
        theirs = paper[key]["value"] if key else None
        if theirs is None:
            said = "not solved (\"prohibitive\")"
        elif theirs == walk["moves"]:
            said = f"{theirs} (moves)"
        elif theirs == walk["flash"]:
            said = f"{theirs} (a Flash count)"
        else:
            said = f"{theirs} (differs)"
        out.append(f"| {grid} | {thousands(walk['moves'])} | {thousands(walk['flash'])} | {said} |")
        figures.append(md)
        ctx.facts[f"optimum_board_{grid}"] = walk
    out.append("")
    out.extend(f + "\n" for f in figures)
    return "\n".join(out)
