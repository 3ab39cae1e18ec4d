"""What every section of the report shares: running the engine, reusing finished runs, saving
figures (PNG and SVG). A board is drawn by the engine alone (`mazesearch render`, the drawing of
engine/pictures/, or a run's best.svg), its PNG converted by rsvg-convert; matplotlib draws the
charts.

A section is a module of `sections/` with a function `build(ctx)` that returns its Markdown.
Every number it prints comes from a file the engine wrote or from `paper_numbers.json` (the
paper's own figures, each with where the paper gives it), never typed into the text.
"""

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
# The same figure twice gives the same SVG bytes: fixed element ids, no date (below).
matplotlib.rcParams["svg.hashsalt"] = "mazesearch"
import matplotlib.pyplot as plt  # noqa: E402


class PaperError(Exception):
    """A step of the report failed; the message says which and why."""


class Context:
    """Where things are and how big the budgets are.

    root: the repository; bin: the mazesearch command; out: the folder of REPORT.md (figures go
    in out/figures); runs: the folder of the run folders the report makes (reused when
    finished); tiny: small budgets, for the test that checks every figure is produced; stage:
    where the figures are drawn (stage/figures) until the whole report is made and moved into
    out (default: out itself). Links in the report are relative to out either way.
    """

    def __init__(self, root, binary, out, runs, tiny=False, threads=0, quiet=False, stage=None):
        self.root = Path(root).resolve()
        self.bin = str(Path(binary).resolve())
        self.out = Path(out).resolve()
        self.stage = Path(stage).resolve() if stage else self.out
        self.runs = Path(runs).resolve()
        self.tiny = tiny
        self.threads = threads
        self.quiet = quiet
        self.figures = []  # names of the figures written, in order
        self.facts = {}  # numbers one section finds and a later one quotes
        (self.stage / "figures").mkdir(parents=True, exist_ok=True)
        self.runs.mkdir(parents=True, exist_ok=True)

    def say(self, text):
        if not self.quiet:
            print(f"paper: {text}", file=sys.stderr, flush=True)

    # -- the engine -----------------------------------------------------------------------------

    def ms(self, *args, cwd=None):
        """Runs `mazesearch ARGS...` in the repository and returns its standard output."""
        cmd = [self.bin, *[str(a) for a in args]]
        done = subprocess.run(cmd, cwd=cwd or self.root, capture_output=True, text=True)
        if done.returncode != 0:
            raise PaperError(
                f"`mazesearch {' '.join(cmd[1:])}` failed with status {done.returncode}:\n"
                + done.stderr.strip()[-2000:]
            )
        return done.stdout

    def ms_json(self, *args):
        """`mazesearch ARGS... --json`, parsed (one object; JSON Lines give a list)."""
        text = self.ms(*args, "--json").strip()
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return [json.loads(line) for line in text.splitlines() if line.strip()]

    def run(self, config, name, *overrides):
        """The run folder runs/NAME of `mazesearch run CONFIG OVERRIDES`: reused when finished,
        resumed when interrupted, made otherwise.

        A folder is reused or resumed only when it was made with the same settings: its resolved
        config (config.yaml) must equal the one `run ... --dry-run` resolves now, budgets
        included (the output path aside). A folder made with other settings (a --tiny run's
        budgets, an edited config) is moved aside to NAME.set-aside-N, kept and never read,
        and the run is made again."""
        folder = self.runs / name
        cmd = ["run", self.root / config, f"output={folder}", "-q", *overrides]
        if (folder / "config.yaml").exists():
            wanted = resolved_config(self.ms(*cmd, "--dry-run"))
            have = resolved_config((folder / "config.yaml").read_text())
            if have != wanted:
                aside = set_aside(folder)
                self.say(f"{name}: {folder} was made with other settings "
                         f"({config_difference(have, wanted)}): moved to {aside.name}, "
                         f"running again")
        status = folder / "status"
        if status.exists() and status.read_text().strip() == "finished":
            self.say(f"{name}: reusing {folder}")
            return folder
        if (folder / "config.json").exists():
            self.say(f"{name}: resuming {folder}")
            self.ms("resume", folder, "-q")
        else:
            self.say(f"{name}: running {config} {' '.join(overrides)}")
            folder.parent.mkdir(parents=True, exist_ok=True)
            self.ms(*cmd)
        return folder

    def cached(self, name, make):
        """runs/NAME.json: the JSON value make() returns, made once and reused after (written
        whole: a killed run leaves no half file)."""
        path = self.runs / f"{name}.json"
        if path.exists():
            return json.loads(path.read_text())
        path.parent.mkdir(parents=True, exist_ok=True)
        value = make()
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(value))
        os.replace(tmp, path)
        return value

    def cached_json(self, name, *args):
        """`mazesearch ARGS... --json` once; the answer is kept in runs/NAME.json."""
        def make():
            self.say(f"{name}: mazesearch {' '.join(str(a) for a in args)}")
            return self.ms_json(*args)
        return self.cached(name, make)

    # -- figures --------------------------------------------------------------------------------

    def save(self, fig, name, alt):
        """Writes figures/NAME.png and .svg and returns the Markdown that shows it."""
        for ext in ("png", "svg"):
            fig.savefig(self.stage / "figures" / f"{name}.{ext}", dpi=150, bbox_inches="tight",
                    metadata={"Date": None} if ext == "svg" else None)
        plt.close(fig)
        return self.shown(name, alt)

    def shown(self, name, alt):
        """Counts figures/NAME.png and .svg, written, as a figure of the report; the Markdown
        that shows it."""
        self.figures.append(name)
        return f"![{alt}](figures/{name}.png)\n\n[SVG](figures/{name}.svg)"

    def render(self, board_file, title, name, alt, *options):
        """A board as the engine draws it (`mazesearch render`, engine/pictures/: cells coloured
        by visits, each open cell's count in it, start and exit outlined, a legend; `options`
        such as --kmod K go to render): figures/NAME.svg, and figures/NAME.png converted from it
        by rsvg-convert (librsvg2-bin) at twice its size. Returns the Markdown that shows it."""
        svg = self.stage / "figures" / f"{name}.svg"
        self.ms("render", board_file, "-o", svg, "--title", title, "--cell-pixels", BOARD_PIXELS,
                *options)
        self.png_of(svg)
        return self.shown(name, alt)

    def render_panels(self, panels, name, alt, columns, title):
        """Several boards as the engine draws them, side by side in rows of `columns`, in one
        figure: each panel (board_file, title, render options) drawn by `mazesearch render`,
        the pictures placed in one SVG as they are (their ids made their own), the PNG
        converted from it. Returns the Markdown that shows it."""
        pictures = []
        for i, (board_file, panel_title, options) in enumerate(panels):
            part = self.stage / "figures" / f"{name}.part{i}.svg"
            self.ms("render", board_file, "-o", part, "--title", panel_title, "--cell-pixels",
                    BOARD_PIXELS, *options)
            pictures.append(part.read_text())
            part.unlink()
        svg = self.stage / "figures" / f"{name}.svg"
        svg.write_text(side_by_side(pictures, columns, title))
        self.png_of(svg)
        return self.shown(name, alt)

    def picture(self, svg_file, name, alt):
        """A picture the engine drew already (a run's best.svg, drawn by its target's view):
        figures/NAME.svg as it is, and its PNG. Returns the Markdown that shows it."""
        svg = self.stage / "figures" / f"{name}.svg"
        svg.write_bytes(Path(svg_file).read_bytes())
        self.png_of(svg)
        return self.shown(name, alt)

    def png_of(self, svg):
        """svg's PNG beside it, by rsvg-convert at twice the size, on white."""
        png = svg.with_suffix(".png")
        try:
            done = subprocess.run(["rsvg-convert", "--zoom", "2", "--background-color", "white",
                                   "-o", png, svg], capture_output=True, text=True)
        except FileNotFoundError:
            raise PaperError("rsvg-convert not found: the board figures' PNG are converted from "
                             "the engine's SVG by it (make deps installs librsvg2-bin)") from None
        if done.returncode != 0:
            raise PaperError(f"rsvg-convert {svg} failed with status {done.returncode}:\n"
                             + done.stderr.strip()[-2000:])

    def link(self, path):
        """A repository file as a link from REPORT.md."""
        return os.path.relpath(self.root / path, self.out)


