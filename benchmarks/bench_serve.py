#!/usr/bin/env python3
"""How many requests a second `mazesearch serve` answers, alone and with slow clients connected
beside, optionally while a search runs in the served folder.

    /usr/bin/python3 benchmarks/bench_serve.py [--bin build/mazesearch] [--clients 8]
        [--seconds 5] [--rounds 3] [--slow 45] [--search CONFIG]

Makes a scratch folder, (with --search) starts `mazesearch run CONFIG` into it for as long as the
benchmark lasts, starts `mazesearch serve` on it, and has CLIENTS threads, each with its own
keep-alive connection, ask in turn for what the page asks for: the runs table, the run, its
logbook from row 0, and a walk of the 6x6 optimum. Rounds alternate: one with the clients alone,
one with SLOW more connections beside them that each send one byte of a request's head every
3 seconds (and connect again when the server closes them), as a slow or hostile client does.
Prints the requests a second of each round and the median of each kind; every answer must be
200, or the round fails. The clients run on the same machine and share its cores with the
server (and the search): the figure is the whole system's.
"""

import argparse
import http.client
import json
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1]
OPTIMUM = (SOURCE / "configs" / "boards" / "optimum-6x6.txt").read_text()


def client(port, stop_at, counts, failures, k):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    calls = [("GET", "/api/runs", None), ("GET", "/api/run?path=runs/live", None),
             ("GET", "/api/logbook?path=runs/live", None),
             ("POST", "/api/walk", json.dumps({"text": OPTIMUM}))]
    n, i = 0, k
    while time.time() < stop_at:
        method, path, body = calls[i % len(calls)]
        i += 1
        conn.request(method, path, body=body,
                     headers={"Content-Type": "application/json"} if body else {})
        r = conn.getresponse()
        r.read()
        if r.status != 200:
            failures.append((path, r.status))
        n += 1
    conn.close()
    counts.append(n)


class SlowClients:
    """COUNT connections that each send one byte of a request's head every 3 seconds."""

    def __init__(self, port, count):
        self.port, self.count = port, count
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.drip)

    def connect(self):
        s = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        s.sendall(b"G")
        s.setblocking(False)
        return s

    def drip(self):
        socks = [self.connect() for _ in range(self.count)]
        self.started.set()
        while not self.done.wait(3.0):
            for i, s in enumerate(socks):
                try:
                    s.send(b"G")
                except OSError:  # closed by the server (408): a new one takes its place
                    s.close()
                    socks[i] = self.connect()
        for s in socks:
            s.close()

    def __enter__(self):
        self.started = threading.Event()
        self.thread.start()
        self.started.wait(30)
        time.sleep(0.5)  # every one of them has sent its first byte
        return self

    def __exit__(self, *exc):
        self.done.set()
        self.thread.join()


def one_round(port, args):
    """Requests a second of CLIENTS keep-alive clients for SECONDS."""
    counts, failures = [], []
    stop_at = time.time() + args.seconds
    threads = [threading.Thread(target=client, args=(port, stop_at, counts, failures, k))
               for k in range(args.clients)]
    t0 = time.time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.time() - t0
    if failures:
        sys.exit("bench_serve.py: %d answers were not 200, e.g. %s" %
                 (len(failures), failures[:3]))
    return sum(counts) / elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=str(SOURCE / "build" / "mazesearch"))
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--rounds", type=int, default=3, help="rounds of each kind")
    ap.add_argument("--slow", type=int, default=45, help="slow clients beside, in every other round")
    ap.add_argument("--search", help="a config to run beside the server (one thread per core)")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    procs = []
    try:
        run = [args.bin, "run", str(args.search or SOURCE / "configs/paper/annealing.yaml"),
               "repeats=1", "output=%s" % (tmp / "runs" / "live"), "-q"]
        if args.search:
            run += ["budget.evaluations=null", "budget.seconds=3600"]
        else:
            run += ["budget.evaluations=200000"]
        search = subprocess.Popen(run, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append(search)
        if not args.search:
            search.wait()
        while not (tmp / "runs" / "live" / "logbook.csv").exists():
            time.sleep(0.1)
        serve = subprocess.Popen([args.bin, "serve", str(tmp), "--port", "0"],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        procs.append(serve)
        port = int(serve.stdout.readline().strip().rsplit(":", 1)[1].strip("/"))
        alone, beside = [], []
        for _ in range(args.rounds):
            alone.append(one_round(port, args))
            print("round alone: %.0f requests a second (%d clients)" % (alone[-1], args.clients))
            with SlowClients(port, args.slow):
                beside.append(one_round(port, args))
            print("round beside %d slow clients: %.0f requests a second (%d clients)" %
                  (args.slow, beside[-1], args.clients))
        where = "beside `mazesearch run %s`" % args.search if args.search else "idle folder"
        print("median of %d rounds each, %s: %.0f requests a second alone, %.0f beside %d slow "
              "clients" % (args.rounds, where, statistics.median(alone),
                           statistics.median(beside), args.slow))
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGINT)
                try:
                    p.wait(30)
                except subprocess.TimeoutExpired:
                    p.kill()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
