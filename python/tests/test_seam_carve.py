"""studies/records/seam_carve.py: every seam of a board one column too wide, carved and
walked."""

import os
import subprocess
import sys

import numpy as np
import pytest

import mazesearch
from conftest import SOURCE_DIR

OPTIMUM_6X6 = SOURCE_DIR / "configs/boards/optimum-6x6.txt"


def seam_carve(*args):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.run(
        [sys.executable, str(SOURCE_DIR / "studies/records/seam_carve.py"), *map(str, args)],
        capture_output=True, text=True, env=env)


def widened(tmp_path, column):
    """The 6x6 optimum with a blocked column inserted before `column`: 6x7."""
    rows = OPTIMUM_6X6.read_text().split()
    path = tmp_path / f"wide-{column}.txt"
    path.write_text("".join(r[:column] + "#" + r[column:] + "\n" for r in rows))
    return path


def connected_count(rows, cols):
    """Seams with |c_r - c_{r+1}| <= 1 that never cut column 0 of the first and last rows,
    counted row by row."""
    ways = [0 if c == 0 else 1 for c in range(cols)]
    for r in range(1, rows):
        ways = [0 if (c == 0 and r == rows - 1) else
                sum(ways[d] for d in (c - 1, c, c + 1) if 0 <= d < cols) for c in range(cols)]
    return sum(ways)


@pytest.mark.parametrize("column", [3, 6])
def test_carving_finds_the_inserted_column_again(tmp_path, column):
    """A blocked column inserted into the 6x6 optimum (115 moves, the most any 6x6 board walks;
    inserted at column 3 it walls the right half off, 13 moves): the longest carved board walks
    exactly 115 moves, and --out writes a board that does."""
    out = tmp_path / "best.txt"
    done = seam_carve(widened(tmp_path, column), "--show", "3", "--out", out)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    wide_moves = 115 if column == 6 else 13
    assert f"6x7, {wide_moves} moves; {connected_count(6, 7)} seams carved to 6x6" in lines[0]
    best = lines[2].split()
    assert best[0] == "115"
    seam = [int(c) for c in best[1:]]
    assert len(seam) == 6 and all(abs(a - b) <= 1 for a, b in zip(seam, seam[1:]))
    carved = mazesearch.load(str(out))
    assert (carved.rows, carved.cols) == (6, 6)
    assert mazesearch.walk(carved).moves == 115
    wide = widened(tmp_path, column).read_text().split()
    for line in lines[2:5]:
        moves, *cuts = (int(x) for x in line.split())
        assert by_hand(wide, cuts) == moves, line
    assert by_hand(wide, [column] * 6) == 115


def by_hand(rows, cuts):
    """The walk of `rows` with cell cuts[r] cut from each row r, carved here with slices."""
    text = "".join(row[:c] + row[c + 1:] + "\n" for row, c in zip(rows, cuts))
    walk = mazesearch.walk(mazesearch.Board.from_text(text))
    return walk.moves if walk.feasible else -1


def test_top_family_counts_and_bounds(tmp_path):
    """--top 1-3:3: rows 0..k in columns 1..3 (k = 2, 3), the rows below in the last column;
    3^3 + 3^4 seams (no row here holds the start or the exit in those columns). Every carved
    board is 6x6, so none walks more than the optimum's 115."""
    done = seam_carve(widened(tmp_path, 6), "--top", "1-3:3", "--show", "200")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert f"{3 ** 3 + 3 ** 4} seams carved to 6x6" in lines[0]
    rows = [line.split() for line in lines[2:]]
    assert len(rows) == 3 ** 3 + 3 ** 4
    moves = [int(r[0]) for r in rows]
    assert moves == sorted(moves, reverse=True) and max(moves) <= 115
    for r in rows:
        seam = [int(c) for c in r[1:]]
        k = max(i for i, c in enumerate(seam) if c != 6) if any(c != 6 for c in seam) else -1
        assert k in (2, 3) and all(1 <= c <= 3 for c in seam[:k + 1]) and set(seam[k + 1:]) == {6}


@pytest.mark.parametrize("args, message", [
    (["--top", "2-8"], "expected LO-HI:K"),
    (["--top", "2-9:3"], "--top: columns 0 to 6"),
    (["--top", "1-3:5"], "K from 2 to 4"),
    (["--show", "-1"], "expected a count"),
    (["--out", "{tmp}/absent/best.txt"], "its folder does not exist"),
])
def test_bad_arguments_are_refused(tmp_path, args, message):
    done = seam_carve(widened(tmp_path, 6), *(a.replace("{tmp}", str(tmp_path)) for a in args))
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert done.stdout == ""


def test_a_missing_board_is_an_error(tmp_path):
    done = seam_carve(tmp_path / "absent.txt")
    assert done.returncode != 0 and "seam_carve.py:" in done.stderr
    assert done.stdout == ""
