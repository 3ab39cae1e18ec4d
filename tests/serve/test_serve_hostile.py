#!/usr/bin/env python3
"""`mazesearch serve` against a hostile user: links and FIFOs in run and sweep folders, a config
that claims a hundred million repeats, a port already in use, walk numbers that do not fit the
board, slow clients, a million headers, and loose Host headers and cookies.

    MAZESEARCH_BIN=build/mazesearch MAZESEARCH_SOURCE_DIR=. python3 tests/serve/test_serve_hostile.py
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_serve_http import BIN, BOARD, fetch, start_server, stop  # noqa: E402

SECRET = "SECRET-0a1b2c"  # in every file outside the served folder; never in an answer


def port_of(url):
    return int(url.split("://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])


def raw(port, head, body=b"", timeout=30):
    """Sends a request as bytes and reads the answer to the end: (status, text)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(head + body)
        data = b""
        while True:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            data += chunk
    text = data.decode("utf-8", "replace")
    status = int(text.split(" ", 2)[1]) if text.startswith("HTTP/1.") else None
    return status, text


def get(path, host, extra=b""):
    return (b"GET " + path.encode() + b" HTTP/1.1\r\nHost: " + host.encode() + b"\r\n" + extra +
            b"Connection: close\r\n\r\n")


def write_run(folder, config=None, **files):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps(config or {"name": folder.name}))
    for name, text in files.items():
        (folder / name).write_text(text)


def write_sweep(folder, seeds):
    """A sweep.json over seeds, as `mazesearch sweep` writes one."""
    folder.mkdir(parents=True, exist_ok=True)
    spec = {"format": "mazesearch sweep", "version": 1, "config": "c.yaml", "config_hash": "0",
            "fixed": [], "group_keys": [],
            "axes": [{"keys": ["seed"], "values": [[str(s)] for s in seeds]}],
            "points": [{"id": i, "folder": "point-%03d" % i, "overrides": {"seed": str(s)}}
                       for i, s in enumerate(seeds)]}
    (folder / "sweep.json").write_text(json.dumps(spec))


