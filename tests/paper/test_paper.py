"""Tests of studies/paper/ (make_paper.py, paperlib.py): where a report and its runs go, and
that a run folder is reused only when it was made with the settings the report asks for now.

    MAZESEARCH_BIN=build/mazesearch /usr/bin/python3 -m unittest discover -s tests/paper -p 'test_*.py'
"""

import io
import json
import os
import sys
import tempfile
import types
import unittest
from contextlib import redirect_stderr
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[2]
PAPER = ROOT / "studies" / "paper"
REPORT = ROOT / "results" / "paper"  # the committed report
sys.path.insert(0, str(PAPER))
sys.path.insert(0, str(ROOT / "studies"))

import make_paper  # noqa: E402
import paperlib  # noqa: E402

# The engine, as in test_plot.py: $MAZESEARCH_BIN when set, else build/mazesearch.
ENGINE_GIVEN = bool(os.environ.get("MAZESEARCH_BIN"))
ENGINE = Path(os.environ["MAZESEARCH_BIN"]) if ENGINE_GIVEN else ROOT / "build" / "mazesearch"


class ReportPathsTest(unittest.TestCase):
    """A tiny report never goes over the committed one, and its runs are kept apart."""

    def test_defaults(self):
        out, runs = make_paper.report_paths(tiny=False)
        self.assertEqual(out, REPORT.resolve())
        self.assertEqual(runs, (ROOT / "runs" / "paper").resolve())
        out, runs = make_paper.report_paths(tiny=True)
        self.assertEqual(runs, (ROOT / "runs" / "paper-tiny").resolve())
        self.assertEqual(out, runs / "report")
        out, runs = make_paper.report_paths(tiny=True, runs="/tmp/x")
        self.assertEqual(out, Path("/tmp/x/report"))
        # A partial report (--only) goes beside the runs, never over a whole report.
        out, runs = make_paper.report_paths(tiny=False, partial=True)
        self.assertEqual(out, (ROOT / "runs" / "paper" / "report-partial").resolve())
        out, runs = make_paper.report_paths(tiny=True, runs="/tmp/x", partial=True)
        self.assertEqual(out, Path("/tmp/x/report-partial"))

    def test_tiny_over_the_committed_report_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            report = (REPORT / "REPORT.md").read_bytes()
            err = io.StringIO()
            # An engine that fails at once: were the refusal gone, the report would stop at its
            # first section (status 1) before writing anything.
            with redirect_stderr(err):
                status = make_paper.main(["--bin", "/bin/false", "--tiny", "--out", str(REPORT),
                                          "--runs", str(Path(tmp) / "runs"), "-q"])
            self.assertEqual(status, 2)
            self.assertIn("does not write over the committed report", err.getvalue())
            self.assertFalse((Path(tmp) / "runs").exists())
            self.assertEqual((REPORT / "REPORT.md").read_bytes(), report)


