"""Tests of studies/plot.py: reading run folders and sweep folders, the aggregation over
repeats (values worked out by hand), the command line's files and its errors, and real engine
runs when one is built.

    /usr/bin/python3 -m unittest discover -s tests/paper -p 'test_*.py'
"""

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLOT = ROOT / "studies" / "plot.py"
# The mazesearch command of the engine tests: $MAZESEARCH_BIN when set (the ctest plot_py passes
# the binary it built), else build/mazesearch. A MAZESEARCH_BIN that is not there fails the
# engine tests rather than skipping them; build/mazesearch missing skips them.
ENGINE_GIVEN = bool(os.environ.get("MAZESEARCH_BIN"))
ENGINE = Path(os.environ["MAZESEARCH_BIN"]) if ENGINE_GIVEN else ROOT / "build" / "mazesearch"
sys.path.insert(0, str(PLOT.parent))

import numpy as np  # noqa: E402
import plot  # noqa: E402

HEADER = "gen,evals,rejected,best,mean,std,min,max,seconds"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def logbook_text(rows, header=HEADER):
    """A logbook.csv: the header, then one line per row (each row a tuple of cells)."""
    return header + "\n" + "".join(",".join(str(c) for c in row) + "\n" for row in rows)


def row(gen, evals, best, seconds):
    """A logbook row with made-up step statistics."""
    return (gen, evals, 0, best, 1.5, 0.5, 1, 2, seconds)


# Three repeats with known best-so-far steps (evals -> best):
#   repeat-000: 10 -> 5, 20 -> 7, 30 -> 9
#   repeat-001: starts later: 20 -> 4, 40 -> 8
#   repeat-002: a row with no best yet at 30, then 50 -> 6
REPEATS = [
    [row(1, 10, 5, 0.1), row(2, 20, 7, 0.2), row(3, 30, 9, 0.3)],
    [row(1, 20, 4, 0.15), row(2, 40, 8, 0.25)],
    [row(1, 30, "", 0.05), row(2, 50, 6, 0.35)],
]


def write_run(folder, repeats, config=None):
    """A run folder: config.json (the given one, `repeats` set when more than one; {} when none
    is given) and one logbook per repeat (repeat-NNN/ when more than one). Returns the folder."""
    folder = Path(folder)
    folder.mkdir(parents=True)
    config = dict(config or {})
    if len(repeats) > 1:
        config["repeats"] = len(repeats)
    (folder / "config.json").write_text(json.dumps(config))
    if len(repeats) == 1:
        (folder / "logbook.csv").write_text(logbook_text(repeats[0]))
    else:
        for i, rows in enumerate(repeats):
            sub = folder / f"repeat-{i:03d}"
            sub.mkdir()
            (sub / "logbook.csv").write_text(logbook_text(rows))
    return folder


def point_config(overrides):
    """The config.json of a sweep point's run as far as the sweep checks it: each override
    (dotted key, text value) set, its text read as JSON where it is JSON (0.1, true)."""
    config = {}
    for key, text in overrides.items():
        *outer, last = key.split(".")
        place = config
        for part in outer:
            place = place.setdefault(part, {})
        try:
            place[last] = json.loads(text)
        except ValueError:
            place[last] = text
    return config


def write_sweep(folder, group_keys, points, spec=None):
    """A sweep folder as `mazesearch sweep` writes it before its index.csv: sweep.json and a
    run folder per point. points: a list of (overrides, repeats), the same keys in each (text
    values), repeats as for write_run, or None for a point not started yet (no folder). The
    spec has one axis zipping every key, its rows the points in order (so any list of points is
    a spec the command accepts). spec: replaces sweep.json's content when given (a string is
    written as it is). Returns the folder."""
    folder = Path(folder)
    folder.mkdir(parents=True)
    keys = list(dict.fromkeys(k for o, _ in points for k in o))
    entries = []
    for i, (overrides, repeats) in enumerate(points):
        entries.append({"id": i, "folder": f"point-{i:03d}", "overrides": overrides})
        if repeats is not None:
            write_run(folder / f"point-{i:03d}", repeats, point_config(overrides))
    axes = [{"keys": keys, "values": [[o[k] for k in keys] for o, _ in points]}]
    data = {"format": "mazesearch sweep", "version": 1, "config": "configs/no-such-config.yaml",
            "config_hash": "0", "fixed": [], "axes": axes, "group_keys": group_keys,
            "points": entries}
    if spec is None:
        spec = data
    (folder / "sweep.json").write_text(spec if isinstance(spec, str) else json.dumps(spec))
    return folder


def single(best, evals=100):
    """One seed's logbook rows: the best so far climbs to `best` at `evals` evaluations."""
    return [[row(1, 10, 1, 0.1), row(2, evals, best, 0.2)]]


