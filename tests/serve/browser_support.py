#!/usr/bin/python3
"""The shared part of test_serve_browser.py: the scratch folder with a finished sweep and a live
search, `mazesearch serve` on it (or MAZESEARCH_SERVE_URL), headless Chromium through Selenium, and
the helpers the tests use. See test_serve_browser.py for the environment variables; not a test on
its own.
"""
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.parse
import urllib.request

try:
    from selenium import webdriver
    from selenium.common.exceptions import (JavascriptException, NoSuchElementException,
                                            StaleElementReferenceException, TimeoutException,
                                            WebDriverException)
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    SELENIUM_ERROR = None
except ImportError as e:  # pragma: no cover - depends on the machine
    SELENIUM_ERROR = str(e)

CHROMIUM = os.environ.get("MAZESEARCH_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("MAZESEARCH_CHROMEDRIVER", "/usr/bin/chromedriver")
WAIT = 60  # seconds: every wait is bounded; the machine may be busy
GROW_WAIT = 20  # the live chart must grow within this
HERE = os.path.dirname(os.path.abspath(__file__))


def transient(fn):
    """fn() or False when the page is between states (element replaced, not there yet)."""
    try:
        return fn()
    except (StaleElementReferenceException, NoSuchElementException, JavascriptException):
        return False



class ServeBrowserBase(unittest.TestCase):
    """Starts everything once for the class (setUpClass) and stops it (cleanup); the tests subclass it."""
    driver = None
    procs = []
    pipes = []
    shots = []

    # ------------------------------------------------------------ set-up and tear-down

    @classmethod
    def setUpClass(cls):
        if SELENIUM_ERROR:
            raise unittest.SkipTest(f"selenium is not installed ({SELENIUM_ERROR}): apt-get install python3-selenium")
        for path, pkg in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
            if not os.access(path, os.X_OK):
                raise unittest.SkipTest(f"{path} not found: apt-get install {pkg}")
        cls.url = os.environ.get("MAZESEARCH_SERVE_URL") or None
        cls.bin = os.environ.get("MAZESEARCH_BIN") or None
        if cls.bin and not os.access(cls.bin, os.X_OK):
            raise AssertionError(f"MAZESEARCH_BIN={cls.bin}: not an executable file")
        if not cls.url and not cls.bin:
            raise unittest.SkipTest("set MAZESEARCH_BIN (the built mazesearch) or MAZESEARCH_SERVE_URL")
        cls.procs = []
        cls.pipes = []
        cls.shots = []
        cls.addClassCleanup(cls.cleanup)
        cls.scratch = tempfile.mkdtemp(prefix="mazesearch-serve-test-")
        cls.shot_dir = os.environ.get("MAZESEARCH_SCREENSHOTS") or cls.scratch
        os.makedirs(cls.shot_dir, exist_ok=True)
        cls.live_path = None
        cls.sweep_path = None
        cls.finished_sweeps = []
        if cls.url:
            cls.find_runs_on_server()
        else:
            cls.start_everything()
        cls.start_browser()

    @classmethod
    def start_everything(cls):
        source = os.environ.get("MAZESEARCH_SOURCE_DIR") or os.path.dirname(os.path.dirname(HERE))
        config = os.path.join(source, "configs", "paper", "annealing.yaml")
        board = os.path.join(source, "configs", "boards", "optimum-6x6.txt")
        for f in (config, board):
            if not os.path.exists(f):
                raise AssertionError(f"{f}: missing (set MAZESEARCH_SOURCE_DIR to the source tree)")
        os.makedirs(os.path.join(cls.scratch, "boards"))
        shutil.copy(board, os.path.join(cls.scratch, "boards", "optimum-6x6.txt"))
        logs = os.path.join(cls.scratch, "logs")
        os.makedirs(logs)
        # a tiny sweep, finished before the server starts
        sweep = subprocess.run(
            [cls.bin, "sweep", config, "seed=1,2", "optimizer.t_start=1,5", "budget.evaluations=20000",
             "repeats=1", f"output={cls.scratch}/sweep", "-q"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600, text=True)
        if sweep.returncode != 0:
            raise AssertionError(f"mazesearch sweep failed ({sweep.returncode}):\n{sweep.stdout}")
        cls.sweep_path = "sweep"
        # the same with two repeats a point: /api/sweep keys its series ID/repeat-NNN
        sweep = subprocess.run(
            [cls.bin, "sweep", config, "optimizer.t_start=1,5", "budget.evaluations=20000", "repeats=2",
             f"output={cls.scratch}/sweep-repeats", "-q"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600, text=True)
        if sweep.returncode != 0:
            raise AssertionError(f"mazesearch sweep (repeats=2) failed ({sweep.returncode}):\n{sweep.stdout}")
        cls.finished_sweeps = ["sweep", "sweep-repeats"]
        # a sweep whose runs with max_blocks 1 end at -inf (a cat trap that cannot be won)
        games = os.path.join(source, "configs", "games", "cat-trap.yaml")
        sweep = subprocess.run(
            [cls.bin, "sweep", games, "target.max_blocks=1,16", "seed=1,2", "budget.evaluations=40",
             "repeats=1", f"output={cls.scratch}/sweep-inf", "-q"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600, text=True)
        if sweep.returncode != 0:
            raise AssertionError(f"mazesearch sweep (cat trap) failed ({sweep.returncode}):\n{sweep.stdout}")
        cls.infinite_sweep = "sweep-inf"
        # a finished map-elites run: its archive of elites is drawn as a heat map
        qd = subprocess.run(
            [cls.bin, "run", config, "optimizer={kind: map-elites, batch: 16, random_boards: 64}",
             "budget.evaluations=20000", "repeats=1", f"output={cls.scratch}/runs/qd", "-q"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600, text=True)
        if qd.returncode != 0:
            raise AssertionError(f"mazesearch run (map-elites) failed ({qd.returncode}):\n{qd.stdout}")
        cls.elites_path = "runs/qd"
        # a live search, running while the test looks: a time budget long enough for a busy
        # machine (it is stopped in the clean-up), two repeats for the median line
        live_log = open(os.path.join(logs, "live.log"), "w")
        cls.procs.append(("search", subprocess.Popen(
            [cls.bin, "run", config, "budget.evaluations=null", "budget.seconds=150", "repeats=2",
             f"output={cls.scratch}/runs/live", "-q", "logbook_every=1"],
            stdout=live_log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)))
        live_log.close()
        cls.live_path = "runs/live"
        status = os.path.join(cls.scratch, "runs", "live", "status")
        deadline = time.time() + WAIT
        while time.time() < deadline:
            if os.path.exists(status):
                with open(status) as f:
                    if f.read().strip() == "running":
                        break
            if cls.procs[-1][1].poll() is not None:
                raise AssertionError("the live search stopped at once:\n" + open(os.path.join(logs, "live.log")).read())
            time.sleep(0.2)
        else:
            raise AssertionError(f"{status}: not 'running' after {WAIT} s")
        cls.url = cls.start_server("serve")

    @classmethod
    def start_server(cls, name, *extra):
        """Starts `mazesearch serve SCRATCH --port 0 [extra]`; its URL, from its first line."""
        logs = os.path.join(cls.scratch, "logs")
        err = open(os.path.join(logs, f"{name}.log"), "w")
        server = subprocess.Popen([cls.bin, "serve", cls.scratch, "--port", "0", *extra], stdout=subprocess.PIPE,
                                  stderr=err, stdin=subprocess.DEVNULL, text=True, bufsize=1)
        err.close()
        cls.procs.append((name, server))
        cls.pipes.append(server.stdout)
        lines = queue.Queue()

        def drain():  # keeps reading, so a chatty server never blocks on a full pipe
            for line in server.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=drain, daemon=True).start()
        try:
            first = lines.get(timeout=WAIT)
        except queue.Empty:
            raise AssertionError(f"mazesearch serve printed nothing in {WAIT} s")
        if first is None:
            with open(os.path.join(logs, f"{name}.log")) as f:
                raise AssertionError("mazesearch serve stopped at once:\n" + f.read())
        m = re.search(r"https?://\S+", first)
        if not m or not first.startswith("mazesearch serve: "):
            raise AssertionError(f"mazesearch serve's first line: {first!r}, expected 'mazesearch serve: http://HOST:PORT/'")
        return m.group(0)

    @classmethod
    def api(cls, endpoint, **params):
        u = urllib.parse.urlsplit(cls.url)
        q = dict(urllib.parse.parse_qsl(u.query))  # the token, if the server wants one
        q.update(params)
        url = urllib.parse.urlunsplit((u.scheme, u.netloc, endpoint, urllib.parse.urlencode(q), ""))
        with urllib.request.urlopen(url, timeout=WAIT) as r:
            return json.load(r)

    @classmethod
    def find_runs_on_server(cls):
        runs = cls.api("/api/runs").get("runs", [])
        live = [r for r in runs if r.get("kind") == "run" and r.get("status") == "running"]
        sweeps = [r for r in runs if r.get("kind") == "sweep"]
        cls.live_path = live[0]["path"] if live else None
        cls.sweep_path = sweeps[0]["path"] if sweeps else None
        cls.finished_sweeps = [r["path"] for r in sweeps if r.get("status") == "finished"][:3]
        cls.infinite_sweep = None
        cls.elites_path = None

    @classmethod
    def start_browser(cls):
        opts = webdriver.ChromeOptions()
        opts.binary_location = CHROMIUM
        for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900",
                  "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions"):
            opts.add_argument(a)
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # for assert_console_clean
        try:
            cls.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
        except WebDriverException as e:
            raise unittest.SkipTest(f"headless Chromium does not start here: {e.msg}")
        cls.driver.set_page_load_timeout(WAIT)
        cls.driver.set_script_timeout(WAIT)

    @classmethod
    def cleanup(cls):
        if cls.driver is not None:
            try:
                cls.driver.quit()
            except Exception:  # noqa: BLE001 - the browser may be gone already
                pass
            cls.driver = None
        for name, p in reversed(cls.procs):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait(timeout=20)
        cls.procs = []
        for pipe in cls.pipes:
            pipe.close()
        cls.pipes = []
        if getattr(cls, "scratch", None) and os.path.isdir(cls.scratch):
            if os.path.abspath(cls.shot_dir) == os.path.abspath(cls.scratch):
                for sub in ("runs", "sweep", "sweep-repeats"):  # keep the screenshots (and the logs)
                    shutil.rmtree(os.path.join(cls.scratch, sub), ignore_errors=True)
            else:
                shutil.rmtree(cls.scratch, ignore_errors=True)
        if cls.shots:
            print("\nscreenshots:", file=sys.stderr)
            for s in cls.shots:
                print("  " + s, file=sys.stderr)

    # ------------------------------------------------------------ helpers

    def open(self, route):
        u = urllib.parse.urlsplit(self.url)
        self.driver.get(urllib.parse.urlunsplit((u.scheme, u.netloc, "/", u.query, route.lstrip("#"))))

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, cond, message, timeout=WAIT):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.2).until(lambda d: transient(cond))
        except TimeoutException:
            self.fail(f"{message} (waited {timeout} s; page error area: {self.error_text()!r})")

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).text.strip()

    def error_text(self):
        try:
            return self.js("const e = document.getElementById('error'); return e && !e.hidden ? e.textContent : '';")
        except WebDriverException:
            return "?"

    def assert_no_error(self):
        self.assertEqual(self.error_text(), "", "the page shows an error")
        self.assert_console_clean()

    def assert_console_clean(self, *allowed):
        """No SEVERE entry in the browser console (an uncaught exception, a module that does not load, a
        failed request) since the last look, but those matching one of the `allowed` patterns."""
        try:
            entries = self.driver.get_log("browser")
        except WebDriverException as e:  # a driver without the console log: nothing to look at
            print(f"the browser console cannot be read here: {e.msg}", flush=True)
            return
        severe = [e.get("message", "") for e in entries if e.get("level") == "SEVERE"]
        bad = [m for m in severe if not any(re.search(p, m) for p in allowed)]
        self.assertEqual(bad, [], "the browser console shows errors")
        return severe

    def screenshot(self, name):
        path = os.path.join(self.shot_dir, name)
        self.driver.save_screenshot(path)
        self.shots.append(path)
        print(f"screenshot: {path}", flush=True)
        return path

    def set_range(self, element_id, value):
        self.js("const e = document.getElementById(arguments[0]); e.value = arguments[1];"
                "e.dispatchEvent(new Event('input', {bubbles: true}));", element_id, str(value))

    def logbook(self, path, repeat):
        """All the rows of a repeat's logbook, as /api/logbook gives them a page at a time."""
        rows, columns, start = [], [], 0
        while True:
            page = self.api("/api/logbook", path=path, repeat=repeat, **{"from": start})
            columns = page.get("columns") or columns
            rows += page.get("rows", [])
            if not page.get("rows") or page.get("next", start) <= start:
                return columns, rows
            start = page["next"]

    def drawn(self, chart):
        """The datasets of the page's chart window[chart]: label, the page's tags (isBand, isMedian,
        group, role) and the points as [x, y]."""
        return self.js("const c = window[arguments[0]]; return c ? c.data.datasets.map(d => ({label: d.label,"
                       " band: !!d.isBand, median: !!d.isMedian, group: d.group, role: d.role,"
                       " data: d.data.map(p => [p.x, p.y])})) : null;", chart)

    def walk_ready(self, extra="true"):
        """The maze editor has the answer for the board as it is now."""
        return self.js("return document.getElementById('maze-board').getAttribute('data-state') === 'ready'"
                       f" && !!window.mazesearchLastWalk && ({extra});")

    def last_walk(self):
        return self.js("return window.mazesearchLastWalk;")

    def eval_board(self, text):
        """`mazesearch eval FILE --json` of a board text, or None without the binary."""
        if not self.bin:
            return None
        f = tempfile.NamedTemporaryFile("w", suffix=".txt", dir=self.scratch, delete=False)
        f.write(text)
        f.close()
        out = subprocess.run([self.bin, "eval", f.name, "--json"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, timeout=WAIT)
        self.assertEqual(out.returncode, 0, out.stderr)
        return json.loads(out.stdout.splitlines()[0])

    def check_moves_against_eval(self):
        walk = self.last_walk()
        shown = self.text("maze-moves")
        if walk["moves"] is not None:
            self.assertEqual(shown, str(walk["moves"]), "#maze-moves shows the walk answer's moves")
        ref = self.eval_board(walk["text"])
        if ref is not None:
            self.assertEqual(ref["feasible"], walk["feasible"])
            self.assertEqual(shown if ref["moves"] is not None else None,
                             str(ref["moves"]) if ref["moves"] is not None else None,
                             f"the page's moves against mazesearch eval for\n{walk['text']}")
            if ref["feasible"]:
                self.assertEqual(self.text("maze-feasible"), "feasible")
        return walk
