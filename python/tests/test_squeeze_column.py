"""studies/records/squeeze_column.py: a board one column too wide, its last column walled a
cell at a time with a search after each, and the narrower board at the end."""

import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import numpy as np

import mazesearch
from conftest import MAZESEARCH_BIN, SOURCE_DIR

OPTIMUM_6X6 = SOURCE_DIR / "configs/boards/optimum-6x6.txt"


SCRIPT = SOURCE_DIR / "studies/records/squeeze_column.py"
SECONDS = 300  # far more than any run here takes, even on a busy machine


def squeeze(*args, cwd=SOURCE_DIR, config=str(SOURCE_DIR / "configs/records/13x13-region.yaml")):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    config_args = [] if config is None else ["--config", config]
    command = [sys.executable, str(SCRIPT), "--binary", str(MAZESEARCH_BIN), *config_args,
               *map(str, args)]
    # In a session of its own, so that a search that should have been refused is stopped whole.
    script = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=env, cwd=cwd, start_new_session=True)
    try:
        stdout, stderr = script.communicate(timeout=SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(script.pid, signal.SIGKILL)
        script.communicate()
        raise AssertionError(f"{command}: still running after {SECONDS} s")
    done = subprocess.CompletedProcess(command, script.returncode, stdout, stderr)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def wide_board(tmp_path):
    """The 6x6 optimum (115 moves) with a seventh column open on rows 0, 2 and 5."""
    rows = OPTIMUM_6X6.read_text().split()
    extra = ".#.##."
    path = tmp_path / "wide.txt"
    path.write_text("".join(r + x + "\n" for r, x in zip(rows, extra)))
    return path


def test_the_last_column_is_walled_cell_by_cell_and_each_step_searched(tmp_path):
    wide = wide_board(tmp_path)
    out = tmp_path / "out"
    done = squeeze(wide, out, "--order", "2,5,0", "--evaluations", "40000")
    assert done.returncode == 0, done.stderr
    with open(out / "steps.csv") as f:
        steps = list(csv.DictReader(f))
    assert [int(s["walled_row"]) for s in steps] == [2, 5, 0]
    before = mazesearch.Board.load(str(wide)).to_array()
    for k, s in enumerate(steps, start=1):
        keep = mazesearch.Board.load(str(out / f"step-{k:03d}-keep.txt"))
        assert not keep.to_array()[int(s["walled_row"]), 6]
        assert int(s["moves_walled"]) == mazesearch.walk(keep).moves
        # every cell but the last column's, the start's and the exit's is free
        free = [line for line in (out / f"step-{k:03d}-map.txt").read_text().split()]
        assert all(ch == "?" for line in free for ch in line[:6] if ch not in "SE")
        assert "".join(line[6] for line in free) == "".join(
            "." if v else "#" for v in keep.to_array()[:, 6])
        best = mazesearch.Board.load(str(out / f"step-{k:03d}" / "best.txt"))
        assert mazesearch.walk(best).moves == int(s["moves_found"]) >= int(s["moves_walled"])
        # the search changed no cell of the last column
        assert (best.to_array()[:, 6] == keep.to_array()[:, 6]).all()
    open_after = [r for r in range(6) if before[r, 6]]
    assert open_after == [0, 2, 5]
    squeezed = mazesearch.Board.load(str(out / "squeezed.txt"))
    assert (squeezed.rows, squeezed.cols) == (6, 6)
    last = mazesearch.Board.load(str(out / "step-003" / "best.txt"))
    assert np.array_equal(squeezed.to_array(), last.to_array()[:, :6])
    assert mazesearch.walk(squeezed).moves == int(steps[-1]["moves_found"]) <= 115
    assert f"{out / 'squeezed.txt'}: {int(steps[-1]['moves_found'])} moves on 6x6" in done.stdout

    # run again: every step is done, nothing is searched again
    again = squeeze(wide, out, "--order", "2,5,0", "--evaluations", "40000")
    assert again.returncode == 0, again.stderr
    assert again.stdout.count("done before") == 3 and "searching" not in again.stdout
    assert (out / "steps.csv").read_text().count("\n") == 4

    # another order in the same folder is refused: its steps would not be these
    other = squeeze(wide, out, "--order", "5,2,0", "--evaluations", "40000")
    assert other.returncode == 2 and "holds a squeeze with another --order" in other.stderr
    # a folder of the script before squeeze.json: steps.csv still names the order that differs
    (out / "squeeze.json").unlink()
    other = squeeze(wide, out, "--order", "5,2,0", "--evaluations", "40000")
    assert other.returncode == 2 and "step 1 walled row 2; this --order walls 5" in other.stderr


def test_bad_arguments_are_refused_before_anything_is_written(tmp_path):
    wide = wide_board(tmp_path)
    for args, message in [
        (["--order", "2,5"], "expected each open row of column 6 once: 0,2,5"),
        (["--order", "2,x,0"], "expected rows separated by commas"),
        (["--evaluations", "0"], "--evaluations 0: expected 1 to 18000000000000000000"),
    ]:
        out = tmp_path / "out"
        done = squeeze(wide, out, *args)
        assert done.returncode == 2 and message in done.stderr, done.stderr
        assert not out.exists()
    done = squeeze(tmp_path / "absent.txt", tmp_path / "out")
    assert done.returncode == 2 and "squeeze_column.py:" in done.stderr


def narrow_pass(tmp_path):
    """A 3x3 board whose only way to the exit runs down its last column."""
    path = tmp_path / "narrow.txt"
    path.write_text("S..\n##.\nE..\n")
    return path


# Errors that running again only repeats said "the run stopped (status 2); run this again to
# resume it" (--seed -5, a bad override, a wall that cuts the exit off, a relative --config from
# another folder), and some printed tracebacks (OUT a file, steps.csv with other columns, a step
# that is not a whole number): each is refused by name, before anything is written.
def test_errors_a_rerun_would_repeat_say_what_to_mend(tmp_path):
    wide = wide_board(tmp_path)
    out = tmp_path / "out"
    for args, message in [
        (["--seed", "-5"], "--seed -5: expected 0 to"),
        (["--evaluations", str(2**64)], "--evaluations 18446744073709551616: expected 1 to"),
        (["optimizer.t_start=oops"], "the first step's run is refused, so every step's would "
                                     "be: mazesearch: error:"),
        (["nonsense"], "override 'nonsense': expected key=value"),
    ]:
        done = squeeze(wide, out, "--evaluations", "40000", *args)
        assert done.returncode == 2 and message in done.stderr, (args, done.stderr)
        assert "run this again" not in done.stderr
        assert not out.exists(), args
    done = squeeze(wide, out, "optimizer.nope=1")
    assert done.returncode == 2 and "optimizer.nope: unknown key" in done.stderr, done.stderr
    assert not out.exists()

    # every wall of the 3x3 pass's last column cuts the exit off: no search can mend that
    done = squeeze(narrow_pass(tmp_path), out, "--order", "1,0,2")
    assert done.returncode == 2 and ("step 1: walling row 1 of column 2 cuts the exit off from "
                                     "the start; wall the rows in another --order") in done.stderr
    assert not out.exists()

    # a relative --config is taken from the current folder; the default is the checkout's
    done = squeeze(wide, out, cwd=tmp_path, config="configs/records/13x13-region.yaml")
    assert done.returncode == 2 and ("--config configs/records/13x13-region.yaml: no such file "
                                     f"(a relative path is taken from the current folder, "
                                     f"{tmp_path})") in done.stderr
    assert not out.exists()
    done = squeeze(wide, out, "--order", "2,5,0", "--evaluations", "2000", cwd=tmp_path,
                   config=None)
    assert done.returncode == 0, done.stderr
    assert (out / "squeezed.txt").exists()


def test_a_bad_out_or_steps_file_is_named_without_a_traceback(tmp_path):
    wide = wide_board(tmp_path)
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    done = squeeze(wide, a_file)
    assert done.returncode == 2 and f"{a_file}: not a folder" in done.stderr
    assert a_file.read_text() == "x"

    out = tmp_path / "out"
    assert squeeze(wide, out, "--order", "2,5,0", "--evaluations", "2000").returncode == 0
    steps = out / "steps.csv"
    good = steps.read_text()
    for text, message in [
        ("step,row,moves_walled,moves_found\n1,2,3,4\n",
         f"{steps}:1: expected the header step,walled_row,moves_walled,moves_found"),
        (good.replace("\n1,", "\none,", 1), f"{steps}:2: expected 4 whole numbers, got one,"),
        (good.replace("\n2,", "\n2.5,", 1), f"{steps}:3: expected 4 whole numbers, got 2.5,"),
        (good.replace("\n1,", "\n7,", 1), f"{steps}:2: step 7; expected step 1"),
        ("", f"{steps}:1: expected the header step,walled_row,moves_walled,moves_found, got an "
             "empty file"),
    ]:
        steps.write_text(text)
        done = squeeze(wide, out, "--order", "2,5,0", "--evaluations", "2000")
        assert done.returncode == 2 and message in done.stderr, (text, done.stderr)
    steps.write_text(good)
    assert squeeze(wide, out, "--order", "2,5,0", "--evaluations", "2000").returncode == 0
    (out / "other.txt").write_text("")
    (out / "steps.csv").unlink()
    (out / "squeeze.json").unlink()
    done = squeeze(wide, out, "--order", "2,5,0", "--evaluations", "2000")
    assert done.returncode == 2 and "a folder that holds no squeeze" in done.stderr


def interrupted_first_step(board, out, *args):
    """The script run on `board` into `out` and stopped by Ctrl-C (SIGINT to its process group)
    once step 1's run has written a checkpoint."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    script = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--binary", str(MAZESEARCH_BIN), str(board), str(out),
         "--evaluations", "1000000000", *args, "checkpoint_seconds=0.01"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=SOURCE_DIR,
        start_new_session=True)
    deadline = time.monotonic() + 120
    while not (out / "step-001" / "checkpoint.json").exists():
        assert script.poll() is None, script.communicate()
        assert time.monotonic() < deadline, "step 1 wrote no checkpoint in two minutes"
        time.sleep(0.05)
    os.killpg(script.pid, signal.SIGINT)
    stdout, stderr = script.communicate(timeout=120)
    assert script.returncode == 2 and "Traceback" not in stderr, stderr
    assert "step 1: the run was interrupted (status 130); run this again to resume it" in stderr
    return stderr


# Interrupt step 1 for one board, then run the script for another board into the same OUT: it
# searched from the first board's step-001-keep.txt and wrote squeezed.txt with exit 0.
def test_an_out_of_another_board_is_refused_by_name(tmp_path):
    wide = wide_board(tmp_path)
    other = tmp_path / "other.txt"
    lines = wide.read_text().split()
    lines[3] = lines[3][:6] + "."  # one more open cell in the last column
    other.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out"
    interrupted_first_step(wide, out, "--order", "2,5,0")
    keep = (out / "step-001-keep.txt").read_text()
    for board, args, said in [(other, ["--order", "2,5,3,0"], "BOARD"),
                              (wide, ["--order", "5,2,0"], "--order"),
                              (wide, ["--seed", "2", "--order", "2,5,0"], "--seed")]:
        done = squeeze(board, out, "--evaluations", "1000000000", *args,
                       "checkpoint_seconds=0.01")
        assert done.returncode == 2 and f"holds a squeeze with another {said}" in done.stderr, \
            done.stderr
    # an OUT of the script before squeeze.json: step 1's inputs tell the other board
    (out / "squeeze.json").unlink()
    done = squeeze(other, out, "--order", "2,5,3,0", "--evaluations", "1000000000",
                   "checkpoint_seconds=0.01")
    assert done.returncode == 2 and ("step-001-keep.txt: not the board before step 1 with row 2 "
                                     "walled; OUT holds another squeeze's step") in done.stderr
    assert not (out / "squeezed.txt").exists() and not (out / "step-002").exists()
    assert (out / "step-001-keep.txt").read_text() == keep


def finished_squeeze(tmp_path, *args):
    """The wide board squeezed in order 2, 5, 0 into tmp_path/out, every step done."""
    out = tmp_path / "out"
    done = squeeze(wide_board(tmp_path), out, "--order", "2,5,0", "--evaluations", "2000", *args)
    assert done.returncode == 0, done.stderr
    return out


def snapshot(folder):
    """Every file under `folder` (its path there and its bytes), and every folder."""
    return {p.relative_to(folder): (p.read_bytes() if p.is_file() else None)
            for p in sorted(folder.rglob("*"))}


# Once a file of OUT was not what the script wrote, it failed with a traceback (exit 1):
# OUT below a regular file (NotADirectoryError), non-UTF-8 bytes in steps.csv
# (UnicodeDecodeError), a step's best.txt replaced by a 2x2 board (IndexError); and a best board
# of another shape or another last column, or steps.csv's moves, were trusted as they stood.
def test_every_file_read_from_out_is_checked_before_anything_is_written(tmp_path):
    out = finished_squeeze(tmp_path)
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    done = squeeze(wide_board(tmp_path), a_file / "sub", "--order", "2,5,0")
    assert done.returncode == 2 and f"{a_file} is not a folder" in done.stderr, done.stderr
    assert a_file.read_text() == "x"

    def append(name, data):
        return lambda o: (o / name).write_bytes((o / name).read_bytes() + data)

    def replace(name, old, new):
        return lambda o: (o / name).write_bytes((o / name).read_bytes().replace(old, new, 1))

    def board_2x2(o):  # step 2 walls row 5 of it
        (o / "step-001" / "best.txt").write_text("S.\nE.\n")

    def map_a_folder(o):
        (o / "step-002-map.txt").unlink()
        (o / "step-002-map.txt").mkdir()

    def step_1_best_as_step_2s(o):
        (o / "step-002" / "best.txt").write_bytes((o / "step-001" / "best.txt").read_bytes())

    steps = out / "steps.csv"
    row_2 = steps.read_text().splitlines()[2].encode()
    k, r, walled, found = row_2.split(b",")
    for mend, said in [
        (append("steps.csv", b"\xff\n"), "steps.csv:5: not UTF-8 text (byte 0xff)"),
        (append("squeeze.json", b"\xff"), "squeeze.json:"),
        (append("steps.csv", b"\x00,1,1,1\n"), "steps.csv:5: expected 4 whole numbers, got "
                                                "\\x00,1,1,1"),
        (append("steps.csv", "\u00b2,1,1,1\n".encode()), "steps.csv:5: expected 4 whole numbers"),
        (append("steps.csv", b"4," + b"9" * 5000 + b",1,1\n"), "steps.csv:5: expected 4 whole"),
        (board_2x2, "step-001/best.txt: step 1's best board is 2x2 with S at (0, 0) and E at "
                    "(1, 0); expected 6x7 with S at (0, 0) and E at (5, 0)"),
        (step_1_best_as_step_2s, "step-002/best.txt: step 2's best board has another column 6 "
                                 "than step 2 kept"),
        (replace("steps.csv", row_2, b",".join([k, r, walled, b"%d" % (int(found) + 1)])),
         f"step-002/best.txt: step 2's best board walks {int(found)} moves; steps.csv:3 says "
         f"{int(found) + 1} (moves_found)"),
        (replace("steps.csv", row_2, b",".join([k, r, b"%d" % (int(walled) + 1), found])),
         f"steps.csv:3: moves_walled {int(walled) + 1}; the board before step 2 with row 5 walled "
         f"walks {int(walled)} moves"),
        (append("step-002-keep.txt", b"\xff"), "step-002-keep.txt: not the board before step 2"),
        (map_a_folder, "step-002-map.txt: cannot be read (Is a directory)"),
        (append("config.yaml", b"# an edit\n"), "config.yaml: not the bytes the squeeze pinned "
                                                "when it began"),
    ]:
        copy = tmp_path / "copy"
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(out, copy)
        mend(copy)
        before = snapshot(copy)
        done = squeeze(wide_board(tmp_path), copy, "--order", "2,5,0", "--evaluations", "2000")
        assert done.returncode == 2 and said in done.stderr, (said, done.stderr)
        assert done.stderr.count("\n") == 1, done.stderr
        assert snapshot(copy) == before, said


# The config was known by its path alone: an edit between two sessions (or during one) made the
# steps after it run another config in the same OUT, silently.
def test_an_edited_config_is_refused_and_every_step_runs_the_pinned_bytes(tmp_path):
    config = tmp_path / "cfg.yaml"
    config.write_bytes((SOURCE_DIR / "configs/records/13x13-region.yaml").read_bytes())
    assert b"acceptance: relative" in config.read_bytes()
    # a binary that edits the config file as each step's run starts (a dry run leaves it)
    binary = tmp_path / "editing-mazesearch"
    binary.write_text(f"#!/bin/sh\ncase \" $* \" in *\" --dry-run \"*) ;; *) sed -i "
                      f"'s/acceptance: relative/acceptance: difference/' '{config}' ;; esac\n"
                      f"exec '{MAZESEARCH_BIN}' \"$@\"\n")
    binary.chmod(0o755)
    out = tmp_path / "out"
    done = squeeze(wide_board(tmp_path), out, "--order", "2,5,0", "--evaluations", "2000",
                   "--binary", binary, config=str(config))
    assert done.returncode == 0, done.stderr
    assert b"acceptance: difference" in config.read_bytes()
    ran = [(out / f"step-{k:03d}" / "config.yaml").read_text() for k in (1, 2, 3)]
    assert all("acceptance: relative" in text for text in ran), ran
    assert (out / "config.yaml").read_bytes() == (
        SOURCE_DIR / "configs/records/13x13-region.yaml").read_bytes()

    # the steps after the second again, with the config as it is now: refused, nothing written
    shutil.rmtree(out / "step-003")
    (out / "squeezed.txt").unlink()
    (out / "steps.csv").write_text("".join((out / "steps.csv").read_text().splitlines(True)[:3]))
    before = snapshot(out)
    done = squeeze(wide_board(tmp_path), out, "--order", "2,5,0", "--evaluations", "2000",
                   config=str(config))
    assert done.returncode == 2, done.stderr
    assert (f"holds a squeeze with another --config: {config} changed since it began (line 28: "
            "'  acceptance: relative' then, '  acceptance: difference' now;") in done.stderr
    assert snapshot(out) == before
    # put back, it goes on
    config.write_bytes((SOURCE_DIR / "configs/records/13x13-region.yaml").read_bytes())
    done = squeeze(wide_board(tmp_path), out, "--order", "2,5,0", "--evaluations", "2000",
                   config=str(config))
    assert done.returncode == 0, done.stderr
    assert "acceptance: relative" in (out / "step-003" / "config.yaml").read_text()


# An OUT made before configs were pinned (squeeze.json without pinned_config, no config.yaml):
# it goes on when each step's config.yaml is what the config gives now, else it is refused.
def test_an_out_made_before_configs_were_pinned_is_checked_by_its_steps(tmp_path):
    config = tmp_path / "cfg.yaml"
    original = (SOURCE_DIR / "configs/records/13x13-region.yaml").read_bytes()
    config.write_bytes(original)
    out = finished_squeeze(tmp_path, "--config", config)
    spec = json.loads((out / "squeeze.json").read_text())
    del spec["pinned_config"]
    (out / "squeeze.json").write_text(json.dumps(spec, indent=1))
    (out / "config.yaml").unlink()
    config.write_bytes(original.replace(b"acceptance: relative", b"acceptance: difference"))
    before = snapshot(out)
    done = squeeze(wide_board(tmp_path), out, "--order", "2,5,0", "--evaluations", "2000",
                   config=str(config))
    assert done.returncode == 2, done.stderr
    assert (f"holds a squeeze with another --config: step 1 ran another config than {config} "
            "gives now") in done.stderr and "'  acceptance: relative' then" in done.stderr
    assert snapshot(out) == before
    config.write_bytes(original)
    done = squeeze(wide_board(tmp_path), out, "--order", "2,5,0", "--evaluations", "2000",
                   config=str(config))
    assert done.returncode == 0, done.stderr
    assert "made before configs were pinned" in done.stdout
    assert (out / "config.yaml").read_bytes() == original
    assert json.loads((out / "squeeze.json").read_text())["pinned_config"]["bytes"] == len(original)


# The pinned config is written before squeeze.json: a folder holding only it is a start that was
# cut short between the two, not a stranger's folder.
def test_a_start_cut_short_after_the_pinned_config_is_taken_up(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "config.yaml").write_text("name: half-written\n")
    done = squeeze(wide_board(tmp_path), out, "--order", "2,5,0", "--evaluations", "2000")
    assert done.returncode == 0, done.stderr
    assert (out / "config.yaml").read_bytes() == (
        SOURCE_DIR / "configs/records/13x13-region.yaml").read_bytes()
    (out / "stranger.txt").write_text("")
    for name in ["squeeze.json", "steps.csv"]:
        (out / name).unlink()
    done = squeeze(wide_board(tmp_path), out, "--order", "2,5,0", "--evaluations", "2000")
    assert done.returncode == 2 and "a folder that holds no squeeze" in done.stderr