def resolved_config(text):
    """A resolved config as `mazesearch run --dry-run` prints it (and config.yaml holds it):
    {dotted key: value text}, the `output` key left out (the folder may have been moved)."""
    flat, path = {}, []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        depth = (len(line) - len(line.lstrip(" "))) // 2
        key, _, value = line.strip().partition(":")
        path = path[:depth] + [key]
        if value.strip():
            flat[".".join(path)] = value.strip()
    flat.pop("output", None)
    return flat


def config_difference(have, wanted):
    """The keys on which two resolved configs differ, as `key: A there, B now`."""
    keys = sorted(set(have) | set(wanted))
    return "; ".join(f"{k}: {have.get(k, 'unset')} there, {wanted.get(k, 'unset')} now"
                     for k in keys if have.get(k) != wanted.get(k))


def set_aside(folder):
    """Renames a run folder to the first free FOLDER.set-aside-N; the new path."""
    n = 1
    while folder.with_name(f"{folder.name}.set-aside-{n}").exists():
        n += 1
    aside = folder.with_name(f"{folder.name}.set-aside-{n}")
    os.rename(folder, aside)
    return aside


class XorShift64Star:
    """A small 64-bit generator (xorshift64*) for the report's random inputs (boards, graphs,
    trees), so that every machine and Python version draws the same ones."""

    MASK = (1 << 64) - 1

    def __init__(self, seed):
        self.state = (seed & self.MASK) or 1

    def next(self):
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & self.MASK
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & self.MASK

    def below(self, n):
        """Uniform in 0..n-1 (rejection, no modulo bias)."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def paper_numbers():
    """The paper's own figures (paper_numbers.json beside this file)."""
    with open(Path(__file__).with_name("paper_numbers.json")) as f:
        return json.load(f)


