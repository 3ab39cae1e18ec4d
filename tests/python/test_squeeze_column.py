"""experiments/records/squeeze_column.py: a board one column too wide, its last column walled a
cell at a time with a search after each, and the narrower board at the end."""

import csv
import os
import subprocess
import sys

import numpy as np

import mazesearch
from conftest import MAZESEARCH_BIN, SOURCE_DIR

OPTIMUM_6X6 = SOURCE_DIR / "configs/boards/optimum-6x6.txt"


def squeeze(*args):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.run(
        [sys.executable, str(SOURCE_DIR / "experiments/records/squeeze_column.py"),
         "--binary", str(MAZESEARCH_BIN),
         "--config", str(SOURCE_DIR / "configs/records/13x13-region.yaml"), *map(str, args)],
        capture_output=True, text=True, env=env, cwd=SOURCE_DIR)


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
    assert other.returncode == 2 and "step 1 walled row 2; this --order walls 5" in other.stderr


def test_bad_arguments_are_refused_before_anything_is_written(tmp_path):
    wide = wide_board(tmp_path)
    for args, message in [
        (["--order", "2,5"], "expected each open row of column 6 once: 0,2,5"),
        (["--order", "2,x,0"], "expected rows separated by commas"),
        (["--evaluations", "0"], "--evaluations must be at least 1"),
    ]:
        out = tmp_path / "out"
        done = squeeze(wide, out, *args)
        assert done.returncode == 2 and message in done.stderr, done.stderr
        assert not out.exists()
    done = squeeze(tmp_path / "absent.txt", tmp_path / "out")
    assert done.returncode == 2 and "squeeze_column.py:" in done.stderr
