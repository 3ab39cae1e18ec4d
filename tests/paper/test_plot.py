"""Tests of experiments/plot.py: reading run folders, the aggregation over repeats (values worked
out by hand), the command line's files and its errors, and a real engine run when one is built.

    /usr/bin/python3 -m unittest discover -s tests/paper -p 'test_*.py'
"""

import json
import math
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLOT = ROOT / "experiments" / "plot.py"
# The mazesearch command of the engine tests: $MAZESEARCH_BIN when set (the ctest plot_py passes
# the binary it built), else build/mazesearch. A MAZESEARCH_BIN that is not there fails the
# engine tests rather than skipping them; build/mazesearch missing skips them.
ENGINE_GIVEN = bool(os.environ.get("MAZESEARCH_BIN"))
ENGINE = Path(os.environ["MAZESEARCH_BIN"]) if ENGINE_GIVEN else ROOT / "build" / "mazesearch"
sys.path.insert(0, str(PLOT.parent))

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
    """A run folder: config.json (if given) and one logbook per repeat (repeat-NNN/ when more
    than one). Returns the folder."""
    folder = Path(folder)
    folder.mkdir(parents=True)
    if config is not None:
        (folder / "config.json").write_text(json.dumps(config))
    if len(repeats) == 1:
        (folder / "logbook.csv").write_text(logbook_text(repeats[0]))
    else:
        for i, rows in enumerate(repeats):
            sub = folder / f"repeat-{i:03d}"
            sub.mkdir()
            (sub / "logbook.csv").write_text(logbook_text(rows))
    return folder


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
        with self.assertRaisesRegex(plot.PlotError, f"{path}:3: 2 fields, the header has 9"):
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

    def test_folder_without_logbook(self):
        empty = self.tmp / "empty"
        empty.mkdir()
        self.assertError(run_cli(empty, "-o", self.tmp / "f"), empty, "logbook.csv")

    def test_bad_header(self):
        book = self.dir / "repeat-001" / "logbook.csv"
        book.write_text("gen,evals,rejected,best,mean,std,min,max,secs\n1,10,0,5,1,0,1,1,0.1\n")
        self.assertError(run_cli(self.dir, "-o", self.tmp / "f"), f"{book}:1", "seconds")

    def test_non_numeric_value_names_its_line(self):
        book = self.dir / "repeat-002" / "logbook.csv"
        book.write_text(logbook_text([row(1, 10, 5, 0.1), row(2, 20, "lots", 0.2)]))
        self.assertError(run_cli(self.dir, "-o", self.tmp / "f"), f"{book}:3", "best", "lots")

    def test_row_with_missing_fields(self):
        # A short line that is not the last one is an error, named by file and line.
        book = self.dir / "repeat-000" / "logbook.csv"
        book.write_text(HEADER + "\n1,10,0,5,1,0,1,1,0.1\n2,20,0\n3,30,0,7,1,0,1,1,0.3\n")
        self.assertError(run_cli(self.dir, "-o", self.tmp / "f"), f"{book}:3", "3 fields")

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

    def test_last_line_with_too_few_fields_is_left_out(self):
        book = self.dir / "repeat-000" / "logbook.csv"
        book.write_text(logbook_text(REPEATS[0][:2]) + "3,30,0\n\n")
        p = run_cli(self.dir, "-o", self.tmp / "f.png")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn(f"{book}:4: the last line is cut short (3 fields, the header has 9",
                      p.stderr)

    def test_header_only_is_nothing_to_draw(self):
        empty = self.tmp / "just-started"
        empty.mkdir()
        (empty / "logbook.csv").write_text(HEADER + "\n")
        self.assertError(run_cli(empty, "-o", self.tmp / "f"), "nothing to draw", empty)
        self.assertFalse((self.tmp / "f.png").exists())
        self.assertFalse((self.tmp / "f.svg").exists())

    def test_an_empty_folder_beside_others_is_left_out_with_a_warning(self):
        empty = self.tmp / "just-started"
        empty.mkdir()
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
