#!/usr/bin/env python3
"""`mazesearch serve` at the HTTP level: paths that climb out of the folder are refused, bad
requests get a 4xx with a reason, many clients at once are answered while a search writes its
run folder, and a server listening beyond 127.0.0.1 asks for its token.

    MAZESEARCH_BIN=build/mazesearch MAZESEARCH_SOURCE_DIR=. python3 tests/serve/test_serve_http.py
"""

import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.request
from pathlib import Path

SOURCE = Path(os.environ.get("MAZESEARCH_SOURCE_DIR", Path(__file__).resolve().parents[2]))
BIN = os.environ.get("MAZESEARCH_BIN", str(SOURCE / "build" / "mazesearch"))
CONFIG = SOURCE / "configs" / "paper" / "annealing.yaml"
BOARD = SOURCE / "configs" / "boards" / "optimum-6x6.txt"


def start_server(folder, *extra):
    """Starts `mazesearch serve FOLDER --port 0`; returns the process and the URL it printed."""
    proc = subprocess.Popen([BIN, "serve", str(folder), "--port", "0", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()  # "mazesearch serve: URL", printed once it listens
    if not line.startswith("mazesearch serve: "):
        proc.kill()
        raise RuntimeError("serve printed %r, not its URL" % line)
    return proc, line.split(": ", 1)[1].strip()


def stop(proc):
    proc.stdout.close()
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def fetch(url, data=None, headers=None, method=None):
    """(status, parsed JSON or text, headers) of one request; 4xx and 5xx are answers too."""
    req = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            body, status, hdrs = r.read(), r.status, r.headers
    except urllib.error.HTTPError as e:
        body, status, hdrs = e.read(), e.code, e.headers
    text = body.decode("utf-8", "replace")
    if (hdrs.get("Content-Type") or "").startswith("application/json"):
        return status, json.loads(text), hdrs
    return status, text, hdrs


class ServeHttpTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not Path(BIN).exists():
            raise unittest.SkipTest("no mazesearch at %s" % BIN)
        if subprocess.run([BIN, "serve", "--help"], capture_output=True).returncode != 0:
            raise unittest.SkipTest("this mazesearch has no serve command")
        cls.tmp = Path(tempfile.mkdtemp(prefix="serve-http-"))
        cls.folder = cls.tmp / "served"
        (cls.folder / "boards").mkdir(parents=True)
        shutil.copy(BOARD, cls.folder / "boards" / "six.txt")
        (cls.tmp / "secret.txt").write_text("S.\nE.\n")
        os.symlink(cls.tmp / "secret.txt", cls.folder / "boards" / "link.txt")
        os.symlink(cls.tmp, cls.folder / "up")
        # A search writing its run folder the whole time the tests read it.
        cls.search = subprocess.Popen(
            [BIN, "run", str(CONFIG), "budget.evaluations=null", "budget.seconds=120", "repeats=1",
             "output=%s" % (cls.folder / "runs" / "live"), "-q"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        cls.proc, cls.url = start_server(cls.folder)
        # The tests ask about runs/live from their first request: on a busy machine the search can
        # start after the server, so wait until its folder is there.
        live = cls.folder / "runs" / "live"
        deadline = time.time() + 60
        while not live.is_dir() and time.time() < deadline and cls.search.poll() is None:
            time.sleep(0.05)
        if not live.is_dir():
            cls.tearDownClass()
            raise AssertionError("the search never made its run folder %s" % live)

    @classmethod
    def tearDownClass(cls):
        stop(cls.proc)
        if cls.search.poll() is None:
            cls.search.send_signal(signal.SIGINT)
            cls.search.wait(60)
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def wait_for_logbook(self):
        deadline = time.time() + 60
        while time.time() < deadline:
            status, body, _ = fetch(self.url + "api/logbook?path=runs/live")
            if status == 200 and body["rows"]:
                return body
            time.sleep(0.2)
        self.fail("the live run's logbook never had a row")

    def test_paths_that_leave_the_folder_are_refused(self):
        for path in ["../secret.txt", "boards/../../secret.txt", str(self.tmp / "secret.txt"),
                     "boards/link.txt", "up/secret.txt", "%2e%2e/secret.txt",
                     "boards/%2e%2e/%2e%2e/secret.txt"]:
            for call in ["api/board?path=", "api/run?path=", "api/sweep?path=",
                         "api/logbook?path="]:
                status, body, _ = fetch(self.url + call + path)
                self.assertIn(status, (403, 404), (call, path, body))
                self.assertIn("error", body)
                self.assertNotIn("S.\nE.", json.dumps(body))
        status, body, _ = fetch(self.url + "api/logbook?path=runs/live&repeat=../..")
        self.assertEqual(status, 400, body)
        status, body, _ = fetch(self.url + "static/..%2f..%2fsecret.txt")
        self.assertEqual(status, 404)

    def test_bad_requests_get_a_reason(self):
        cases = [
            ("api/run", None, 400, "missing query parameter path"),
            ("api/logbook?path=runs/live&from=-1", None, 400, "from"),
            ("api/logbook?path=runs/live&from=abc", None, 400, "from"),
            ("api/logbook?path=runs/live&from=%20-1", None, 400, "from"),
            ("api/logbook?path=runs/live&from=%2B5", None, 400, "from"),
            ("api/logbook?path=runs/live&from=99999999999999999999", None, 400, "from"),
            ("api/run?path=boards", None, 404, "not a run folder"),
            ("api/sweep?path=runs/live", None, 404, "not a sweep folder"),
            ("api/nothing", None, 404, "no such page"),
            ("api/walk", b"not json", 400, "expected JSON"),
            ("api/walk", b"[1,2]", 400, "expected a JSON object"),
            ("api/walk", b'{"text": "S.x\\nE..\\n"}', 400, "unknown character"),
            ("api/walk", b'{"board": {"model": "cells", "rows": 99}}', 400, "board.rows"),
        ]
        for call, data, want, reason in cases:
            status, body, _ = fetch(self.url + call, data=data)
            self.assertEqual(status, want, (call, body))
            self.assertIn(reason, body["error"], call)
        status, body, _ = fetch(self.url + "api/walk", data=b"{" + b" " * (3 << 20) + b"}")
        self.assertEqual(status, 413)
        status, body, _ = fetch(self.url + "api/runs", headers={"Host": "evil.example:80"})
        self.assertEqual(status, 403)
        status, _, _ = fetch(self.url + "api/runs")
        self.assertEqual(status, 200)  # still serving

    def test_the_walk_answers_as_eval_does(self):
        status, body, _ = fetch(self.url + "api/board?path=boards/six.txt")
        self.assertEqual(status, 200, body)
        out = subprocess.run([BIN, "eval", str(BOARD), "--json"], capture_output=True,
                             text=True, check=True).stdout
        self.assertEqual(body["moves"], json.loads(out)["moves"])
        self.assertEqual(len(body["path"]), body["moves"] + 1)

    def test_many_clients_at_once_while_a_run_is_written(self):
        self.wait_for_logbook()
        calls = ["api/runs", "api/run?path=runs/live", "api/logbook?path=runs/live",
                 "api/boards", "api/board?path=boards/six.txt", "", "static/chart.js"]
        failures, counts = [], []

        def client(k):
            n = 0
            for i in range(30):
                call = calls[(k + i) % len(calls)]
                try:
                    status, body, _ = fetch(self.url + call)
                except Exception as e:  # noqa: BLE001 - any failure is the test's finding
                    failures.append((call, repr(e)))
                    continue
                if status != 200:
                    failures.append((call, status, body))
                n += 1
            counts.append(n)

        threads = [threading.Thread(target=client, args=(k,)) for k in range(12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(300)
        self.assertEqual(failures, [])
        self.assertEqual(sum(counts), 12 * 30)
        self.assertIsNone(self.proc.poll(), "the server died")

    def test_the_logbook_grows_while_the_run_writes_it(self):
        first = self.wait_for_logbook()
        deadline = time.time() + 60
        while time.time() < deadline:
            status, more, _ = fetch(self.url + "api/logbook?path=runs/live&from=%d" % first["next"])
            self.assertEqual(status, 200)
            if more["rows"]:
                self.assertGreater(more["next"], first["next"])
                self.assertGreaterEqual(more["rows"][0][1], first["rows"][-1][1])
                return
            time.sleep(0.2)
        self.fail("no new logbook row in 60 s")


class ServeTokenTest(unittest.TestCase):
    def test_beyond_localhost_every_request_needs_the_token(self):
        if not Path(BIN).exists():
            self.skipTest("no mazesearch at %s" % BIN)
        folder = Path(tempfile.mkdtemp(prefix="serve-token-"))
        try:
            proc, url = start_server(folder, "--host", "0.0.0.0")
            try:
                self.assertIn("?token=", url)
                base, token = url.split("?token=")
                base = base.replace("0.0.0.0", "127.0.0.1")
                self.assertEqual(fetch(base + "api/runs")[0], 403)
                self.assertEqual(fetch(base + "api/runs?token=wrong" + token[5:])[0], 403)
                status, _, headers = fetch(base + "?token=" + token)
                self.assertEqual(status, 200)
                cookie = headers.get("Set-Cookie").split(";")[0]
                self.assertEqual(fetch(base + "api/runs", headers={"Cookie": cookie})[0], 200)
                self.assertEqual(fetch(base + "api/runs?token=" + token)[0], 200)
            finally:
                stop(proc)
        finally:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    unittest.main(verbosity=2)
