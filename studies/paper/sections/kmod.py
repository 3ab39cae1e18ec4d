"""Figure 5 redone: the smallest grids on which some board traps a k-mod mouse forever, proven by
the engine's exhaustive decision-tree search (`mazesearch solve kmod-trap --json`), each trap
walked again by `eval --kmod K --visits` and drawn by `render --kmod K`."""

from paperlib import PaperError, paper_numbers, thousands


def plan(ctx):
    """(k from, k to, max cells) for the start top left and exit bottom left, and the same for
    any start and exit."""
    if ctx.tiny:
        return (2, 3, 12), (2, 3, 4)
    return (2, 12, 30), (2, 9, 20)


def solve(ctx, k_from, k_to, cells, any_placement):
    tag = "any" if any_placement else "default"
    args = ["solve", "kmod-trap", "--k", k_from, "--k-to", k_to, "--max-cells", cells]
    if any_placement:
        args.append("--any-placement")
    (ctx.runs / "kmod").mkdir(exist_ok=True)
    value = ctx.cached_json(f"kmod/trap-{tag}-k{k_from}-{k_to}-c{cells}", *args)
    return value if isinstance(value, list) else [value]


def smallest(result):
    """The grid of a k's answer whose trapping board has the fewest open cells (the first such)."""
    return min(result["grids"], key=lambda g: g["smallest_open_cells"])


def walk(ctx, k, board, tag):
    """`eval --kmod K --visits` on the board, which must report a trap."""
    path = ctx.runs / "kmod" / f"{tag}-k{k}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(board)
    w = ctx.ms_json("eval", path, "--kmod", k, "--visits")
    if not w.get("trapped"):
        raise PaperError(f"{path}: the solver's trap for k = {k} is not trapped by eval --kmod")
    return w


def figure(ctx, results, tag, name, title, alt):
    """The smallest trap of each k, walked by `eval --kmod` and drawn by `render --kmod`, side
    by side in one figure."""
    found = [r for r in results if r["cells"] is not None]
    walks, panels = {}, []
    for r in found:
        g = smallest(r)
        w = walk(ctx, r["k"], g["board"], tag)
        walks[r["k"]] = w
        board = ctx.runs / "kmod" / f"{tag}-k{r['k']}.txt"  # as walk() wrote it
        panels.append((board, f"k = {r['k']}: {g['rows']} x {g['cols']}, "
                              f"{g['smallest_open_cells']} open cells, a state repeats after "
                              f"{w['moves_before_trap']} moves", ["--kmod", r["k"]]))
    return walks, ctx.render_panels(panels, name, alt, min(4, len(panels)), title)


def grids_text(r):
    return ", ".join(f"{g['rows']} x {g['cols']}" for g in r["grids"])


def trapping_text(r):
    return " + ".join("many" if g["trapping_boards"] is None else thousands(g["trapping_boards"])
                      for g in r["grids"])