def run_cli(*args, cwd=None):
    """Run plot.py with these arguments; the CompletedProcess (text output)."""
    return subprocess.run([sys.executable, str(PLOT), *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


class TempCase(unittest.TestCase):
    """A test case with a fresh temporary folder in self.tmp."""

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.tmp = Path(self._tmp.name)

    def tearDown(self):
        self._tmp.cleanup()

    def assertArrayEqual(self, actual, expected):
        """Equal element by element, NaN matching NaN."""
        self.assertEqual(len(actual), len(expected))
        for i, (a, e) in enumerate(zip(actual, expected)):
            if e is None or (isinstance(e, float) and math.isnan(e)):
                self.assertTrue(math.isnan(a), f"element {i}: {a}, expected NaN")
            else:
                self.assertAlmostEqual(float(a), e, places=12, msg=f"element {i}")


class InProgressLogbookTest(TempCase):
    """A logbook read while the engine appends to it: wherever the last line is cut, the rows
    before it are read and the cut line is left out (with a warning); a bad line in the middle
    is still an error."""

    def test_every_cut_of_the_last_line(self):
        text = logbook_text(REPEATS[0])
        start = text.index("3,30,")
        path = self.tmp / "logbook.csv"
        for end in range(start, len(text) + 1):
            path.write_text(text[:end])
            warnings = []
            book = plot.read_logbook(path, warn=warnings.append)
            complete = end == len(text)
            self.assertEqual(list(book["evals"]), [10, 20, 30] if complete else [10, 20],
                             repr(text[start:end]))
            # Cut right after a newline there is no last line at all: nothing to warn about.
            self.assertEqual(len(warnings), 0 if complete or end == start else 1,
                             repr(text[start:end]))

    def test_header_only(self):
        path = self.tmp / "logbook.csv"
        path.write_text(HEADER + "\n")
        book = plot.read_logbook(path, warn=self.fail)
        self.assertEqual(len(book["evals"]), 0)
        d = write_run(self.tmp / "r", [[]])
        self.assertFalse(plot.has_points(plot.load_run(d)))
        self.assertTrue(plot.has_points(plot.load_run(write_run(self.tmp / "s", REPEATS[:1]))))

    def test_a_short_line_in_the_middle_is_an_error(self):
        path = self.tmp / "logbook.csv"
        path.write_text(HEADER + "\n1,10,0,5,1,0,1,1,0.1\n2,20\n3,30,0,7,1,0,1,1,0.3")
        with self.assertRaisesRegex(plot.PlotError, f"{path}: line 3: expected 9 fields, found 2"):
            plot.read_logbook(path, warn=self.fail)


class LoadRunTest(TempCase):
    def test_repeats_are_read_in_order_with_label_from_config(self):
        d = write_run(self.tmp / "hc", REPEATS, {"name": "n", "label": "hill climbing"})
        run = plot.load_run(d)
        self.assertIsInstance(run, plot.Run)
        self.assertEqual(run.label, "hill climbing")
        self.assertEqual(Path(run.path), d)
        self.assertEqual(len(run.repeats), 3)
        self.assertEqual(set(run.repeats[0]), set(HEADER.split(",")))
        self.assertEqual(list(run.repeats[1]["evals"]), [20, 40])
        self.assertEqual(list(run.repeats[0]["best"]), [5, 7, 9])
        self.assertTrue(math.isnan(run.repeats[2]["best"][0]))  # empty cell: no best yet
        self.assertEqual(run.repeats[2]["best"][1], 6)

    def test_label_falls_back_to_name_then_folder(self):
        d = write_run(self.tmp / "a", REPEATS[:1], {"name": "the-name"})
        self.assertEqual(plot.load_run(d).label, "the-name")
        d = write_run(self.tmp / "b", REPEATS[:1])
        self.assertEqual(plot.load_run(d).label, "b")
        self.assertEqual(plot.load_run(d, label="given").label, "given")

    def test_single_run_folder(self):
        d = write_run(self.tmp / "one", [REPEATS[0]], {"label": "one"})
        run = plot.load_run(d)
        self.assertEqual(len(run.repeats), 1)
        xs, median, q25, q75, lo, hi = plot.aggregate(run)
        self.assertArrayEqual(xs, [10, 20, 30])
        for a in (median, q25, q75, lo, hi):
            self.assertArrayEqual(a, [5, 7, 9])

    def test_columns_in_any_order(self):
        d = self.tmp / "perm"
        d.mkdir()
        (d / "config.json").write_text("{}")
        (d / "logbook.csv").write_text(
            "seconds,best,gen,evals,rejected,mean,std,min,max\n0.5,42,1,100,3,1,0,1,1\n")
        book = plot.load_run(d).repeats[0]
        self.assertEqual(book["best"][0], 42)
        self.assertEqual(book["evals"][0], 100)
        self.assertEqual(book["seconds"][0], 0.5)


class AggregateTest(TempCase):
    def setUp(self):
        super().setUp()
        self.run = plot.load_run(write_run(self.tmp / "r", REPEATS, {"label": "r"}))

    def test_default_grid_is_every_x_of_every_repeat(self):
        xs, median, q25, q75, lo, hi = plot.aggregate(self.run)
        self.assertArrayEqual(xs, [10, 20, 30, 40, 50])
        nan = float("nan")
        # at 10 only repeat-000 has a value (1 of 3, fewer than half): no median nor quartiles.
        # at 20: {7, 4}; at 30: {9, 4} (repeat-002's row has no best); at 40: {9, 8};
        # at 50: {9, 8, 6}. Quartiles by linear interpolation between the sorted values.
        self.assertArrayEqual(median, [nan, 5.5, 6.5, 8.5, 8.0])
        self.assertArrayEqual(q25, [nan, 4.75, 5.25, 8.25, 7.0])
        self.assertArrayEqual(q75, [nan, 6.25, 7.75, 8.75, 8.5])
        self.assertArrayEqual(lo, [5, 4, 4, 8, 6])
        self.assertArrayEqual(hi, [5, 7, 9, 9, 9])

    def test_chosen_grid_points_between_and_beyond_rows(self):
        xs, median, q25, q75, lo, hi = plot.aggregate(self.run, grid=[5, 15, 45, 1000])
        self.assertArrayEqual(xs, [5, 15, 45, 1000])
        nan = float("nan")
        # 5: before every first row; 15: only repeat-000 (5); 45: {9, 8}; 1000: {9, 8, 6}.
        self.assertArrayEqual(median, [nan, nan, 8.5, 8.0])
        self.assertArrayEqual(q25, [nan, nan, 8.25, 7.0])
        self.assertArrayEqual(q75, [nan, nan, 8.75, 8.5])
        self.assertArrayEqual(lo, [nan, 5, 8, 6])
        self.assertArrayEqual(hi, [nan, 5, 9, 9])

    def test_exactly_half_with_a_value_is_enough(self):
        run = plot.load_run(write_run(self.tmp / "two", REPEATS[:2]))
        xs, median, q25, q75, lo, hi = plot.aggregate(run, grid=[10, 20])
        self.assertArrayEqual(median, [5, 5.5])  # 1 of 2 at x = 10
        self.assertArrayEqual(q25, [5, 4.75])
        self.assertArrayEqual(q75, [5, 6.25])

    def test_seconds_axis(self):
        xs, median, q25, q75, lo, hi = plot.aggregate(self.run, x="seconds")
        self.assertArrayEqual(xs, [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35])
        nan = float("nan")
        # 0.05: repeat-002 has a row but no best; 0.1: {5}; 0.15: {5, 4}; 0.2: {7, 4};
        # 0.25: {7, 8}; 0.3: {9, 8}; 0.35: {9, 8, 6}.
        self.assertArrayEqual(median, [nan, nan, 4.5, 5.5, 7.5, 8.5, 8.0])
        self.assertArrayEqual(lo, [nan, 5, 4, 4, 7, 8, 6])
        self.assertArrayEqual(hi, [nan, 5, 5, 7, 8, 9, 9])

    def test_unknown_x_is_refused(self):
        with self.assertRaises(ValueError):
            plot.aggregate(self.run, x="gen")


class DrawTest(TempCase):
    def test_draws_on_a_given_axes(self):
        import matplotlib.pyplot as plt

        runs = [plot.load_run(write_run(self.tmp / "r", REPEATS, {"label": "three"})),
                plot.load_run(write_run(self.tmp / "s", REPEATS[:1], {"label": "single"}))]
        fig, ax = plt.subplots()
        try:
            plot.draw_convergence(ax, runs, optimum=12, ylabel="moves")
            labels = ax.get_legend().get_texts()
            texts = [t.get_text() for t in labels]
            self.assertIn("three (median of 3)", texts)
            self.assertIn("single", texts)
            self.assertIn("optimum 12", texts)
            self.assertEqual(ax.get_xscale(), "log")
            self.assertEqual(ax.get_xlabel(), "feasible evaluations")
            self.assertEqual(ax.get_ylabel(), "moves")
            self.assertEqual(len(ax.get_legend().get_texts()), 5)  # + band and min/max keys
        finally:
            plt.close(fig)

    def test_legend_inside_or_none(self):
        import matplotlib.pyplot as plt

        run = plot.load_run(write_run(self.tmp / "s", REPEATS[:1], {"label": "single"}))
        fig, (a, b) = plt.subplots(1, 2)
        try:
            plot.draw_convergence(a, [run], x="seconds", linear_x=True, legend="lower right")
            self.assertEqual([t.get_text() for t in a.get_legend().get_texts()], ["single"])
            self.assertEqual(a.get_xscale(), "linear")
            self.assertEqual(a.get_xlabel(), "elapsed time (s)")
            plot.draw_convergence(b, [run], legend=None)
            self.assertIsNone(b.get_legend())
        finally:
            plt.close(fig)


class CommandLineTest(TempCase):
    def setUp(self):
        super().setUp()
        self.dir = write_run(self.tmp / "runs" / "r", REPEATS, {"label": "r"})

    def test_writes_png_and_svg_without_suffix(self):
        out = self.tmp / "fig"
        p = run_cli(self.dir, "-o", out, "--optimum", "10", "--title", "t")
        self.assertEqual(p.returncode, 0, p.stderr)
        png, svg = self.tmp / "fig.png", self.tmp / "fig.svg"
        self.assertEqual(p.stdout.split(), [str(png), str(svg)])
        self.assertEqual(png.read_bytes()[:8], PNG_SIGNATURE)
        self.assertGreater(png.stat().st_size, 1000)
        self.assertIn("<svg", svg.read_text())

    def test_one_file_with_suffix_and_options(self):
        single = write_run(self.tmp / "single", REPEATS[:1])
        out = self.tmp / "x.png"
        p = run_cli(self.dir, single, "-o", out, "--x", "seconds", "--linear-x",
                    "--label", "A", "--label", "B", "--ylabel", "moves")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.split(), [str(out)])
        self.assertEqual(out.read_bytes()[:8], PNG_SIGNATURE)
        self.assertFalse((self.tmp / "x.png.svg").exists())

    def test_default_output_in_current_folder(self):
        p = run_cli(self.dir, cwd=self.tmp)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual((self.tmp / "convergence.png").read_bytes()[:8], PNG_SIGNATURE)
        self.assertIn("<svg", (self.tmp / "convergence.svg").read_text())

    def assertError(self, p, *needles):
        """Exit status 2, one line `plot.py: error: ...` holding each needle, no traceback."""
        self.assertEqual(p.returncode, 2, p.stdout + p.stderr)
        self.assertNotIn("Traceback", p.stderr)
        lines = p.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, p.stderr)
        self.assertTrue(lines[0].startswith("plot.py: error: "), lines[0])
        for needle in needles:
            self.assertIn(str(needle), lines[0])

    def test_missing_folder(self):
        missing = self.tmp / "no-such-run"
        self.assertError(run_cli(missing, "-o", self.tmp / "f"), missing)

    def test_folder_without_config(self):
        # Not a run folder: mazesearch.open_run's message.
        empty = self.tmp / "empty"
        empty.mkdir()
        self.assertError(run_cli(empty, "-o", self.tmp / "f"), empty, "no config.json")

    def test_folder_without_logbook(self):
        empty = self.tmp / "empty"
        empty.mkdir()
        (empty / "config.json").write_text("{}")
        self.assertError(run_cli(empty, "-o", self.tmp / "f"), empty / "logbook.csv",
                         "no such file")

    def test_bad_header(self):
        book = self.dir / "repeat-001" / "logbook.csv"
        book.write_text("gen,evals,rejected,best,mean,std,min,max,secs\n1,10,0,5,1,0,1,1,0.1\n")
        self.assertError(run_cli(self.dir, "-o", self.tmp / "f"), f"{book}:1", "seconds")

    def test_non_numeric_value_names_its_line(self):
        book = self.dir / "repeat-002" / "logbook.csv"
        book.write_text(logbook_text([row(1, 10, 5, 0.1), row(2, 20, "lots", 0.2)]))
        self.assertError(run_cli(self.dir, "-o", self.tmp / "f"), f"{book}: line 3", "best",
                         "'lots' is not a number")

    def test_row_with_missing_fields(self):
        # A short line that is not the last one is an error, named by file and line.
        book = self.dir / "repeat-000" / "logbook.csv"
        book.write_text(HEADER + "\n1,10,0,5,1,0,1,1,0.1\n2,20,0\n3,30,0,7,1,0,1,1,0.3\n")
        self.assertError(run_cli(self.dir, "-o", self.tmp / "f"), f"{book}: line 3",
                         "expected 9 fields, found 3")

    def test_run_in_progress_last_line_cut_short_is_left_out(self):
        # The issue: plotting a run while its last logbook line is being written failed with
        # `logbook.csv:N: 2 fields, the header has 9`. The cut line is left out with a warning.
        book = self.dir / "repeat-000" / "logbook.csv"
        full = logbook_text(REPEATS[0])
        for cut_at in ("3,30,0", "3,30,0,9,1.5,0.5,1,2,0."):
            with self.subTest(cut_at=cut_at):
                book.write_text(full[:full.index("3,30,")] + cut_at)
                out = self.tmp / "f.png"
                p = run_cli(self.dir, "-o", out)
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertEqual(out.read_bytes()[:8], PNG_SIGNATURE)
                self.assertIn(f"plot.py: warning: {book}:4: the last line is cut short", p.stderr)

    def test_a_short_last_line_with_its_newline_is_an_error(self):
        # The engine writes a line whole, its newline last: a short line that has its newline is
        # no line being written but a bad file (the package's reader refuses it, as serve does).
        book = self.dir / "repeat-000" / "logbook.csv"
        book.write_text(logbook_text(REPEATS[0][:2]) + "3,30,0\n")
        self.assertError(run_cli(self.dir, "-o", self.tmp / "f.png"), f"{book}: line 4",
                         "expected 9 fields, found 3")

    def test_header_only_is_nothing_to_draw(self):
        empty = self.tmp / "just-started"
        empty.mkdir()
        (empty / "config.json").write_text("{}")
        (empty / "logbook.csv").write_text(HEADER + "\n")
        self.assertError(run_cli(empty, "-o", self.tmp / "f"), "nothing to draw", empty)
        self.assertFalse((self.tmp / "f.png").exists())
        self.assertFalse((self.tmp / "f.svg").exists())

    def test_an_empty_folder_beside_others_is_left_out_with_a_warning(self):
        empty = self.tmp / "just-started"
        empty.mkdir()
        (empty / "config.json").write_text("{}")
        (empty / "logbook.csv").write_text(HEADER + "\n1,0,5,,,,,,0.1\n")  # no best yet
        out = self.tmp / "f.svg"
        p = run_cli(empty, self.dir, "-o", out)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn(f"plot.py: warning: {empty}: nothing to draw yet", p.stderr)
        self.assertIn("<svg", out.read_text())
        self.assertIn("r (median of 3)", out.read_text())

    def test_nothing_written_on_error(self):
        p = run_cli(self.tmp / "no-such-run", "-o", self.tmp / "f")
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertFalse((self.tmp / "f.png").exists())


