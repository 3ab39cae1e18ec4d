"""The games beside the mouse maze: the hexagonal cat trap (its proof, and lines of play against
the engine's trapper), Cat and Mouse (LeetCode 913) and Mousetrap (CEOI 2017). Every number is
the engine's output; Python only makes the inputs (seeded) and, for the cat trap, plays the cat."""

import json
import math
import re
import subprocess
from collections import deque

import matplotlib.pyplot as plt
from matplotlib.collections import PatchCollection
from matplotlib.patches import RegularPolygon

from paperlib import PaperError, XorShift64Star, parse_board, thousands

SEED = 0xC0FFEE_2016


# -- the hexagonal cat trap ---------------------------------------------------------------------

PROOF = re.compile(r"side (\d+), at most (\d+) blocks: proven.*\nnodes (\d+), leaves (\d+), "
                   r"most blocks on a line (\d+)")
DIRS = [(0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0)]  # the engine's neighbour order


def prove(ctx, side, turns):
    def make():
        text = ctx.ms("play", "cat-trap", "--prove", "--side", side, "--turns", turns)
        m = PROOF.search(text)
        if not m:
            raise PaperError(f"cat-trap --prove: unexpected output:\n{text}")
        return {"side": int(m[1]), "turns": int(m[2]), "nodes": int(m[3]),
                "leaves": int(m[4]), "most_blocks": int(m[5]), "output": text}
    return ctx.cached(f"games/cat-trap-prove-s{side}-t{turns}", make)