def drop_columns(table, names):
    """A Markdown table (lines `| a | b |`) without the columns whose header is in names; other
    lines are kept as they are. The report leaves out wall-clock columns this way, so the same
    runs give the same report on any machine."""
    lines = table.splitlines()
    header = next((i for i, line in enumerate(lines) if line.startswith("|")), None)
    if header is None:
        return table
    cells = [c.strip() for c in lines[header].strip().strip("|").split("|")]
    keep = [i for i, c in enumerate(cells) if c not in names]
    out = []
    for line in lines:
        if line.startswith("|"):
            row = [c.strip() for c in line.strip().strip("|").split("|")]
            line = "| " + " | ".join(row[i] for i in keep if i < len(row)) + " |"
        out.append(line)
    return "\n".join(out) + ("\n" if table.endswith("\n") else "")


def thousands(n):
    """12345 -> '12,345'; floats keep their digits."""
    if isinstance(n, float) and not n.is_integer():
        return f"{n:,.1f}"
    return f"{int(n):,}"


def parse_board(text):
    """A board file's text: the rows of cells ('#' blocked, 'S', 'E', '.' open), blank lines
    left out."""
    return [r for r in (line.strip() for line in text.splitlines()) if r]


# Cell size of the board figures the engine draws (`render --cell-pixels`): at 32 and more each
# open cell's count fits in it.
BOARD_PIXELS = 40


SVG_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([0-9.]+)"[^>]*?\bheight="([0-9.]+)"')
SVG_ID = re.compile(r'\bid="([^"]+)"')


def side_by_side(pictures, columns, title):
    """One SVG document, `title` on top, holding the SVG documents `pictures` in rows of
    `columns`, each as it is, nested at its place; each picture's ids (and the references to
    them) get a prefix of their own, so that two pictures' patterns never stand for each other."""
    top = 30.0
    placed, x, y, row_height, width = [], 0.0, top, 0.0, 0.0
    for i, text in enumerate(pictures):
        size = SVG_SIZE.search(text)
        if not size:
            raise PaperError(f"panel {i}: render wrote an SVG without a width and a height")
        w, h = float(size.group(1)), float(size.group(2))
        if i and i % columns == 0:
            x, y, row_height = 0.0, y + row_height, 0.0
        body = text[text.index("<svg"):]
        for ident in set(SVG_ID.findall(body)):
            body = (body.replace(f'id="{ident}"', f'id="p{i}-{ident}"')
                    .replace(f"url(#{ident})", f"url(#p{i}-{ident})")
                    .replace(f'href="#{ident}"', f'href="#p{i}-{ident}"'))
        placed.append(body.replace("<svg", f'<svg x="{x:g}" y="{y:g}"', 1))
        x += w
        width = max(width, x)
        row_height = max(row_height, h)
    height = y + row_height
    heading = (f'<text x="{width / 2:g}" y="20" text-anchor="middle" font-size="15" '
               f'font-weight="bold" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">'
               f'{html.escape(title)}</text>\n')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}">\n<title>{html.escape(title)}</title>\n'
            + heading + "\n".join(placed) + "</svg>\n")


def board_figure(ctx, board_file, title, name, alt):
    """One board, walked by the engine (`eval --visits`, for the numbers the text quotes), drawn
    by the engine (`mazesearch render`: Context.render). `title` is formatted with the walk's
    fields ({moves}, {flash}, ...)."""
    walk = ctx.ms_json("eval", board_file, "--visits")
    return walk, ctx.render(board_file, title.format(**walk), name, alt)