class SweepTest(TempCase):
    """A SWEEP folder: one Run per combination of its group keys, over the seeds of its points."""

    def test_one_curve_per_combination_in_order_of_first_appearance(self):
        # Points interleaved: t_start 0.2 appears first, so it is the first curve.
        finals = {("0.2", "1"): 30, ("0.1", "1"): 11, ("0.2", "2"): 20, ("0.1", "2"): 13,
                  ("0.2", "3"): 25, ("0.1", "3"): 12, ("0.1", "4"): 40}
        points = [({"optimizer.t_start": t, "seed": seed}, single(best))
                  for (t, seed), best in finals.items()]
        d = write_sweep(self.tmp / "sw", ["optimizer.t_start"], points)
        warnings = []
        runs = plot.load_sweep(d, warn=warnings.append)
        self.assertEqual(warnings, [])
        self.assertEqual([r.label for r in runs],
                         ["optimizer.t_start=0.2", "optimizer.t_start=0.1"])
        self.assertEqual([len(r.repeats) for r in runs], [3, 4])
        self.assertEqual([Path(p).parent.name for p in runs[0].sources],
                         ["point-000", "point-002", "point-004"])
        self.assertEqual(Path(runs[1].path), d)
        for run, t in zip(runs, ("0.2", "0.1")):
            xs, median, q25, q75, lo, hi = plot.aggregate(run)
            mine = sorted(best for (tt, _), best in finals.items() if tt == t)
            # The median over the points' final best values: 25 of {20, 25, 30}; 12.5 of
            # {11, 12, 13, 40} (the mean of the middle two).
            self.assertEqual(median[-1], {"0.2": 25, "0.1": 12.5}[t])
            self.assertEqual(median[-1], float(np.median(mine)))
            self.assertEqual(lo[-1], mine[0])
            self.assertEqual(hi[-1], mine[-1])
            self.assertEqual(xs[-1], 100)

    def test_the_curve_is_the_aggregate_of_the_seeds_as_repeats(self):
        # A combination's Run equals a RUN_DIR whose repeats are the same logbooks.
        d = write_sweep(self.tmp / "sw", [], [({"seed": str(i)}, [REPEATS[i]]) for i in range(3)])
        (run,) = plot.load_sweep(d)
        self.assertEqual(run.label, "sw")  # no group keys: the sweep folder's name
        same = plot.load_run(write_run(self.tmp / "r", REPEATS))
        for a, b in zip(plot.aggregate(run), plot.aggregate(same)):
            self.assertArrayEqual(a, list(b))

    def test_points_with_repeats_and_several_group_keys(self):
        points = [({"a": "1", "b": "x", "seed": "1"}, REPEATS),
                  ({"a": "1", "b": "x", "seed": "2"}, REPEATS[:2]),
                  ({"a": "2", "b": "x", "seed": "1"}, [REPEATS[0]])]
        d = write_sweep(self.tmp / "sw", ["a", "b"], points)
        runs = plot.load_sweep(d, warn=self.fail)
        self.assertEqual([r.label for r in runs], ["a=1, b=x", "a=2, b=x"])
        self.assertEqual([len(r.repeats) for r in runs], [5, 1])
        self.assertEqual([str(Path(p).relative_to(d)) for p in runs[0].sources],
                         [f"point-000/repeat-00{i}/logbook.csv" for i in range(3)]
                         + [f"point-001/repeat-00{i}/logbook.csv" for i in range(2)])
        # Final bests 9, 8, 6 (point 0) and 9, 8 (point 1): the median of five is 8.
        self.assertEqual(plot.aggregate(runs[0])[1][-1], 8)

    def test_read_sweep_keeps_the_values_and_the_order(self):
        d = write_sweep(self.tmp / "sw", ["k"], [({"k": "0.5"}, None), ({"k": "true"}, None),
                                                 ({"k": "0.5"}, None)])
        sweep = plot.read_sweep(d)
        self.assertEqual(sweep.group_keys, ["k"])
        self.assertEqual([c.label for c in sweep.combinations], ["k=0.5", "k=true"])
        self.assertEqual([[pid for pid, _ in c.points] for c in sweep.combinations], [[0, 2], [1]])
        self.assertEqual(sweep.combinations[1].points[0][1], d / "point-001")

    def test_pending_points_are_left_out_with_one_warning_each(self):
        points = [({"t": "0.1", "seed": "1"}, single(10)),
                  ({"t": "0.1", "seed": "2"}, None),             # not started: no folder
                  ({"t": "0.1", "seed": "3"}, [[]]),             # header only
                  ({"t": "0.1", "seed": "4"}, single(30)),
                  ({"t": "0.1", "seed": "5"}, single(20))]
        d = write_sweep(self.tmp / "sw", ["t"], points)
        (d / "point-005").mkdir()  # not in the spec: ignored
        (d / "point-002" / "status").write_text("failed\n")
        warnings = []
        (run,) = plot.load_sweep(d, warn=warnings.append)
        self.assertEqual(len(run.repeats), 3)
        self.assertEqual(plot.aggregate(run)[1][-1], 20)  # the median of 10, 30, 20
        self.assertEqual(len(warnings), 2, warnings)
        self.assertEqual(warnings[0], f"{d / 'point-001'}: nothing to draw yet (no folder yet): "
                                      "left out")
        self.assertEqual(warnings[1], f"{d / 'point-002'}: nothing to draw yet (no logbook row "
                                      "with a best score yet; status: failed): left out")

    def test_a_point_folder_without_logbook_and_a_repeat_without_one(self):
        d = write_sweep(self.tmp / "sw", ["t"], [({"t": "1"}, REPEATS), ({"t": "1"}, None)])
        (d / "point-001" / "repeat-000").mkdir(parents=True)  # created, no logbook yet
        (d / "point-000" / "repeat-001" / "logbook.csv").unlink()
        warnings = []
        (run,) = plot.load_sweep(d, warn=warnings.append)
        self.assertEqual([Path(p).parent.name for p in run.sources], ["repeat-000", "repeat-002"])
        self.assertEqual(len(warnings), 2, warnings)
        self.assertIn(f"{d / 'point-000'}: repeat-001: nothing to draw yet", warnings[0])
        self.assertIn("2 of 3 repeats drawn", warnings[0])
        self.assertEqual(warnings[1], f"{d / 'point-001'}: nothing to draw yet (no logbook.csv "
                                      "yet): left out")

    def test_a_combination_with_nothing_to_draw_is_left_out_with_a_warning(self):
        points = [({"t": "0.1", "seed": "1"}, None), ({"t": "0.2", "seed": "1"}, single(7)),
                  ({"t": "0.1", "seed": "2"}, [[]])]
        d = write_sweep(self.tmp / "sw", ["t"], points)
        warnings = []
        runs = plot.load_sweep(d, warn=warnings.append)
        self.assertEqual([r.label for r in runs], ["t=0.2"])
        self.assertEqual(len(warnings), 3, warnings)
        self.assertEqual(warnings[2], f"{d}: t=0.1: no point with anything to draw yet "
                                      "(2 points): left out")

    def test_labels_apply_to_the_combinations_in_order(self):
        points = [({"t": "0.1"}, None), ({"t": "0.2"}, single(7)), ({"t": "0.3"}, single(8))]
        d = write_sweep(self.tmp / "sw", ["t"], points)
        # The first combination is left out, but its label is still the first one.
        runs = plot.load_sweep(d, labels=["cold", "warm"], warn=lambda text: None)
        self.assertEqual([r.label for r in runs], ["warm", "t=0.3"])

    def test_malformed_specs_are_errors_naming_the_file(self):
        # sweep.json is checked by mazesearch.open_sweep as the command checks it (its messages),
        # and the group keys by plot.py: each must be a swept key.
        good = json.loads((write_sweep(self.tmp / "good", ["t"], [({"t": "1", "seed": "1"}, None)])
                           / "sweep.json").read_text())
        cases = {
            "not json": ("{\"points\": [", "not valid JSON"),
            "no points": ({k: v for k, v in good.items() if k != "points"},
                          "key 'points' not found"),
            "no group keys": ({k: v for k, v in good.items() if k != "group_keys"},
                              "key 'group_keys' not found"),
            "not swept": (dict(good, group_keys=["t", "optimizer.kind"]),
                          "the group key optimizer.kind not swept (swept: t, seed)"),
            "not the axes": (dict(good, points=[dict(good["points"][0], folder="point-009")]),
                             "its points are not the combinations of its axes"),
            "other format": (dict(good, format="something else"),
                             "not a sweep of this version (format, version)"),
        }
        for name, (spec, needle) in cases.items():
            with self.subTest(name):
                d = write_sweep(self.tmp / name, ["t"], [({"t": "1", "seed": "1"}, single(5))],
                                spec=spec)
                with self.assertRaises(plot.PlotError) as caught:
                    plot.load_sweep(d, warn=self.fail)
                self.assertIn(f"{d / 'sweep.json'}: ", str(caught.exception))
                self.assertIn(needle, str(caught.exception))


