#!/usr/bin/env python3
"""`mazesearch serve` against hostile clients: walk numbers that do not fit the board, clients
that send slowly, a million headers, loose Host headers and cookies, and a token checked before
anything else is done.

    MAZESEARCH_BIN=build/mazesearch MAZESEARCH_SOURCE_DIR=. python3 tests/serve/test_serve_clients.py
"""

import json
import shutil
import socket
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_serve_http import BIN, BOARD, fetch, start_server, stop  # noqa: E402
from test_serve_hostile import get, port_of, raw  # noqa: E402


class ServeClientsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not Path(BIN).exists():
            raise unittest.SkipTest("no mazesearch at %s" % BIN)
        cls.folder = Path(tempfile.mkdtemp(prefix="serve-clients-"))
        shutil.copy(BOARD, cls.folder / "six.txt")
        cls.proc, cls.url = start_server(cls.folder)
        cls.port = port_of(cls.url)
        cls.host = "127.0.0.1:%d" % cls.port

    @classmethod
    def tearDownClass(cls):
        stop(cls.proc)
        shutil.rmtree(cls.folder, ignore_errors=True)

    def walk(self, board):
        status, body, _ = fetch(self.url + "api/walk", data=json.dumps({"board": board}).encode())
        return status, body

    def test_walk_numbers_that_do_not_fit_are_refused(self):
        cells = {"model": "cells", "rows": 2, "cols": 2, "open": [1, 1, 1, 1], "start": [0, 0],
                 "exit": [1, 1]}
        passages = {"model": "passages", "rows": 2, "cols": 2, "right": [1, 0, 1, 0],
                    "down": [1, 1, 0, 0], "entrance": 0, "exit": 1}
        self.assertEqual(self.walk(cells)[0], 200)
        self.assertEqual(self.walk(passages)[0], 200)
        bad = [(cells, "start", [2 ** 40, 0], "board.start row"),
               (cells, "exit", [1, 2 ** 32 + 1], "board.exit column"),
               (cells, "exit", [2 ** 64 - 1, 1], "board.exit row"),
               (cells, "start", [-1, 0], "board.start row"),
               (cells, "start", [0.5, 0], "board.start row"),
               (cells, "start", [True, 0], "board.start row"),
               (cells, "start", ["0", 0], "board.start row"),
               (cells, "start", [0, 0, 0], "board.start"),
               (cells, "rows", 2 ** 32 + 2, "board.rows"),
               (cells, "rows", 2.0, "board.rows"),
               (cells, "rows", 10 ** 30, "board.rows"),
               (cells, "cols", False, "board.cols"),
               (cells, "cols", -2, "board.cols"),
               (cells, "open", [1, 1, 1], "board.open"),
               (cells, "open", [1, 1, 1, 2], "board.open"),
               (cells, "open", [1, 1, 1, 0.5], "board.open"),
               (cells, "open", [1, 1, 1, 1.0], "board.open"),
               (cells, "open", [1, 1, 1, -1], "board.open"),
               (cells, "open", [1, 1, 1, 2 ** 64], "board.open"),
               (cells, "model", 7, "board.model"),
               (passages, "entrance", 2 ** 32, "board.entrance"),
               (passages, "exit", -(2 ** 63), "board.exit"),
               (passages, "exit", 1.5, "board.exit"),
               (passages, "right", [1, 0, 1], "board.right"),
               (passages, "down", [1, 1, 0, "1"], "board.down")]
        for base, key, value, field in bad:
            board = dict(base, **{key: value})
            status, body = self.walk(board)
            self.assertEqual(status, 400, (key, value, body))
            self.assertIn(field, body["error"], (key, value))

    def test_slow_clients_hold_up_no_one_and_are_cut_off(self):
        slow = []
        for _ in range(45):
            s = socket.create_connection(("127.0.0.1", self.port), timeout=60)
            s.sendall(b"G")
            slow.append(s)
        done = threading.Event()

        def drip():  # one byte a second each, as long as the test lasts
            while not done.wait(1.0):
                for s in slow:
                    try:
                        s.sendall(b"E")
                    except OSError:
                        pass

        dripper = threading.Thread(target=drip)
        dripper.start()
        try:
            for call in ["api/runs", "api/boards", "api/board?path=six.txt", "", "api/runs",
                         "static/chart.js", "api/runs"]:
                status, _, _ = fetch(self.url + call)  # within fetch's own timeout
                self.assertEqual(status, 200, call)
            # Each is cut off once its request is not whole in time: 408, then the end.
            answer = b""
            while True:
                chunk = slow[0].recv(4096)
                if not chunk:
                    break
                answer += chunk
            self.assertTrue(answer.startswith(b"HTTP/1.1 408"), answer)
        finally:
            done.set()
            dripper.join()
            for s in slow:
                s.close()
        self.assertEqual(fetch(self.url + "api/runs")[0], 200)

    def test_a_head_too_long_or_with_too_many_lines_is_refused(self):
        status, text = raw(self.port, get("/api/runs", self.host,
                                          b"".join(b"X-%d: y\r\n" % i for i in range(101))))
        self.assertEqual(status, 431, text)
        status, text = raw(self.port, get("/api/runs", self.host, b"X: " + b"y" * 20000 + b"\r\n"))
        self.assertEqual(status, 431, text)
        # A million headers: refused after the first 16 KiB, while they are still being sent.
        many = b"GET /api/runs HTTP/1.1\r\nHost: " + self.host.encode() + b"\r\n"
        many += b"X-A: b\r\n" * 1000000 + b"\r\n"
        with socket.create_connection(("127.0.0.1", self.port), timeout=60) as s:
            sender = threading.Thread(target=lambda: self.send_quietly(s, many))
            sender.start()
            first = s.recv(4096)
            sender.join()
        self.assertTrue(first.startswith(b"HTTP/1.1 431"), first[:100])
        self.assertEqual(fetch(self.url + "api/runs")[0], 200)

    def test_a_range_is_answered_whole(self):
        status, whole = raw(self.port, get("/static/chart.js", self.host))
        self.assertEqual(status, 200)
        ranges = b"Range: bytes=" + b",".join([b"0-300000"] * 900) + b"\r\n"
        status, text = raw(self.port, get("/static/chart.js", self.host, ranges))
        self.assertEqual(status, 200, text[:200])  # not 206 with 900 copies
        self.assertEqual(len(text), len(whole))

    @staticmethod
    def send_quietly(s, data):
        try:
            s.sendall(data)
        except OSError:
            pass  # the server closed it: what this test waits for

    def test_the_host_is_read_exactly(self):
        for host, want in [(self.host, 200), ("localhost", 200), ("LOCALHOST:%d" % self.port, 200),
                           ("[::1]:%d" % self.port, 200), ("127.0.0.1", 200),
                           ("localhost:evil", 403), ("127.0.0.1:%d@evil.example" % self.port, 403),
                           ("127.0.0.1:%d" % (self.port + 1), 403), ("evil.example", 403),
                           ("127.0.0.1:", 403), ("localhost.:%d" % self.port, 403),
                           ("[::1]evil", 403), ("", 403)]:
            status, text = raw(self.port, get("/api/runs", host))
            self.assertEqual(status, want, (host, text))
        two = get("/api/runs", self.host, b"Host: " + self.host.encode() + b"\r\n")
        self.assertEqual(raw(self.port, two)[0], 400)
        none = b"GET /api/runs HTTP/1.1\r\nConnection: close\r\n\r\n"
        self.assertEqual(raw(self.port, none)[0], 400)
        spaced = b"GET /api/runs HTTP/1.1\r\nHost : " + self.host.encode() + b"\r\n\r\n"
        self.assertEqual(raw(self.port, spaced)[0], 400)
        bare_lf = b"GET /api/runs HTTP/1.1\r\nHost: evil.example\nX: y\r\n\r\n"
        self.assertEqual(raw(self.port, bare_lf)[0], 400)