def build(ctx):
    paper = paper_numbers()
    (k0, k1, cells), (a0, a1, acells) = plan(ctx)
    default = solve(ctx, k0, k1, cells, False)
    anyp = solve(ctx, a0, a1, acells, True)
    any_by_k = {r["k"]: r for r in anyp}

    walks, md = figure(
        ctx, default, "default", "figure5-kmod-traps",
        "The smallest trapping boards, start top left, exit bottom left: colour and number, each "
        "open cell's visits until the walk repeats a state (the exit's 0: never reached)",
        "the smallest boards that trap a k-mod mouse, one panel per k, coloured by visits")
    _, md_any = figure(
        ctx, anyp, "any", "figure5-kmod-traps-any-placement",
        "The smallest trapping boards with the start and the exit anywhere (colour and number: "
        "visits until a state repeats)",
        "the smallest boards that trap a k-mod mouse when start and exit may be anywhere")

    out = ["## Figure 5: mice who cannot count properly\n"]
    out.append(
        f"A k-mod mouse keeps its counts modulo k, and, unlike Squeaky, can be trapped forever. "
        f"The paper shows traps for k = "
        f"{', '.join(str(k) for k in paper['kmod_traps']['value'])}: the 2-mod and the 3-mod "
        f"mouse on a single path, and a larger maze for the 6-mod mouse, found by hand. We ask "
        f"for the smallest: `mazesearch solve kmod-trap --k {k0} --k-to {k1} --max-cells {cells}` "
        f"tries every grid of 2, 3, ... cells up to {cells} and on each every board at once, by a "
        f"decision tree over the cells the walk looks at, so a grid with no trap is proven to "
        f"have none; every board it reports is walked again here by `eval --kmod K --visits`, "
        f"which confirms the trap.\n")
    if ctx.tiny:
        out.append("*Tiny run:* k = 2 and 3 only.\n")
    out.append(
        "| k | smallest grid(s) | cells | fewest open cells | trapping boards | escaping boards "
        "| grids searched | decision-tree leaves | any start and exit: cells |")
    out.append("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    missing = []
    for r in default:
        a = any_by_k.get(r["k"])
        a_text = ("not run" if a is None else
                  f"none up to {a['max_cells']}" if a["cells"] is None else str(a["cells"]))
        if r["cells"] is None:
            missing.append(r)
            out.append(f"| {r['k']} | none up to {r['max_cells']} cells | - | - | - | - | "
                       f"{r['grids_searched']} | {thousands(r['leaves'])} | {a_text} |")
            continue
        out.append(
            f"| {r['k']} | {grids_text(r)} | {r['cells']} | {smallest(r)['smallest_open_cells']} | "
            f"{trapping_text(r)} | "
            f"{' + '.join(thousands(g['escaping_boards']) for g in r['grids'])} | "
            f"{r['grids_searched']} | {thousands(r['leaves'])} | {a_text} |")
    out.append("")
    out.append(
        "(Start top left, exit bottom left, as in the rest of the paper; \"trapping boards\" and "
        "\"escaping boards\" count every board of the smallest grid, one number per grid. "
        "The last column is the same search with `--any-placement`, "
        f"every start and exit, for k = {a0} to {a1} up to {acells} cells.)\n")
    out.append(md + "\n")
    found = [r for r in default if r["cells"] is not None]
    if found:
        sizes = ", ".join(f"{r['cells']} (k = {r['k']})" for r in found)
        out.append(
            f"With the start and the exit in the paper's corners, the smallest trapping grids have "
            f"{sizes} cells. The boards drawn are the solver's smallest trapping board of that "
            f"grid: the cells the trapped walk uses plus the shortest link to the exit through "
            f"cells it never looked at (the cells with 0 visits). The counts are the walk's true "
            f"visits up to the moment a state (position and every count mod k) repeats; the engine "
            f"does not single out the cycle, so the trap's cells are not marked apart.\n")
    small = [r for r in anyp if r["cells"] is not None]
    if small:
        paths = [r["k"] for r in small
                 if any(min(g["rows"], g["cols"]) == 1 for g in r["grids"])]
        out.append(
            "With the start and the exit anywhere the traps are smaller: "
            + ", ".join(f"{r['cells']} cells for k = {r['k']}" for r in small)
            + (f". For k = {', '.join(map(str, paths))} the smallest grid is a single path, as in "
               f"the paper's Figure 5." if paths else ".") + "\n")
        out.append(md_any + "\n")
    if missing:
        out.append(
            "No trap was found within the cells searched for k = "
            + ", ".join(f"{r['k']} (up to {r['max_cells']} cells)" for r in missing)
            + ": the smallest trap for these is larger, or needs another start and exit.\n")
    else:
        out.append(f"Every k from {k0} to {k1} has a trap within {cells} cells.\n")
    ctx.facts["kmod"] = {r["k"]: r["cells"] for r in default}
    return "\n".join(out)