class SweepCommandLineTest(TempCase):
    def setUp(self):
        super().setUp()
        finals = [("0.1", 11), ("0.1", 13), ("0.1", 12), ("0.2", 30), ("0.2", 20), ("0.2", 25)]
        self.sweep = write_sweep(self.tmp / "t-sweep", ["optimizer.t_start"], [
            ({"optimizer.t_start": t, "seed": str(i)}, single(best))
            for i, (t, best) in enumerate(finals)])

    def assertError(self, p, *needles):
        """Exit status 2, the last line `plot.py: error: ...` holding each needle."""
        self.assertEqual(p.returncode, 2, p.stdout + p.stderr)
        self.assertNotIn("Traceback", p.stderr)
        last = p.stderr.strip().splitlines()[-1]
        self.assertTrue(last.startswith("plot.py: error: "), p.stderr)
        for needle in needles:
            self.assertIn(str(needle), last)

    def assertNothingWritten(self, out):
        """Neither OUT.png nor OUT.svg (what -o OUT would write) exists."""
        for suffix in (".png", ".svg"):
            self.assertFalse(out.with_name(out.name + suffix).exists(), suffix)

    def test_a_sweep_and_a_run_folder(self):
        run = write_run(self.tmp / "hc", REPEATS, {"label": "hill climbing"})
        out = self.tmp / "fig"
        p = run_cli(self.sweep, run, "-o", out, "--optimum", "40")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stderr, "")
        png, svg = self.tmp / "fig.png", self.tmp / "fig.svg"
        self.assertEqual(p.stdout.split(), [str(png), str(svg)])
        self.assertEqual(png.read_bytes()[:8], PNG_SIGNATURE)
        text = svg.read_text()
        for label in ("optimizer.t_start=0.1 (median of 3)", "optimizer.t_start=0.2 (median of 3)",
                      "hill climbing (median of 3)", "optimum 40"):
            self.assertIn(label, text)
        self.assertLess(text.index("optimizer.t_start=0.1"), text.index("optimizer.t_start=0.2"))

    def test_pending_point_warns_and_still_draws(self):
        shutil.rmtree(self.sweep / "point-004")
        out = self.tmp / "f.svg"
        p = run_cli(self.sweep, "-o", out)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stderr.splitlines(),
                         [f"plot.py: warning: {self.sweep / 'point-004'}: nothing to draw yet "
                          "(no folder yet): left out"])
        self.assertIn("optimizer.t_start=0.2 (median of 2)", out.read_text())

    def test_labels_with_a_sweep(self):
        run = write_run(self.tmp / "hc", REPEATS[:1])
        out = self.tmp / "f.svg"
        p = run_cli(self.sweep, run, "-o", out, "--label", "cold", "--label", "warm",
                    "--label", "hc")
        self.assertEqual(p.returncode, 0, p.stderr)
        text = out.read_text()
        for label in ("cold (median of 3)", "warm (median of 3)", "hc"):
            self.assertIn(label, text)
        self.assertNotIn("t_start", text)
        p = run_cli(self.sweep, run, "-o", self.tmp / "g", *["--label", "x"] * 4)
        self.assertError(p, "4 --label given for 3 lines", f"{self.sweep}: 2", f"{run}: 1")
        self.assertNothingWritten(self.tmp / "g")

    def test_two_sweeps_name_their_lines(self):
        other = write_sweep(self.tmp / "other", ["optimizer.t_start"],
                            [({"optimizer.t_start": "0.1", "seed": "1"}, single(5))])
        out = self.tmp / "f.svg"
        p = run_cli(self.sweep, other, "-o", out)
        self.assertEqual(p.returncode, 0, p.stderr)
        text = out.read_text()
        self.assertIn("t-sweep: optimizer.t_start=0.2 (median of 3)", text)
        self.assertIn("other: optimizer.t_start=0.1", text)

    def test_nothing_to_draw(self):
        for i in range(6):
            (self.sweep / f"point-{i:03d}" / "logbook.csv").write_text(HEADER + "\n")
        p = run_cli(self.sweep, "-o", self.tmp / "f")
        self.assertError(p, "nothing to draw", self.sweep)
        warnings = p.stderr.strip().splitlines()[:-1]
        self.assertEqual(len(warnings), 8, p.stderr)  # 6 points, 2 combinations
        self.assertNothingWritten(self.tmp / "f")

    def test_a_bad_logbook_line_in_a_point_is_an_error(self):
        book = self.sweep / "point-003" / "logbook.csv"
        book.write_text(logbook_text([row(1, 10, 5, 0.1), row(2, 20, "lots", 0.2)]))
        p = run_cli(self.sweep, "-o", self.tmp / "f")
        self.assertError(p, f"{book}: line 3", "best", "'lots' is not a number")
        self.assertNothingWritten(self.tmp / "f")

    def test_bad_sweep_json_is_an_error_and_writes_nothing(self):
        spec = self.sweep / "sweep.json"
        good = json.loads(spec.read_text())
        for name, text, needle in [
                ("not json", '{"points": [', "not valid JSON"),
                ("no points", json.dumps({k: v for k, v in good.items() if k != "points"}),
                 "key 'points' not found"),
                ("no group_keys", json.dumps({k: v for k, v in good.items()
                                              if k != "group_keys"}), "key 'group_keys' not found"),
                ("group key not swept", json.dumps(dict(good, group_keys=["optimizer.t_end"])),
                 "the group key optimizer.t_end not swept")]:
            with self.subTest(name):
                spec.write_text(text)
                p = run_cli(self.sweep, "-o", self.tmp / "f")
                self.assertError(p, spec, needle)
                self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
                self.assertNothingWritten(self.tmp / "f")


