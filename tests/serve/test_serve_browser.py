#!/usr/bin/python3
"""The page of `mazesearch serve`, driven in a real browser (headless Chromium through Selenium).

Run: /usr/bin/python3 tests/serve/test_serve_browser.py (the set-up and the helpers are in
browser_support.py, next to this file)

Environment:
  MAZESEARCH_BIN         the built `mazesearch` command. The test makes a scratch folder, runs a tiny
                         sweep and a live search into it, serves it with `mazesearch serve SCRATCH
                         --port 0` and looks at it in the browser.
  MAZESEARCH_SOURCE_DIR  the source tree (for configs/paper/annealing.yaml and one board file);
                         by default the tree this file is in.
  MAZESEARCH_SERVE_URL   use the server already listening at this URL instead of starting one
                         (for developing the page against another server); the checks that need
                         the test's own runs are skipped unless that server shows similar ones, and
                         the comparisons with `mazesearch eval` are made only when MAZESEARCH_BIN
                         is set too.
  MAZESEARCH_SCREENSHOTS folder for the screenshots (default: the scratch folder, which is then
                         kept, without its runs).

Checks: (a) the runs table shows the live run as running; (b) the run view's chart grows while the
run goes on; (c) the maze editor: an empty 6x6 grid, a cell clicked, the moves shown equal `mazesearch
eval --json` of the same board (also for a board file and a passage board); (d) the walk played to
the end (the move counter reaches the moves shown), paused, scrubbed, and space plays it; (e)
screenshots of the runs, run, sweep and maze views; (f) the charts draw the API's series: a
finished run's lines are its repeats' logbooks and their median, a finished sweep's median and band
are its runs' series (chart_expect.py works them out from the API alone), for a sweep and a run
without repeats and with two. Skipped (not failed) when selenium, chromium or chromedriver is
missing.
"""
import json
import os
import re
import sys
import time
import unittest
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chart_expect  # noqa: E402 - after the path
from browser_support import GROW_WAIT, WAIT, ServeBrowserBase  # noqa: E402 - after the path

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select
except ImportError:  # pragma: no cover - ServeBrowserBase skips the tests then
    pass