class PartialReportTest(unittest.TestCase):
    """The issue: `make_paper.py --only SECTION` wrote a report of that section alone over the
    committed REPORT.md. Here the committed folder is a stand-in (make_paper.REPORT_DIR patched) and
    every section a stand-in that draws one figure named after it, so nothing real is touched
    and no engine is run."""

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.tmp = Path(self._tmp.name)
        self.committed = self.tmp / "committed"
        (self.committed / "figures").mkdir(parents=True)
        (self.committed / "REPORT.md").write_text("the whole report\n")
        for name in make_paper.SECTIONS:
            (self.committed / "figures" / f"{name}.png").write_bytes(b"the committed figure")
        (self.committed / "figures" / "figures.json").write_text("{}\n")
        self.runs = self.tmp / "runs"
        self.failing = set()
        fakes = {f"sections.{name}": self.fake_section(name) for name in make_paper.SECTIONS}
        for patch in (mock.patch.object(make_paper, "REPORT_DIR", self.committed),
                      mock.patch.dict(sys.modules, fakes)):
            patch.start()
            self.addCleanup(patch.stop)

    def tearDown(self):
        self._tmp.cleanup()

    def fake_section(self, name):
        def build(ctx):
            import matplotlib.pyplot as plt
            fig, ax = plt.subplots(figsize=(1, 1))
            ax.plot([0, 1], [0, 1])
            shown = ctx.save(fig, name, name)
            if name in self.failing:
                raise paperlib.PaperError(f"{name} failed on purpose")
            return f"## Section {name}\n\n{shown}\n"
        return types.SimpleNamespace(build=build)

    def files(self, folder):
        return {str(p.relative_to(folder)): p.read_bytes()
                for p in sorted(folder.rglob("*")) if p.is_file()}

    def make(self, *args):
        err = io.StringIO()
        with redirect_stderr(err):
            status = make_paper.main(["--bin", "/bin/true", "--runs", str(self.runs), "-q",
                                      *args])
        return status, err.getvalue()

    def test_a_partial_report_never_goes_over_the_committed_one(self):
        before = self.files(self.committed)
        status, err = self.make("--only", "table")
        self.assertEqual(status, 0, err)
        self.assertEqual(self.files(self.committed), before)
        partial = self.runs / "report-partial"
        report = (partial / "REPORT.md").read_text()
        self.assertIn("## Section table", report)
        self.assertNotIn("## Section boards", report)
        self.assertIn("A partial report: only the sections table", report)
        self.assertTrue((partial / "figures" / "table.png").is_file())
        self.assertFalse((partial / "figures" / "boards.png").exists())
        self.assertEqual(json.loads((partial / "figures" / "figures.json").read_text()),
                         {"figures": ["table"]})
        self.assertFalse((partial / ".making").exists())

    def test_a_partial_report_asked_into_the_committed_folder_is_refused(self):
        before = self.files(self.committed)
        for out in (self.committed, self.committed / "figures"):
            status, err = self.make("--only", "boards", "table", "--out", str(out))
            self.assertEqual(status, 2)
            self.assertIn("--only (a partial report) does not write over the committed report",
                          err)
            self.assertIn(str(self.runs / "report-partial"), err)
            self.assertEqual(self.files(self.committed), before)
            self.assertFalse(self.runs.exists())

    def test_a_tiny_partial_report_leaves_the_tiny_whole_report(self):
        whole = self.runs / "report"
        (whole / "figures").mkdir(parents=True)
        (whole / "REPORT.md").write_text("the whole tiny report\n")
        status, err = self.make("--tiny", "--only", "kmod")
        self.assertEqual(status, 0, err)
        self.assertEqual((whole / "REPORT.md").read_text(), "the whole tiny report\n")
        self.assertEqual(list((whole / "figures").iterdir()), [])
        self.assertIn("## Section kmod", (self.runs / "report-partial" / "REPORT.md").read_text())

    def test_every_section_named_is_the_whole_report_in_its_order(self):
        status, err = self.make("--only", *reversed(make_paper.SECTIONS))
        self.assertEqual(status, 0, err)
        report = (self.committed / "REPORT.md").read_text()
        self.assertNotIn("partial", report)
        at = [report.index(f"## Section {name}") for name in make_paper.SECTIONS]
        self.assertEqual(at, sorted(at))
        self.assertFalse((self.runs / "report-partial").exists())
        self.assertNotEqual((self.committed / "figures" / "boards.png").read_bytes(),
                            b"the committed figure")

    def test_a_section_that_fails_leaves_the_committed_report_and_figures(self):
        # boards and table draw their figures before record fails: none of them may land.
        self.failing = {"record"}
        before = self.files(self.committed)
        status, err = self.make()
        self.assertEqual(status, 1)
        self.assertIn("section record: record failed on purpose", err)
        self.assertEqual(self.files(self.committed), before)
        self.assertFalse((self.committed / ".making").exists())


