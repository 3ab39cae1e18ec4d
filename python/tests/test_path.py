"""mazesearch.path: Squeaky's walk place by place, held to `mazesearch eval --json --visits` and
to the rule itself, replayed here step by step."""

import os
import subprocess
import sys

import numpy as np
import pytest

import mazesearch
from conftest import SOURCE_DIR, command_json

# The preference order: down, right, left, up.
STEPS = ((1, 0), (0, 1), (0, -1), (-1, 0))
RECORD = SOURCE_DIR / "results/records/13x13/92446.txt"


def walk_phases(*args):
    """studies/records/walk_phases.py on the 13x13 record with `args`, finished."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.run(
        [sys.executable, str(SOURCE_DIR / "studies/records/walk_phases.py"), str(RECORD),
         *args], capture_output=True, text=True, env=env)


def replay_rule(board, path):
    """Asserts that every step of `path` is the rule's: to the open neighbour with the fewest
    visits so far, ties broken down, right, left, up."""
    a = board.to_array()
    rows, cols = a.shape
    visits = np.zeros((rows, cols), dtype=np.int64)
    for here, there in zip(path[:-1], path[1:]):
        r, c = divmod(int(here), cols)
        visits[r, c] += 1
        options = [(visits[r + dr, c + dc], k, (r + dr) * cols + c + dc)
                   for k, (dr, dc) in enumerate(STEPS)
                   if 0 <= r + dr < rows and 0 <= c + dc < cols and a[r + dr, c + dc]]
        assert int(there) == min(options)[2], (divmod(int(here), cols), divmod(int(there), cols))


def check_path(board, path, expected):
    """`path` starts at the start, ends at the exit, takes `moves` steps and leaves each cell as
    often as eval's visit counts say."""
    cols = board.cols
    assert path.dtype == np.int32
    assert len(path) == expected["moves"] + 1
    assert divmod(int(path[0]), cols) == board.start
    assert divmod(int(path[-1]), cols) == board.exit
    assert int(board.exit[0]) * cols + board.exit[1] not in path[:-1]
    counts = np.bincount(path[:-1], minlength=board.rows * cols).reshape(board.rows, cols)
    assert counts.tolist() == expected["visits"]


def test_cell_boards_as_eval_says(reference_boards):
    cells = [p for p in reference_boards if not p.read_text().startswith("+")]
    assert len(cells) >= 4
    expected = command_json("eval", "--json", "--visits", *cells)
    for file, e in zip(cells, expected):
        board = mazesearch.load(file)
        path = mazesearch.path(board)
        check_path(board, path, e)
        if e["moves"] < 5000:
            replay_rule(board, path)


def test_random_boards_follow_the_rule(tmp_path):
    rng = np.random.default_rng(11)
    walked = 0
    for i in range(60):
        a = rng.random((int(rng.integers(2, 8)), int(rng.integers(2, 8)))) < 0.7
        a[0, 0] = a[-1, 0] = True
        board = mazesearch.Board.from_array(a)
        if not mazesearch.walk(board).feasible:
            with pytest.raises(ValueError, match="infeasible"):
                mazesearch.path(board)
            continue
        file = tmp_path / f"b{i}.txt"
        board.save(str(file))
        path = mazesearch.path(board)
        check_path(board, path, command_json("eval", "--json", "--visits", file))
        replay_rule(board, path)
        walked += 1
    assert walked >= 20


def test_graph_vertices():
    graph = mazesearch.load(str(SOURCE_DIR / "configs/graphs/hex-4.json"))
    w = mazesearch.walk(graph)
    path = mazesearch.path(graph)
    assert len(path) == w.moves + 1
    assert np.bincount(path[:-1], minlength=len(w.visits)).tolist() == w.visits.tolist()
    edges = {tuple(sorted(e)) for e in graph.edges.tolist()}
    assert all(tuple(sorted((int(u), int(v)))) in edges for u, v in zip(path[:-1], path[1:]))


def test_limit_is_never_a_silent_cut():
    board = mazesearch.load(str(SOURCE_DIR / "configs/boards/figure1-13x13.txt"))
    assert len(mazesearch.path(board, limit=180)) == 181
    with pytest.raises(ValueError, match="longer than limit=179 moves"):
        mazesearch.path(board, limit=179)
    for limit in (0, -1, 10**9 + 1):
        with pytest.raises(ValueError, match="expected 1 to 1000000000"):
            mazesearch.path(board, limit=limit)
    with pytest.raises(TypeError):
        mazesearch.path(mazesearch.load(str(SOURCE_DIR / "configs/boards/passages-optimum-4x4.txt")))


def test_walk_phases_script():
    """studies/records/walk_phases.py: the record's room beyond (1, 7) takes 55,172 of its
    92,446 moves in 10 stays, each about twice as long as the one before."""
    done = walk_phases("--part", "1,7/1,8", "--split", "63009")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1] == ("part beyond door (1, 7): 18 cells, 55172 of 92446 moves (59.7%), "
                        "10 stays")
    last_stay = lines[12].split()
    assert last_stay[:3] == ["9", "63009", "27251"]
    assert lines[13] == "moves 0 to 63009:" and lines[27] == "moves 63009 to 92446:"
    split = [[int(x) for x in line.replace("#", "0").replace(".", "0").split()]
             for part in (lines[14:27], lines[28:41]) for line in part]
    visits = mazesearch.walk(mazesearch.load(str(RECORD)))
    assert (np.array(split[:13]) + np.array(split[13:])).tolist() == visits.visits.tolist()


@pytest.mark.parametrize("args, message", [
    (["--part", "1,7"], "expected R,C/R2,C2"),
    (["--part", "1,7/20,3"], "(20, 3) is not a cell of the 13x13 board"),
    (["--split", "5,3"], "expected increasing moves"),
    (["--split", "92446"], "the walk has 92446 moves"),
])
def test_walk_phases_script_refuses_bad_arguments(args, message):
    done = walk_phases(*args)
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert done.stdout == ""
