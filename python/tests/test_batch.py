"""score_batch against single walks, its checks, and its release of the GIL."""

import sys
import threading
import time

import numpy as np
import pytest

import mazesearch


def single_scores(batch, start=(0, 0), exit=None):
    """Each board of `batch` walked alone (start and exit open), -1 when infeasible."""
    out = []
    for a in batch:
        a = a.copy()
        rows = a.shape[0]
        end = exit if exit is not None else (rows - 1, 0)
        a[start] = a[end] = True
        w = mazesearch.walk(mazesearch.Board.from_array(a, start=start, exit=end))
        out.append(w.moves if w.feasible else -1)
    return np.array(out, dtype=np.int64)


def random_batch(rng, n, rows, cols):
    """n boards whose open share varies from board to board (some feasible, some not)."""
    density = rng.uniform(0.45, 0.95, size=(n, 1, 1))
    return rng.random((n, rows, cols)) < density


def test_random_13x13_boards_score_as_single_walks():
    rng = np.random.default_rng(2024)
    batch = random_batch(rng, 2000, 13, 13)
    scores = mazesearch.score_batch(batch)
    assert scores.dtype == np.int64 and scores.shape == (2000,)
    assert (scores == -1).sum() > 100 and (scores > 0).sum() > 100
    assert np.array_equal(scores, single_scores(batch))
    assert np.array_equal(mazesearch.score_batch(batch, threads=1), scores)
    assert np.array_equal(mazesearch.score_batch(batch, threads=3), scores)


def test_every_small_shape():
    rng = np.random.default_rng(11)
    for rows in range(1, 7):
        for cols in range(1, 7):
            if rows * cols < 2:
                continue
            batch = random_batch(rng, 60, rows, cols)
            # One row: the default exit would be the start, so the exit is the last cell.
            exit = (0, cols - 1) if rows == 1 else None
            assert np.array_equal(mazesearch.score_batch(batch, exit=exit),
                                  single_scores(batch, exit=exit)), (rows, cols)


def test_other_start_and_exit():
    rng = np.random.default_rng(5)
    batch = random_batch(rng, 300, 7, 9)
    scores = mazesearch.score_batch(batch, start=(3, 4), exit=(0, 8))
    assert np.array_equal(scores, single_scores(batch, start=(3, 4), exit=(0, 8)))


def test_start_and_exit_entries_are_not_read():
    rng = np.random.default_rng(3)
    batch = random_batch(rng, 500, 6, 6)
    opened, closed = batch.copy(), batch.copy()
    opened[:, 0, 0] = opened[:, 5, 0] = True
    closed[:, 0, 0] = closed[:, 5, 0] = False
    assert np.array_equal(mazesearch.score_batch(opened), mazesearch.score_batch(closed))


def test_dtypes_and_layouts():
    rng = np.random.default_rng(9)
    batch = random_batch(rng, 100, 8, 8)
    scores = mazesearch.score_batch(batch)
    for same in (batch.astype(np.uint8), batch.astype(np.int64) * 7, batch.tolist(),
                 np.asfortranarray(batch), batch[:, ::-1, :][:, ::-1, :]):
        assert np.array_equal(mazesearch.score_batch(same), scores)
    assert mazesearch.score_batch(np.zeros((0, 4, 4), dtype=bool)).shape == (0,)
    with pytest.raises(TypeError, match="bools or integers"):
        mazesearch.score_batch(batch.astype(np.float32))


def test_the_bench_set():
    boards = mazesearch.bench_boards()
    total = 0
    for board in boards:
        one = mazesearch.score_batch(board.to_array()[None], start=board.start, exit=board.exit)
        assert one[0] == mazesearch.walk(board).moves
        total += int(one[0])
    assert total == 16533  # the bench signature (engine/bench_boards.hpp)


def test_bad_shapes():
    with pytest.raises(ValueError, match="3-D array"):
        mazesearch.score_batch(np.ones((13, 13), dtype=bool))
    with pytest.raises(ValueError, match="3-D array"):
        mazesearch.score_batch(np.ones((2, 3, 13, 13), dtype=bool))
    with pytest.raises(ValueError, match="17x13 cells"):
        mazesearch.score_batch(np.ones((4, 17, 13), dtype=bool))
    with pytest.raises(ValueError, match="at least two cells"):
        mazesearch.score_batch(np.ones((4, 1, 1), dtype=bool))
    with pytest.raises(ValueError, match="outside the board"):
        mazesearch.score_batch(np.ones((4, 5, 5), dtype=bool), exit=(5, 0))
    with pytest.raises(ValueError, match="threads"):
        mazesearch.score_batch(np.ones((4, 5, 5), dtype=bool), threads=-1)


def long_batch(copies):
    """`copies` copies of the bench's long 13x13 walks (thousands of moves each)."""
    boards = [b.to_array() for b in mazesearch.bench_boards() if b.rows == b.cols == 13]
    return np.array(boards * copies)


@pytest.mark.parametrize("copies, calls", [(800, 5), (20000, 1)])
def test_the_gil_is_released(copies, calls):
    """Another Python thread counts on while score_batch runs: small batches (walked on the
    calling thread) and a large one (walked on a thread of its own while the caller waits).

    The switch interval is made so long that Python never takes the GIL from a thread that holds
    it: the counting thread gives it up at every step (sleep(0)), and can only take it back while
    score_batch has released it. Were the GIL held during the call, the count would not move
    between its two readings at all; no time is measured."""
    batch = long_batch(copies)
    counter = [0]
    finished = threading.Event()
    seen = {"progress": 0}

    def score():
        for _ in range(calls):
            before = counter[0]
            seen["scores"] = mazesearch.score_batch(batch, threads=1)
            seen["progress"] += counter[0] - before
        finished.set()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(100)
    try:
        thread = threading.Thread(target=score)
        thread.start()
        while not finished.is_set():
            counter[0] += 1
            time.sleep(0)
        thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert seen["progress"] > 0
    assert int(seen["scores"].sum()) == copies * sum(
        mazesearch.walk(b).moves for b in mazesearch.bench_boards() if b.rows == 13)
