#!/usr/bin/env python3
"""How many requests a second `mazesearch serve` answers, optionally while a search runs beside
it in the served folder.

    /usr/bin/python3 experiments/bench_serve.py [--bin build/mazesearch] [--clients 8]
        [--seconds 5] [--rounds 3] [--search CONFIG]

Makes a scratch folder, (with --search) starts `mazesearch run CONFIG` into it for as long as the
benchmark lasts, starts `mazesearch serve` on it, and has CLIENTS threads, each with its own
keep-alive connection, ask in turn for what the page asks for: the runs table, the run, its
logbook from row 0, and a walk of the 6x6 optimum. Prints the requests a second of each round
and their median; every answer must be 200, or the round fails. The clients run on the same
machine and share its cores with the server (and the search): the figure is the whole system's.
"""

import argparse
import http.client
import json
import shutil
import signal
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=str(SOURCE / "build" / "mazesearch"))
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--rounds", type=int, default=3)
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
        rates = []
        for _ in range(args.rounds):
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
            rates.append(sum(counts) / elapsed)
            print("round: %.0f requests a second (%d clients)" % (rates[-1], args.clients))
        beside = "beside `mazesearch run %s`" % args.search if args.search else "idle folder"
        print("median of %d rounds: %.0f requests a second, %s" %
              (args.rounds, statistics.median(rates), beside))
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