class EngineChoiceTest(TempCase):
    """The engine tests run the MAZESEARCH_BIN they are given, not whatever build/ holds."""

    def test_MAZESEARCH_BIN_is_the_engine_the_tests_run(self):
        marker = self.tmp / "called"
        fake = self.tmp / "fake-mazesearch"
        fake.write_text(f"#!/bin/sh\necho \"$@\" >> {marker}\nexit 3\n")
        fake.chmod(0o755)
        env = dict(os.environ, MAZESEARCH_BIN=str(fake))
        p = subprocess.run([sys.executable, "-m", "unittest", "test_plot.EngineRunTest"],
                           cwd=Path(__file__).parent, env=env, capture_output=True, text=True,
                           timeout=300)
        # The fake engine was run (so the test was neither skipped nor run on build/mazesearch)
        # and its failure failed the test.
        self.assertTrue(marker.exists(), p.stderr)
        self.assertTrue(marker.read_text().startswith("run "), marker.read_text())
        self.assertNotEqual(p.returncode, 0, p.stderr)
        self.assertIn("FAILED", p.stderr)


@unittest.skipUnless(ENGINE_GIVEN or (ENGINE.is_file() and os.access(ENGINE, os.X_OK)),
                     "build/mazesearch is not built and MAZESEARCH_BIN is not set")
