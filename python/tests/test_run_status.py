"""A run's status read through Python is the one every reader shows (docs/formats.md, "The run
folder"): a run killed by hand is not `running`, whatever its status file says, and a sweep's
point has its point's status in open_run, in open_sweep and in `mazesearch summarize`."""

import os
import signal
import subprocess
import time

import mazesearch
from conftest import MAZESEARCH_BIN, SOURCE_DIR

PAPER = SOURCE_DIR / "configs" / "paper" / "annealing.yaml"
LONG = ["budget.evaluations=1000000000", "repeats=1", "threads=1", "-q"]


def start(*args):
    return subprocess.Popen([str(MAZESEARCH_BIN), *map(str, args)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_for(ready, process, timeout=120):
    deadline = time.monotonic() + timeout
    while not ready():
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)


def rows_written(logbook, rows):
    return lambda: logbook.exists() and len(logbook.read_text().splitlines()) > rows


def process_with_argument(argument):
    """The pid of the one process whose command line has `argument` (a path of this test's own
    scratch folder), None when there is none."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                words = f.read().split(b"\0")
        except OSError:
            continue  # ended meanwhile
        if argument.encode() in words:
            found.append(int(entry))
    assert len(found) <= 1, found
    return found[0] if found else None


def exited(pid):
    """Whether process `pid` has let go of its files, and so of its run's lock: it is gone, or it
    is a zombie nobody has reaped yet and its other threads are gone too (they share its files).
    Its command line is no help: a dying process's reads empty before its files are closed, and
    on a busy machine the lock was seen still held then."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        threads = os.listdir(f"/proc/{pid}/task")
    except (OSError, IndexError):
        return True
    return state in ("Z", "X") and threads == [str(pid)]


def test_a_run_killed_by_hand_is_interrupted(tmp_path):
    folder = tmp_path / "run"
    process = start("run", PAPER, f"output={folder}", *LONG)
    try:
        wait_for(rows_written(folder / "logbook.csv", 2), process)
        assert mazesearch.open_run(folder).status == "running"
    finally:
        process.kill()
        process.wait(timeout=60)
    # SIGKILL: nothing more was written; its lock went with the process.
    assert (folder / "status").read_text() == "running\n"
    run = mazesearch.open_run(folder)
    assert run.status == "interrupted" and run.repeats[0].status == "interrupted"
    assert "status='interrupted'" in repr(run)


def test_a_point_killed_by_hand_is_failed_everywhere(tmp_path):
    folder = tmp_path / "sw5"
    sweep = start("sweep", PAPER, "seed=1,2", f"output={folder}", "--jobs", "1", *LONG)
    try:
        wait_for(rows_written(folder / "point-000" / "logbook.csv", 2), sweep)
        point = process_with_argument(f"output={folder}/point-000")
        assert point is not None
        os.kill(point, signal.SIGKILL)
        log = folder / "logs" / "point-000.txt"
        wait_for(lambda: "exit status 137" in log.read_text(), sweep)
    finally:
        sweep.send_signal(signal.SIGTERM)
        assert sweep.wait(timeout=120) in (1, 130)
    assert (folder / "point-000" / "status").read_text() == "running\n"
    opened = mazesearch.open_sweep(folder)
    run = mazesearch.open_run(folder / "point-000")
    assert opened.points[0].status == run.status == opened.points[0].run.status == "failed"
    index = (folder / "index.csv").read_text().splitlines()
    assert index[1].split(",")[2] == "failed"
    # The second point was stopped with its sweep (or never began): the same word everywhere.
    second = opened.points[1]
    if second.run is not None:
        assert second.status == second.run.status == mazesearch.open_run(second.folder).status
    assert second.status in ("interrupted", "pending")


def test_a_sweep_killed_with_its_points_is_not_running(tmp_path):
    """index.csv is written when a point ends: the sweep killed (SIGKILL) after the first point
    ended, and the second point's process with it, leave `running` there for ever. What the
    point is now is asked again: interrupted, in open_sweep as in open_run."""
    folder = tmp_path / "sw"
    sweep = start("sweep", PAPER, "budget.evaluations=2000,1000000000", "repeats=1", "threads=1",
                  f"output={folder}", "--jobs", "2", "-q")
    index = folder / "index.csv"
    try:
        wait_for(lambda: index.exists() and ",running," in index.read_text(), sweep)
        point = process_with_argument(f"output={folder}/point-001")
        assert point is not None
    finally:
        sweep.kill()
        sweep.wait(timeout=60)
    os.kill(point, signal.SIGKILL)
    deadline = time.monotonic() + 60
    while not exited(point):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert index.read_text().splitlines()[2].split(",")[2] == "running"
    opened = mazesearch.open_sweep(folder)
    assert [p.status for p in opened.points] == ["finished", "interrupted"]
    assert opened.points[1].run.status == "interrupted"