class ServeBrowserTest(ServeBrowserBase):
    # ------------------------------------------------------------ (a) the runs table

    def test_1_runs_table(self):
        self.open("#/")
        self.wait(lambda: self.driver.find_element(By.CSS_SELECTOR, "#runs-table tbody tr"), "no row in #runs-table")
        if self.live_path:
            sel = f'#runs-table tbody tr[data-path="{self.live_path}"]'
            self.wait(lambda: self.driver.find_element(By.CSS_SELECTOR, sel + " .status").text.strip() == "running",
                      f"the live run {self.live_path} is not shown as running")
            row = self.driver.find_element(By.CSS_SELECTOR, sel)
            self.wait(lambda: re.match(r"^[\d,]+", row.find_element(By.CSS_SELECTOR, ".evaluations").text.strip())
                      and row.find_element(By.CSS_SELECTOR, ".evaluations").text.strip()[0] != "0",
                      "the live run's evaluations stay 0")
            self.wait(lambda: re.match(r"^[\d,]+$", row.find_element(By.CSS_SELECTOR, ".best").text.strip()),
                      "the live run shows no best score")
            link = row.find_element(By.CSS_SELECTOR, "a")
            self.assertTrue(link.get_attribute("href").endswith("#/run/" + self.live_path))
        if self.sweep_path:
            sel = f'#runs-table tbody tr[data-path="{self.sweep_path}"]'
            self.wait(lambda: self.driver.find_element(By.CSS_SELECTOR, sel), f"no row for the sweep {self.sweep_path}")
            self.assertIn("#/sweep/", self.driver.find_element(By.CSS_SELECTOR, sel + " a").get_attribute("href"))
        self.assert_no_error()
        self.screenshot("runs.png")

    # ------------------------------------------------------------ (b) the run view's chart grows

    def test_2_run_chart_grows(self):
        if not self.live_path:
            self.skipTest("the server shows no running run")
        self.open("#/run/" + self.live_path)
        self.wait(lambda: self.text("run-status") == "running", "#run-status does not say running")
        # the first repeat's line; on a server of someone else's runs (MAZESEARCH_SERVE_URL), where the
        # first repeat may be finished while later ones run, all the repeats' lines together
        if os.environ.get("MAZESEARCH_SERVE_URL"):
            count = ("const c = window.mazesearchChart; return c ? c.data.datasets.filter(d => !d.isMedian)"
                     ".reduce((a, d) => a + d.data.length, 0) : 0;")
        else:
            count = "const c = window.mazesearchChart; return c && c.data.datasets.length ? c.data.datasets[0].data.length : 0;"
        self.wait(lambda: self.js(count) > 0, "the run chart has no points")
        first = self.js(count)
        start = time.time()
        self.wait(lambda: self.js(count) > first, f"the run chart's first line did not grow from {first} points",
                  timeout=GROW_WAIT)
        print(f"run chart: {first} -> {self.js(count)} points in {time.time() - start:.1f} s", flush=True)
        self.wait(lambda: re.match(r"^[\d,]+$", self.text("run-evals")) and self.text("run-evals") != "0",
                  "#run-evals shows no evaluations")
        if self.api("/api/run", path=self.live_path).get("best_board"):  # written at the first checkpoint
            self.wait(lambda: len(self.driver.find_elements(By.CSS_SELECTOR, "#run-heatmap .cell")) > 0,
                      "no heat map of the best board")
        self.wait(lambda: self.js("return document.querySelector('#run-config').textContent.length > 0"), "no config shown")
        self.assert_no_error()
        self.js("window.scrollTo(0, 0);")
        self.screenshot("run.png")

    # ------------------------------------------------------------ (e, sweep) the sweep view

    def test_3_sweep_view(self):
        if not self.sweep_path:
            self.skipTest("the server shows no sweep")
        self.open("#/sweep/" + self.sweep_path)
        self.wait(lambda: len(self.driver.find_elements(By.CSS_SELECTOR, "#sweep-table tbody tr")) >= 1,
                  "#sweep-table has no combination")
        if not os.environ.get("MAZESEARCH_SERVE_URL"):
            # seed=1,2 optimizer.t_start=1,5: two combinations of two points each
            self.wait(lambda: len(self.driver.find_elements(By.CSS_SELECTOR, "#sweep-table tbody tr")) == 2,
                      "#sweep-table: expected two combinations (optimizer.t_start 1 and 5)")
            self.wait(lambda: len(self.driver.find_elements(By.CSS_SELECTOR, "#sweep-points tbody tr")) == 4,
                      "expected four points")
        self.wait(lambda: self.js("const c = window.mazesearchSweepChart; return !!c && c.data.datasets.some("
                                  "d => !d.isBand && d.data.length > 0);"), "the sweep chart draws no median")
        link = self.driver.find_element(By.CSS_SELECTOR, "#sweep-points tbody tr a").get_attribute("href")
        self.assertRegex(link, r"#/run/.+/point-\d+$")
        self.assert_no_error()
        self.screenshot("sweep.png")

    # ------------------------------------------------------------ (f) the charts draw the API's series

    def settle(self, read, good, timeout=10):
        """read() until good(value) or the time is up (the page may still show the view before); the
        last value read."""
        deadline = time.time() + timeout
        while True:
            value = self.wait(read, "the chart is not drawn")
            if good(value) or time.time() > deadline:
                return value
            time.sleep(0.3)

    def test_2b_run_charts_draw_the_logbooks(self):
        """Finished runs' charts, with one repeat and with two: each repeat's line is its logbook
        (evaluations increasing, the rows' best at every row), the median is the repeats' median."""
        runs = []  # every point of the sweeps (up to four each): curves that climb, curves that do not
        for path in self.finished_sweeps:
            points = self.api("/api/sweep", path=path).get("points", [])
            runs += [f"{path}/{p['folder']}" for p in points[:4]]
        if not runs:
            self.skipTest("the server shows no finished sweep")
        for path in runs:
            with self.subTest(run=path):
                folders = [r["folder"] for r in self.api("/api/run", path=path)["repeats"]]
                rows = [chart_expect.logbook_curve(*self.logbook(path, f)) for f in folders]
                labels = ["best so far" if f == "." else f for f in folders]
                self.open("#/run/" + path)

                def read():
                    d = self.drawn("mazesearchChart")
                    lines = [x for x in d or [] if not x["median"]]
                    return d if len(lines) == len(folders) else False

                drawn = self.settle(read, lambda d: [x["data"][-1:] for x in d if not x["median"]] ==
                                    [r[-1:] for r in rows])
                lines = [x for x in drawn if not x["median"]]
                self.assertEqual([x["label"] for x in lines], labels)
                errors = []
                for line, r in zip(lines, rows):
                    errors += chart_expect.step_curve_errors(line["label"], line["data"], r)
                    errors += chart_expect.shape_errors(line["label"], line["data"])
                medians = [x for x in drawn if x["median"]]
                self.assertEqual(len(medians), 1 if len(folders) > 1 else 0, "one median line, for two repeats or more")
                for m in medians:
                    self.assertTrue(m["data"], "the median line has no points")
                    errors += chart_expect.median_errors(m["data"], [x["data"] for x in lines], rows)
                    errors += chart_expect.shape_errors("median", m["data"])
                self.assertEqual(errors, [], f"the chart of {path} against its logbooks")
        self.assert_no_error()

    def test_3b_sweep_charts_draw_the_api_series(self):
        """Each combination's median and band are those of its runs' series in /api/sweep (each
        repeat of each point a run), for a sweep without repeats and one with."""
        if not self.finished_sweeps:
            self.skipTest("the server shows no finished sweep")
        for path in self.finished_sweeps:
            with self.subTest(sweep=path):
                sweep = self.api("/api/sweep", path=path)
                groups = sweep["table"]["groups"]
                expected = [chart_expect.combination_curves(sweep, g) for g in groups]
                self.open("#/sweep/" + path)

                def read():
                    d = self.drawn("mazesearchSweepChart")
                    return d if d and len(d) == 3 * len(groups) else False

                def drawn_as_expected(d):
                    return all([x["data"] for x in d if x["group"] == i and x["role"] == role] == [e[role]]
                               for i, (e, _) in enumerate(expected) for role in e)

                drawn = self.settle(read, drawn_as_expected)
                errors = []
                for i, (g, (exp, runs)) in enumerate(zip(groups, expected)):
                    mine = {x["role"]: x for x in drawn if x["group"] == i}
                    self.assertEqual(sorted(mine), ["highest", "lowest", "median"], f"combination {i}")
                    self.assertTrue(exp["median"], f"/api/sweep has no series for combination {i}")
                    self.assertGreaterEqual(runs, len(g["points"]), "every point has a run")
                    name = mine["median"]["label"]
                    self.assertIn(f"({len(g['points'])} point" + ("s" if len(g["points"]) != 1 else ""), name)
                    if runs > len(g["points"]):
                        self.assertIn(f"{runs} runs)", name)
                    for role, curve in exp.items():
                        got = mine[role]["data"]
                        if got != curve:
                            errors.append(f"{name}, {role}: {len(got)} points drawn ({got[:3]}...), "
                                          f"{len(curve)} in the API's series ({curve[:3]}...)")
                        errors += chart_expect.shape_errors(f"{name}, {role}", got)
                    errors += chart_expect.band_errors(name, *(mine[r]["data"] for r in ("lowest", "median", "highest")))
                self.assertEqual(errors, [], f"the chart of {path} against /api/sweep")
        self.assert_no_error()

    # ------------------------------------------------------------ (c) the maze editor

    def new_grid(self, model, rows, cols):
        self.js("document.getElementById('maze-rows').value = arguments[0];"
                "document.getElementById('maze-cols').value = arguments[1];", rows, cols)
        Select(self.driver.find_element(By.ID, "maze-model")).select_by_value(model)
        self.driver.find_element(By.ID, "maze-new").click()
        self.wait(lambda: self.walk_ready(f"window.mazesearchLastWalk.board.model === '{model}'"
                                          f" && window.mazesearchLastWalk.board.rows === {rows}"
                                          f" && window.mazesearchLastWalk.board.cols === {cols}"),
                  f"no walk of an empty {rows}x{cols} {model} grid")

    def test_3c_infinite_scores_are_shown(self):
        """A run that ends at -inf (a cat trap that cannot be won) is data: the table's cells say
        -inf, the comparison says the leader's lead is inf, and the charts say which runs they
        cannot draw."""
        if not getattr(self, "infinite_sweep", None):
            self.skipTest("no sweep with infinite scores on this server")
        self.open("#/sweep/" + self.infinite_sweep)
        self.wait(lambda: len(self.driver.find_elements(By.CSS_SELECTOR, "#sweep-table tbody tr")) == 2,
                  "#sweep-table: expected two combinations (max_blocks 1 and 16)")
        rows = [r.text for r in self.driver.find_elements(By.CSS_SELECTOR, "#sweep-table tbody tr")]
        self.assertTrue(any("-inf" in r for r in rows), f"no -inf in the table: {rows}")
        self.wait(lambda: "infinite" in self.text("sweep-chart-note"), "the sweep chart does not say what it cannot draw")
        note = self.text("sweep-chart-note")
        self.assertIn("in 2 runs: 0, 1", note)  # the two points with max_blocks 1
        self.wait(lambda: "inf" in self.text("sweep-compare-box"), "the comparison does not show the lead inf")
        self.assert_no_error()
        self.screenshot("sweep-infinite.png")
        self.open("#/run/" + self.infinite_sweep + "/point-000")
        self.wait(lambda: "infinite best" in self.text("run-chart-note"), "the run chart does not say what it cannot draw")
        # a game's board is shown as its text, not sent to the mouse's walk (which refused it)
        self.wait(lambda: "C" in self.text("run-board-text"), "the cat trap's best board is not shown")
        self.assertIn("cat-trap target", self.text("run-heatmap-caption"))
        self.wait(lambda: self.text("run-best") == "-inf", "the run's best is not shown as -inf")
        self.assert_no_error()
        self.screenshot("run-cat-trap.png")

    def test_4_maze_editor(self):
        self.open("#/maze")
        self.wait(lambda: self.driver.find_element(By.ID, "maze-board"), "no #maze-board")
        # the model choices are the server's board models (GET /api/models), in its order
        models = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.mazesearch.api('/api/models').then(done, (e) => done(String(e)));")
        self.assertEqual([m["name"] for m in models], ["cells", "passages", "hex"], models)
        choices = [o.get_attribute("value") for o in
                   self.driver.find_elements(By.CSS_SELECTOR, "#maze-model option")]
        self.assertEqual(choices, [m["name"] for m in models])
        # an empty 6x6 cell grid: every cell open
        self.new_grid("cells", 6, 6)
        cells = self.driver.find_elements(By.CSS_SELECTOR, "#maze-board .cell")
        self.assertEqual(len(cells), 36)
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#maze-board .cell.blocked")), 0)
        walk = self.check_moves_against_eval()
        self.assertTrue(walk["feasible"])
        # block (2, 2) with a click
        cell = self.driver.find_element(By.CSS_SELECTOR, '#maze-board .cell[data-r="2"][data-c="2"]')
        self.assertIn("open", cell.get_attribute("class").split())
        cell.click()
        self.wait(lambda: self.walk_ready("window.mazesearchLastWalk.board.open[2 * 6 + 2] === 0"),
                  "clicking (2, 2) did not block it")
        cell = self.driver.find_element(By.CSS_SELECTOR, '#maze-board .cell[data-r="2"][data-c="2"]')
        self.assertIn("blocked", cell.get_attribute("class").split())
        walk = self.check_moves_against_eval()
        self.assertEqual(sum(walk["visits"]), walk["moves"], "cell boards: the visits add up to the moves")
        # the start cell stays open when clicked
        self.driver.find_element(By.CSS_SELECTOR, '#maze-board .cell[data-r="0"][data-c="0"]').click()
        time.sleep(0.3)
        self.assertEqual(self.last_walk()["board"]["open"][0], 1)
        # a second click opens (2, 2) again
        self.driver.find_element(By.CSS_SELECTOR, '#maze-board .cell[data-r="2"][data-c="2"]').click()
        self.wait(lambda: self.walk_ready("window.mazesearchLastWalk.board.open[2 * 6 + 2] === 1"),
                  "clicking (2, 2) again did not open it")
        self.check_moves_against_eval()
        # a board file from the dropdown
        options = [o.get_attribute("value") for o in
                   self.driver.find_elements(By.CSS_SELECTOR, "#maze-board-select option")]
        self.wait(lambda: any(v for v in [o.get_attribute("value") for o in self.driver.find_elements(
            By.CSS_SELECTOR, "#maze-board-select option")]), "the board file list is empty")
        options = [o.get_attribute("value") for o in
                   self.driver.find_elements(By.CSS_SELECTOR, "#maze-board-select option")]
        optimum = [v for v in options if v.endswith("optimum-6x6.txt")]
        if optimum:
            Select(self.driver.find_element(By.ID, "maze-board-select")).select_by_value(optimum[0])
            self.wait(lambda: self.walk_ready("window.mazesearchLastWalk.board.open[6] === 0") and
                      self.text("maze-moves") == "115", "the 6x6 optimum does not show 115 moves")
            self.check_moves_against_eval()
        # a passage board: an empty 4x4 grid, one passage walled
        self.new_grid("passages", 4, 4)
        passages = self.driver.find_elements(By.CSS_SELECTOR, "#maze-board .passage")
        self.assertEqual(len(passages), 2 * 4 * 3)
        self.check_moves_against_eval()
        p = self.driver.find_element(By.CSS_SELECTOR, '#maze-board .passage[data-r="1"][data-c="1"][data-dir="right"]')
        self.assertIn("open", p.get_attribute("class").split())
        p.click()
        self.wait(lambda: self.walk_ready("window.mazesearchLastWalk.board.right[1 * 4 + 1] === 0"),
                  "clicking a passage did not wall it")
        p = self.driver.find_element(By.CSS_SELECTOR, '#maze-board .passage[data-r="1"][data-c="1"][data-dir="right"]')
        self.assertIn("closed", p.get_attribute("class").split())
        self.check_moves_against_eval()
        # a hexagonal board: an empty 3x3 grid walks the rules' 11 moves; a click blocks a hexagon
        self.new_grid("hex", 3, 3)
        hexagons = self.driver.find_elements(By.CSS_SELECTOR, "#maze-board polygon.cell")
        self.assertEqual(len(hexagons), 9)
        self.assertEqual(self.text("maze-moves"), "11")
        self.check_moves_against_eval()
        self.new_grid("hex", 5, 6)
        cell = self.driver.find_element(By.CSS_SELECTOR, '#maze-board .cell[data-r="1"][data-c="0"]')
        cell.click()
        self.wait(lambda: self.walk_ready("window.mazesearchLastWalk.board.open[1 * 6 + 0] === 0"),
                  "clicking the hexagon (1, 0) did not block it")
        walk = self.check_moves_against_eval()
        self.assertTrue(walk["text"].startswith("hex\n"), walk["text"])
        self.assertEqual(sum(walk["visits"]), walk["moves"], "hex boards: the visits add up to the moves")
        self.screenshot("maze-hex.png")
        self.assert_no_error()

    # ------------------------------------------------------------ (d) watching Squeaky walk

    def step_count(self):
        t = self.text("maze-step-count")
        return int(t) if re.fullmatch(r"\d+", t) else -1

    def test_5_maze_playback(self):
        self.open("#/maze")
        self.wait(lambda: self.driver.find_element(By.ID, "maze-board"), "no #maze-board")
        self.new_grid("cells", 6, 6)
        # a board with a longer walk: the optimum if the server has it, else a hand-made one
        boards = [b["path"] for b in self.api("/api/boards").get("boards", [])]
        optimum = [p for p in boards if p.endswith("optimum-6x6.txt")]
        if optimum:
            self.open("#/maze/" + optimum[0])
            self.wait(lambda: self.walk_ready("window.mazesearchLastWalk.board.open[6] === 0"), "the optimum did not load")
        else:
            for r, c in ((1, 0), (1, 2), (1, 3), (3, 1), (3, 3), (3, 4)):
                n = self.js("return window.mazesearchLastWalk.board.open.filter(x => !x).length;")
                self.driver.find_element(By.CSS_SELECTOR, f'#maze-board .cell[data-r="{r}"][data-c="{c}"]').click()
                self.wait(lambda: self.walk_ready(f"window.mazesearchLastWalk.board.open.filter(x => !x).length === {n + 1}"),
                          f"clicking ({r}, {c}) did not block it")
        walk = self.last_walk()
        self.assertTrue(walk["feasible"])
        moves = int(self.text("maze-moves"))
        self.assertEqual(len(walk["path"]) - 1, moves, "a cell board's path holds the start and every move")
        self.assertEqual(self.step_count(), moves, "before playing, the counter shows the whole walk")
        # play slowly and look at it mid-walk
        self.set_range("maze-speed", 40)  # about 30 moves a second
        self.driver.find_element(By.ID, "maze-play").click()
        self.wait(lambda: 5 <= self.step_count() < moves, "the playback does not move")
        self.driver.find_element(By.ID, "maze-pause").click()
        paused = self.step_count()
        time.sleep(0.6)
        self.assertEqual(self.step_count(), paused, "the playback goes on after pause")
        self.assertEqual(self.js("return document.getElementById('maze-mouse').getAttribute('visibility')"), "visible")
        drawn = self.js("return Array.from(document.querySelectorAll('#maze-board .count'))"
                        ".reduce((a, t) => a + (Number(t.textContent) || 0), 0);")
        self.assertEqual(drawn, paused, "the counts drawn add up to the moves walked so far")
        self.assertLess(0, paused)
        self.driver.find_element(By.ID, "maze-step").click()
        self.assertEqual(self.step_count(), paused + 1, "Step walks one move")
        self.screenshot("maze.png")
        # the rest at full speed: the counter ends at the moves shown
        self.set_range("maze-speed", 100)
        self.driver.find_element(By.ID, "maze-play").click()
        self.wait(lambda: self.step_count() == moves, f"the playback does not reach {moves} moves")
        self.assertEqual(self.text("maze-step-count"), self.text("maze-moves"))
        # the scrubber: to the start and back to the end
        self.set_range("maze-scrubber", 0)
        self.assertEqual(self.step_count(), 0)
        self.set_range("maze-scrubber", self.driver.find_element(By.ID, "maze-scrubber").get_attribute("max"))
        self.assertEqual(self.step_count(), moves)
        # space plays (from the start, since the walk is over; slowly, to see it) and pauses
        self.set_range("maze-speed", 0)
        self.js("document.activeElement && document.activeElement.blur();")
        ActionChains(self.driver).send_keys(Keys.SPACE).perform()
        self.wait(lambda: self.driver.find_element(By.ID, "maze-pause").is_enabled(), "space does not play")
        ActionChains(self.driver).send_keys(Keys.SPACE).perform()
        self.wait(lambda: not self.driver.find_element(By.ID, "maze-pause").is_enabled(), "space does not pause")
        self.assertLess(self.step_count(), moves)
        self.assert_no_error()

    # ------------------------------------------------------------ errors

    def test_6_errors_shown(self):
        self.open("#/run/no/such/run")
        self.wait(lambda: self.error_text() != "", "a missing run shows no error")
        self.open("#/maze/no-such-board.txt")
        self.wait(lambda: self.error_text() != "", "a missing board file shows no error")
        # the console shows the refused requests, and nothing else
        severe = self.assert_console_clean(r"/api/(run|board)\?.* Failed to load resource: the server responded with a status of 404")
        if severe is not None:
            self.assertTrue(severe, "the console shows no refused request: is it read at all?")

    # ------------------------------------------------------------ the API the page relies on

    def test_7_board_answer_is_a_walk_answer(self):
        """GET /api/board answers as POST /api/walk does: `path` is the walk's list of vertices."""
        boards = [b["path"] for b in self.api("/api/boards").get("boards", [])]
        if not boards:
            self.skipTest("the server lists no board file")
        board = self.api("/api/board", path=boards[0])
        self.assertIsInstance(board.get("path"), list,
                              f"/api/board?path={boards[0]}: 'path' must be the walk's vertices (as /api/walk), "
                              f"not {board.get('path')!r}; the page then walks the board a second time to play it")
        req = urllib.request.Request(self.url.split("?")[0].rstrip("/") + "/api/walk" +
                                     ("?" + self.url.split("?", 1)[1] if "?" in self.url else ""),
                                     data=json.dumps({"text": board["text"]}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(req, timeout=WAIT) as r:
            walk = json.load(r)
        for key in ("moves", "visits", "path", "feasible"):
            self.assertEqual(board[key], walk[key], key)

    # ------------------------------------------------------------ (g) a map-elites run's archive

    def test_7b_elites_heat_map(self):
        """A map-elites run's archive is a heat map of its cells; a click on one shows its board
        walking, its moves the cell's value, and opens it in the maze editor."""
        if not self.elites_path:
            self.skipTest("the server shows no map-elites run of the test's own")
        run = self.api("/api/run", path=self.elites_path)
        cells = run["elites"]["cells"]
        self.assertEqual([a["descriptor"] for a in run["elites"]["axes"]], ["hot-row", "hot-col"])
        self.assertGreater(len(cells), 10)
        self.open("#/run/" + self.elites_path)
        shown = "return document.querySelectorAll('#run-elites rect.elite').length;"
        self.wait(lambda: self.js(shown) == len(cells),
                  f"the heat map shows {self.js(shown)} cells, the archive holds {len(cells)}")
        self.assertEqual(self.js("return document.querySelectorAll('#run-elites rect').length;"), 36)
        best = max(cells, key=lambda c: c["value"])
        self.assertEqual(int(self.js("return document.querySelector('#run-elites rect.elite-best')"
                                     ".dataset.cell;")), best["cell"])
        # x (hot-row) runs down and y (hot-col) across: cell = row + 6 x column
        places = self.js("return Array.from(document.querySelectorAll('#run-elites rect')).map("
                         "r => [+r.dataset.cell, +r.getAttribute('x'), +r.getAttribute('y')]);")
        xs = sorted({p[1] for p in places})
        ys = sorted({p[2] for p in places})
        for cell, x, y in places:
            self.assertEqual((ys.index(y), xs.index(x)), (cell % 6, cell // 6), cell)
        low = min(cells, key=lambda c: c["value"])
        self.js(f"document.querySelector('#run-elites rect[data-cell=\"{int(low['cell'])}\"]')"
                ".dispatchEvent(new MouseEvent('click', {bubbles: true}));")
        moves = f"{int(low['value']):,} moves"
        self.wait(lambda: moves in self.text("run-heatmap-caption"),
                  f"the caption does not say {moves}: {self.text('run-heatmap-caption')!r}")
        self.assertIn(f"cell {int(low['cell'])} ", self.text("run-heatmap-title"))
        self.wait(lambda: self.js("return !document.getElementById('run-open-editor').disabled;"),
                  "the maze editor button stays disabled")
        self.assert_no_error()
        self.wait(lambda: "QD-score" in self.text("run-summary"), "the summary shows no QD-score")
        self.js("document.getElementById('run-heatmap-title').scrollIntoView();")
        self.screenshot("elites-board.png")
        self.js("document.getElementById('run-elites-card').scrollIntoView();")
        self.screenshot("elites.png")

    # ------------------------------------------------------------ the token of a server on another address

    def test_8_token(self):
        if os.environ.get("MAZESEARCH_SERVE_URL"):
            self.skipTest("needs the test's own server")
        try:
            url = self.start_server("serve-token", "--host", "127.0.0.2")
        except AssertionError as e:
            self.skipTest(f"no server on 127.0.0.2 here: {e}")
        self.assertIn("token=", url, "a server on another address than 127.0.0.1 asks for a token")
        self.driver.get(url.split("#")[0] + "#/")
        self.wait(lambda: self.driver.find_element(By.CSS_SELECTOR, f'#runs-table tbody tr[data-path="{self.sweep_path}"]'),
                  "with the token in the URL the runs table stays empty")
        self.assert_no_error()


if __name__ == "__main__":
    unittest.main(verbosity=2)
