"""Tests of studies/plot_elites.py: the heat map's grid is the archive the run wrote, cell for cell,
for archives of one, two and three axes; the command writes its files, and refuses a run that
has no archive; plot.py --elites draws the same picture.

    /usr/bin/python3 -m unittest discover -s tests/paper -p 'test_*.py'
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "studies" / "plot_elites.py"
ENGINE_GIVEN = bool(os.environ.get("MAZESEARCH_BIN"))
ENGINE = Path(os.environ["MAZESEARCH_BIN"]) if ENGINE_GIVEN else ROOT / "build" / "mazesearch"
sys.path.insert(0, str(SCRIPT.parent))

import numpy as np  # noqa: E402

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
CONFIG = ("name: qd\nseed: 3\nthreads: 1\ntarget: {kind: mouse-maze, rows: 6, cols: 6}\n"
          "optimizer: {kind: map-elites, batch: 16, random_boards: 64}\n"
          "budget: {evaluations: 5000}\n")


@unittest.skipUnless(ENGINE_GIVEN or ENGINE.exists(), "no engine built (build/mazesearch)")
class PlotElites(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="plot-elites-"))
        self.addCleanup(shutil.rmtree, self.tmp)
        (self.tmp / "qd.yaml").write_text(CONFIG)
        import plot_elites
        self.plot_elites = plot_elites

    def run_engine(self, name, *overrides):
        out = self.tmp / name
        subprocess.run([str(ENGINE), "run", str(self.tmp / "qd.yaml"), f"output={out}", "-q",
                        *overrides], check=True, capture_output=True)
        return out

    def test_the_grid_is_the_archive_cell_for_cell(self):
        for overrides, shape in (((), (1, 6, 6)),
                                 (("optimizer.y=none",), (1, 6, 1)),
                                 (("optimizer.z=open-genes", "optimizer.z_bins=3"), (3, 6, 6))):
            run = self.plot_elites.plot.open_run(self.run_engine("r" + str(len(shape)) +
                                                                 str(len(overrides)), *overrides))
            grids = self.plot_elites.archive_grids(run)
            self.assertEqual((len(grids),) + grids[0][1].shape, shape, overrides)
            seen = np.zeros(shape, dtype=bool)
            for cell, value in zip(run.elites["cell"], run.elites["value"]):
                x, y, z = cell % shape[1], cell // shape[1] % shape[2], cell // (shape[1] * shape[2])
                self.assertEqual(grids[z][1][x, y], value, (overrides, cell))
                seen[z, x, y] = True
            for z, (_, grid, _) in enumerate(grids):
                self.assertTrue(np.isnan(grid[~seen[z]]).all(), overrides)
            self.assertGreater(seen.sum(), 5)
        self.assertTrue(grids[0][0].startswith("open-genes 0 to "), grids[0][0])

    def test_the_command_writes_png_and_svg_and_refuses_a_run_without_an_archive(self):
        run = self.run_engine("qd")
        out = self.tmp / "pic"
        done = subprocess.run([sys.executable, str(SCRIPT), str(run), "-o", str(out)],
                              capture_output=True, text=True,
                              env=dict(os.environ, MAZESEARCH_BIN=str(ENGINE)))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.split(), [str(out) + ".png", str(out) + ".svg"])
        self.assertEqual((self.tmp / "pic.png").read_bytes()[:8], PNG_SIGNATURE)
        self.assertIn("<svg", (self.tmp / "pic.svg").read_text())
        plain = self.run_engine("plain", "optimizer={kind: random}")
        bad = subprocess.run([sys.executable, str(SCRIPT), str(plain), "-o", str(out) + "2"],
                             capture_output=True, text=True,
                             env=dict(os.environ, MAZESEARCH_BIN=str(ENGINE)))
        self.assertEqual(bad.returncode, 2)
        self.assertIn("no archive (not a map-elites run", bad.stderr)
        self.assertFalse((self.tmp / "pic2.png").exists())

    def test_plot_py_with_elites_draws_the_same_picture(self):
        run = self.run_engine("qd")
        env = dict(os.environ, MAZESEARCH_BIN=str(ENGINE))
        for script, out in ((SCRIPT, "by-plot-elites"), (SCRIPT.parent / "plot.py", "by-plot")):
            args = ["--elites"] if script.name == "plot.py" else []
            done = subprocess.run([sys.executable, str(script), *args, str(run), "-o",
                                   str(self.tmp / out) + ".png", "--title", "an archive"],
                                  capture_output=True, text=True, env=env)
            self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual((self.tmp / "by-plot.png").read_bytes(),
                         (self.tmp / "by-plot-elites.png").read_bytes())
        # The convergence plot's options have no meaning for an archive: refused, nothing written.
        bad = subprocess.run([sys.executable, str(SCRIPT.parent / "plot.py"), "--elites", str(run),
                              "--optimum", "3", "-o", str(self.tmp / "bad.png")],
                             capture_output=True, text=True, env=env)
        self.assertEqual(bad.returncode, 2)
        self.assertIn("--elites draws archives, not curves: --optimum does not apply", bad.stderr)
        self.assertFalse((self.tmp / "bad.png").exists())


if __name__ == "__main__":
    unittest.main()