class ResolvedConfigTest(unittest.TestCase):
    DRY_RUN = ("budget:\n  evaluations: 3000\nlabel: random, paper parameters\n"
               "optimizer:\n  kind: random\n  p_blocked: 0.25\noutput: /somewhere/else\n"
               "repeats: 3\ntarget: {kind: mouse-maze, rows: 6, cols: 6}\n")

    def test_flattened_without_output(self):
        flat = paperlib.resolved_config(self.DRY_RUN)
        self.assertEqual(flat["budget.evaluations"], "3000")
        self.assertEqual(flat["optimizer.p_blocked"], "0.25")
        self.assertEqual(flat["target"], "{kind: mouse-maze, rows: 6, cols: 6}")
        self.assertNotIn("output", flat)
        self.assertNotIn("budget", flat)

    def test_difference_names_the_budget(self):
        have = paperlib.resolved_config(self.DRY_RUN)
        wanted = paperlib.resolved_config(self.DRY_RUN.replace("3000", "1000000")
                                          .replace("repeats: 3", "repeats: 20"))
        self.assertNotEqual(have, wanted)
        self.assertEqual(paperlib.config_difference(have, wanted),
                         "budget.evaluations: 3000 there, 1000000 now; "
                         "repeats: 3 there, 20 now")
        moved = paperlib.resolved_config(self.DRY_RUN.replace("/somewhere/else", "/x"))
        self.assertEqual(have, moved)


class DropColumnsTest(unittest.TestCase):
    def test_wall_clock_column_left_out(self):
        table = ("| run | best | seconds per run |\n| --- | ---: | ---: |\n"
                 "| a | 115 | 0.5 |\n| b | 99 | 0.8 |\n")
        self.assertEqual(paperlib.drop_columns(table, {"seconds per run"}),
                         "| run | best |\n| --- | ---: |\n| a | 115 |\n| b | 99 |\n")


@unittest.skipUnless(ENGINE_GIVEN or (ENGINE.is_file() and os.access(ENGINE, os.X_OK)),
                     "build/mazesearch is not built and MAZESEARCH_BIN is not set")
class RunReuseTest(unittest.TestCase):
    """The issue: after a --tiny run, a full `make paper` reused the tiny runs and reported
    their results as full ones. A run folder is reused only when made with the same budgets."""

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.tmp = Path(self._tmp.name)
        self.said = []
        self.ctx = paperlib.Context(ROOT, ENGINE, self.tmp / "out", self.tmp / "runs",
                                    quiet=True)
        self.ctx.say = self.said.append

    def tearDown(self):
        self._tmp.cleanup()

    def run_random(self, evaluations):
        folder = self.ctx.run("configs/paper/random.yaml", "table/random", "repeats=1",
                              f"budget.evaluations={evaluations}")
        return folder, json.loads((folder / "summary.json").read_text())

    def test_a_run_with_other_budgets_is_made_again_and_the_old_one_kept_apart(self):
        folder, small = self.run_random(300)
        self.assertEqual(small["evaluations"], 300)
        again, same = self.run_random(300)  # the same settings: reused, not run again
        self.assertEqual(again, folder)
        self.assertIn(f"table/random: reusing {folder}", self.said)
        self.assertEqual(same, small)
        self.said.clear()
        folder, large = self.run_random(700)
        self.assertEqual(large["evaluations"], 700)
        aside = folder.with_name("random.set-aside-1")
        self.assertEqual(json.loads((aside / "summary.json").read_text())["evaluations"], 300)
        self.assertTrue(any("budget.evaluations: 300 there, 700 now" in s for s in self.said),
                        self.said)
        self.assertTrue(any(s.startswith("table/random: running") for s in self.said), self.said)

    def test_an_interrupted_run_with_other_budgets_is_not_resumed(self):
        folder, _ = self.run_random(300)
        (folder / "status").write_text("interrupted\n")
        folder, result = self.run_random(500)
        self.assertEqual(result["evaluations"], 500)
        self.assertFalse(any("resuming" in s for s in self.said), self.said)
        self.assertTrue(folder.with_name("random.set-aside-1").is_dir())