class EngineRunTest(TempCase):
    def test_real_hill_climbing_run(self):
        out = self.tmp / "hc"
        subprocess.run([str(ENGINE), "run", str(ROOT / "configs/paper/hill-climbing.yaml"),
                        f"output={out}", "repeats=3", "budget.evaluations=3000", "-q"],
                       check=True, timeout=300, cwd=self.tmp)
        run = plot.load_run(out)
        self.assertEqual(len(run.repeats), 3)
        summary = json.loads((out / "summary.json").read_text())
        config = json.loads((out / "config.json").read_text())
        self.assertEqual(run.label, config["label"])
        bests = sorted(r["best_score"] for r in summary["runs"])
        for book, repeat in zip(run.repeats, summary["runs"]):
            self.assertEqual(book["best"][-1], repeat["best_score"])
            self.assertEqual(book["evals"][-1], repeat["evaluations"])
        xs, median, q25, q75, lo, hi = plot.aggregate(run)
        self.assertEqual(xs[-1], 3000)
        self.assertEqual(median[-1], bests[1])  # the median of three
        self.assertEqual(median[-1], summary["median_score"])
        self.assertEqual(lo[-1], bests[0])
        self.assertEqual(hi[-1], bests[2])
        p = run_cli(out, "-o", self.tmp / "hc.png", "--optimum", "115")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual((self.tmp / "hc.png").read_bytes()[:8], PNG_SIGNATURE)

    def test_sweep_of_real_runs(self):
        # A sweep made by `mazesearch sweep`: two values of p_blocked, three seeds each.
        sweep = self.tmp / "sweep"
        subprocess.run([str(ENGINE), "sweep", str(ROOT / "configs/paper/hill-climbing.yaml"),
                        "optimizer.p_blocked=0.2,0.3", "seed=1,2,3", "repeats=1",
                        "budget.evaluations=2000", f"output={sweep}", "--jobs", "2"],
                       check=True, timeout=300, cwd=self.tmp, capture_output=True)
        runs = plot.load_sweep(sweep, warn=self.fail)
        self.assertEqual([r.label for r in runs],
                         ["optimizer.p_blocked=0.2", "optimizer.p_blocked=0.3"])
        for k, run in enumerate(runs):
            self.assertEqual(len(run.repeats), 3)
            bests = sorted(json.loads((sweep / f"point-{3 * k + j:03d}" / "summary.json")
                                      .read_text())["best_score"] for j in range(3))
            xs, median, q25, q75, lo, hi = plot.aggregate(run)
            self.assertEqual(xs[-1], 2000)
            self.assertEqual((lo[-1], median[-1], hi[-1]), tuple(bests))
        p = run_cli(sweep, "-o", self.tmp / "sweep.png")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual((self.tmp / "sweep.png").read_bytes()[:8], PNG_SIGNATURE)


class ChangesOnly(unittest.TestCase):
    """Drawing keeps only the points where a series changes: the step functions stay the same."""

    def test_the_reduced_steps_equal_the_full_ones_everywhere(self):
        import numpy as np
        rng = np.random.default_rng(3)
        xs = np.arange(1.0, 501.0)
        a = np.maximum.accumulate(rng.integers(0, 40, 500).astype(float))
        b = np.maximum.accumulate(rng.integers(0, 90, 500).astype(float))
        b[:37] = np.nan  # no value yet at the start
        rx, ra, rb = plot.changes_only(xs, a, b)
        self.assertLess(len(rx), len(xs) // 4)
        self.assertEqual(rx[0], xs[0])
        self.assertEqual(rx[-1], xs[-1])
        for i, x in enumerate(xs):  # steps-post: the value of the last kept point at or before x
            j = np.searchsorted(rx, x, side="right") - 1
            self.assertEqual(ra[j], a[i])
            self.assertTrue((np.isnan(rb[j]) and np.isnan(b[i])) or rb[j] == b[i])


if __name__ == "__main__":
    unittest.main()