def play_cat(ctx, side, limit, pick):
    """One game of `play cat-trap --side N` with Python as the judge: the cat steps to a neighbour
    one step nearer to the unblocked border (breadth-first through unblocked cells), taking the
    first (pick=0) or the last (pick=-1) such neighbour in the engine's order. The engine's
    trapper answers each step; the engine checks every cat move and accepts WIN only for a cat
    really cut off. Returns the cat's cells and the blocks."""
    n1 = side - 1

    def on_board(r, c):
        return abs(r) <= n1 and abs(c) <= n1 and abs(r + c) <= n1

    def border(r, c):
        return max(abs(r), abs(c), abs(r + c)) == n1

    cells = [(r, c) for r in range(-n1, n1 + 1) for c in range(-n1, n1 + 1) if on_board(r, c)]
    proc = subprocess.Popen([ctx.bin, "play", "cat-trap", "--side", str(side)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    send(f"1 {limit}")
    cat, blocked, path, blocks, won = (0, 0), set(), [(0, 0)], [], False
    for _ in range(limit + 1):
        if border(*cat):
            break  # the cat leaves: the trapper lost (the proof says this never happens)
        dist = {p: 0 for p in cells if border(*p) and p not in blocked}
        queue = deque(dist)
        while queue:
            r, c = queue.popleft()
            for dr, dc in DIRS:
                q = (r + dr, c + dc)
                if on_board(*q) and q not in blocked and q not in dist:
                    dist[q] = dist[(r, c)] + 1
                    queue.append(q)
        if cat not in dist:
            send("WIN")
            won = True
            break
        steps = [(cat[0] + dr, cat[1] + dc) for dr, dc in DIRS]
        steps = [q for q in steps if q in dist and dist[q] == dist[cat] - 1]
        cat = steps[pick]
        path.append(cat)
        send(f"CAT {cat[0]} {cat[1]}")
        answer = proc.stdout.readline().split()
        if len(answer) != 3 or answer[0] != "BLOCK":
            break
        blocks.append((int(answer[1]), int(answer[2])))
        blocked.add(blocks[-1])
    proc.stdin.close()
    err = proc.stderr.read()
    status = proc.wait()
    if not won or status != 0:
        raise PaperError(f"play cat-trap --side {side}: the game did not end in WIN "
                         f"(status {status}): {err.strip()}")
    return {"side": side, "path": path, "blocks": blocks}


def hex_xy(r, c):
    return c + r / 2.0, -r * math.sqrt(3) / 2.0


def draw_hex(ax, game, title):
    side = game["side"]
    n1 = side - 1
    blocks = {tuple(b): i + 1 for i, b in enumerate(game["blocks"])}
    patches, colours = [], []
    for r in range(-n1, n1 + 1):
        for c in range(-n1, n1 + 1):
            if max(abs(r), abs(c), abs(r + c)) > n1:
                continue
            x, y = hex_xy(r, c)
            patches.append(RegularPolygon((x, y), 6, radius=1 / math.sqrt(3)))
            edge = max(abs(r), abs(c), abs(r + c)) == n1
            colours.append("#3b3b3b" if (r, c) in blocks else "#dce9f5" if edge else "#f4f4f4")
    ax.add_collection(PatchCollection(patches, facecolor=colours, edgecolor="white",
                                      linewidth=0.4))
    for (r, c), i in blocks.items():
        x, y = hex_xy(r, c)
        ax.text(x, y, str(i), ha="center", va="center", fontsize=5.5, color="white")
    xs, ys = zip(*(hex_xy(*p) for p in game["path"]))
    ax.plot(xs, ys, color="#c0392b", linewidth=1.6, marker="o", markersize=2.5)
    ax.plot([xs[0]], [ys[0]], marker="o", markerfacecolor="none", markeredgecolor="#1f4e9c",
            markeredgewidth=2, markersize=11, linestyle="")
    ax.plot([xs[-1]], [ys[-1]], marker="*", color="#c0392b", markersize=12, linestyle="")
    ax.set_aspect("equal")
    ax.set_xlim(-side - 0.5, side + 0.5)
    half = n1 * math.sqrt(3) / 2 + 1
    ax.set_ylim(-half, half)
    ax.axis("off")
    ax.set_title(title, fontsize=9)


# -- Cat and Mouse ----------------------------------------------------------------------------

def board_graph(rows):
    """The open cells of a board as LeetCode's adjacency list; returns (graph, index of S, C, E)."""
    ids = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != "#":
                ids[(r, c)] = len(ids)
    graph = [[] for _ in ids]
    for (r, c), v in ids.items():
        for q in ((r + 1, c), (r, c + 1), (r, c - 1), (r - 1, c)):
            if q in ids:
                graph[v].append(ids[q])
    where = {rows[r][c]: v for (r, c), v in ids.items() if rows[r][c] in "SCE"}
    return graph, where["S"], where["C"], where["E"]


def random_graph(rng, n):
    """A connected graph of n nodes: a random tree (each node joined to a random earlier one)
    plus n // 2 random extra edges (repeats and loops skipped), so about 3 neighbours a node."""
    edges = set()
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    for i in range(1, n):
        a, b = order[i], order[rng.below(i)]
        edges.add((min(a, b), max(a, b)))
    for _ in range(n // 2):
        a, b = rng.below(n), rng.below(n)
        if a != b:
            edges.add((min(a, b), max(a, b)))
    graph = [[] for _ in range(n)]
    for a, b in sorted(edges):
        graph[a].append(b)
        graph[b].append(a)
    return graph


def cat_mouse_random(ctx, sizes, per_size):
    def make():
        rng = XorShift64Star(SEED)
        folder = ctx.runs / "games" / "cat-mouse"
        folder.mkdir(parents=True, exist_ok=True)
        out = []
        for n in sizes:
            for i in range(per_size):
                graph = random_graph(rng, n)
                path = folder / f"n{n}-{i:03d}.json"
                path.write_text(json.dumps(graph))
                res = ctx.ms_json("solve", "cat-mouse", path)
                out.append({"n": n, "result": res["result"], "plies": res["plies"]})
        return out
    return ctx.cached(f"games/cat-mouse-random-{'-'.join(map(str, sizes))}-x{per_size}", make)


# -- Mousetrap --------------------------------------------------------------------------------

def random_tree(rng, n, family):
    """Edges of a tree on rooms 1..n: 'random' joins room i to a uniform earlier room (shallow,
    about log n deep); 'long' to one of the 3 rooms before it (long and thin)."""
    edges = []
    for i in range(2, n + 1):
        if family == "random":
            p = 1 + rng.below(i - 1)
        else:
            p = i - 1 - rng.below(min(3, i - 1))
        edges.append((p, i))
    return edges


def mousetrap_random(ctx, sizes, per_size, brute):
    def make():
        rng = XorShift64Star(SEED ^ 0x5EED)
        path = ctx.runs / "games" / "mousetrap-input.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        out = {"fast": [], "agree": 0, "brute": 0}
        for family in ("random", "long"):
            for n in sizes:
                for _ in range(per_size):
                    edges = random_tree(rng, n, family)
                    t = 1 + rng.below(n)
                    m = 1 + rng.below(n)
                    path.write_text(f"{n} {t} {m}\n" + "".join(f"{a} {b}\n" for a, b in edges))
                    ans = int(ctx.ms("solve", "mousetrap", path).split()[0])
                    out["fast"].append({"family": family, "n": n, "answer": ans,
                                        "same": t == m})
        for i in range(brute):  # the fast solver against the engine's exhaustive game search
            n = 2 + i % 9
            edges = random_tree(rng, n, "random" if i % 2 else "long")
            t, m = 1 + rng.below(n), 1 + rng.below(n)
            path.write_text(f"{n} {t} {m}\n" + "".join(f"{a} {b}\n" for a, b in edges))
            fast = int(ctx.ms("solve", "mousetrap", path).split()[0])
            slow = int(ctx.ms("solve", "mousetrap", "--brute-force", path).split()[0])
            out["brute"] += 1
            out["agree"] += fast == slow
        return out
    key = f"games/mousetrap-{'-'.join(map(str, sizes))}-x{per_size}-b{brute}"
    return ctx.cached(key, make)


# -- the section ------------------------------------------------------------------------------

def build(ctx):
    out = ["## The games\n",
           "Besides Squeaky's walk the engine solves four games exactly (docs/games.md); the k-mod "
           "traps are above. Here are the other three, each run through its own command.\n"]
    if ctx.tiny:
        out.append("*Tiny run:* fewer random graphs and trees, smaller sizes.\n")

    # (a) the hexagonal cat trap
    sides = [20] if ctx.tiny else [20, 21, 22, 23, 24]
    proofs = [prove(ctx, s, s - 2) for s in sides]
    p20 = proofs[0]
    games = [ctx.cached(f"games/cat-trap-line-s{p20['side']}-{name}",
                    lambda pick=pick: play_cat(ctx, p20["side"], p20["turns"], pick))
             for name, pick in (("first", 0), ("last", -1))]
    out.append("### The hexagonal cat trap\n")
    out.append(
        f"On the hexagon of side {p20['side']} the cat starts in the centre and steps towards the "
        f"nearest open border cell, taking any of several equally near ones; the trapper blocks "
        f"one cell a turn. `mazesearch play cat-trap --prove --side N --turns N-2` explores every "
        f"tie the cat can take at every turn against the engine's trapper:\n")
    out.append("| side | block limit | proven | nodes | leaves (lines of play) | most blocks on a line |")
    out.append("| ---: | ---: | --- | ---: | ---: | ---: |")
    for p in proofs:
        out.append(f"| {p['side']} | {p['turns']} | yes | {thousands(p['nodes'])} | "
                   f"{thousands(p['leaves'])} | {p['most_blocks']} |")
    out.append("")
    out.append(
        f"Every one of the {thousands(p20['leaves'])} lines on side {p20['side']} ends with the "
        f"cat cut off after at most {p20['most_blocks']} blocks. The proof prints its size, not "
        f"its lines, so the figure shows two of them played out: the report plays the cat (always "
        f"the first, or always the last, of the equally good steps in the engine's neighbour "
        f"order) against `mazesearch play cat-trap`, which answers each step and checks that the "
        f"cat's moves are legal and that it is cut off at the end.\n")
    fig, axes = plt.subplots(1, 2, figsize=(13, 5.4))
    for ax, g, name in zip(axes, games, ("first", "last")):
        draw_hex(ax, g, f"the cat takes the {name} tie: cut off after {len(g['blocks'])} blocks, "
                        f"{len(g['path']) - 1} steps")
    handles = [
        plt.Line2D([], [], marker="o", markerfacecolor="none", markeredgecolor="#1f4e9c",
                   markeredgewidth=2, linestyle="", label="the cat's start (the centre)"),
        plt.Line2D([], [], color="#c0392b", marker="o", markersize=3, label="the cat's steps"),
        plt.Line2D([], [], marker="*", color="#c0392b", linestyle="", markersize=10,
                   label="where it is cut off"),
        plt.Line2D([], [], marker="h", color="#3b3b3b", linestyle="", markersize=9,
                   label="blocked (number: the block's turn)"),
        plt.Line2D([], [], marker="h", color="#dce9f5", linestyle="", markersize=9,
                   label="border cells"),
    ]
    fig.legend(handles=handles, loc="lower center", ncol=5, fontsize=8, frameon=False,
               bbox_to_anchor=(0.5, 0.0))
    fig.suptitle(f"The cat trap, side {p20['side']} ({3 * p20['side'] * (p20['side'] - 1) + 1:,} "
                 f"cells): two lines of the proven strategy", fontsize=10)
    out.append(ctx.save(fig, "games-cat-trap", "two games of the hexagonal cat trap, side "
                        f"{p20['side']}, the cat's path and the trapper's numbered blocks") + "\n")

    # (b) Cat and Mouse
    out.append("### Cat and Mouse (LeetCode 913)\n")
    extra = ["budget.evaluations=5000"] if ctx.tiny else []
    folder = ctx.run("configs/games/cat-mouse.yaml", "games/cat-mouse-search", *extra)
    summary = json.loads((folder / "summary.json").read_text())
    rows = parse_board(summary["best_board"])
    graph, s, c, e = board_graph(rows)
    gpath = ctx.runs / "games" / "cat-mouse-best.json"
    gpath.write_text(json.dumps(graph))
    check = ctx.ms_json("solve", "cat-mouse", gpath, "--mouse", s, "--cat", c, "--hole", e)
    sizes = [4, 6, 8] if ctx.tiny else [4, 6, 8, 10, 12, 16, 20, 24, 32]
    per = 10 if ctx.tiny else 100
    games_cm = cat_mouse_random(ctx, sizes, per)

    verdict = {1: "mouse wins", 2: "cat wins", 0: "draw"}
    # The searched maze as the run drew it (its target's view: the cat's cell marked C).
    out.append(ctx.picture(folder / "best.svg", "games-cat-mouse-maze",
                           f"Cat and Mouse: the searched {len(rows)}x{len(rows[0])} maze, "
                           f"{verdict[check['result']]}") + "\n")
    fig, ax = plt.subplots(figsize=(7.5, 4.6))
    counts = {n: {k: 0 for k in (1, 2, 0)} for n in sizes}
    for g in games_cm:
        counts[g["n"]][g["result"]] += 1
    x = list(range(len(sizes)))
    bottom = [0.0] * len(sizes)
    for code, colour in ((1, "#2e8b57"), (2, "#c0392b"), (0, "#9e9e9e")):
        share = [100.0 * counts[n][code] / per for n in sizes]
        ax.bar(x, share, bottom=bottom, color=colour, label=verdict[code], width=0.7)
        bottom = [b + v for b, v in zip(bottom, share)]
    ax.set_xticks(x)
    ax.set_xticklabels([str(n) for n in sizes])
    ax.set_xlabel("nodes of the random graph")
    ax.set_ylabel(f"share of {per} graphs (%)")
    ax.set_ylim(0, 100)
    ax.set_title("outcome under optimal play (mouse on node 1, cat on 2, hole 0)", fontsize=9)
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    out.append(ctx.save(fig, "games-cat-mouse", "Cat and Mouse: the outcomes on random graphs")
               + "\n")
    longest = max((g for g in games_cm if g["plies"] is not None), key=lambda g: g["plies"])
    out.append(
        f"`mazesearch run configs/games/cat-mouse.yaml` searched "
        f"{thousands(summary['evaluations'])} feasible {len(rows)}x{len(rows[0])} mazes "
        f"(genetic, seed {summary['seed']}) for the longest forced win of the cat, and found one "
        f"of {summary['best_score']:g} plies (above: the mouse starts on S, the cat on C, the "
        f"hole is E). Turned into an adjacency list and given to `mazesearch solve cat-mouse "
        f"--mouse {s} --cat {c} --hole {e}`, the maze gives result {check['result']} "
        f"({verdict[check['result']]}) in {check['plies']} plies, "
        + ("the same as the search's score." if check["plies"] == summary["best_score"]
           and check["result"] == 2 else "**not** the search's score.")
        + f" Right: {per} connected random graphs for each size (a random spanning tree plus "
        f"n/2 random edges, a seeded xorshift64* generator), each solved by `solve cat-mouse`. "
        f"The longest decided game among them lasts {longest['plies']} plies "
        f"({verdict[longest['result']]}, {longest['n']} nodes).\n")
    out.append("| nodes | mouse wins | cat wins | draw |\n| ---: | ---: | ---: | ---: |")
    for n in sizes:
        out.append(f"| {n} | {counts[n][1]} | {counts[n][2]} | {counts[n][0]} |")
    out.append("")

    # (c) Mousetrap
    out.append("### Mousetrap (CEOI 2017)\n")
    sizes_t = [10, 30, 100] if ctx.tiny else [10, 30, 100, 300, 1000, 3000, 10000, 30000, 100000]
    per_t = 5 if ctx.tiny else 20
    brute = 20 if ctx.tiny else 300
    mt = mousetrap_random(ctx, sizes_t, per_t, brute)
    fig, ax = plt.subplots(figsize=(9, 4.4))
    for family, colour, dx in (("random", "#2e6fb5", -0.12), ("long", "#c0392b", 0.12)):
        for i, n in enumerate(sizes_t):
            vals = [g["answer"] for g in mt["fast"] if g["family"] == family and g["n"] == n]
            ax.scatter([i + dx + 0.03 * ((j % 5) - 2) for j in range(len(vals))], vals, s=12,
                       color=colour, alpha=0.6,
                       label=(f"{'uniform random' if family == 'random' else 'long and thin'} "
                              f"trees") if i == 0 else None)
            srt = sorted(vals)
            ax.plot([i + dx - 0.1, i + dx + 0.1], [srt[len(srt) // 2]] * 2, color="black",
                    linewidth=1.5)
    ax.set_xticks(range(len(sizes_t)))
    ax.set_xticklabels([f"{n:,}" for n in sizes_t])
    ax.set_xlabel("rooms n")
    ax.set_yscale("symlog", linthresh=10)
    ax.set_ylim(bottom=0)
    ax.set_ylabel("trapper's operations (blocks + cleans)\n(linear below 10, log above)")
    ax.set_title(f"Mousetrap on {per_t} random trees per size and family, trap and mouse in "
                 f"random rooms (bar: median)", fontsize=9)
    ax.legend(loc="upper left", fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    out.append(ctx.save(fig, "games-mousetrap", "Mousetrap: the trapper's operations on random "
                        "trees of growing size") + "\n")
    def median(family, n):
        vals = sorted(g["answer"] for g in mt["fast"] if g["family"] == family and g["n"] == n)
        return vals[len(vals) // 2]

    def top(family):
        return max(g["answer"] for g in mt["fast"] if g["family"] == family)

    first, last = sizes_t[0], sizes_t[-1]
    out.append(
        f"`mazesearch solve mousetrap` (the contest's input, answer on one line) on trees of "
        f"{first:,} to {last:,} rooms: uniform random trees (each room joined to a uniform "
        f"earlier one, about log n deep) and long thin ones (each room joined to one of the three "
        f"before it), {per_t} of each per size, the trap and the mouse in random rooms (the same "
        f"room scores 0). On the random trees the answer grows slowly: the median goes from "
        f"{median('random', first)} at {first:,} rooms to {median('random', last)} at {last:,} "
        f"(at most {top('random'):,}). On the long thin trees the mouse is usually far from the "
        f"trap, with side passages all along the way, and the median grows from "
        f"{median('long', first)} to {thousands(median('long', last))} (at most "
        f"{thousands(top('long'))}). As a check the fast solver was compared with the engine's "
        f"exhaustive game search (`--brute-force`) on {mt['brute']} random trees of 2 to 10 "
        f"rooms: "
        + ("they agree on all of them." if mt["agree"] == mt["brute"]
           else f"**only {mt['agree']} agree**.")
        + " (The engine prints no timing for this command, so none is shown.)\n")
    ctx.facts["games"] = {"cat_trap_leaves": p20["leaves"], "cat_mouse_plies": check["plies"]}
    return "\n".join(out)