@unittest.skipUnless(ENGINE_GIVEN or (ENGINE.is_file() and os.access(ENGINE, os.X_OK)),
                     "build/mazesearch is not built and MAZESEARCH_BIN is not set")
class ExhaustiveResultsTest(unittest.TestCase):
    """The small-grid optima are computed by the engine and checked against the committed
    results; 7x7 is read from its committed result, checked against the merge of its shards.
    A tampered committed file is an error, not republished."""

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.tmp = Path(self._tmp.name)
        from sections import exhaustive
        self.ex = exhaustive

    def tearDown(self):
        self._tmp.cleanup()

    def context(self, root=ROOT):
        ctx = paperlib.Context(root, ENGINE, self.tmp / "out", self.tmp / "runs", quiet=True)
        ctx.said = []
        ctx.say = ctx.said.append
        return ctx

    def fake_root(self, tamper):
        """A copy of the committed results and 7x7 shards, with tamper(results folder) applied."""
        root = self.tmp / "root"
        results = root / "results" / "exhaustive" / "results"
        results.mkdir(parents=True)
        for f in (ROOT / "results" / "exhaustive" / "results").glob("*.json"):
            (results / f.name).write_bytes(f.read_bytes())
        shards = root / "results" / "exhaustive" / "7x7"
        shards.mkdir()
        for f in (ROOT / "results" / "exhaustive" / "7x7").glob("shard-*-of-64.json"):
            (shards / f.name).write_bytes(f.read_bytes())
        tamper(results)
        return root

    def test_computed_by_the_engine_and_equal_to_the_committed_file(self):
        ctx = self.context()
        res, source = self.ex.result(ctx, 4, 4)
        self.assertIn("`mazesearch enumerate --rows 4 --cols 4`", source)
        self.assertIn("equal to `results/exhaustive/results/4x4.json`", source)
        self.assertEqual((res["optimum"], res["feasible"]), (25, 5745))
        self.assertTrue((self.tmp / "runs" / "exhaustive" / "enumerate-4x4.json").is_file())
        self.assertTrue(any("mazesearch enumerate --rows 4 --cols 4" in s for s in ctx.said))

    def test_a_committed_result_that_differs_is_an_error(self):
        def tamper(results):
            data = json.loads((results / "4x4.json").read_text())
            data["optimum"] = 26
            (results / "4x4.json").write_text(json.dumps(data))
        ctx = self.context(self.fake_root(tamper))
        with self.assertRaisesRegex(paperlib.PaperError, "differs from .*4x4.json in optimum"):
            self.ex.result(ctx, 4, 4)

    def test_7x7_is_the_merge_of_its_shards(self):
        res, source = self.ex.result(self.context(), 7, 7)
        self.assertEqual(res["optimum"], 330)
        self.assertIn("not run here", source)
        self.assertIn("`mazesearch merge results/exhaustive/7x7/shard-*-of-64.json`", source)

        def tamper(results):
            data = json.loads((results / "7x7.json").read_text())
            data["feasible"] += 1
            (results / "7x7.json").write_text(json.dumps(data))
        ctx = self.context(self.fake_root(tamper))
        with self.assertRaisesRegex(paperlib.PaperError, "not the merge .* feasible"):
            self.ex.result(ctx, 7, 7)

        def drop_a_shard(results):
            (results.parent / "7x7" / "shard-63-of-64.json").unlink()
        (self.tmp / "root").rename(self.tmp / "root-1")
        ctx = self.context(self.fake_root(drop_a_shard))
        with self.assertRaisesRegex(paperlib.PaperError, "63 shard files, not 64"):
            self.ex.result(ctx, 7, 7)


if __name__ == "__main__":
    unittest.main()