class ServeTokenGateTest(unittest.TestCase):
    """Beyond 127.0.0.1: the token, in the query or the cookie named exactly mazesearch_token,
    before anything else is read."""

    @classmethod
    def setUpClass(cls):
        if not Path(BIN).exists():
            raise unittest.SkipTest("no mazesearch at %s" % BIN)
        cls.folder = Path(tempfile.mkdtemp(prefix="serve-gate-"))
        cls.proc, url = start_server(cls.folder, "--host", "0.0.0.0")
        cls.token = url.split("?token=")[1]
        cls.port = port_of(url.split("?")[0])
        cls.host = "example.org:%d" % cls.port  # any name will do with the token

    @classmethod
    def tearDownClass(cls):
        stop(cls.proc)
        shutil.rmtree(cls.folder, ignore_errors=True)

    def test_the_cookie_is_read_exactly(self):
        t = self.token
        for cookie, want in [("mazesearch_token=" + t, 200), ("a=b; mazesearch_token=" + t, 200),
                             ("a=b;mazesearch_token=%s; c=d" % t, 200),
                             ("xmazesearch_token=" + t, 403), ("mazesearch_tokenx=" + t, 403),
                             ("x=mazesearch_token=" + t, 403), ("mazesearch_token=" + t + "0", 403),
                             ("mazesearch_token=" + t[:-1], 403)]:
            head = get("/api/runs", self.host, b"Cookie: " + cookie.encode() + b"\r\n")
            self.assertEqual(raw(self.port, head)[0], want, cookie)
        for query, want in [("?token=" + t, 200), ("?a=1&token=" + t, 200),
                            ("?xtoken=" + t, 403), ("?a=token=" + t, 403), ("", 403)]:
            self.assertEqual(raw(self.port, get("/api/runs" + query, self.host))[0], want, query)

    def test_the_token_is_asked_for_before_the_body_is_read(self):
        head = (b"POST /api/walk HTTP/1.1\r\nHost: " + self.host.encode() +
                b"\r\nContent-Length: 1000000\r\n\r\n")
        with socket.create_connection(("127.0.0.1", self.port), timeout=60) as s:
            s.sendall(head)  # and no body: the answer must come without it
            first = s.recv(4096)
        self.assertTrue(first.startswith(b"HTTP/1.1 403"), first[:100])

    def test_a_slow_client_without_the_token_is_cut_off(self):
        with socket.create_connection(("127.0.0.1", self.port), timeout=60) as s:
            s.sendall(b"GET /api/runs HTTP/1.1\r\n")
            start = time.time()
            answer = b""
            while time.time() - start < 60:
                try:
                    s.sendall(b"X")
                except OSError:
                    break
                try:
                    s.settimeout(1)
                    chunk = s.recv(4096)
                except socket.timeout:
                    continue
                except OSError:
                    break
                if not chunk:
                    break
                answer += chunk
            self.assertTrue(answer.startswith(b"HTTP/1.1 408"), answer[:100])


if __name__ == "__main__":
    unittest.main(verbosity=2)