class ServeFolderLinksTest(unittest.TestCase):
    """Every file the server opens stays inside FOLDER once its links are resolved, and only
    regular files are read, and only so much of them."""

    @classmethod
    def setUpClass(cls):
        if not Path(BIN).exists():
            raise unittest.SkipTest("no mazesearch at %s" % BIN)
        cls.tmp = Path(tempfile.mkdtemp(prefix="serve-hostile-"))
        out, cls.folder = cls.tmp / "outside", cls.tmp / "served"
        write_run(out / "run", {"name": SECRET}, **{"best.txt": SECRET, "logbook.csv":
                  "gen,evals,best\n1,10,%s\n" % "7777777", "config.yaml": SECRET})
        (out / "hostname").write_text(SECRET)
        write_sweep(out / "sweep", [1])
        write_run(out / "sweep" / "point-000", {"name": SECRET}, status="finished\n",
                  **{"summary.json": json.dumps({"best_score": 7777777, "evaluations": 1,
                                                 "seconds": 1})})
        runs = cls.folder / "runs"
        (cls.folder / "boards").mkdir(parents=True)
        shutil.copy(BOARD, cls.folder / "boards" / "six.txt")
        write_run(runs / "best-out")
        os.symlink(out / "run" / "best.txt", runs / "best-out" / "best.txt")
        write_run(runs / "yaml-out")
        os.symlink(out / "run" / "config.yaml", runs / "yaml-out" / "config.yaml")
        write_run(runs / "archive-out")
        (runs / "archive-out" / "archive").mkdir()
        (runs / "archive-out" / "archive" / "index.csv").write_text(
            "rank,value,evaluation,distance_to_best,file\n1,5,1,0,01.txt\n")
        os.symlink(out / "hostname", runs / "archive-out" / "archive" / "01.txt")
        (runs / "config-out").mkdir()
        os.symlink(out / "run" / "config.json", runs / "config-out" / "config.json")
        write_run(runs / "repeat-out", {"name": "r", "repeats": 2})
        os.symlink(out / "run", runs / "repeat-out" / "repeat-000")
        write_run(runs / "logbook-out")
        os.symlink(out / "run" / "logbook.csv", runs / "logbook-out" / "logbook.csv")
        # A link that stays inside is followed.
        write_run(runs / "best-in")
        os.symlink("../../boards/six.txt", runs / "best-in" / "best.txt")
        write_sweep(cls.folder / "sweeps" / "point-out", [1])
        os.symlink(out / "sweep" / "point-000", cls.folder / "sweeps" / "point-out" / "point-000")
        write_sweep(cls.folder / "sweeps" / "summary-out", [1])
        write_run(cls.folder / "sweeps" / "summary-out" / "point-000", status="finished\n")
        os.symlink(out / "sweep" / "point-000" / "summary.json",
                   cls.folder / "sweeps" / "summary-out" / "point-000" / "summary.json")
        # FIFOs: opening one for reading waits for a writer that never comes.
        write_run(runs / "fifo-logbook")
        os.mkfifo(runs / "fifo-logbook" / "logbook.csv")
        write_run(runs / "fifo-status")
        os.mkfifo(runs / "fifo-status" / "status")
        write_sweep(cls.folder / "sweeps" / "fifo-log", [1])
        (cls.folder / "sweeps" / "fifo-log" / "logs").mkdir()
        os.mkfifo(cls.folder / "sweeps" / "fifo-log" / "logs" / "point-000.txt")
        # A config that claims far more repeats than there are folders.
        write_run(runs / "many", {"name": "many", "repeats": 100000000})
        for r in ("repeat-000", "repeat-001"):
            (runs / "many" / r).mkdir()
            (runs / "many" / r / "logbook.csv").write_text("gen,evals,best\n1,10,5\n")
        cls.proc, cls.url = start_server(cls.folder)

    @classmethod
    def tearDownClass(cls):
        stop(cls.proc)
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def ask(self, call):
        status, body, _ = fetch(self.url + call)
        self.assertNotIn(SECRET, json.dumps(body), call)
        self.assertNotIn("7777777", json.dumps(body), call)
        return status, body

    def test_a_link_out_of_a_run_folder_is_refused(self):
        for run in ["yaml-out", "repeat-out", "logbook-out"]:
            status, body = self.ask("api/run?path=runs/" + run)
            self.assertEqual(status, 403, (run, body))
            self.assertIn("leads out of the served folder", body["error"])
        # A board is a part of the view: not read, and said why; the rest of the run is shown.
        status, body = self.ask("api/run?path=runs/best-out")
        self.assertEqual(status, 200, body)
        self.assertIsNone(body["best_board"])
        self.assertEqual(body["best_board_error"],
                         "runs/best-out/best.txt: a link that leads out of the served folder")
        status, body = self.ask("api/run?path=runs/archive-out")
        self.assertEqual(status, 200, body)
        self.assertEqual([(a["file"], a["board"], a["error"]) for a in body["archive"]],
                         [("archive/01.txt", None, "runs/archive-out/archive/01.txt: a link "
                           "that leads out of the served folder")])
        status, body = self.ask("api/logbook?path=runs/logbook-out")
        self.assertEqual(status, 403, body)
        status, body = self.ask("api/logbook?path=runs/repeat-out&repeat=repeat-000")
        self.assertEqual(status, 403, body)
        status, body = self.ask("api/run?path=runs/config-out")
        self.assertEqual(status, 403, body)

    def test_a_link_out_of_a_sweep_folder_is_refused(self):
        for sweep in ["point-out", "summary-out"]:
            status, body = self.ask("api/sweep?path=sweeps/" + sweep)
            self.assertEqual(status, 403, (sweep, body))

    def test_a_link_that_stays_inside_is_followed(self):
        status, body = self.ask("api/run?path=runs/best-in")
        self.assertEqual(status, 200, body)
        self.assertEqual(body["best_board"], BOARD.read_text())

    def test_a_fifo_holds_up_no_one(self):
        status, body = self.ask("api/runs")  # the FIFOs' folders are listed with the reason
        self.assertEqual(status, 200, body)
        shown = {r["path"]: r for r in body["runs"]}
        self.assertIsNone(shown["runs/many"]["error"])
        self.assertEqual(shown["runs/fifo-logbook"]["status"], "unreadable")
        self.assertEqual(shown["runs/fifo-logbook"]["error"],
                         "runs/fifo-logbook/logbook.csv: not a regular file")
        for call in ["api/run?path=runs/fifo-logbook", "api/run?path=runs/fifo-status",
                     "api/logbook?path=runs/fifo-logbook", "api/sweep?path=sweeps/fifo-log"]:
            status, body = self.ask(call)
            self.assertEqual(status, 403, (call, body))
            self.assertIn("not a regular file", body["error"])

    def test_the_table_says_why_a_view_is_refused(self):
        """Every folder found is in the table; one whose view is refused is `unreadable`, with
        the reason its view gives; the others have their status."""
        status, body = self.ask("api/runs")
        self.assertEqual(status, 200, body)
        rows = {r["path"]: r for r in body["runs"]}
        runs = ("best-out", "yaml-out", "archive-out", "config-out", "repeat-out", "logbook-out",
                "best-in", "fifo-logbook", "fifo-status", "many")
        sweeps = ("point-out", "summary-out", "fifo-log")
        for kind, where in ([("run", "runs/" + p) for p in runs] +
                            [("sweep", "sweeps/" + p) for p in sweeps]):
            self.assertIn(where, rows)
            view_status, view = self.ask("api/%s?path=%s" % (kind, where))
            row = rows[where]
            if view_status == 200:
                self.assertNotEqual(row["status"], "unreadable", row)
                self.assertIsNone(row["error"], row)
            else:
                self.assertEqual(row["status"], "unreadable", (where, row))
                self.assertEqual(row["error"], view["error"], where)

    def test_repeats_are_the_folders_there_are(self):
        status, body = self.ask("api/run?path=runs/many")
        self.assertEqual(status, 200, body)
        self.assertEqual([r["folder"] for r in body["repeats"]], ["repeat-000", "repeat-001"])
        self.assertEqual(body["best"], 5)


class ServePortTest(unittest.TestCase):
    def test_a_port_in_use_is_an_error(self):
        if not Path(BIN).exists():
            self.skipTest("no mazesearch at %s" % BIN)
        folder = Path(tempfile.mkdtemp(prefix="serve-port-"))
        try:
            proc, url = start_server(folder)
            try:
                port = port_of(url)
                second = subprocess.Popen([BIN, "serve", str(folder), "--port", str(port)],
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                          text=True)
                try:
                    out, err = second.communicate(timeout=60)
                except subprocess.TimeoutExpired:
                    second.kill()
                    out, err = second.communicate()
                self.assertEqual(second.returncode, 2, (out, err))
                self.assertIn("port %d is in use" % port, err)
                self.assertEqual(out, "")  # nothing served, no URL
                self.assertEqual(fetch(url + "api/runs")[0], 200)  # the first goes on
            finally:
                stop(proc)
        finally:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    unittest.main(verbosity=2)
